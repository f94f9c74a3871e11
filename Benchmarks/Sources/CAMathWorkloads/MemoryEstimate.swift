@_spi(Benchmarks) import CAMath
import Foundation

/// How much memory a benchmark run needs, and how much this process may use, so that a run that cannot
/// fit is refused before it starts instead of dying half-way.
package enum MemoryEstimate {
    /// Peak resident bytes per element of the largest workload of `operation`: its inputs, outputs, the
    /// scalar reference's snapshot and the copies the check makes. Measured as peak RSS minus the
    /// baseline at N = 1e6 with every path (frames 1.16 KB — the LayerTree and FramePlan dominate —,
    /// concat and key-path write 0.39 KB, decompose 0.32 KB, invert 0.25 KB, point maps 0.15–0.18 KB,
    /// hit test 0.12 KB), rounded up by 25–30 % (a `--full` run measured 14.2 GB at N = 1e7); frames add
    /// the frame baseline's layer records (23 doubles, 184 bytes per layer).
    static func bytesPerElement(_ operation: BatchOperation) -> Int {
        switch operation {
        case .frames: 1_700
        case .concatPairwise, .concatManyByOne, .concatOneByMany, .keyPathWrite, .blend: 500
        case .blendPrepared: 1_000
        case .decompose, .keyPathRead, .invert, .invertAffine: 400
        case .affineRoundTrip: 300
        case .mapPoints3D: 250
        case .mapPoints2D, .hitTest, .autoresize: 200
        case .timingFunction, .springs: 100
        case .animateTransforms: 4_000
        case .animateValues: 2_500
        case .presentationFrames: 3_000
        }
    }

    /// The process's own baseline: runtime, libraries and the 256 MiB of bandwidth-probe arrays.
    static let baselineBytes = 300 << 20

    /// The peak resident bytes `configuration` needs (one workload lives at a time).
    package static func peakBytes(_ configuration: BenchmarkConfiguration) -> Int {
        let largest = configuration.sizes.max() ?? 0
        let perElement = configuration.batchOperations.map(bytesPerElement).max() ?? 0
        return baselineBytes + perElement * largest
    }

    /// The bytes this process may still use: the least of the kernel's MemAvailable, the cgroup's limit
    /// less its usage, and the address-space and data-segment rlimits; `nil` when none is known.
    package static func availableBytes() -> Int? {
        var limits: [Int] = []
        if let meminfo = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
            let line = meminfo.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
            let kb = Int(line.split(separator: " ").dropFirst().first ?? "")
        {
            limits.append(kb * 1024)
        }
        func number(_ path: String) -> Int? {
            (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        if let max = number("/sys/fs/cgroup/memory.max") {
            limits.append(max - (number("/sys/fs/cgroup/memory.current") ?? 0))
        }
        for resource in [RLIMIT_AS, RLIMIT_DATA] {
            var limit = rlimit()
            // RLIM_INFINITY is all ones.
            if getrlimit(__rlimit_resource_t(resource.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max {
                limits.append(Int(clamping: limit.rlim_cur))
            }
        }
        return limits.min()
    }

    /// Why `configuration` cannot run within `available` bytes, or `nil` when it fits.
    package static func problem(_ configuration: BenchmarkConfiguration, available: Int?) -> String? {
        guard let available else { return nil }
        let needed = peakBytes(configuration)
        guard needed > available else { return nil }
        func gb(_ bytes: Int) -> String { String(format: "%.1f GB", Double(bytes) / 1e9) }
        let largest = configuration.sizes.max() ?? 0
        let heaviest = configuration.batchOperations.max { bytesPerElement($0) < bytesPerElement($1) }
        return "the run needs about \(gb(needed)) (\(heaviest?.rawValue ?? "") at N = \(largest)) but only \(gb(available)) of memory "
            + "is available to this process; choose smaller --sizes or other --ops"
    }
}
