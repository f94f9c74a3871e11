import Foundation

/// A log–log plot of one operation's throughput against N: one line per path × threads, each in a colour of its
/// own and a dash that says its kind (solid: one thread; long dashes: all threads; dots: `auto`; dash-dot: a
/// baseline), with a legend; and the roofline of one thread and of all threads (black) where the operation has
/// one. A row faster than its roofline is circled in red ("roof under-measured").
package enum SVGPlot {
    /// The SVG document for `operation`'s rows of `report` (a valid, empty plot when there are none).
    package static func render(_ report: Report, operation: String) -> String {
        let rows = report.rows.filter { $0.operation == operation && $0.mops > 0 }
        let width = 720.0, height = 480.0, left = 70.0, right = 190.0, top = 40.0, bottom = 50.0
        let counts = rows.map { Double($0.items) }, values = rows.flatMap { [$0.mops] + ($0.roofline.map { [$0.mops] } ?? []) }
        let x0 = floor(log10(counts.min() ?? 100)), x1 = max(x0 + 1, ceil(log10(counts.max() ?? 1e6)))
        let y0 = floor(log10(values.min() ?? 1)), y1 = max(y0 + 1, ceil(log10(values.max() ?? 10)))
        func x(_ n: Double) -> Double { left + (log10(n) - x0) / (x1 - x0) * (width - left - right) }
        func y(_ v: Double) -> Double { height - bottom - (log10(v) - y0) / (y1 - y0) * (height - top - bottom) }
        func f(_ v: Double) -> String { String(format: "%.1f", v) }
        var s = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(f(left))" y="22" font-size="14">\(escape(operation)) on \(escape(report.host.machineClass)) at \(escape(report.host.commit))</text>

            """
        for d in stride(from: x0, through: x1, by: 1) {
            s +=
                "<line x1=\"\(f(x(pow(10, d))))\" y1=\"\(f(top))\" x2=\"\(f(x(pow(10, d))))\" y2=\"\(f(height - bottom))\" stroke=\"#ddd\"/>"
            s += "<text x=\"\(f(x(pow(10, d))))\" y=\"\(f(height - bottom + 18))\" text-anchor=\"middle\">1e\(Int(d))</text>\n"
        }
        for d in stride(from: y0, through: y1, by: 1) {
            s +=
                "<line x1=\"\(f(left))\" y1=\"\(f(y(pow(10, d))))\" x2=\"\(f(width - right))\" y2=\"\(f(y(pow(10, d))))\" stroke=\"#ddd\"/>"
            s += "<text x=\"\(f(left - 6))\" y=\"\(f(y(pow(10, d)) + 4))\" text-anchor=\"end\">\(label(pow(10, d)))</text>\n"
        }
        s += "<text x=\"\(f((left + width - right) / 2))\" y=\"\(f(height - 12))\" text-anchor=\"middle\">N (batch size)</text>\n"
        s +=
            "<text transform=\"translate(16 \(f((top + height - bottom) / 2))) rotate(-90)\" text-anchor=\"middle\">million items per second</text>\n"
        let palette = [
            "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
            "#bcbd22", "#17becf", "#393b79", "#e7969c", "#637939", "#8c6d31", "#7b4173", "#3182bd"
        ]
        var series: [(String, [Report.Row])] = []
        for row in rows {
            let name = "\(row.path) " + (row.threads.map { "T\($0)" } ?? "auto")
            if let k = series.firstIndex(where: { $0.0 == name }) { series[k].1.append(row) } else { series.append((name, [row])) }
        }
        var legend: [(String, String, String)] = []
        for (k, (name, points)) in series.enumerated() {
            let color = palette[k % palette.count], first = points[0]
            let dash = first.isBaseline ? "7 3 2 3" : first.threads == nil ? "2 3" : first.threads == 1 ? "" : "9 4"
            s += polyline(points.map { (x(Double($0.items)), y($0.mops)) }, color: color, dash: dash.isEmpty ? nil : dash)
            legend.append((name, color, dash))
        }
        for (threads, dash) in [(1, "12 3"), (report.configuration.threads.max() ?? 1, "1 3")] where threads > 1 || dash == "12 3" {
            let counts = Array(Set(rows.map(\.items))).sorted()
            let roof = counts.compactMap { n in
                rows.first { $0.items == n && $0.threads == threads && $0.roofline != nil }.map { (Double(n), $0.roofline!.mops) }
            }
            guard !roof.isEmpty else { continue }
            s += polyline(roof.map { (x($0.0), y($0.1)) }, color: "black", dash: dash)
            legend.append(("roofline T\(threads)", "black", dash))
        }
        let overRoof = rows.filter(\.rooflineUnderMeasured)
        for row in overRoof {
            s +=
                "<circle cx=\"\(f(x(Double(row.items))))\" cy=\"\(f(y(row.mops)))\" r=\"6\" fill=\"none\" stroke=\"red\" stroke-width=\"2\"/>\n"
        }
        if !overRoof.isEmpty { legend.append(("roof under-measured", "red", "1 2")) }
        for (k, (name, color, dash)) in legend.enumerated() {
            let ly = top + 10 + Double(k) * 18
            s +=
                "<line x1=\"\(f(width - right + 12))\" y1=\"\(f(ly))\" x2=\"\(f(width - right + 40))\" y2=\"\(f(ly))\" stroke=\"\(color)\" stroke-width=\"2\"\(dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\"")/>"
            s += "<text x=\"\(f(width - right + 46))\" y=\"\(f(ly + 4))\">\(escape(name))</text>\n"
        }
        return s + "</svg>\n"
    }

    static func polyline(_ points: [(Double, Double)], color: String, dash: String?) -> String {
        let p = points.map { String(format: "%.1f,%.1f", $0.0, $0.1) }.joined(separator: " ")
        return
            "<polyline points=\"\(p)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"\(dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/>\n"
    }

    static func label(_ v: Double) -> String { v >= 1 ? String(format: "%.0f", v) : String(format: "%g", v) }

    package static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
