import CAMath
import CAMathProbes
import Foundation

/// What this machine can do at most, measured in the same run as the kernels so every benchmark row can
/// be read as a fraction of it: arithmetic peaks of the instruction set the kernels use, and memory
/// bandwidth (read, copy, triad) over a ladder of working sets from L1/L2-resident to DRAM, on one
/// thread and on all.
public struct MachineLimits: Codable, Sendable, Equatable {
    /// One bandwidth measurement.
    public struct Bandwidth: Codable, Sendable, Equatable {
        /// `read`, `copy` or `triad` (STREAM's kernels; bytes read plus bytes written, no write-allocate).
        public var kernel: String
        /// Bytes of all arrays together, split evenly between the threads.
        public var workingSetBytes: Int
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

    /// The working sets of the bandwidth probes: 64 KiB to 256 MiB in steps of 4×.
    public static let workingSets = [1 << 16, 1 << 18, 1 << 20, 1 << 22, 1 << 24, 1 << 26, 1 << 28]

    /// The triad bandwidth (the read-and-write mix of the batch kernels) for a working set of `bytes` on
    /// `threads` threads: the measurement at the largest probed working set not above `bytes` (the
    /// smallest one for tinier sets), so the roofline it gives is an upper bound. `nil` when `threads`
    /// was not measured.
    public func triad(workingSet bytes: Int, threads: Int) -> Double? {
        let rows = bandwidth.filter { $0.kernel == "triad" && $0.threads == threads }.sorted { $0.workingSetBytes < $1.workingSetBytes }
        return (rows.last { $0.workingSetBytes <= bytes } ?? rows.first)?.gigabytesPerSecond
    }

    /// Measures every limit. Cost: about `seconds` × (3 + 6 × working sets × thread counts) of wall time;
    /// 256 MiB of buffers are allocated and touched once.
    public static func measure(seconds: Double = 0.1, threads: Int = Batch.processorCount,
                               progress: (String) -> Void = { _ in }) -> MachineLimits {
        let isa = InstructionSet.current
        progress("measuring arithmetic peaks (\(isa))")
        let fma = peak(seconds) { camath_probe_fma(Int32(isa.level), $0, $1) }
        let mulAdd = peak(seconds) { camath_probe_mul_add(Int32(isa.level), $0, $1) }
        let division = peak(seconds) { camath_probe_div(Int32(isa.level), $0, $1) }
        let largest = workingSets.max()! / 8 / 3 / 16 * 16
        let arrays = (0..<3).map { _ in Buffer(repeating: 1.0, count: largest) }
        var bandwidth: [Bandwidth] = []
        for t in Array(Set([1, max(1, threads)])).sorted() {
            progress("measuring memory bandwidth on \(t) thread\(t == 1 ? "" : "s")")
            for bytes in workingSets {
                bandwidth += measureBandwidth(isa: isa, arrays: arrays, workingSet: bytes, threads: t, seconds: seconds / 2)
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

    /// Read, copy and triad over `workingSet` bytes of the three `arrays`, split across `threads`
    /// threads; each thread repeats passes over its own slice, so dispatch costs vanish in cache too.
    private static func measureBandwidth(isa: InstructionSet, arrays: [Buffer<Double>], workingSet: Int, threads: Int,
                                         seconds: Double) -> [Bandwidth] {
        let n = max(16, (workingSet / 8 / 3 / threads) / 16 * 16)
        let base = SendableBuffers(arrays.map { $0.pointer.baseAddress! })
        let isaValue = Int32(isa.level)
        func rate(_ bytesPerPass: Int, _ pass: @escaping @Sendable (Int) -> Void) -> Double {
            func run(_ passes: Int) {
                let body: @Sendable (Int) -> Void = { t in for _ in 0..<passes { pass(t) } }
                if threads == 1 { body(0) } else { DispatchQueue.concurrentPerform(iterations: threads, execute: body) }
            }
            run(1)
            let t0 = Stopwatch.now()
            run(1)
            let passes = max(1, Int(seconds / 5 / max(Stopwatch.now() - t0, 1e-9)))
            var rates: [Double] = []
            for _ in 0..<5 {
                let start = Stopwatch.now()
                run(passes)
                rates.append(Double(bytesPerPass * threads * passes) / (Stopwatch.now() - start) / 1e9)
            }
            return median(rates)
        }
        let read = rate(8 * n) { t in _ = camath_probe_read(isaValue, base[0] + t * n, n) }
        let copy = rate(16 * n) { t in camath_probe_copy(isaValue, base[0] + t * n, base[1] + t * n, n) }
        let triad = rate(24 * n) { t in camath_probe_triad(isaValue, base[0] + t * n, base[1] + t * n, base[2] + t * n, 3, n) }
        return withExtendedLifetime(arrays) {
            [("read", read), ("copy", copy), ("triad", triad)].map {
                Bandwidth(kernel: $0.0, workingSetBytes: workingSet, threads: threads, gigabytesPerSecond: $0.1)
            }
        }
    }
}

/// Base addresses of buffers that outlive every use (the probes' threads only touch their own slice).
private struct SendableBuffers: @unchecked Sendable {
    let base: [UnsafeMutablePointer<Double>]
    init(_ base: [UnsafeMutablePointer<Double>]) { self.base = base }
    subscript(k: Int) -> UnsafeMutablePointer<Double> { base[k] }
}

/// The median of a non-empty array (the upper one for an even count).
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
