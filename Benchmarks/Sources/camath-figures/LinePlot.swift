import CAMathWorkloads
import Foundation

/// A plot of lines over linear axes, as an SVG document: the figures' curves (timing functions, springs,
/// keyframes). Numbers are written with two decimals, so the same curves give the same document.
struct LinePlot {
    struct Series {
        let label: String
        let points: [(x: Double, y: Double)]
    }

    var title: String
    var xLabel: String
    var yLabel: String
    var x: ClosedRange<Double>
    var y: ClosedRange<Double>
    var xTicks: [Double]
    var yTicks: [Double]
    var series: [Series]
    var width = 560.0
    var height = 320.0

    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"]

    /// The document, with the legend right of the plot.
    func svg() -> String {
        var svg = Self.header(width: width, height: height)
        svg += panel(left: 56, top: 34, width: width - 56 - 170, height: height - 34 - 46)
        for (k, s) in series.enumerated() {
            let y = 44 + Double(k) * 18, color = Self.palette[k % Self.palette.count]
            svg +=
                "<line x1=\"\(f(width - 160))\" y1=\"\(f(y))\" x2=\"\(f(width - 136))\" y2=\"\(f(y))\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
            svg += "<text x=\"\(f(width - 130))\" y=\"\(f(y + 4))\">\(SVGPlot.escape(s.label))</text>\n"
        }
        return svg + "</svg>\n"
    }

    /// The axes, grid, labels and lines inside the rectangle given, with the title above it.
    func panel(left: Double, top: Double, width w: Double, height h: Double) -> String {
        func px(_ v: Double) -> Double { left + (v - x.lowerBound) / (x.upperBound - x.lowerBound) * w }
        func py(_ v: Double) -> Double { top + h - (v - y.lowerBound) / (y.upperBound - y.lowerBound) * h }
        var svg = "<text x=\"\(f(left))\" y=\"\(f(top - 12))\" font-size=\"13\">\(SVGPlot.escape(title))</text>\n"
        for t in xTicks {
            svg += "<line x1=\"\(f(px(t)))\" y1=\"\(f(top))\" x2=\"\(f(px(t)))\" y2=\"\(f(top + h))\" stroke=\"#e4e4e4\"/>\n"
            svg += "<text x=\"\(f(px(t)))\" y=\"\(f(top + h + 16))\" text-anchor=\"middle\">\(Self.number(t))</text>\n"
        }
        for t in yTicks {
            svg += "<line x1=\"\(f(left))\" y1=\"\(f(py(t)))\" x2=\"\(f(left + w))\" y2=\"\(f(py(t)))\" stroke=\"#e4e4e4\"/>\n"
            svg += "<text x=\"\(f(left - 6))\" y=\"\(f(py(t) + 4))\" text-anchor=\"end\">\(Self.number(t))</text>\n"
        }
        svg += "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(w))\" height=\"\(f(h))\" fill=\"none\" stroke=\"#999\"/>\n"
        svg += "<text x=\"\(f(left + w / 2))\" y=\"\(f(top + h + 34))\" text-anchor=\"middle\">\(SVGPlot.escape(xLabel))</text>\n"
        if !yLabel.isEmpty {
            svg +=
                "<text transform=\"translate(\(f(left - 40)) \(f(top + h / 2))) rotate(-90)\" text-anchor=\"middle\">"
                + "\(SVGPlot.escape(yLabel))</text>\n"
        }
        for (k, s) in series.enumerated() {
            let points = s.points.map { "\(f(px($0.x))),\(f(py($0.y)))" }.joined(separator: " ")
            svg += "<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(Self.palette[k % Self.palette.count])\" stroke-width=\"2\"/>\n"
        }
        return svg
    }

    /// The document's opening: size, font and a white background.
    static func header(width: Double, height: Double) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\" "
            + "font-family=\"sans-serif\" font-size=\"11\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    }

    /// A tick's label: up to two decimals, no trailing zeros.
    static func number(_ v: Double) -> String {
        var s = String(format: "%.2f", v)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }

}

/// `v` with two decimals: the figures' one number format.
func f(_ v: Double) -> String { String(format: "%.2f", v) }
