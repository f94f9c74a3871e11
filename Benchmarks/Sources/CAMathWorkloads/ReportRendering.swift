@_spi(Benchmarks) import CAMath
import Foundation

/// The text forms of a ``Report``: Markdown (a table per operation), CSV (one line per row) and JSON.
package enum ReportFormat: String, CaseIterable, Sendable {
    case md, json, csv

    /// `report` in this format.
    package func render(_ report: Report) throws -> String {
        switch self {
        case .md: return ReportFormat.markdown(report)
        case .csv: return ReportFormat.csv(report)
        case .json: return String(decoding: try report.encoded(), as: UTF8.self) + "\n"
        }
    }

    static func number(_ x: Double?, _ digits: Int = 1) -> String {
        guard let x else { return "–" }
        return x.isFinite ? String(format: "%.\(digits)f", x) : "\(x)"
    }

    static func threads(_ row: Report.Row) -> String { row.threads.map(String.init) ?? "auto" }

    static func markdown(_ r: Report) -> String {
        let l = r.limits
        var s = """
            # CAMath benchmark report

            - Machine class `\(r.host.machineClass)`: \(r.host.cpu) (\(r.host.vendor) family \(r.host.family) model \(r.host.model); \(r.host.cpuFlags.joined(separator: ", "))), \(r.host.processors) processors, host `\(r.host.name)`.
            - Commit `\(r.host.commit)`; \(r.host.compiler); \(r.host.buildFlags).
            - Generated \(r.generated); the run took \(number(r.durationSeconds, 0)) s.
            - `.simd` instruction set: \(r.host.instructionSet); CBLAS: \(r.host.cblas).
            - Rows marked *noisy* have a spread (fastest − slowest sample, over the median) of \(number(Report.Row.noisySpread * 100, 0)) % or more: too large to trust their figure.
            - Sizes \(r.configuration.sizes.map(String.init).joined(separator: ", ")); paths \(r.configuration.paths.joined(separator: ", ")); threads \(r.configuration.threads.map(String.init).joined(separator: ", ")); \(r.configuration.repetitions) repetitions, \(number(r.configuration.seconds, 2)) s per configuration and size; seed \(r.configuration.seed).
            \(peerComparison(r))
            ## Machine limits (measured in this run, one thread unless stated)
            | limit | value |
            |---|---:|
            | FMA peak (\(l.instructionSet)) | \(number(l.fmaPeakGFlops)) GFLOP/s |
            | separate multiply/add peak | \(number(l.mulAddPeakGOps, 2)) G lane-ops/s |
            | division peak | \(number(l.divisionPeakGOps, 2)) G lane-divisions/s |
            | square-root peak | \(number(l.squareRootPeakGOps, 2)) G lane-roots/s |

            """
        let columns = l.bandwidth.map { "\($0.kernel) T\($0.threads)" }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        s += "\n| working set | " + columns.map { "\($0) GB/s" }.joined(separator: " | ") + " |\n"
        s += "|---:|" + columns.map { _ in "---:" }.joined(separator: "|") + "|\n"
        for bytes in Array(Set(l.bandwidth.map(\.workingSetBytes))).sorted() {
            let cells = columns.map { column in
                number(l.bandwidth.first { "\($0.kernel) T\($0.threads)" == column && $0.workingSetBytes == bytes }?.gigabytesPerSecond)
            }
            s += "| \(bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB") | " + cells.joined(separator: " | ") + " |\n"
        }
        s += summary(r)
        s += scenes(r)
        for operation in r.configuration.operations {
            let rows = r.rows.filter { $0.operation == operation }
            guard !rows.isEmpty else { continue }
            s += "\n## \(operation)\n"
            s +=
                "| N | path | threads | Mops/s | spread | GB/s | roofline Mops/s (bound) | % of roofline | contract vs scalar | max ulp |\n"
            s += "|---:|---|---:|---:|---:|---:|---:|---:|---|---:|\n"
            for row in rows {
                let roof = row.roofline.map { "\(number($0.mops)) (\($0.bound))" } ?? "–"
                let ulp = row.maxULP == Int.max ? "NaN mismatch" : "\(row.maxULP)"
                let n = row.items == row.count ? "\(row.count)" : "\(row.items) nominal pairs (\(row.count) points)"
                let fraction = row.rooflineUnderMeasured ? "roof under-measured" : number(row.rooflineFraction.map { $0 * 100 }, 0)
                let verdict = row.correct ? "\(row.contract): met" : "**\(row.contract): BROKEN** (\(row.firstMismatch ?? ""))"
                let spread = "\(number(row.spread * 100, 0)) %" + (row.isNoisy ? " *noisy*" : "")
                s +=
                    "| \(n) | \(row.path) | \(threads(row)) | \(number(row.mops)) | \(spread) | \(number(row.gigabytesPerSecond)) | \(roof) | \(fraction) | \(verdict) | \(ulp) |\n"
            }
        }
        func table(_ t: [String: Int]) -> String {
            t.isEmpty ? "none" : t.sorted { $0.key < $1.key }.map { "\($0.key) ≥ \($0.value)" }.joined(separator: ", ")
        }
        s += """

            ## `.auto` thresholds
            - Threading, measured in this run: \(table(r.thresholds.threading)).
            - Threading, compiled in: \(table(r.thresholds.compiledThreading)).
            - CBLAS crossover, measured in this run: \(table(r.thresholds.blasCrossover)).
            - CBLAS crossover, compiled in: \(table(r.thresholds.compiledBlasCrossover)).

            """
        if !r.notes.isEmpty { s += "\n## Notes\n" + r.notes.map { "- \($0)\n" }.joined() }
        return s
    }

    /// The layer scenes: per scene and layer count, every contender's milliseconds per call and its ratio to the
    /// scene's first contender (`calayer`, `render-tree` or `calayer-hit`), and `render-update`'s memory floor.
    static func scenes(_ r: Report) -> String {
        guard !r.scenes.isEmpty else { return "" }
        var s = "\n## The layer engine (ms per call, median; same run, contenders alternated)\n"
        s +=
            "ui-frame: presentation at t, every presented layer's frame, 100 hit tests (`CALayer.hitTest` on the presentation, or `RenderTree.hitTest`); every layer has a whole-`transform` and a `position` animation. ui-frame-common: the same frame with the animations Apple code writes most (a `transform.rotation.z` spinner and a `position` move on every layer, an `opacity` fade on a quarter, a `bounds` change on another quarter). render-update: `RenderTree.render` "
        s +=
            "into caller buffers. hit-test-object: one hit test on a 1e3-layer tree, beside a flat loop over precomputed inverses; hit-test-wide: the same among N siblings, and through a render tree. render-tree-build: `RenderTree(root:)` for ui-frame's tree (N layers, 2N animations). static: render-update's frame on one thread on N layers of which one in a hundred animates (a leaf of each group), and `renderChanges` into kept buffers, beside the frame on those N/100 animated layers alone. churn: on a still tree of N layers, N/100 `position` animations added and N/100 removed per frame, committed, then `RenderTree.render` on one thread. scroll: N − 2 cells under a `ScrollLayer`, scrolled 10 points a frame with actions disabled and committed, then `RenderTree.render`, `renderChanges` into kept buffers, or the presentation with every presented frame and 10 hit tests. reshape: ui-frame's animated tree losing N/1000 leaves and gaining as many new animated ones per frame, committed, then `RenderTree.render` on one thread, beside the frame without the change of shape (`still`). "
        s += "implicit-commit: every layer changes position and transform in one transaction (2N animations created and committed; "
        s += "-update: and the render tree's update; few: one layer in a hundred), or one frame of them (`FrameHook.run` and "
        s += "`RenderTree.render`), implicit beside explicit.\n\n"
        s += "| scene | layers | contender | threads | ms | spread | × first contender | memory floor ms | check |\n"
        s += "|---|---:|---|---:|---:|---:|---:|---:|---|\n"
        for row in r.scenes {
            let first = r.scenes.first { $0.scene == row.scene && $0.layers == row.layers }!
            let spread = row.milliseconds > 0 ? (row.maxMilliseconds - row.minMilliseconds) / row.milliseconds : 0
            let check = row.problem.map { "**\($0)**" } ?? "agrees with the reference"
            s +=
                "| \(row.scene) | \(row.layers) | \(row.contender) | \(row.threads) | \(number(row.milliseconds, 4)) | \(number(spread * 100, 0)) % "
            s += "| \(number(row.milliseconds / first.milliseconds, 2)) | \(number(row.memoryFloorMilliseconds, 3)) | \(check) |\n"
        }
        for n in Set(r.scenes.filter { $0.scene == "implicit-commit" }.map(\.layers)).sorted() {
            func ms(_ name: String) -> Double? {
                r.scenes.first { $0.scene == "implicit-commit" && $0.layers == n && $0.contender == name }?.milliseconds
            }
            guard let commit = ms("implicit-commit"), let explicitCommit = ms("explicit-commit"),
                let updated = ms("implicit-commit-update"),
                let few = ms("implicit-few-update"), let frame = ms("implicit-frame"), let explicitFrame = ms("explicit-frame")
            else { continue }
            func perAnimation(_ milliseconds: Double, _ count: Int) -> String { number(milliseconds * 1e3 / Double(count), 3) }
            s += "\nimplicit-commit at \(n) layers: \(perAnimation(commit, 2 * n)) µs per implicit animation, commit included "
            s +=
                "(explicit: \(perAnimation(explicitCommit, 2 * n)) µs; goal ≤ 2); with the render tree's update \(perAnimation(updated, 2 * n)) µs "
            s +=
                "(every layer's animations recorded again); one layer in a hundred changed, committed and updated: \(number(few, 3)) ms per call "
            s += "(median; those layers' animations recorded again); "
            s += "a frame of them costs \(number(frame / explicitFrame, 2))× the explicit animations' (goal ≤ 1.5).\n"
        }
        for row in r.scenes where row.scene == "render-update" {
            guard let memory = row.memory else { continue }
            s += "\nrender-update at \(row.layers) layers: the render tree (mirror, animation records, presented tree, outputs) takes "
            s +=
                "\(number(memory.engineBytesPerLayer, 0)) heap bytes per layer after its first frame (goal ≤ 1 024), the layers with their "
            s += "two animations \(number(memory.modelBytesPerLayer, 0)).\n"
        }
        for row in r.scenes where row.scene == "churn" {
            guard let worst = row.worstCallMilliseconds else { continue }
            s += "\nchurn at \(row.layers) layers: \(number(row.milliseconds, 3)) ms per frame (median of the samples' means; goal ≤ 2), "
            s += "slowest frame \(number(worst, 3)) ms, \(number(worst / row.milliseconds, 2))× (goal ≤ 3).\n"
        }
        return s
    }

    /// Per operation and size: the fastest path's Mops/s, which path and threads that was, and its
    /// speed-up over the scalar loop on one thread.
    static func summary(_ r: Report) -> String {
        let sizes = r.configuration.sizes
        var s = "\n## Summary: fastest path per operation and N (Mops/s; × the scalar loop on one thread)\n"
        s += "| operation | " + sizes.map { "N = \($0)" }.joined(separator: " | ") + " |\n"
        s += "|---|" + sizes.map { _ in "---:" }.joined(separator: "|") + "|\n"
        for operation in r.configuration.operations {
            let cells = sizes.map { n -> String in
                let rows = r.rows(operation, size: n).filter { !$0.isBaseline }
                guard let best = rows.max(by: { $0.mops < $1.mops }) else { return "–" }
                let scalar = rows.first { $0.path == "scalar" && $0.threads == 1 }
                let speedup = scalar.map { " (\(number(best.mops / $0.mops))×)" } ?? ""
                return "\(number(best.mops)) \(best.threads.map { "\(best.path) T\($0)" } ?? best.path)\(speedup)"
            }
            if cells.allSatisfy({ $0 == "–" }) { continue }
            s += "| \(operation) | " + cells.joined(separator: " | ") + " |\n"
        }
        return s
    }

    /// A peer row's error against the reference: ulps while they mean something, else the relative error.
    static func error(_ row: Report.Row) -> String {
        if row.maxULP == Int.max { return "NaN mismatch" }
        if row.maxULP <= 1 << 20 { return "\(row.maxULP) ulp" }
        return "rel. " + String(format: "%.1e", row.maxRelativeError)
    }

    /// Per operation and size with peers, at the top of the report: CAMath's exact `simd` and `fast` on one thread
    /// against the best peer over AoS records (CAMath's layout), the best of any layout (SoA planes included), and
    /// `c-div`, the same loop as the reference with true divisions and no contraction (the faster of its clang and gcc
    /// builds); each peer with its error.
    static func peerComparison(_ r: Report) -> String {
        let operations = r.configuration.operations.filter { op in r.rows.contains { $0.operation == op && $0.isBaseline } }
        guard !operations.isEmpty else { return "" }
        var s = """

            ## CAMath against its peers (Mops/s, one thread, same run, same inputs)
            exact: `simd` (bit for bit the reference); fast: `simd` at `.fast` (within the budget). The peers are plain C \
            (`-O3 -march=native`) and Eigen / glm: `c-div` the reference's loop or algorithm with true divisions and no \
            contraction (the same work as exact), `c-div-fma` with fused multiply-adds, `c-loop` / `c-loop-fma` one reciprocal \
            per divisor, `c-soa` / `c-soa-fma` over structure-of-arrays planes converted before timing; `gcc-*` the same C \
            built by gcc (the `c-*` rows are clang's). Each peer's error is \
            its largest distance from the reference (ulps, or the relative error when ulps say nothing); a ratio above 1 \
            means CAMath is faster; `exact ÷ div` is against the faster of `c-div` and `gcc-div`, the peers that do exact's work.

            | operation | N | exact | fast | best AoS peer (error) | best peer, any layout (error) | exact ÷ AoS | exact ÷ any | fast ÷ any | exact ÷ div |
            |---|---:|---:|---:|---|---|---:|---:|---:|---:|

            """
        for operation in operations {
            for n in r.configuration.sizes {
                let rows = r.rows(operation, size: n)
                let peers = rows.filter(\.isBaseline).sorted { $0.mops > $1.mops }
                guard let best = peers.first else { continue }
                let bestAoS = peers.first { BenchmarkPath(rawValue: $0.path)?.isSoA == false }
                func mops(_ path: String) -> Double? { rows.first { $0.path == path && $0.threads == 1 }?.mops }
                func ratio(_ x: Double?, _ y: Double?) -> String { number(x.flatMap { x in y.map { x / $0 } }, 2) }
                func peer(_ row: Report.Row?) -> String { row.map { "\($0.path) \(number($0.mops)) (\(error($0)))" } ?? "–" }
                let exact = mops("simd"), fast = mops("fast")
                let items = rows.first.map { $0.items == $0.count ? "\(n)" : "\($0.items) pairs" } ?? "\(n)"
                s += "| \(operation) | \(items) | \(number(exact)) | \(number(fast)) | \(peer(bestAoS)) | \(peer(best)) | "
                s +=
                    "\(ratio(exact, bestAoS?.mops)) | \(ratio(exact, best.mops)) | \(ratio(fast, best.mops)) | \(ratio(exact, [mops("c-div"), mops("gcc-div")].compactMap { $0 }.max())) |\n"
            }
        }
        return s + planesComparison(r)
    }

    /// Per operation with a planes form and size: CAMath's planes forms on one thread against the SoA peers of the
    /// same run — `planes` (exact) against `c-soa` (true divisions, no contraction), `planes-fast` against
    /// `c-soa-fma` (reciprocals, fused multiply-adds), each the faster of its clang and gcc builds.
    static func planesComparison(_ r: Report) -> String {
        let operations = r.configuration.operations.filter { op in r.rows.contains { $0.operation == op && $0.path == "planes" } }
        guard !operations.isEmpty else { return "" }
        var s = """

            Structure of arrays: CAMath's planes forms (`TransformPlanes`, `Point3DPlanes`, `Point2DPlanes` converted before \
            timing; frames from the plan's columns into `RectPlanes`) against the SoA peers over the same planes (each the \
            faster of its clang and gcc builds, `gcc-soa` and `gcc-soa-fma` named where gcc's won).

            | operation | N | planes (exact) | planes-fast | c-soa (error) | c-soa-fma (error) | planes ÷ c-soa | planes-fast ÷ c-soa-fma |
            |---|---:|---:|---:|---|---|---:|---:|

            """
        for operation in operations {
            for n in r.configuration.sizes {
                let rows = r.rows(operation, size: n)
                func row(_ path: String) -> Report.Row? { rows.first { $0.path == path && ($0.threads == 1 || $0.isBaseline) } }
                guard let exact = row("planes") else { continue }
                func faster(_ a: Report.Row?, _ b: Report.Row?) -> Report.Row? { (a?.mops ?? -1) >= (b?.mops ?? -1) ? a : b }
                let fast = row("planes-fast"), soa = faster(row("c-soa"), row("gcc-soa")),
                    soaFMA = faster(row("c-soa-fma"), row("gcc-soa-fma"))
                func peer(_ row: Report.Row?) -> String {
                    row.map { "\($0.path.hasPrefix("gcc") ? "\($0.path) " : "")\(number($0.mops)) (\(error($0)))" } ?? "–"
                }
                func ratio(_ x: Report.Row?, _ y: Report.Row?) -> String { number(x.flatMap { x in y.map { x.mops / $0.mops } }, 2) }
                s += "| \(operation) | \(n) | \(number(exact.mops)) | \(number(fast?.mops)) | \(peer(soa)) | \(peer(soaFMA)) | "
                s += "\(ratio(exact, soa)) | \(ratio(fast, soaFMA)) |\n"
            }
        }
        return s
    }

    static let csvHeader =
        "operation,count,items,path,threads,mops,min_mops,max_mops,samples,gb_per_s,roofline_mops,roofline_bound,roofline_fraction,roofline_under_measured,max_ulp,max_relative_error,contract,first_mismatch,correct"

    /// A CSV field in double quotes (RFC 4180), for text that may hold commas.
    static func quoted(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    static func csv(_ r: Report) -> String {
        var lines = [csvHeader]
        for row in r.rows {
            let fields: [String] = [
                row.operation, "\(row.count)", "\(row.items)", row.path, threads(row),
                "\(row.mops)", "\(row.minMops)", "\(row.maxMops)", "\(row.samples)",
                row.gigabytesPerSecond.map { "\($0)" } ?? "", row.roofline.map { "\($0.mops)" } ?? "",
                row.roofline?.bound ?? "", row.rooflineFraction.map { "\($0)" } ?? "", "\(row.rooflineUnderMeasured)",
                "\(row.maxULP)", "\(row.maxRelativeError)", quoted(row.contract), quoted(row.firstMismatch ?? ""), "\(row.correct)"
            ]
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
