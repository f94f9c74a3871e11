import Foundation

/// The one-screen summary camath-bench prints when it is done: per operation and size, CAMath's fastest path
/// on one thread against the fastest baseline of the same run (baselines run on one thread), as a ratio; then,
/// in words, where CAMath wins, ties and loses, which rows broke their contract or are too noisy to trust, and
/// where the full report is.
package enum TerminalSummary {
    /// A ratio of at least this wins, of at most its inverse loses; between them, a tie.
    package static let margin = 1.05

    /// One compared cell: an operation at one size.
    package struct Cell: Equatable, Sendable {
        /// The configured size (the hit test's rows count points; their nominal pairs are at most this).
        package var operation: String, size: Int
        /// CAMath's fastest one-thread row and the fastest baseline row (`nil`: no baseline timed).
        package var camath: Report.Row, baseline: Report.Row?
        /// CAMath's exact `simd` row on one thread (`nil` where it was not timed).
        package var exact: Report.Row?
        /// `camath.mops / baseline.mops`.
        package var ratio: Double? { baseline.map { camath.mops / $0.mops } }
        /// `exact.mops / baseline.mops`.
        package var exactRatio: Double? { exact.flatMap { e in baseline.map { e.mops / $0.mops } } }
        /// "wins", "ties" or "loses" by ``margin``; `nil` without a baseline.
        package var verdict: String? { ratio.map(TerminalSummary.verdict) }
    }

    /// "wins", "ties" or "loses": `ratio` against ``margin``.
    static func verdict(_ ratio: Double) -> String {
        ratio >= margin ? "wins" : ratio <= 1 / margin ? "loses" : "ties"
    }

    /// The cells of `report`, in the report's order of operations and sizes.
    package static func cells(_ report: Report) -> [Cell] {
        report.configuration.operations.flatMap { operation in
            report.configuration.sizes.compactMap { n -> Cell? in
                let rows = report.rows(operation, size: n).filter { $0.mops > 0 }
                guard let camath = rows.filter({ !$0.isBaseline && $0.threads == 1 }).max(by: { $0.mops < $1.mops }) else { return nil }
                return Cell(
                    operation: operation, size: n, camath: camath,
                    baseline: rows.filter(\.isBaseline).max(by: { $0.mops < $1.mops }),
                    exact: rows.first { $0.path == BenchmarkPath.simd.rawValue && $0.threads == 1 })
            }
        }
    }

    /// The summary of `report`, written to `folder`.
    package static func render(_ report: Report, folder: String) -> String {
        let cells = cells(report)
        func size(_ n: Int) -> String {
            let e = Int(log10(Double(n)).rounded())
            return n == Int(pow(10, Double(e))) ? "1e\(e)" : "\(n)"
        }
        func mops(_ x: Double) -> String { ReportFormat.number(x, x < 10 ? 2 : 1) }
        func row(_ r: Report.Row) -> String { "\(r.path) \(mops(r.mops))" }
        let h = report.host
        var s = "camath-bench: \(h.cpu) (\(h.machineClass)), commit \(h.commit), \(ReportFormat.number(report.durationSeconds, 0)) s\n"
        s += "CAMath's fastest path on one thread against the fastest baseline, Mops/s (ratio > 1: CAMath is faster)\n\n"
        let sizes = report.configuration.sizes
        func cell(_ c: Cell?) -> String {
            guard let c else { return "–" }
            guard let baseline = c.baseline, let ratio = c.ratio else { return "\(row(c.camath)), no baseline" }
            return "\(ReportFormat.number(ratio, 2)) \(c.verdict!): \(row(c.camath)) / \(row(baseline))"
        }
        let operationWidth = max(9, cells.map(\.operation.count).max() ?? 0)
        let cellWidth = max(34, cells.map { cell($0).count }.max() ?? 0) // the header: "N = 1e3: ratio, CAMath / baseline"
        func line(_ first: String, _ rest: [String]) -> String {
            first.padding(toLength: operationWidth, withPad: " ", startingAt: 0) + "  "
                + rest.map { $0.padding(toLength: cellWidth, withPad: " ", startingAt: 0) }.joined(separator: "  ") + "\n"
        }
        s += line("operation", sizes.map { "N = \(size($0)): ratio, CAMath / baseline" })
        for operation in report.configuration.operations where cells.contains(where: { $0.operation == operation }) {
            s += line(operation, sizes.map { n in cell(cells.first { $0.operation == operation && $0.size == n }) })
        }
        let compared = cells.filter { $0.ratio != nil }
        func list(_ verdict: String) -> [Cell] { compared.filter { $0.verdict == verdict } }
        func named(_ c: [Cell]) -> String {
            c.map { "\($0.operation) at \(size($0.size)) (\(ReportFormat.number($0.ratio!, 2))×)" }.joined(separator: ", ")
        }
        s += "\n"
        if compared.isEmpty {
            s += "No baseline was timed, so nothing is compared.\n"
        } else {
            s +=
                "CAMath wins \(list("wins").count) of \(compared.count) compared cells (at least \(ReportFormat.number(margin, 2))× the best baseline)"
            s += ", ties \(list("ties").count) and loses \(list("loses").count)."
            if !list("loses").isEmpty { s += " It loses at \(named(list("loses")))." }
            s += "\n"
            let exact = compared.compactMap { c in c.exactRatio.map { (c, $0) } }
            let exactLosses = exact.filter { verdict($0.1) == "loses" }
            s += "At the default precision (simd, bit for bit the reference) it wins \(exact.filter { verdict($0.1) == "wins" }.count)"
            s += ", ties \(exact.filter { verdict($0.1) == "ties" }.count) and loses \(exactLosses.count)"
            s +=
                exactLosses.isEmpty
                ? ".\n"
                : ": "
                    + exactLosses.map { "\($0.0.operation) at \(size($0.0.size)) (\(ReportFormat.number($0.1, 2))×)" }
                    .joined(separator: ", ") + ".\n"
        }
        let uncompared = Array(Set(cells.filter { $0.baseline == nil }.map(\.operation))).sorted()
        if !uncompared.isEmpty { s += "No baseline does the work of: \(uncompared.joined(separator: ", ")).\n" }
        let broken = report.incorrectRows
        s +=
            broken.isEmpty
            ? "Every CAMath row met its contract against the scalar reference.\n"
            : "BROKEN contract in \(broken.count) rows: \(broken.prefix(5).map { "\($0.operation) N=\($0.count) \($0.path)" }.joined(separator: ", ")).\n"
        let noisy = report.rows.filter(\.isNoisy).count
        if noisy > 0 {
            s +=
                "\(noisy) of \(report.rows.count) rows are too noisy to trust (spread ≥ \(ReportFormat.number(Report.Row.noisySpread * 100, 0)) %): marked in the report.\n"
        }
        for note in report.notes { s += "Note: \(note)\n" }
        s += "Full report: \(folder)/report.md (also report.json, report.csv and one SVG plot per operation).\n"
        return s
    }
}
