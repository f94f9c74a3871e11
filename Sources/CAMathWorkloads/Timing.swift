import CAMath
#if canImport(Glibc)
import Glibc
#endif

/// Median and spread of repeated timed runs.
public struct Timing: Sendable {
    /// Items per second, median over the samples, in millions.
    public let mops: Double
    /// The slowest and fastest sample, Mops/s.
    public let minMops: Double, maxMops: Double
    /// Samples taken.
    public let samples: Int

    /// (max − min) / median.
    public var spread: Double { (maxMops - minMops) / mops }
}

/// Wall-clock timing of workloads: two warm-up calls, then `samples` samples of back-to-back calls,
/// each sample lasting at least `seconds / samples`.
public enum Stopwatch {
    /// Seconds on the monotonic clock.
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    /// Times `workload` on `path` with `threads` threads (`nil`: the measured thresholds).
    public static func time(_ workload: Workload, path: BatchPath, threads: Int?, samples: Int = 5, seconds: Double = 0.25) throws(BatchError) -> Timing {
        try workload.run(path: path, threads: threads)
        try workload.run(path: path, threads: threads)
        let start = now()
        try workload.run(path: path, threads: threads)
        let once = max(now() - start, 1e-9)
        let callsPerSample = max(1, Int((seconds / Double(samples)) / once))
        var rates: [Double] = []
        for _ in 0..<samples {
            let t0 = now()
            for _ in 0..<callsPerSample { try workload.run(path: path, threads: threads) }
            let elapsed = now() - t0
            rates.append(Double(workload.items * callsPerSample) / elapsed / 1e6)
        }
        rates.sort()
        return Timing(mops: rates[rates.count / 2], minMops: rates.first!, maxMops: rates.last!, samples: samples)
    }
}
