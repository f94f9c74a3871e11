@_spi(Benchmarks) import CAMath
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// The built `camath-bench`: it sits beside the test binary.
let benchExecutable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    .appendingPathComponent("camath-bench")

/// Runs `camath-bench` (in `directory` when given; under a `shell` prefix such as `ulimit -v N;` when
/// given) and captures its exit code and output.
func runBench(
    _ arguments: [String], in directory: URL? = nil, shell: String? = nil
) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    if let shell {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(shell) exec \"$0\" \"$@\"", benchExecutable.path] + arguments
    } else {
        process.executableURL = benchExecutable
        process.arguments = arguments
    }
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes before waiting, so a large report cannot fill a pipe and stall the child.
    let outData = out.fileHandleForReading.readDataToEndOfFile(), errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

func temporaryFolder() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("camath-cli-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Flags for a run of a few milliseconds.
let tiny = ["--ops", "concat-pairwise,hit-test", "--sizes", "100", "--repetitions", "1", "--seconds", "0.001"]

@Suite(.serialized) struct CLITests {
    @Test(arguments: [
        (["--ops", "nope"], "unknown operation 'nope'"),
        (["--ops", ""], "empty item"),
        (["--ops", "invert,,blend"], "empty item"),
        (["--sizes", "0"], "size 0"),
        (["--sizes=-5"], "size -5"),
        (["--sizes", "-5"], "--sizes"),
        (["--sizes", "1.5"], "not a whole number"),
        (["--sizes", "ten"], "not a whole number"),
        (["--sizes", "1e300"], "not a whole number"),
        (["--sizes", "1e9"], "largest supported"),
        // Frames at 1e8 need ~150 GB: refused up front on every machine with less memory than that.
        (["--sizes", "1e8"], "needs about"),
        (["--paths", "gpu"], "unknown path 'gpu'"),
        (["--threads", "0"], "thread count 0"),
        (["--threads", "many"], "not a whole number"),
        (["--repetitions", "0"], "repetitions 0"),
        (["--repetitions", "x"], "repetitions"),
        (["--seconds=-1"], "seconds -1"),
        (["--seconds", "nan"], "seconds nan"),
        (["--format", "xml"], "format"),
        (["--quick", "--full"], "exclude each other"),
        (["--bogus"], "bogus"),
        (["--output"], "output"),
        (["--output", ""], "--output needs a folder"),
        (["--write-tuning", ""], "--write-tuning needs a file"),
        (["extra"], "extra")
    ])
    func badFlagsExitWithTwoAndAMessage(arguments: [String], message: String) throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = arguments.contains("--output") ? [] : ["--output", folder.appendingPathComponent("r").path]
        let result = try runBench(arguments + output)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("r").path))
    }

    @Test func unwritableOutputExitsWithTwoBeforeMeasuringAndKeepsWhatIsThere() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a-file")
        try Data("keep".utf8).write(to: file)
        for target in [file.path, file.appendingPathComponent("r").path, "/proc/camath/r"] {
            let result = try runBench(tiny + ["--output", target])
            #expect(result.status == 2 && result.stderr.contains("cannot write the report"), "\(target): \(result.stderr)")
            #expect(!result.stderr.contains("measuring"), "validated before any measurement")
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "keep")
    }

    @Test func aRunThatCannotFitInTheMemoryCapIsRefusedBeforeMeasuring() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // An 8 GB address-space cap; frames at 1e7 need ~15 GB.
        let result = try runBench(
            ["--ops", "frames", "--sizes", "1e7", "--output", folder.appendingPathComponent("r").path],
            shell: "ulimit -v 8000000;")
        #expect(
            result.status == 2 && result.stderr.contains("needs about") && result.stderr.contains("frames at N = 10000000"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("measuring"))
    }

    @Test func anUnwritableTuningFileIsRefusedBeforeMeasuring() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("r")
        for target in ["/proc/camath/T.swift", folder.path, folder.appendingPathComponent("missing/T.swift").path] {
            let result = try runBench(tiny + ["--output", report.path, "--write-tuning", target])
            #expect(
                result.status == 2 && result.stderr.contains("cannot write the tuning file to \(target)"), "\(target): \(result.stderr)")
            #expect(!result.stderr.contains("measuring") && !FileManager.default.fileExists(atPath: report.path))
        }
    }

    /// A narrowed (or quick) run never replaces the day's full report: it goes to a folder of its own.
    @Test func aNarrowedRunWritesBesideTheFullReport() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runBench(tiny, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Reports").path)
        #expect(written.count == 1 && written[0].hasSuffix("-\(InstructionSet.cpu.name)-partial"), "\(written)")
    }

    /// Without --format, stdout gets the one-screen summary, and the report folder the whole report.
    @Test func stdoutGetsTheSummary() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runBench(tiny + ["--output", folder.appendingPathComponent("r").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("CAMath wins")
                && result.stdout.contains("Full report: \(folder.appendingPathComponent("r").path)/report.md"))
        #expect(result.stdout.split(separator: "\n").count <= 40 && !result.stdout.contains("## Machine limits"))
    }

    @Test func helpExitsWithZero() throws {
        let result = try runBench(["--help"])
        #expect(result.status == 0 && result.stdout.contains("--sizes") && result.stdout.contains("--write-tuning"))
    }

    @Test func smokeRunWritesAReportThatParses() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reportFolder = folder.appendingPathComponent("report"), tuning = folder.appendingPathComponent("Tuning.swift")
        let result = try runBench(tiny + ["--output", reportFolder.path, "--format", "json", "--write-tuning", tuning.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("camath-bench: [1/2] concat-pairwise N=100\n") && result.stderr.contains("report written"))
        #expect(
            result.stderr.contains("camath-bench: [2/2] hit-test N=100, 0:") && result.stderr.contains(" left\n"),
            "an estimate of the time left")
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: reportFolder.path))
        #expect(names == ["report.md", "report.json", "report.csv", "concat-pairwise.svg", "hit-test.svg"])
        let json = try Data(contentsOf: reportFolder.appendingPathComponent("report.json"))
        let object = try JSONSerialization.jsonObject(with: json) as? [String: Any]
        #expect(object?["schemaVersion"] as? Int == 5)
        let rows = try #require(object?["rows"] as? [[String: Any]])
        #expect(!rows.isEmpty && rows.allSatisfy { $0["correct"] as? Bool == true })
        // stdout got the same report in the format asked for.
        let printed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect((printed?["rows"] as? [Any])?.count == rows.count)
        for svg in ["concat-pairwise.svg", "hit-test.svg"] {
            #expect(XMLParser(data: try Data(contentsOf: reportFolder.appendingPathComponent(svg))).parse())
        }
        let csv = try String(contentsOf: reportFolder.appendingPathComponent("report.csv"), encoding: .utf8)
        #expect(csv.split(separator: "\n").count == rows.count + 1)
        let source = try String(contentsOf: tuning, encoding: .utf8)
        #expect(source.contains("public static let measured = BatchTuning("))
        // Nothing else was left in the parent (no staging folders).
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["report", "Tuning.swift"])
    }

    /// A tuning file (any name not ending in .swift) is what `CAMATH_TUNING` loads; a broken one is named
    /// on stderr and `.auto` keeps the compiled-in tuning.
    @Test func aTuningFileRoundTripsThroughTheEnvironment() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tuning = folder.appendingPathComponent("machine.tuning")
        let written = try runBench(tiny + ["--output", folder.appendingPathComponent("a").path, "--write-tuning", tuning.path])
        #expect(written.status == 0, "\(written.stderr)")
        let text = try String(contentsOf: tuning, encoding: .utf8)
        #expect(text.contains("# camath tuning 1") && !text.contains("BatchTuning("))
        let loaded = try runBench(tiny + ["--output", folder.appendingPathComponent("b").path], shell: "CAMATH_TUNING='\(tuning.path)'")
        #expect(loaded.status == 0 && !loaded.stderr.contains("CAMATH_TUNING"), "\(loaded.stderr)")
        let bad = folder.appendingPathComponent("bad.tuning")
        try Data("threading rotate 10\n".utf8).write(to: bad)
        let refused = try runBench(tiny + ["--output", folder.appendingPathComponent("c").path], shell: "CAMATH_TUNING='\(bad.path)'")
        #expect(refused.status == 0)
        #expect(refused.stderr.contains("CAMATH_TUNING is ignored: \(bad.path), line 1: unknown operation 'rotate'"), "\(refused.stderr)")
    }

    @Test func interruptedRunExitsWithTwoAndLeavesThePreviousReport() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reportFolder = folder.appendingPathComponent("report")
        try FileManager.default.createDirectory(at: reportFolder, withIntermediateDirectories: true)
        try Data("previous".utf8).write(to: reportFolder.appendingPathComponent("report.md"))
        let process = Process()
        process.executableURL = benchExecutable
        process.arguments = ["--output", reportFolder.path, "--seconds", "5"]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        process.interrupt()
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 2 && message.contains("interrupted"), "\(message)")
        #expect(try String(contentsOf: reportFolder.appendingPathComponent("report.md"), encoding: .utf8) == "previous")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report"])
    }
}
