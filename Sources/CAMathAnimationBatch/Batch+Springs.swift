import CAMathAnimation
@_spi(Benchmarks) import CAMathBatch
import _CAMathKernels

extension Batch {
    /// `x[i] = spring.fraction(atTime: times[i])`: one spring at many times (a spring's samples).
    /// Paths: `.scalar` (the reference per time); `.simd` (vector lanes with their own e^x: within
    /// `ExactnessBudget.springFraction(_:atTime:)` of the reference — 1e-12·(1 + A(t)), A(t) the magnitude of the
    /// displacement's terms — and every special value the same); `.blas` throws. `x` may be `times`' memory. Mismatched counts throw before
    /// anything is written. Cost: O(n), about three exponentials and a sine and cosine each.
    public static func springFractions(
        _ spring: DampedSpring, at times: UnsafeBufferPointer<Double>,
        into x: UnsafeMutableBufferPointer<Double>,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try BatchError.check("x", x.count, equals: times.count)
        try withUnsafePointer(to: spring) { one throws(BatchError) in
            try springs(
                times.count, UnsafeBufferPointer(start: one, count: 1), springStep: 0, times: times.baseAddress, timeStep: 1, into: x,
                options: options.exactPrecision)
        }
    }

    /// `x[i] = springs[i].fraction(atTime: t)`: many springs at one time (a frame). As
    /// `springFractions(_:at:into:options:)`.
    public static func springFractions(
        _ springs: UnsafeBufferPointer<DampedSpring>, atTime t: Double,
        into x: UnsafeMutableBufferPointer<Double>,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try BatchError.check("x", x.count, equals: springs.count)
        try withUnsafePointer(to: t) { time throws(BatchError) in
            try Self.springs(
                springs.count, springs, springStep: 1, times: time, timeStep: 0, into: x,
                options: options.exactPrecision)
        }
    }

    /// Array forms of `springFractions(_:at:into:options:)`.
    public static func springFractions(
        _ spring: DampedSpring, at times: [Double],
        options: BatchOptions = .auto
    ) throws(BatchError) -> [Double] {
        try Array.filled(count: times.count) { out throws(BatchError) in
            try times.withUnsafeBufferPointer { ts throws(BatchError) in
                try springFractions(spring, at: ts, into: out, options: options.exactPrecision)
            }
        }
    }

    /// Array form of `springFractions(_:atTime:into:options:)`.
    public static func springFractions(
        _ springs: [DampedSpring], atTime t: Double,
        options: BatchOptions = .auto
    ) throws(BatchError) -> [Double] {
        try Array.filled(count: springs.count) { out throws(BatchError) in
            try springs.withUnsafeBufferPointer { s throws(BatchError) in
                try springFractions(s, atTime: t, into: out, options: options.exactPrecision)
            }
        }
    }

    /// The kernel over `n` elements: element i has spring `params[i]` (`springStep` 1) or `params[0]` (0) and the
    /// time `times[i·timeStep]`; the lanes whose sine needs the long reduction take the reference.
    static func springs(
        _ n: Int, _ params: UnsafeBufferPointer<DampedSpring>, springStep: Int, times: UnsafePointer<Double>?, timeStep: Int,
        into x: UnsafeMutableBufferPointer<Double>, options: BatchOptions
    ) throws(BatchError) {
        let (resolved, threadCount, kernels) = try schedule(.springs, count: n, options: options.exactPrecision)
        guard n > 0, let times, let o = x.baseAddress, let s = params.baseAddress else { return }
        let pt = SharedReadPointer(base: times), po = SharedPointer(base: o), ps = SharedReadPointer(base: s)
        let fields = Int(CAMATH_SPRING_FIELDS), paramStep = springStep * fields
        // The springs in the kernel's layout (it computes ω₀ and ζ in its lanes): one spring's once, many
        // springs' block by block in each chunk.
        @Sendable func kernelParameters(_ spring: DampedSpring, into p: UnsafeMutablePointer<Double>) {
            (p[0], p[1], p[2], p[3], p[4]) = (
                spring.mass, spring.stiffness, spring.damping, spring.initialVelocity, spring.allowsOverdamping ? 1 : 0
            )
        }
        withUnsafeTemporaryAllocation(of: Double.self, capacity: fields) { one in
            kernelParameters(s[0], into: one.baseAddress!)
            let shared = SharedReadPointer(base: UnsafePointer(one.baseAddress!))
            chunks(count: n, threads: threadCount) { r in
                if resolved == .scalar {
                    for i in r { po.base[i] = ps.base[i * springStep].fraction(atTime: pt.base[i * timeStep]) }
                    return
                }
                let block = Batch.block
                withUnsafeTemporaryAllocation(of: Double.self, capacity: (1 + fields) * block) { scratch in
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: block) { slow in
                        let inputs = scratch.baseAddress!, table = inputs + block
                        var start = r.lowerBound
                        while start < r.upperBound {
                            let count = min(block, r.upperBound - start)
                            // A copy of the times, so that the rare lanes can be redone after `x` (maybe the times) is written.
                            for j in 0..<count { inputs[j] = pt.base[(start + j) * timeStep] }
                            if springStep != 0 {
                                for j in 0..<count { kernelParameters(ps.base[start + j], into: table + fields * j) }
                            }
                            kernels.k.spring_fractions(
                                springStep == 0 ? shared.base : UnsafePointer(table), paramStep, inputs, 1, po.base + start,
                                slow.baseAddress!, count)
                            forEachMarked(slow.baseAddress!, count: count) { j in
                                po.base[start + j] = ps.base[(start + j) * springStep].fraction(atTime: inputs[j])
                            }
                            start += count
                        }
                    }
                }
            }
        }
    }
}
