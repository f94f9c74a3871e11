import Foundation

/// The plain C peers built a second time by gcc, when a `gcc` is on the `PATH`: the same sources
/// (`CAMathBaselines`) and contraction rules (`-ffp-contract=off` for the `div` and `rcp` files, `fast` for the
/// `*_fma` ones, as their clang pragmas say), `-O3 -march=native`, into a shared library under the temporary
/// directory that camath-bench opens once. gcc vectorises and contracts some loops differently from clang (its
/// fused concat loop ran 1.5× clang's on the Xeon), so the report's best peer is the faster of the two builds.
/// Without gcc, or when it fails, the `gcc-*` peers are absent and ``status`` says why.
enum GCCPeers {
    /// The opened library (or `nil`) and `gcc <version>` when the peers were built, or why they were not.
    private struct Library: @unchecked Sendable {
        let handle: UnsafeMutableRawPointer?
        let status: String
    }
    private static let library = build()

    /// The gcc build of the C function `name`, as `F` (a `@convention(c)` type), or `nil` without the library.
    static func function<F>(_ name: String, as type: F.Type) -> F? {
        precondition(MemoryLayout<F>.size == MemoryLayout<UnsafeRawPointer>.size, "a C function pointer type")
        guard let handle = library.handle, let symbol = dlsym(handle, name) else { return nil }
        return unsafeBitCast(symbol, to: F.self)
    }

    /// The peers' status for the report: `gcc <version>, …`, or why they are absent (building them first when not yet
    /// tried).
    static var status: String { library.status }

    private static func build() -> Library {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CAMathBaselines")
        guard FileManager.default.fileExists(atPath: sources.appendingPathComponent("div.c").path) else {
            return Library(handle: nil, status: "absent: the baselines' sources are not at \(sources.path)")
        }
        guard let version = run(["gcc", "-dumpfullversion"]), !version.isEmpty else {
            return Library(handle: nil, status: "absent: no gcc on the PATH")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("camath-gcc-peers-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var objects: [String] = []
        for (file, contract) in [("div", "off"), ("rcp", "off"), ("div_fma", "fast"), ("rcp_fma", "fast")] {
            let object = directory.appendingPathComponent("\(file).o").path
            let flags = ["-O3", "-march=native", "-fPIC", "-ffp-contract=\(contract)", "-w"]
            guard
                run(
                    ["gcc"] + flags + [
                        "-I", sources.appendingPathComponent("include").path, "-c", sources.appendingPathComponent("\(file).c").path, "-o",
                        object
                    ]
                ) != nil
            else { return Library(handle: nil, status: "absent: gcc \(version) failed on \(file).c") }
            objects.append(object)
        }
        let library = directory.appendingPathComponent("peers.so").path
        guard run(["gcc", "-shared", "-o", library] + objects + ["-lm"]) != nil, let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL) else {
            return Library(handle: nil, status: "absent: gcc \(version) could not link or load the peers")
        }
        return Library(handle: handle, status: "gcc \(version), -O3 -march=native")
    }

    /// Runs a command found on the `PATH`; its standard output, or `nil` when it could not run or failed.
    private static func run(_ arguments: [String]) -> String? {
        let process = Process(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
