import CAMath
import CAMathProbes
import Foundation

/// What this machine can do at most, measured in the same run as the kernels so every benchmark row can
/// be read as a fraction of it: arithmetic peaks of the instruction set the kernels use, and memory
/// bandwidth (read, copy, triad) over a ladder of working sets from L1/L2-resident to DRAM, on one
/// thread and on all.
package struct MachineLimits: Codable, Sendable, Equatable {
    /// One bandwidth measurement.
    package struct Bandwidth: Codable, Sendable, Equatable {
        /// `read`, `copy` or `triad` (STREAM's kernels; bytes read plus bytes written, no write-allocate).
        package var kernel: String
        /// Bytes of all arrays together, split evenly between the threads.
        package var workingSetBytes: Int
        /// Threads that ran it, each on its own slice.
        package var threads: Int
        /// The best GB/s (10⁹ bytes per second) over the repeats: a peak, so that rooflines built on it
        /// are upper bounds.
        package var gigabytesPerSecond: Double
    }

    /// The instruction set the probes (and the `.simd` kernels) used.
    package var instructionSet: String
    /// Lane-FMAs per second × 2, one thread, in GFLOP/s: the usual "FMA peak". Every peak is the best of
    /// its repeats.
    package var fmaPeakGFlops: Double
    /// Lane multiplies or adds per second, one thread, in G/s: the compute bound of kernels that keep
    /// multiply and add separate (the bit-exact contract forbids FMA contraction).
    package var mulAddPeakGOps: Double
    /// Lane divisions per second, one thread, in G/s.
    package var divisionPeakGOps: Double
    /// Lane square roots per second, one thread, in G/s (on most x86 cores the divider computes them).
    package var squareRootPeakGOps: Double
    /// Every bandwidth measurement.
    package var bandwidth: [Bandwidth]

    /// Timed samples per probe; each probe keeps its best. The kept maximum approaches the true peak as
    /// samples grow, and the roofline is only an upper bound if it does (with 5, pairwise concat in L2
    /// still came out 1 % above its roof in one run of two).
    static let samples = 9

    /// The working sets of the bandwidth probes: 64 KiB to 256 MiB in steps of 4×.
    package static let workingSets = [1 << 16, 1 << 18, 1 << 20, 1 << 22, 1 << 24, 1 << 26, 1 << 28]

    /// The memory bandwidth in GB/s that bounds an operation reading `read` and writing `written` bytes
    /// per item, at a working set of `bytes` on `threads` threads, or `nil` when `threads` was not measured.
    ///
    /// It is an upper bound by construction: at each probed working set, a byte read costs `1/B_read` (the
    /// read probe) and a byte written the least that the copy (1 read : 1 write) or the triad (2 : 1)
    /// probe leaves after its reads, so the operation's own mix costs no more than any probe paid for it;
    /// between two probed sizes the faster of the two neighbours applies (beyond the ladder, the nearest).
    package func memoryBandwidth(read: Int, written: Int, workingSet bytes: Int, threads: Int) -> Double? {
        probedNeighbours(of: bytes).compactMap { mixedBandwidth(read: read, written: written, at: $0, threads: threads) }.max()
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

    /// These limits with each bandwidth figure raised to the best of `more` measurements of the same probe
    /// (same kernel, working set and threads): a shared machine's bandwidth drifts over a run, and a
    /// roofline must bound every row.
    package func raising(_ more: [Bandwidth]) -> MachineLimits {
        var raised = self
        raised.bandwidth = bandwidth.map { b in
            var best = b
            for m in more where m.kernel == b.kernel && m.workingSetBytes == b.workingSetBytes && m.threads == b.threads {
                best.gigabytesPerSecond = max(best.gigabytesPerSecond, m.gigabytesPerSecond)
            }
            return best
        }
        return raised
    }

    /// The probed working sets a roofline at `bytes` reads: the neighbours on either side (one beyond the ladder).
    package func probedNeighbours(of bytes: Int) -> [Int] {
        let sizes = Set(bandwidth.map(\.workingSetBytes)).sorted()
        return Array(Set([sizes.last { $0 <= bytes }, sizes.first { $0 >= bytes }].compactMap { $0 })).sorted()
    }

    /// Measures every limit, the bandwidth at `sizes` (by default the whole ladder). Cost: about
    /// `seconds` × (3 + 3 × sizes × thread counts) of wall time, more at DRAM sizes (at least three
    /// passes per sample); buffers of the largest size are allocated and touched once.
    package static func measure(
        seconds: Double = 0.1, threads: Int = Batch.processorCount, sizes: [Int] = workingSets,
        progress: (String) -> Void = { _ in }
    ) -> MachineLimits {
        let isa = InstructionSet.current
        progress("measuring arithmetic peaks (\(isa))")
        let fma = peak(seconds) { camath_probe_fma(Int32(isa.level), $0, $1) }
        let mulAdd = peak(seconds) { camath_probe_mul_add(Int32(isa.level), $0, $1) }
        let division = peak(seconds) { camath_probe_div(Int32(isa.level), $0, $1) }
        let squareRoot = peak(seconds) { camath_probe_sqrt(Int32(isa.level), $0, $1) }
        let probe = BandwidthProbe(isa: isa, largestWorkingSet: sizes.max() ?? workingSets[0])
        var bandwidth: [Bandwidth] = []
        for t in Array(Set([1, max(1, threads)])).sorted() {
            progress("measuring memory bandwidth on \(t) thread\(t == 1 ? "" : "s")")
            for bytes in sizes {
                bandwidth += probe.measure(workingSet: bytes, threads: t, seconds: seconds / 2, samples: samples)
            }
        }
        return MachineLimits(
            instructionSet: isa.description, fmaPeakGFlops: 2 * fma / 1e9,
            mulAddPeakGOps: mulAdd / 1e9, divisionPeakGOps: division / 1e9, squareRootPeakGOps: squareRoot / 1e9,
            bandwidth: bandwidth)
    }

    /// Lane operations per second of `probe(iterations, sink)`, the best of ``samples`` timed calls.
    private static func peak(_ seconds: Double, _ probe: (Int, UnsafeMutablePointer<Double>) -> Double) -> Double {
        var sink = 0.0
        let calibrate = Stopwatch.now()
        let calibrationIterations = 100_000
        _ = probe(calibrationIterations, &sink)
        let perIteration = max(Stopwatch.now() - calibrate, 1e-9) / Double(calibrationIterations)
        let iterations = max(1_000, Int(max(seconds / Double(samples), 0.002) / perIteration))
        var rates: [Double] = []
        for _ in 0..<samples {
            let t0 = Stopwatch.now()
            let lanes = probe(iterations, &sink)
            rates.append(lanes / (Stopwatch.now() - t0))
        }
        return rates.max()!
    }
}

/// The median of a non-empty array (the upper one for an even count).
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
