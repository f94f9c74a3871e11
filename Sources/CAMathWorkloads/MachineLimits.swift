import CAMath
import CAMathProbes
import Foundation

/// What this machine can do at most, measured in the same run as the kernels so every benchmark row can
/// be read as a fraction of it: arithmetic peaks of the instruction set the kernels use, and memory
/// bandwidth (read, copy, triad) in cache and in DRAM, on one thread and on all.
public struct MachineLimits: Codable, Sendable, Equatable {
    /// One bandwidth measurement.
    public struct Bandwidth: Codable, Sendable, Equatable {
        /// `read`, `copy` or `triad` (STREAM's kernels; bytes read plus bytes written).
        public var kernel: String
        /// `cache` (a working set of ``cacheWorkingSetBytes``) or `dram` (``dramWorkingSetBytes``).
        public var level: String
        /// Threads that ran it, each on its own slice.
        public var threads: Int
        /// Median GB/s (10⁹ bytes per second).
        public var gigabytesPerSecond: Double
    }

    /// The instruction set the probes (and the `.simd` kernels) used.
    public var instructionSet: String
    /// Lane-FMAs per second × 2, one thread, in GFLOP/s: the usual "FMA peak".
    public var fmaPeakGFlops: Double
    /// Lane multiplies or adds per second, one thread, in G/s: the compute bound of kernels that keep
    /// multiply and add separate (the bit-exact contract forbids FMA contraction).
    public var mulAddPeakGOps: Double
    /// Lane divisions per second, one thread, in G/s.
    public var divisionPeakGOps: Double
    /// Every bandwidth measurement.
    public var bandwidth: [Bandwidth]

    /// Working set of the in-cache bandwidth probes (fits a 1 MiB L2 with room to spare).
    public static let cacheWorkingSetBytes = 384 * 1024
    /// Working set of the DRAM bandwidth probes (far beyond any last-level cache).
    public static let dramWorkingSetBytes = 384 * 1024 * 1024

    /// The triad bandwidth (the read-and-write mix of the batch kernels) at `level` for `threads`.
    public func triad(level: String, threads: Int) -> Double? {
        bandwidth.first { $0.kernel == "triad" && $0.level == level && $0.threads == threads }?.gigabytesPerSecond
    }

    /// Measures every limit. Cost: about `seconds` × 12 of wall time (the DRAM buffers are allocated and
    /// touched once, 384 MiB).
    public static func measure(seconds: Double = 0.1, threads: Int = Batch.processorCount,
                               progress: (String) -> Void = { _ in }) -> MachineLimits {
        let isa = InstructionSet.current
        progress("measuring arithmetic peaks (\(isa))")
        let fma = peak(seconds) { camath_probe_fma(Int32(isa.rawValue), $0, $1) }
        let mulAdd = peak(seconds) { camath_probe_mul_add(Int32(isa.rawValue), $0, $1) }
        let division = peak(seconds) { camath_probe_div(Int32(isa.rawValue), $0, $1) }
        var bandwidth: [Bandwidth] = []
        for (level, bytes) in [("cache", cacheWorkingSetBytes), ("dram", dramWorkingSetBytes)] {
            for t in Array(Set([1, max(1, threads)])).sorted() {
                progress("measuring \(level) bandwidth on \(t) thread\(t == 1 ? "" : "s")")
                bandwidth += measureBandwidth(isa: isa, level: level, bytes: bytes, threads: t, seconds: seconds)
            }
        }
        return MachineLimits(instructionSet: isa.description, fmaPeakGFlops: 2 * fma / 1e9,
                             mulAddPeakGOps: mulAdd / 1e9, divisionPeakGOps: division / 1e9, bandwidth: bandwidth)
    }

    /// Lane operations per second of `probe(iterations, sink)`, median of five timed calls.
    private static func peak(_ seconds: Double, _ probe: (Int, UnsafeMutablePointer<Double>) -> Double) -> Double {
        var sink = 0.0
        let calibrate = Stopwatch.now()
        let calibrationIterations = 100_000
        _ = probe(calibrationIterations, &sink)
        let perIteration = max(Stopwatch.now() - calibrate, 1e-9) / Double(calibrationIterations)
        let iterations = max(1_000, Int(seconds / 5 / perIteration))
        var rates: [Double] = []
        for _ in 0..<5 {
            let t0 = Stopwatch.now()
            let lanes = probe(iterations, &sink)
            rates.append(lanes / (Stopwatch.now() - t0))
        }
        return median(rates)
    }

    /// Read, copy and triad over `bytes` split across `threads` threads (each thread its own slices).
    private static func measureBandwidth(isa: InstructionSet, level: String, bytes: Int, threads: Int,
                                         seconds: Double) -> [Bandwidth] {
        // Three arrays per thread (triad's a, b, c), together `bytes` for all threads.
        let n = max(16, (bytes / 8 / 3 / threads) / 16 * 16)
        let arrays = (0..<threads).map { _ in (0..<3).map { _ in Buffer(repeating: 1.0, count: n) } }
        let isaValue = Int32(isa.rawValue)
        func rate(_ bytesPerCall: Int, _ body: @escaping @Sendable (Int) -> Void) -> Double {
            let run: @Sendable () -> Void = {
                if threads == 1 { body(0) } else { DispatchQueue.concurrentPerform(iterations: threads, execute: body) }
            }
            run()
            let t0 = Stopwatch.now()
            run()
            let calls = max(1, Int(seconds / 5 / max(Stopwatch.now() - t0, 1e-9)))
            var rates: [Double] = []
            for _ in 0..<5 {
                let start = Stopwatch.now()
                for _ in 0..<calls { run() }
                rates.append(Double(bytesPerCall * threads * calls) / (Stopwatch.now() - start) / 1e9)
            }
            return median(rates)
        }
        let pointers = SendableBuffers(arrays.map { $0.map(\.pointer.baseAddress!) })
        let read = rate(8 * n) { t in _ = camath_probe_read(isaValue, pointers.base[t][0], n) }
        let copy = rate(16 * n) { t in camath_probe_copy(isaValue, pointers.base[t][0], pointers.base[t][1], n) }
        let triad = rate(24 * n) { t in camath_probe_triad(isaValue, pointers.base[t][0], pointers.base[t][1], pointers.base[t][2], 3, n) }
        return withExtendedLifetime(arrays) {
            [Bandwidth(kernel: "read", level: level, threads: threads, gigabytesPerSecond: read),
             Bandwidth(kernel: "copy", level: level, threads: threads, gigabytesPerSecond: copy),
             Bandwidth(kernel: "triad", level: level, threads: threads, gigabytesPerSecond: triad)]
        }
    }
}

/// Base addresses of buffers that outlive every use (the probes' threads only touch their own slice).
private struct SendableBuffers: @unchecked Sendable {
    let base: [[UnsafeMutablePointer<Double>]]
    init(_ base: [[UnsafeMutablePointer<Double>]]) { self.base = base }
}

/// The median of a non-empty array (the upper one for an even count).
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
