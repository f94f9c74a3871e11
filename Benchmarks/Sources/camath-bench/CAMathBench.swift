import ArgumentParser
@_spi(Benchmarks) import CAMath
import CAMathWorkloads
import Foundation

/// `camath-bench`: measures every batch operation × path × thread count on this machine against the
/// machine's own limits, checks every result against the scalar reference, writes the report to
/// `Reports/<machine class>/` and prints a one-screen summary. Exit codes: 0 done; 1 a path returned wrong numbers (the report is still
/// written and marks the rows); 2 bad arguments, an unwritable output folder, or an interrupted run.
@main
struct CAMathBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "camath-bench",
        abstract: "Benchmarks CAMath's batch operations against this machine's measured limits.",
        discussion: """
            The default run takes every operation, path (scalar, simd, fast, blas, auto) and thread count (1 and \
            all) at N = 1e3 (in the caches) and 1e5 (beyond the L2), times the peers (plain C loops over AoS records and SoA \
            planes, the reference's algorithms in C, and Eigen and glm when they were built) on the same inputs, and writes report.md, report.json, report.csv and one SVG \
            plot per operation to Reports/<machine class>/ (a --quick run to …-quick/, a run narrowed by --ops, \
            --sizes, --paths or --threads to …-partial/); --full sweeps N = 1e2…1e7 (1e6 and 1e7 are in memory). Progress, with an estimate \
            of the time left, goes to stderr; stdout gets a one-screen summary (--format: the whole report). \
            Exit codes: 0 done, \
            1 a path returned wrong numbers (the report marks the rows), 2 bad arguments, a run that needs \
            more memory than this process may use, an unwritable output folder or tuning file, or an \
            interrupted run.
            """)

    @Option(
        help:
            "Comma-separated operations and layer scenes (default: all): \((BatchOperation.allCases.map(\.rawValue) + LayerScene.allCases.map(\.rawValue)).joined(separator: ", "))."
    )
    var ops: String?

    @Option(help: "Comma-separated batch sizes, e.g. 100,1e3,1e4 (default: 1e3 and 1e5; --full: 1e2 through 1e7).")
    var sizes: String?

    @Option(
        help:
            "Comma-separated paths (default: all): \(BenchmarkPath.allCases.map(\.rawValue).joined(separator: ", ")) (fast: simd with precision .fast; \(BenchmarkPath.baselines.map(\.rawValue).joined(separator: ", ")): the peers)."
    )
    var paths: String?

    @Flag(inversion: .prefixedNo, help: "Time the peers (plain C loops; Eigen and glm when built) beside CAMath.")
    var baselines = true

    @Option(help: "Comma-separated thread counts for the explicit paths; 'all' means every processor (default: 1,all).")
    var threads: String?

    @Option(help: "Timed samples per configuration; the median is reported (default: 5).")
    var repetitions: Int?

    @Option(help: "Seconds of timing per configuration and size (default: 0.1).")
    var seconds: Double?

    @Option(
        help:
            "Report folder (default: Reports/<machine class>, e.g. Reports/amd-zen4-avx512, with -quick or -partial appended for --quick or narrowed runs)."
    )
    var output: String?

    @Option(help: "Print the whole report to stdout in this format (md, json or csv) instead of the one-screen summary.")
    var format: OutputFormat?

    @Flag(help: "The exhaustive sweep: N = 1e2 through 1e7 (peak memory about 14 GB).")
    var full = false

    @Flag(help: "A short run: the default sizes, 3 repetitions, short samples.")
    var quick = false

    @Option(
        name: .customLong("write-tuning"),
        help:
            "Also write the thresholds this run measured: as Swift source for a file ending in .swift (BatchTuning+Measured.swift), else as a tuning file the library loads from CAMATH_TUNING=<file>."
    )
    var writeTuning: String?

    /// The run these flags ask for.
    func plan() throws -> BenchmarkConfiguration {
        if quick && full { throw ValidationError("--quick and --full exclude each other") }
        var c: BenchmarkConfiguration = quick ? .quick : full ? .full : .standard
        if let ops {
            let names = try Self.list(ops, "--ops")
            c.scenes = names.filter { LayerScene(rawValue: $0) != nil }
            c.operations = names.filter { LayerScene(rawValue: $0) == nil }
        }
        if let sizes { c.sizes = try Self.list(sizes, "--sizes").map { try Self.count($0, "--sizes") } }
        if let paths { c.paths = try Self.list(paths, "--paths") }
        if !baselines { c.paths.removeAll { BenchmarkPath(rawValue: $0)?.isBaseline == true } }
        if let threads {
            c.threads = try Self.list(threads, "--threads").map { $0 == "all" ? Batch.processorCount : try Self.count($0, "--threads") }
        }
        if let repetitions { c.repetitions = repetitions }
        if let seconds { c.seconds = seconds }
        if let problem = c.problem { throw ValidationError(problem) }
        if let problem = MemoryEstimate.problem(c, available: MemoryEstimate.availableBytes()) { throw ValidationError(problem) }
        return c
    }

    /// Whether the flags narrow the default run (other operations, sizes, paths or threads).
    var narrowsTheDefaultRun: Bool { ops != nil || sizes != nil || paths != nil || threads != nil || !baselines }

    /// The report folder these flags ask for: `--output`, else `Reports/<machine class>` for the default and
    /// `--full` runs (the current report of this kind of machine), with `-quick` or `-partial` appended for a
    /// quick or narrowed run, so that neither replaces it.
    var outputFolder: URL {
        if let output { return URL(fileURLWithPath: output) }
        let kind = quick ? "-quick" : narrowsTheDefaultRun ? "-partial" : ""
        return URL(fileURLWithPath: "Reports/\(Report.Host.current.machineClass)\(kind)")
    }

    func validate() throws {
        _ = try plan()
        if let output, output.isEmpty { throw ValidationError("--output needs a folder name") }
        if let writeTuning, writeTuning.isEmpty { throw ValidationError("--write-tuning needs a file name") }
    }

    func run() throws {
        let configuration = try plan(), folder = outputFolder
        try ReportWriter.checkWritable(folder)
        if let writeTuning { try Tuner.checkWritable(writeTuning) }
        if case .failure(let error) = BatchTuning.environment {
            Self.progress("warning: CAMATH_TUNING is ignored: \(error); .auto uses the compiled-in tuning")
        }
        let started = Date(), clock = Stopwatch.now()
        let limits = MachineLimits.measure(
            seconds: min(0.1, configuration.seconds), sizes: configuration.probedWorkingSets,
            progress: Self.progress)
        let (rows, runNotes) = try BenchmarkRunner.run(configuration, limits: limits, progress: Self.progress)
        let scenes = try LayerSceneRunner.run(configuration, limits: limits, progress: Self.progress)
        for note in Self.buildNotes { Self.progress("warning: \(note)") }
        let notes = runNotes + Self.buildNotes
        let report = Report(
            configuration: configuration, limits: limits, rows: rows, scenes: scenes, notes: notes, started: started,
            durationSeconds: Stopwatch.now() - clock)
        try ReportWriter.write(report, to: folder)
        Self.progress("report written to \(folder.path)")
        if let writeTuning {
            let tuning = Tuner.tuning(from: rows)
            let source =
                writeTuning.hasSuffix(".swift")
                ? Tuner.source(for: tuning, report: folder.appendingPathComponent("report.md").relativePath)
                : "# measured by camath-bench: \(folder.appendingPathComponent("report.md").relativePath)\n" + tuning.text
            do {
                try Data(source.utf8).write(to: URL(fileURLWithPath: writeTuning), options: .atomic)
            } catch {
                throw ReportError.unwritableTuning(writeTuning, reason: "\(error.localizedDescription)")
            }
            Self.progress("thresholds written to \(writeTuning)")
        }
        if let format {
            print(try format.format.render(report), terminator: "")
        } else {
            print(TerminalSummary.render(report, folder: folder.relativePath), terminator: "")
        }
        if !report.incorrectRows.isEmpty || !report.incorrectScenes.isEmpty {
            throw WrongResults(
                rows: report.incorrectRows.map { "\($0.operation) N=\($0.count) \($0.path) T\($0.threads.map(String.init) ?? "auto")" }
                    + report.incorrectScenes.map { "\($0.scene) N=\($0.layers) \($0.contender): \($0.problem ?? "")" })
        }
    }

    /// What the report must say about this build: a debug build's kernels and probes run unoptimised.
    static var buildNotes: [String] {
        #if DEBUG
        [
            "a debug build: its kernels and probes run unoptimised, so neither the speeds nor the rooflines mean anything (use swift run -c release)"
        ]
        #else
        []
        #endif
    }

    static func progress(_ message: String) {
        FileHandle.standardError.write(Data("camath-bench: \(message)\n".utf8))
    }

    static func list(_ text: String, _ flag: String) throws -> [String] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        if items.contains("") { throw ValidationError("\(flag) has an empty item in '\(text)'") }
        return items
    }

    /// A whole count, written as digits or in e-notation (1e3); its range is checked by the configuration.
    static func count(_ text: String, _ flag: String) throws -> Int {
        if let n = Int(text) { return n }
        guard let x = Double(text), x.isFinite, x == x.rounded(), abs(x) <= 1e15 else {
            throw ValidationError("\(flag): '\(text)' is not a whole number")
        }
        return Int(x)
    }

    /// Runs the command with exit code 2 for every usage error (ArgumentParser's own default is 64) and
    /// for run-time failures such as an unwritable folder; 1 when a path returned wrong numbers.
    static func main() {
        installInterruptHandlers()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as WrongResults {
            progress("error: \(error)")
            Foundation.exit(1)
        } catch let error as ReportError {
            progress("error: \(error)")
            Foundation.exit(2)
        } catch let error as BatchError {
            progress("error: \(error)")
            Foundation.exit(2)
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}

/// What stdout gets.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case md, json, csv
    var format: ReportFormat { ReportFormat(rawValue: rawValue)! }
}

/// Rows whose output broke their contract (exit code 1).
struct WrongResults: Error, CustomStringConvertible {
    let rows: [String]
    var description: String { "wrong results against the scalar reference in: \(rows.joined(separator: "; "))" }
}
