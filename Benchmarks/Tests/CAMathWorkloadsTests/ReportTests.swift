@_spi(Benchmarks) import CAMath
@testable import CAMathWorkloads
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// A report with every kind of row: explicit and auto threads, an operation without a cost, a wrong row
/// with an infinite relative error, the hit test's items ≠ count.
func sampleReport() -> Report {
    let limits = MachineLimits(
        instructionSet: "avx512", fmaPeakGFlops: 58.8, mulAddPeakGOps: 29.4, divisionPeakGOps: 3.3, squareRootPeakGOps: 2.5,
        bandwidth: [
            .init(kernel: "triad", workingSetBytes: 1 << 18, threads: 1, gigabytesPerSecond: 100),
            .init(kernel: "triad", workingSetBytes: 1 << 26, threads: 1, gigabytesPerSecond: 20),
            .init(kernel: "triad", workingSetBytes: 1 << 18, threads: 2, gigabytesPerSecond: 190),
            .init(kernel: "triad", workingSetBytes: 1 << 26, threads: 2, gigabytesPerSecond: 30)
        ])
    func row(
        _ op: BatchOperation, _ n: Int, _ path: BenchmarkPath, _ t: Int?, _ mops: Double, items: Int? = nil, correct: Bool = true
    ) -> Report.Row {
        let cost = OperationCost.of(op), roof = cost?.roofline(limits, count: items ?? n, threads: t ?? 1)
        return Report.Row(
            operation: op.rawValue, count: n, items: items ?? n, path: path.rawValue, threads: t, mops: mops,
            minMops: mops * 0.9, maxMops: mops * 1.1, samples: 5, gigabytesPerSecond: cost.map { mops * Double($0.bytes) / 1e3 },
            roofline: roof, rooflineFraction: roof.map { mops / $0.mops }, rooflineUnderMeasured: roof.map { mops > $0.mops } ?? false,
            maxULP: correct ? 0 : Int.max, maxRelativeError: correct ? 0 : .infinity, contract: "bitwise",
            firstMismatch: correct
                ? nil : "element 0: expected 1.0 (0x3FF0000000000000), got nan (0x7FF8000000000000), not a finite distance apart (bitwise)",
            correct: correct)
    }
    var configuration = BenchmarkConfiguration.quick
    configuration.operations = [BatchOperation.concatPairwise, .decompose, .hitTest].map(\.rawValue)
    configuration.sizes = [1_000, 100_000]
    let rows = [
        row(.concatPairwise, 1_000, .scalar, 1, 55), row(.concatPairwise, 1_000, .simd, 1, 280), row(.concatPairwise, 1_000, .simd, 2, 200),
        row(.concatPairwise, 100_000, .simd, 1, 80), row(.concatPairwise, 100_000, .simd, 2, 120),
        row(.concatPairwise, 100_000, .auto, nil, 118),
        row(.decompose, 1_000, .simd, 1, 5), row(.decompose, 100_000, .simd, 1, 5, correct: false),
        row(.hitTest, 31, .simd, 1, 500, items: 961)
    ]
    return Report(
        configuration: configuration, limits: limits, rows: rows, notes: ["blas: none loaded"],
        started: Date(timeIntervalSince1970: 1_795_000_000), durationSeconds: 12)
}

@Suite struct ReportTests {
    @Test func jsonRoundTripIsExactIncludingNonFiniteValues() throws {
        let report = sampleReport()
        let decoded = try Report.decode(try report.encoded())
        #expect(decoded == report)
        #expect(decoded.rows[7].maxRelativeError == .infinity && decoded.incorrectRows.count == 1)
    }

    @Test func jsonHasEveryRequiredField() throws {
        let object = try JSONSerialization.jsonObject(with: try sampleReport().encoded()) as! [String: Any]
        for key in ["schemaVersion", "generated", "durationSeconds", "host", "configuration", "limits", "rows", "thresholds", "notes"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        #expect(object["schemaVersion"] as? Int == Report.currentSchemaVersion)
        let limits = object["limits"] as! [String: Any]
        for key in ["instructionSet", "fmaPeakGFlops", "mulAddPeakGOps", "divisionPeakGOps", "squareRootPeakGOps", "bandwidth"] {
            #expect(limits[key] != nil, "missing limits.\(key)")
        }
        let row = (object["rows"] as! [[String: Any]])[0]
        for key in [
            "operation", "count", "items", "path", "threads", "mops", "minMops", "maxMops", "samples",
            "gigabytesPerSecond", "roofline", "rooflineFraction", "rooflineUnderMeasured", "maxULP", "maxRelativeError",
            "contract", "correct"
        ] {
            #expect(row[key] != nil, "missing rows[0].\(key)")
        }
        let host = object["host"] as! [String: Any]
        for key in [
            "name", "cpu", "vendor", "family", "model", "cpuFlags", "machineClass", "commit", "compiler", "buildFlags",
            "processors", "instructionSet", "cblas"
        ] {
            #expect(host[key] != nil, "missing host.\(key)")
        }
        let thresholds = object["thresholds"] as! [String: Any]
        for key in ["threading", "blasCrossover", "compiledThreading", "compiledBlasCrossover"] { #expect(thresholds[key] != nil) }
    }

    @Test func otherSchemaVersionsAndMissingFieldsAreRefused() throws {
        var object = try JSONSerialization.jsonObject(with: try sampleReport().encoded()) as! [String: Any]
        object["schemaVersion"] = 1
        #expect(throws: ReportError.unsupportedSchema(1)) { try Report.decode(try JSONSerialization.data(withJSONObject: object)) }
        object["schemaVersion"] = 2
        #expect(throws: ReportError.unsupportedSchema(2)) { try Report.decode(try JSONSerialization.data(withJSONObject: object)) }
        object["schemaVersion"] = Report.currentSchemaVersion
        object["rows"] = nil
        #expect(throws: DecodingError.self) { try Report.decode(try JSONSerialization.data(withJSONObject: object)) }
        #expect(throws: (any Error).self) { try Report.decode(Data("not json".utf8)) }
    }

    @Test func thresholdsFollowTheRowsByTheTunerRule() {
        let report = sampleReport()
        #expect(report.thresholds.threading == ["concat-pairwise": 100_000])
        #expect(report.thresholds.blasCrossover.isEmpty)
        #expect(report.thresholds.compiledThreading.count == BatchTuning.measured.threadingThreshold.count)
    }

    @Test func markdownHasATablePerOperationAndMarksWrongRows() throws {
        let md = try ReportFormat.md.render(sampleReport())
        #expect(md.contains("## concat-pairwise") && md.contains("## decompose") && md.contains("## hit-test"))
        #expect(md.contains("| 961 nominal pairs (31 points) | simd | 1 |"))
        #expect(md.contains("| 100000 | auto | auto | 118.0 |"))
        #expect(md.components(separatedBy: "**bitwise: BROKEN** (element 0: expected 1.0").count == 2)
        // The T1 simd row at 1e3 (280 Mops/s) is above the sample limits' roof: flagged, not printed as a fraction.
        #expect(md.components(separatedBy: "| roof under-measured |").count == 2)
        #expect(SVGPlot.render(sampleReport(), operation: "concat-pairwise").contains("roof under-measured"))
        #expect(md.contains("Threading, measured in this run: concat-pairwise ≥ 100000."))
        #expect(md.contains("blas: none loaded"))
    }

    @Test func csvHasAHeaderAndOneLinePerRowWithEveryField() throws {
        let lines = try ReportFormat.csv.render(sampleReport()).split(separator: "\n")
        #expect(lines.count == 1 + sampleReport().rows.count)
        /// Fields of one RFC 4180 line (commas inside double quotes do not split).
        func fields(_ line: Substring) -> Int {
            var count = 1, quoted = false
            for c in line { if c == "\"" { quoted.toggle() } else if c == "," && !quoted { count += 1 } }
            return count
        }
        let width = fields(lines[0])
        for line in lines { #expect(fields(line) == width) }
        #expect(lines[6].hasPrefix("concat-pairwise,100000,100000,auto,auto,118.0,"))
    }

    @Test func svgIsWellFormedWithALinePerSeriesAndTheRoofline() throws {
        let svg = SVGPlot.render(sampleReport(), operation: "concat-pairwise")
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        // scalar T1, simd T1, simd T2, auto; rooflines T1 and T2.
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 6)
        #expect(svg.contains("roofline T1") && svg.contains("roofline T2"))
        // An operation without rows still gives a valid document.
        #expect(XMLParser(data: Data(SVGPlot.render(sampleReport(), operation: "blend").utf8)).parse())
    }
}

@Suite struct ReportWriterTests {
    func temporaryFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("camath-report-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func writesEveryFileAndReplacesAPreviousReportWhole() throws {
        let root = temporaryFolder(), folder = root.appendingPathComponent("2026-11-21-host")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: folder.appendingPathComponent("stale.svg"))
        try Data("old".utf8).write(to: folder.appendingPathComponent("report.md"))
        try ReportWriter.write(sampleReport(), to: folder)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(names == ["report.md", "report.json", "report.csv", "concat-pairwise.svg", "decompose.svg", "hit-test.svg"])
        #expect(try Report.decode(Data(contentsOf: folder.appendingPathComponent("report.json"))) == sampleReport())
        // Nothing but the report is left beside it (no staging or backup folder).
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["2026-11-21-host"])
    }

    @Test func unwritableOutputIsAnErrorAndWritesNothing() throws {
        let root = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("a-file")
        try Data("keep".utf8).write(to: file)
        #expect(throws: ReportError.self) { try ReportWriter.write(sampleReport(), to: file) }
        #expect(try String(contentsOf: file, encoding: .utf8) == "keep")
        #expect(throws: ReportError.self) { try ReportWriter.write(sampleReport(), to: file.appendingPathComponent("below-a-file")) }
        #expect(throws: ReportError.self) { try ReportWriter.checkWritable(URL(fileURLWithPath: "/proc/camath/report")) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["a-file"])
    }

    @Test func aFolderWithOtherFilesIsNotReplaced() throws {
        let root = temporaryFolder(), folder = root.appendingPathComponent("report")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        #expect(throws: ReportError.self) { try ReportWriter.write(sampleReport(), to: folder) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
    }
}

@Suite struct ProvenanceTests {
    @Test func machineClassesNameTheMicroarchitectureAndTheLevel() {
        #expect(Report.Host.machineClass(vendor: "AuthenticAMD", family: 25, model: 1, level: "avx2") == "amd-zen3-avx2")
        #expect(Report.Host.machineClass(vendor: "AuthenticAMD", family: 25, model: 17, level: "avx512") == "amd-zen4-avx512")
        #expect(Report.Host.machineClass(vendor: "AuthenticAMD", family: 26, model: 2, level: "avx512") == "amd-zen5-avx512")
        #expect(Report.Host.machineClass(vendor: "AuthenticAMD", family: 23, model: 1, level: "avx2") == "amd-zen1-avx2")
        #expect(Report.Host.machineClass(vendor: "GenuineIntel", family: 6, model: 207, level: "avx512") == "intel-emeraldrapids-avx512")
        #expect(Report.Host.machineClass(vendor: "GenuineIntel", family: 6, model: 151, level: "avx2") == "intel-f6m151-avx2")
        #expect(Report.Host.machineClass(vendor: "ARM", family: 0, model: 0, level: "portable") == "cpu-f0m0-portable")
    }

    @Test func theReportNamesItsCommitCompilerAndCPU() {
        let host = sampleReport().host
        #expect(!host.commit.isEmpty && !host.compiler.isEmpty && !host.buildFlags.isEmpty)
        #expect(host.machineClass.hasSuffix(InstructionSet.cpu.name))
        let markdown = ReportFormat.markdown(sampleReport())
        #expect(
            markdown.contains("Commit `\(host.commit)`") && markdown.contains(host.machineClass)
                && markdown.contains("family \(host.family) model \(host.model)"))
    }
}

@Suite struct TerminalSummaryTests {
    /// The sample with baselines: c-loop at 200 and 100 Mops/s against simd T1's 280 and 80, and simd T2 at 1e5
    /// (faster, but two threads: never the compared path).
    func reportWithBaselines() -> Report {
        var report = sampleReport()
        func baseline(_ n: Int, _ mops: Double) -> Report.Row {
            var row = report.rows[1]
            row.count = n; row.items = n; row.path = BenchmarkPath.cLoop.rawValue; row.mops = mops; row.minMops = mops; row.maxMops = mops
            return row
        }
        report.rows += [baseline(1_000, 200), baseline(100_000, 100)]
        report.rows[4].minMops = 10 // simd T2 at 1e5: a spread of (132 − 10) / 120, noisy
        return report
    }

    @Test func cellsCompareTheFastestOneThreadPathWithTheFastestBaseline() {
        let cells = TerminalSummary.cells(reportWithBaselines()).filter { $0.operation == "concat-pairwise" }
        #expect(cells.map(\.size) == [1_000, 100_000])
        #expect(cells.map(\.camath.path) == ["simd", "simd"] && cells.map(\.camath.threads) == [1, 1])
        #expect(cells.map(\.ratio) == [1.4, 0.8] && cells.map(\.verdict) == ["wins", "loses"])
    }

    @Test func theSummarySaysWhereCAMathWinsAndLosesInWords() {
        let text = TerminalSummary.render(reportWithBaselines(), folder: "Reports/x")
        #expect(text.contains("CAMath wins 1 of 2 compared cells") && text.contains("loses 1"))
        #expect(text.contains("It loses at concat-pairwise at 1e5 (0.80×)"))
        #expect(
            text.contains(
                "At the default precision (simd, bit for bit the reference) it wins 1, ties 0 and loses 1: concat-pairwise at 1e5 (0.80×).")
        )
        #expect(text.contains("No baseline does the work of: decompose, hit-test"))
        #expect(text.contains("BROKEN contract in 1 rows: decompose N=100000 simd"))
        #expect(text.contains("1 of 11 rows are too noisy to trust"))
        #expect(text.contains("Full report: Reports/x/report.md"))
        #expect(text.split(separator: "\n").count <= 40, "one screen")
    }

    /// The comparison with the peers opens the report: the best AoS peer and the best of any layout, each with its
    /// error, CAMath's exact and fast against them and against `c-div`.
    @Test func thePeerComparisonComesFirstWithEachPeersError() throws {
        var report = reportWithBaselines()
        func peer(_ n: Int, _ path: BenchmarkPath, _ mops: Double, ulp: Int, relative: Double = 1e-16) -> Report.Row {
            var row = report.rows[1]
            row.count = n; row.items = n; row.path = path.rawValue; row.mops = mops; row.maxULP = ulp; row.maxRelativeError = relative
            return row
        }
        var fast = report.rows[1]
        fast.path = BenchmarkPath.fast.rawValue; fast.mops = 300
        report.rows += [
            fast, peer(1_000, .cDiv, 250, ulp: 0), peer(1_000, .cSoAFMA, 600, ulp: 3), peer(1_000, .glm, 260, ulp: 1 << 40, relative: 2e-3)
        ]
        let markdown = ReportFormat.markdown(report)
        let top = try #require(markdown.components(separatedBy: "## Machine limits").first)
        let table = try #require(top.components(separatedBy: "## CAMath against its peers").dropFirst().first)
        let line = try #require(table.split(separator: "\n").first { $0.hasPrefix("| concat-pairwise | 1000 |") })
        #expect(
            line
                == "| concat-pairwise | 1000 | 280.0 | 300.0 | glm 260.0 (rel. 2.0e-03) | c-soa-fma 600.0 (3 ulp) | 1.08 | 0.47 | 0.50 | 1.12 |"
        )
        let other = try #require(table.split(separator: "\n").first { $0.hasPrefix("| concat-pairwise | 100000 |") })
        #expect(other == "| concat-pairwise | 100000 | 80.0 | – | c-loop 100.0 (0 ulp) | c-loop 100.0 (0 ulp) | 0.80 | 0.80 | – | – |")
        #expect(!table.contains("| decompose |"), "no peer timed, no line")
    }

    @Test func noisyRowsAreMarkedInTheReport() {
        let markdown = ReportFormat.markdown(reportWithBaselines())
        #expect(markdown.components(separatedBy: " *noisy* |").count - 1 == 1)
    }
}

@Suite struct RemainingTimeTests {
    @Test func eachSizeIsEstimatedFromItsOwnUnits() {
        var estimate = RemainingTime(sizes: [1_000, 1_000_000], operations: 3)
        #expect(estimate.seconds == nil && estimate.total == 6)
        estimate.finished(size: 1_000, seconds: 1)
        #expect(estimate.seconds == 5) // no 1e6 unit yet: every unit at the mean so far
        estimate.finished(size: 1_000_000, seconds: 9)
        #expect(estimate.seconds == 20) // two whole operations of 1 + 9 s
        estimate.finished(size: 1_000, seconds: 3)
        #expect(estimate.seconds == 20.0) // 9 + (2 + 9): the rest of this operation (1e6: 9 s), then one whole (2 + 9)
    }
}
