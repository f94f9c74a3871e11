import CAMath
import CAMathProbes
import Foundation

/// The read, copy and triad probes (CAMathProbes) over three arrays allocated once: for the run-wide
/// ``MachineLimits`` and for the runner's probes taken in the same rounds as the rows they bound.
package final class BandwidthProbe: @unchecked Sendable {
    private let isa: InstructionSet
    private let arrays: [Buffer<Double>]
    /// The largest working set ``measure(workingSet:threads:seconds:samples:)`` accepts, in bytes.
    package let largestWorkingSet: Int

    /// Allocates and touches three arrays that together hold `largestWorkingSet` bytes.
    package init(isa: InstructionSet = .current, largestWorkingSet: Int) {
        self.isa = isa
        self.largestWorkingSet = largestWorkingSet
        let count = max(64, largestWorkingSet / 8 / 3 / 32 * 32)
        arrays = (0..<3).map { _ in Buffer(repeating: 1.0, count: count) }
    }

    /// Read, copy and triad over `workingSet` bytes of the arrays (at most the largest working set), split across
    /// `threads` threads; each thread repeats passes over its own slice (at least three per sample, so a
    /// DRAM-sized sample is not one cold pass), in every stream layout (1, 2 or 4 interleaved parts per
    /// array), and the best of `samples` samples of about `seconds / samples` (at least 2 ms) is kept.
    package func measure(workingSet: Int, threads: Int, seconds: Double, samples: Int) -> [MachineLimits.Bandwidth] {
        let n = max(32, (workingSet / 8 / 3 / threads) / 32 * 32)
        precondition(workingSet <= largestWorkingSet, "the probe's arrays hold less than \(workingSet) bytes")
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
            // A sample lasts at least 2 ms whatever `seconds` asks: shorter ones time the timer, not memory.
            let passes = max(3, Int(max(seconds / Double(samples), 0.002) / max(Stopwatch.now() - t0, 1e-9)))
            var best = 0.0
            for _ in 0..<samples {
                let start = Stopwatch.now()
                run(passes)
                best = max(best, Double(bytesPerPass * threads * passes) / (Stopwatch.now() - start) / 1e9)
            }
            return best
        }
        let read = [1, 2, 4].map { k in rate(8 * n) { t in _ = camath_probe_read(isaValue, base[0] + t * n, n, Int32(k)) } }.max()!
        let copy = [1, 2, 4].map { k in rate(16 * n) { t in camath_probe_copy(isaValue, base[0] + t * n, base[1] + t * n, n, Int32(k)) } }
            .max()!
        let triad = [1, 2, 4].map { k in
            rate(24 * n) { t in camath_probe_triad(isaValue, base[0] + t * n, base[1] + t * n, base[2] + t * n, 3, n, Int32(k)) }
        }.max()!
        return withExtendedLifetime(arrays) {
            [("read", read), ("copy", copy), ("triad", triad)].map {
                MachineLimits.Bandwidth(kernel: $0.0, workingSetBytes: workingSet, threads: threads, gigabytesPerSecond: $0.1)
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
