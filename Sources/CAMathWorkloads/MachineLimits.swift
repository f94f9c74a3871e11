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
        /// The best GB/s (10⁹ bytes per second) over the repeats: a peak, so that rooflines built on it
        /// are upper bounds.
        public var gigabytesPerSecond: Double
    }

    /// The instruction set the probes (and the `.simd` kernels) used.
    public var instructionSet: String
    /// Lane-FMAs per second × 2, one thread, in GFLOP/s: the usual "FMA peak". Every peak is the best of
    /// its repeats.
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

    /// The memory bandwidth in GB/s that bounds an operation reading `read` and writing `written` bytes
    /// per item, at a working set of `bytes` on `threads` threads, or `nil` when `threads` was not measured.
    ///
    /// It is an upper bound by construction: at each probed working set, a byte read costs `1/B_read` (the
    /// read probe) and a byte written the least that the copy (1 read : 1 write) or the triad (2 : 1)
    /// probe leaves after its reads, so the operation's own mix costs no more than any probe paid for it;
    /// between two probed sizes the faster of the two neighbours applies (beyond the ladder, the nearest).
    public func memoryBandwidth(read: Int, written: Int, workingSet bytes: Int, threads: Int) -> Double? {
        let sizes = Set(bandwidth.filter { $0.threads == threads }.map(\.workingSetBytes)).sorted()
        let neighbours = [sizes.last { $0 <= bytes }, sizes.first { $0 >= bytes }].compactMap { $0 }
        return neighbours.compactMap { mixedBandwidth(read: read, written: written, at: $0, threads: threads) }.max()
    }

    /// The read/write-weighted bandwidth at one probed working set (see ``memoryBandwidth(read:written:workingSet:threads:)``).
    func mixedBandwidth(read: Int, written: Int, at size: Int, threads: Int) -> Double? {
        func best(_ kernel: String) -> Double? {
            bandwidth.filter { $0.kernel == kernel && $0.workingSetBytes == size && $0.threads == threads }.map(\.gigabytesPerSecond).max()
        }
        guard let readRate = best("read") else { return [best("copy"), best("triad")].compactMap { $0 }.max() }
        let writeCosts = [best("copy").map { 2 / $0 - 1 / readRate }, best("triad").map { 3 / $0 - 2 / readRate }].compactMap { $0 }
        let writeCost = max(0, writeCosts.min() ?? 0)
        return Double(read + written) / (Double(read) / readRate + Double(written) * writeCost)
    }

    /// The best of two measurements of the same machine, figure by figure (peaks and every bandwidth
    /// probe): a shared machine's bandwidth drifts over a run, and a roofline must bound every row.
    public func best(_ other: MachineLimits) -> MachineLimits {
        var merged = self
        merged.fmaPeakGFlops = max(fmaPeakGFlops, other.fmaPeakGFlops)
        merged.mulAddPeakGOps = max(mulAddPeakGOps, other.mulAddPeakGOps)
        merged.divisionPeakGOps = max(divisionPeakGOps, other.divisionPeakGOps)
        merged.bandwidth = bandwidth.map { b in
            let again = other.bandwidth.first { $0.kernel == b.kernel && $0.workingSetBytes == b.workingSetBytes && $0.threads == b.threads }
            var best = b
            best.gigabytesPerSecond = max(b.gigabytesPerSecond, again?.gigabytesPerSecond ?? 0)
            return best
        }
        return merged
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

    /// Lane operations per second of `probe(iterations, sink)`, the best of five timed calls.
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
        return rates.max()!
    }

    /// Read, copy and triad over `workingSet` bytes of the three `arrays`, split across `threads`
    /// threads; each thread repeats passes over its own slice (at least three per sample, so a DRAM-sized
    /// sample is not one cold pass), in both stream layouts, and the best of five samples is kept.
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
            let passes = max(3, Int(seconds / 5 / max(Stopwatch.now() - t0, 1e-9)))
            var rates: [Double] = []
            for _ in 0..<5 {
                let start = Stopwatch.now()
                run(passes)
                rates.append(Double(bytesPerPass * threads * passes) / (Stopwatch.now() - start) / 1e9)
            }
            return rates.max()!
        }
        // Each probe in both layouts (one stream per array, or two interleaved halves): the better one counts.
        let read = [1, 2].map { k in rate(8 * n) { t in _ = camath_probe_read(isaValue, base[0] + t * n, n, Int32(k)) } }.max()!
        let copy = [1, 2].map { k in rate(16 * n) { t in camath_probe_copy(isaValue, base[0] + t * n, base[1] + t * n, n, Int32(k)) } }.max()!
        let triad = [1, 2].map { k in
            rate(24 * n) { t in camath_probe_triad(isaValue, base[0] + t * n, base[1] + t * n, base[2] + t * n, 3, n, Int32(k)) }
        }.max()!
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
