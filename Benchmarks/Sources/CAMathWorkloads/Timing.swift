import CAMath
#if canImport(Glibc)
import Glibc
#endif

/// Wall-clock timing of workloads on the monotonic clock.
package enum Stopwatch {
    /// Seconds on the monotonic clock.
    package static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    /// Back-to-back calls that fill `seconds`, from one timed call (call it after a warm-up); at least one.
    package static func calls(_ workload: Workload, path: BenchmarkPath, threads: Int?, seconds: Double) throws(BatchError) -> Int {
        let start = now()
        try workload.run(path: path, threads: threads)
        return max(1, Int(seconds / max(now() - start, 1e-9)))
    }

    /// One sample: `calls` back-to-back calls; returns million items per second.
    package static func sample(_ workload: Workload, path: BenchmarkPath, threads: Int?, calls: Int) throws(BatchError) -> Double {
        let start = now()
        for _ in 0..<calls { try workload.run(path: path, threads: threads) }
        return Double(workload.items * calls) / max(now() - start, 1e-9) / 1e6
    }
}
