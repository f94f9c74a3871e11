@_spi(Benchmarks) import CAMath
import Foundation

/// A benchmark run's complete record: the machine, its measured limits, the configuration, one row per
/// operation × size × path × threads, and the `.auto` thresholds the run implies. Its JSON form
/// (`report.json`) is versioned; `Reports/README.md` documents every field.
package struct Report: Codable, Sendable, Equatable {
    /// The JSON schema this code writes and reads.
    package static let currentSchemaVersion = 5

    /// The machine the run was on.
    package struct Host: Codable, Sendable, Equatable {
        /// Host name.
        package var name: String
        /// CPU model as the OS names it.
        package var cpu: String
        /// The CPU's vendor, family and model (`/proc/cpuinfo`: `vendor_id`, `cpu family`, `model`).
        package var vendor: String, family: Int, model: Int
        /// The instruction-set extensions the kernels look for that this CPU has (`avx2`, `fma`, `avx512f`, …).
        package var cpuFlags: [String]
        /// The machine class the report folder is named after: vendor, microarchitecture (or family and
        /// model where it has no name here) and the best level this CPU runs, e.g. `amd-zen4-avx512`.
        package var machineClass: String
        /// The commit measured (`git describe --always --dirty`), or why it is unknown.
        package var commit: String
        /// The compiler (`swift --version`'s first line), and how the measured code was built.
        package var compiler: String, buildFlags: String
        /// Processors the batch paths use.
        package var processors: Int
        /// The `.simd` path's instruction set (`CAMATH_ISA` caps it).
        package var instructionSet: String
        /// The CBLAS library loaded for `.blas`, or why none was.
        package var cblas: String
    }

    /// One measured configuration.
    package struct Row: Codable, Sendable, Equatable {
        /// ``BatchOperation`` raw value.
        package var operation: String
        /// Batch size (the hit test's point count × layer count is ``items``).
        package var count: Int
        /// Items per call that Mops/s counts: elements, or for the hit test the nominal point×layer pairs
        /// (points × layers; pruning evaluates only some of them).
        package var items: Int
        /// ``BenchmarkPath`` raw value (a batch path, or `fast`: `.simd` at `precision: .fast`).
        package var path: String
        /// Threads requested, or `nil` for `auto` (the measured thresholds choose).
        package var threads: Int?
        /// Median million items per second, and the slowest and fastest sample.
        package var mops: Double, minMops: Double, maxMops: Double
        /// Samples timed.
        package var samples: Int
        /// Memory traffic at the median rate, GB/s (`nil` where ``OperationCost`` has no count).
        package var gigabytesPerSecond: Double?
        /// The roofline (`nil` where ``OperationCost`` has no count).
        package var roofline: OperationCost.Roofline?
        /// `mops / roofline.mops`.
        package var rooflineFraction: Double?
        /// Whether the row ran faster than its roofline: the roof is an upper bound by construction, so
        /// such a row shows that a limit was under-measured; reports print it as "roof under-measured",
        /// never as a fraction achieved.
        package var rooflineUnderMeasured: Bool
        /// Largest difference from `.scalar`'s output, in ulps (`Int.max`: a NaN against a number).
        package var maxULP: Int
        /// Largest |difference| from `.scalar`'s output over the output's largest finite magnitude.
        package var maxRelativeError: Double
        /// The path's contract for the operation (``Exactness/of(_:on:precision:)``): `bitwise`, `bitwise up to the
        /// sign of zero` or `budget`.
        package var contract: String
        /// The first element that broke the contract (index, both bit patterns, ulp distance), or `nil`.
        package var firstMismatch: String?
        /// Whether the output met its contract (`firstMismatch == nil`).
        package var correct: Bool

        /// `(max − min) / median`.
        package var spread: Double { mops > 0 ? (maxMops - minMops) / mops : 0 }

        /// The spread from which a row's figure is too uncertain to trust (the report marks it).
        package static let noisySpread = 0.5
        /// Whether ``spread`` is at least ``noisySpread``.
        package var isNoisy: Bool { spread >= Self.noisySpread }

        /// Whether the row times a baseline (``BenchmarkPath/isBaseline``), not CAMath.
        package var isBaseline: Bool { BenchmarkPath(rawValue: path)?.isBaseline ?? false }
    }

    /// One timed contender of a layer scene (``LayerScene``).
    package struct SceneRow: Codable, Sendable, Equatable {
        /// ``LayerScene`` raw value.
        package var scene: String
        /// Layers in the scene's tree.
        package var layers: Int
        /// What was timed (``SceneContender/name``).
        package var contender: String
        /// Threads its calls used.
        package var threads: Int
        /// Median milliseconds per call, and the fastest and slowest sample's.
        package var milliseconds: Double, minMilliseconds: Double, maxMilliseconds: Double
        /// Samples timed.
        package var samples: Int
        /// The slowest single call, for contenders timed call by call (``SceneContender/timesEachCall``); else `nil`.
        package var worstCallMilliseconds: Double?
        /// `render-update`: the heap bytes per layer of the layers and of the render tree (``SceneMemory``).
        package var memory: SceneMemory?
        /// `render-update`: the time its bytes (``LayerScene/renderUpdateBytesPerLayer`` per layer) take at the
        /// run's measured memory bandwidth on all cores; `nil` elsewhere.
        package var memoryFloorMilliseconds: Double?
        /// What differed when the scene's contenders were checked against the reference, or `nil`.
        package var problem: String?
    }

    /// The `.auto` thresholds: what this run measured and what the library has compiled in.
    package struct Thresholds: Codable, Sendable, Equatable {
        /// Per operation: the smallest size where all threads beat one (Tuner's rule), from this run.
        package var threading: [String: Int]
        /// Per matrix product: the smallest size where `.blas` beats `.simd`, from this run.
        package var blasCrossover: [String: Int]
        /// The tables `.auto` used in this run (`Batch.tuning`: the `CAMATH_TUNING` file when it loaded, else the
        /// compiled-in `BatchTuning.measured`).
        package var compiledThreading: [String: Int]
        /// See ``compiledThreading``.
        package var compiledBlasCrossover: [String: Int]
    }

    /// ``currentSchemaVersion`` when written by this code.
    package var schemaVersion: Int
    /// Start of the run, ISO 8601 in UTC.
    package var generated: String
    /// Wall time of the whole run, seconds.
    package var durationSeconds: Double
    /// The machine.
    package var host: Host
    /// What was asked for.
    package var configuration: BenchmarkConfiguration
    /// The machine's limits, measured in this run.
    package var limits: MachineLimits
    /// Every measured configuration, in run order.
    package var rows: [Row]
    /// The thresholds.
    package var thresholds: Thresholds
    /// Remarks a reader needs (a path that was unavailable, and why).
    package var notes: [String]
    /// The layer scenes' rows, in run order.
    package var scenes: [SceneRow]

    /// The rows of `operation` measured for the configured size `n`, matched by items: the hit test's count is
    /// its points, and its items (points × layers, the nominal pairs) the nearest it gets below `n`.
    package func rows(_ operation: String, size n: Int) -> [Row] {
        rows.filter { $0.operation == operation && $0.items >= n * 9 / 10 && $0.items <= n }
    }

    /// The rows whose output broke its contract.
    package var incorrectRows: [Row] { rows.filter { !$0.correct && !$0.isBaseline } }

    /// The scene rows whose check found a difference.
    package var incorrectScenes: [SceneRow] { scenes.filter { $0.problem != nil } }

    /// Decodes a `report.json`, refusing other schema versions.
    package static func decode(_ data: Data) throws -> Report {
        struct Version: Decodable { var schemaVersion: Int }
        let version = try JSONDecoder().decode(Version.self, from: data).schemaVersion
        guard version == currentSchemaVersion else {
            throw ReportError.unsupportedSchema(version)
        }
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = nonFinite
        return try decoder.decode(Report.self, from: data)
    }

    /// Infinite relative errors (a NaN against a number) are written as strings, which JSON allows.
    static let nonFinite = JSONDecoder.NonConformingFloatDecodingStrategy.convertFromString(
        positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")

    /// The JSON form: sorted keys, pretty-printed.
    package func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(self)
    }
}

/// Why a report could not be read or written.
package enum ReportError: Error, CustomStringConvertible, Equatable {
    /// A `report.json` of another schema version.
    case unsupportedSchema(Int)
    /// The output folder cannot be created or written.
    case unwritableOutput(String, reason: String)
    /// The `--write-tuning` file cannot be written.
    case unwritableTuning(String, reason: String)

    package var description: String {
        switch self {
        case .unsupportedSchema(let v): "report schema version \(v) is not supported (this build reads \(Report.currentSchemaVersion))"
        case .unwritableOutput(let path, let reason): "cannot write the report to \(path): \(reason)"
        case .unwritableTuning(let path, let reason): "cannot write the tuning file to \(path): \(reason)"
        }
    }
}

extension Report.Host {
    /// This machine, and the commit and compiler of this run.
    package static var current: Report.Host {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        func field(_ name: String) -> String? {
            cpuinfo.split(separator: "\n").first {
                $0.hasPrefix(name) && $0.dropFirst(name.count).first.map { $0 == " " || $0 == "\t" || $0 == ":" } == true
            }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let flags = Set((field("flags") ?? "").split(separator: " ").map(String.init))
        let cblas: String
        switch CBLAS.shared {
        case .success(let library): cblas = "\(library.path) (\(library.configuration))"
        case .failure(let error): cblas = "none: \(error)"
        }
        let vendor = field("vendor_id") ?? "unknown", family = Int(field("cpu family") ?? "") ?? 0, model = Int(field("model") ?? "") ?? 0
        let level = InstructionSet.cpu.name
        #if DEBUG
        let build = "debug (unoptimised: its figures mean nothing)"
        #else
        let build =
            "release (-O; C kernels at SwiftPM's release -O2, per-function AVX2/AVX-512 targets); baselines -O3 -march=native "
            + "(clang; the gcc-* peers: \(GCCPeers.status))"
        #endif
        return Report.Host(
            name: ProcessInfo.processInfo.hostName, cpu: field("model name") ?? "unknown CPU",
            vendor: vendor, family: family, model: model,
            cpuFlags: ["sse4_2", "avx", "avx2", "fma", "avx512f", "avx512dq", "avx512vl", "avx512bw"].filter(flags.contains),
            machineClass: machineClass(vendor: vendor, family: family, model: model, level: level),
            commit: firstLine(of: ["git", "describe", "--always", "--dirty", "--abbrev=12"]) ?? "unknown (not run in a git checkout)",
            compiler: firstLine(of: ["swift", "--version"]) ?? "unknown (swift is not on PATH)", buildFlags: build,
            processors: Batch.processorCount, instructionSet: InstructionSet.current.description, cblas: cblas)
    }

    /// `vendor-microarchitecture-level`: AMD's Zen generations and Intel's server cores by family and model,
    /// `<vendor>-f<family>m<model>` for others, then the best instruction-set level the CPU runs.
    package static func machineClass(vendor: String, family: Int, model: Int, level: String) -> String {
        let name: String
        switch (vendor, family, model) {
        case ("AuthenticAMD", 0x17, 0x00..<0x30): name = "amd-zen1"
        case ("AuthenticAMD", 0x17, _): name = "amd-zen2"
        case ("AuthenticAMD", 0x19, 0x00..<0x10), ("AuthenticAMD", 0x19, 0x20..<0x60): name = "amd-zen3"
        case ("AuthenticAMD", 0x19, _): name = "amd-zen4"
        case ("AuthenticAMD", 0x1A, _): name = "amd-zen5"
        case ("GenuineIntel", 6, 0x55): name = "intel-skylakex"
        case ("GenuineIntel", 6, 0x6A), ("GenuineIntel", 6, 0x6C): name = "intel-icelakex"
        case ("GenuineIntel", 6, 0x8F): name = "intel-sapphirerapids"
        case ("GenuineIntel", 6, 0xCF): name = "intel-emeraldrapids"
        case ("GenuineIntel", 6, 0xAD), ("GenuineIntel", 6, 0xAE): name = "intel-graniterapids"
        case ("AuthenticAMD", _, _): name = "amd-f\(family)m\(model)"
        case ("GenuineIntel", _, _): name = "intel-f\(family)m\(model)"
        default: name = "cpu-f\(family)m\(model)"
        }
        return "\(name)-\(level)"
    }

    /// The first line a command prints, or `nil` when it cannot run or fails.
    static func firstLine(of command: [String]) -> String? {
        let process = Process(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init)
    }
}

extension Report {
    /// A report of `rows` measured under `configuration` on this machine; the thresholds follow from
    /// the rows by ``Tuner``'s rule.
    package init(
        configuration: BenchmarkConfiguration, limits: MachineLimits, rows: [Row], scenes: [SceneRow] = [],
        notes: [String], started: Date, durationSeconds: Double
    ) {
        func names(_ t: [BatchOperation: Int]) -> [String: Int] {
            Dictionary(uniqueKeysWithValues: t.map { ($0.key.rawValue, $0.value) })
        }
        let measured = Tuner.tuning(from: rows), compiled = Batch.tuning
        let formatter = ISO8601DateFormatter()
        self.init(
            schemaVersion: Report.currentSchemaVersion, generated: formatter.string(from: started),
            durationSeconds: durationSeconds, host: .current, configuration: configuration, limits: limits,
            rows: rows,
            thresholds: Thresholds(
                threading: names(measured.threadingThreshold),
                blasCrossover: names(measured.blasCrossover),
                compiledThreading: names(compiled.threadingThreshold),
                compiledBlasCrossover: names(compiled.blasCrossover)),
            notes: notes, scenes: scenes)
    }
}
