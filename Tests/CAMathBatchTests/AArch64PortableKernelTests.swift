@_spi(Benchmarks) @_spi(Testing) import CAMath
@_spi(Benchmarks) import _CAMathTestSupport
import _CAMathKernelReplay
import _CAMathKernels
import Foundation
import Testing

/// The portable C kernels compiled for aarch64 — as SwiftPM compiles them there, `-O0` for debug builds and
/// `-O2` for release — run under QEMU on every kernel call the catalogue and the kernel agreement checks make at
/// the portable level (seeded at every tail length, and the adversarial inputs), then held to those same checks.
///
/// 1. The checks run on x86-64 through the recording tables: the portable kernels, every call written with its
///    inputs and outputs.
/// 2. `scripts/aarch64-kernels.sh` builds the replay driver for aarch64 and for x86-64 and runs each on the
///    recording: the aarch64 ones under `qemu-aarch64`. A driver fails when an exact output differs from
///    x86-64's in any bit (NaN payloads aside); the x86-64 one, the replay's own check, when any output does.
/// 3. The checks run again through the playback tables, which answer each call with the aarch64 outputs: the
///    exact kernels must give the reference's bits, the fast ones stay within their budgets. A fast output
///    that differs there can change a later call's inputs (a blended transform whose frame is computed next);
///    such calls are recorded, run on aarch64 and loaded in turn, until every call is answered from aarch64.
///
/// What runs on aarch64 is the C kernels, not Swift: the toolchain here has no aarch64 Swift SDK. The scalar
/// reference and the batch code around the kernels are Swift, whose arithmetic has no contraction.
@Suite struct AArch64PortableKernelTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// What this machine lacks to run the check (nil when it has everything).
    static let missing: String? = {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        func command(_ name: String) -> Bool { path.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") } }
        var lacks: [String] = []
        if !command("aarch64-linux-gnu-gcc") { lacks.append("gcc-aarch64-linux-gnu") }
        if !FileManager.default.fileExists(atPath: "/usr/aarch64-linux-gnu/lib/libc.a") { lacks.append("libc6-dev-arm64-cross") }
        if !command("qemu-aarch64-static") && !command("qemu-aarch64") { lacks.append("qemu-user-static") }
        return lacks.isEmpty ? nil : "missing \(lacks.joined(separator: ", ")) (bash scripts/install-dependencies.sh aarch64)"
    }()

    /// Rounds of replaying the calls a playback missed before the check gives up.
    static let rounds = 4

    @Test(.enabled(if: missing == nil, "\(missing ?? "")"))
    func portableKernelsOnAArch64UnderQEMU() throws {
        let labels = try Self.Script(["build"]).finish().split(separator: "\n").map(String.init)
        #expect(labels.contains("aarch64-O0") && labels.contains("aarch64-O2"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("camath-aarch64-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func file(_ name: String) -> String { directory.appendingPathComponent(name).path }

        let clock = ContinuousClock(), start = clock.now
        func seconds(since instant: ContinuousClock.Instant) -> String {
            let elapsed = (clock.now - instant).components
            return String(format: "%.1f s", Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18)
        }
        let recorded = try Self.record(into: file("recording.bin")) {
            _ = try Self.checkEverything(
                InstructionSet(kernels: camath_replay_recording_kernels()), code: "x86-64 portable kernels, recorded")
        }
        #expect(recorded > 0)
        print("aarch64 replay: \(recorded) calls recorded in \(seconds(since: start))")
        // Every driver at once (the replays under QEMU are most of the time), then each aarch64 one played back.
        let replaying = clock.now
        let replays = try labels.map { try Self.Script(["replay", $0, file("recording.bin"), file("\($0)-0.bin")]) }
        for (label, replay) in zip(labels, replays) {
            print(try replay.finish(), terminator: "")
            if label == labels.last { print("aarch64 replay: the drivers ran in \(seconds(since: replaying))") }
        }
        for label in labels where label.hasPrefix("aarch64") {
            defer { camath_replay_playback_unload() }
            // Each round runs again only the checks that missed a call in the round before.
            var checks: Set<String>? = nil
            for round in 1...Self.rounds {
                let playing = clock.now
                try #require(
                    camath_replay_playback_load(file("\(label)-\(round - 1).bin"), label) >= 0, "\(label): cannot load round \(round)")
                let missed = try Self.record(into: file("\(label)-missed-\(round).bin")) {
                    checks = try Self.checkEverything(
                        InstructionSet(kernels: camath_replay_playback_kernels()),
                        code: "\(label) portable kernels under QEMU, round \(round)", only: checks)
                }
                print(
                    "aarch64 playback \(label) round \(round): \(camath_replay_playback_hits()) calls answered from aarch64, \(missed) missed "
                        + "(\(seconds(since: playing)))")
                if missed == 0 { break }
                if round == Self.rounds {
                    Issue.record("\(label): \(missed) calls still not run on aarch64 after \(round) rounds")
                    break
                }
                let next = ["replay", label, file("\(label)-missed-\(round).bin"), file("\(label)-\(round).bin")]
                print(try Self.Script(next).finish(), terminator: "")
            }
        }
        print("aarch64 replay: \(seconds(since: start)) in all")
    }

    /// CI installs the cross compiler and QEMU: there, the check must have run.
    @Test func continuousIntegrationRunsIt() {
        if ProcessInfo.processInfo.environment["CI"] != nil {
            #expect(Self.missing == nil, "CI must run the aarch64 kernels: \(Self.missing ?? "")")
        }
    }

    /// Every catalogue entry on `set` at both precisions, one thread, at every size and on the adversarial
    /// inputs, then the kernel agreement checks (`only`: those of these names); one line per entry and kernel
    /// names `code`. Returns the names of the checks during which the playback tables missed a call.
    static func checkEverything(_ set: InstructionSet, code: String, only: Set<String>? = nil) throws -> Set<String> {
        var missed: Set<String> = []
        func check(_ name: String, _ body: () throws -> Void) rethrows {
            guard only?.contains(name) ?? true else { return }
            let before = camath_replay_playback_misses()
            try body()
            if camath_replay_playback_misses() != before { missed.insert(name) }
        }
        for entry in BatchCatalogue.entries {
            try check(entry.name) {
                var log = CatalogueLog(entry)
                for c in CatalogueTests.cases(entry) {
                    for precision in BatchPrecision.allCases {
                        try log.check(
                            c, BatchOptions(path: .simd, precision: precision, threads: 1, instructionSet: set), "\(set) \(precision)")
                    }
                }
                log.print(code: code)
            }
        }
        try check("kernel agreement") {
            for precision in BatchPrecision.allCases { try KernelAgreementTests().checkEveryKernel(set, precision, code: code) }
        }
        return missed
    }

    /// Runs `body` with a recording open into `file`; the calls recorded.
    static func record(into file: String, _ body: () throws -> Void) throws -> Int {
        try #require(camath_replay_record_start(file) == 0, "cannot record into \(file)")
        var unreplayable = 0
        do {
            try body()
        } catch {
            _ = camath_replay_record_stop(&unreplayable)
            throw error
        }
        let calls = camath_replay_record_stop(&unreplayable)
        #expect(unreplayable == 0, "\(unreplayable) calls had an output overlapping an input: not recorded")
        try #require(calls >= 0, "writing \(file) failed")
        return calls
    }

    /// scripts/aarch64-kernels.sh running with some arguments, its output and messages going to files (so that
    /// several can run at once, and no full pipe can stop one).
    final class Script {
        let arguments: [String]
        let process = Process()
        let output: URL, messages: URL

        init(_ arguments: [String]) throws {
            self.arguments = arguments
            let stem = FileManager.default.temporaryDirectory.appendingPathComponent("camath-aarch64-\(getpid())-\(UUID())")
            output = stem.appendingPathExtension("out")
            messages = stem.appendingPathExtension("log")
            for file in [output, messages] {
                try #require(FileManager.default.createFile(atPath: file.path, contents: nil), "cannot create \(file.path)")
            }
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = [repository.appendingPathComponent("scripts/aarch64-kernels.sh").path] + arguments
            process.currentDirectoryURL = repository
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = try FileHandle(forWritingTo: messages)
            try process.run()
        }

        /// Waits for the script; its standard output, or an issue with its messages when it failed.
        func finish() throws -> String {
            process.waitUntilExit()
            defer { for file in [output, messages] { try? FileManager.default.removeItem(at: file) } }
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? "",
                errors = (try? String(contentsOf: messages, encoding: .utf8)) ?? ""
            try #require(
                process.terminationStatus == 0,
                "scripts/aarch64-kernels.sh \(arguments.joined(separator: " ")) exited with \(process.terminationStatus):\n\(text)\(errors)"
            )
            return text
        }
    }
}
