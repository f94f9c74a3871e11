import CAMathAnimation
@_spi(Benchmarks) import CAMathBatch
import _CAMathKernels

/// Timing functions prepared for the batch kernels: each curve's coefficients and spline samples, computed
/// once (`TimingCurveTable.evaluate(indices:at:into:options:)`).
public struct TimingCurveTable: Sendable {
    /// The functions, in order.
    public let functions: [TimingFunction]
    /// `CAMATH_CURVE_FIELDS` doubles per function: the solver's 17, whether the controls are finite, two zeros.
    let fields: [Double]

    /// Prepares `functions`. Cost: O(count).
    public init(_ functions: [TimingFunction]) {
        self.functions = functions
        fields = functions.flatMap { $0.curve.solverFields + [$0.isFinite ? 1 : 0, 0, 0] }
    }
}

extension Batch {
    /// `y[i] = function.evaluate(x[i])`: Core Animation's clamp, the spline-bracketed Newton solve and Y in the
    /// reference's order. Paths: `.scalar` (the reference per input); `.simd` (vector lanes, bit-identical; the
    /// rare input that needs bisection takes the reference); `.blas` throws. `y` may be `x`'s memory.
    /// Mismatched counts throw before anything is written. Cost: O(n), typically 2–4 Newton steps each.
    public static func evaluate(
        _ function: TimingFunction, at x: UnsafeBufferPointer<Double>,
        into y: UnsafeMutableBufferPointer<Double>,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try evaluateCurves(TimingCurveTable([function]), indices: nil, at: x, into: y, options: options.exactPrecision)
    }

    /// Array form of `evaluate(_:at:into:options:)`.
    public static func evaluate(
        _ function: TimingFunction, at x: [Double],
        options: BatchOptions = .auto
    ) throws(BatchError) -> [Double] {
        try Array.filled(count: x.count) { out throws(BatchError) in
            try x.withUnsafeBufferPointer { xs throws(BatchError) in
                try evaluate(function, at: xs, into: out, options: options.exactPrecision)
            }
        }
    }

    static func evaluateCurves(
        _ table: TimingCurveTable, indices: UnsafeBufferPointer<UInt32>?, at x: UnsafeBufferPointer<Double>,
        into y: UnsafeMutableBufferPointer<Double>,
        options: BatchOptions
    ) throws(BatchError) {
        let n = x.count
        try BatchError.check("y", y.count, equals: n)
        let (resolved, threadCount, kernels) = try schedule(.timingFunction, count: n, options: options.exactPrecision)
        guard n > 0, let xb = x.baseAddress, let yb = y.baseAddress else { return }
        let px = SharedReadPointer(base: xb), py = SharedPointer(base: yb)
        let functions = table.functions
        let which = indices.flatMap { $0.baseAddress.map { SharedReadPointer(base: $0) } }
        table.fields.withUnsafeBufferPointer { fields in
            let curves = SharedReadPointer(base: fields.baseAddress!)
            chunks(count: n, threads: threadCount) { r in
                if resolved == .scalar {
                    for i in r { py.base[i] = functions[Int(which?.base[i] ?? 0)].evaluate(px.base[i]) }
                    return
                }
                curveLanes(
                    curves.base, functions: functions, which: which.map { $0.base + r.lowerBound }, x: px.base + r.lowerBound,
                    y: py.base + r.lowerBound, count: r.count, kernels: kernels)
            }
        }
    }

    /// The timing-curve kernel over `count` inputs in blocks of `Batch.block`, the rare lanes that need bisection redone
    /// by the reference (from a copy of the block's inputs, so `y` may be `x`'s memory).
    static func curveLanes(
        _ curves: UnsafePointer<Double>, functions: [TimingFunction], which: UnsafePointer<UInt32>?, x: UnsafePointer<Double>,
        y: UnsafeMutablePointer<Double>, count n: Int, kernels: KernelTable
    ) {
        let block = Batch.block
        withUnsafeTemporaryAllocation(of: Double.self, capacity: block) { inputs in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: block) { slow in
                var start = 0
                while start < n {
                    let count = min(block, n - start)
                    inputs.baseAddress!.update(from: x + start, count: count)
                    kernels.k.timing_curve(curves, which.map { $0 + start }, inputs.baseAddress!, y + start, slow.baseAddress!, count)
                    forEachMarked(slow.baseAddress!, count: count) { j in
                        y[start + j] = functions[Int(which?[start + j] ?? 0)].evaluate(inputs[j])
                    }
                    start += count
                }
            }
        }
    }
}

extension TimingCurveTable {
    /// `y[i] = functions[indices[i]].evaluate(x[i])`: many timing functions, one per input. An index
    /// outside the table throws before anything is written; otherwise as `Batch.evaluate(_:at:into:options:)`.
    public func evaluate(
        indices: UnsafeBufferPointer<UInt32>,
        at x: UnsafeBufferPointer<Double>, into y: UnsafeMutableBufferPointer<Double>,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try BatchError.check("indices", indices.count, equals: x.count)
        if let bad = indices.firstIndex(where: { Int($0) >= functions.count }) {
            throw .indexOutOfRange(argument: "indices", position: bad, index: Int(indices[bad]), count: functions.count)
        }
        try Batch.evaluateCurves(self, indices: indices, at: x, into: y, options: options.exactPrecision)
    }

    /// Array form of ``evaluate(indices:at:into:options:)``.
    public func evaluate(
        indices: [UInt32], at x: [Double],
        options: BatchOptions = .auto
    ) throws(BatchError) -> [Double] {
        try Array.filled(count: x.count) { out throws(BatchError) in
            try x.withUnsafeBufferPointer { xs throws(BatchError) in
                try indices.withUnsafeBufferPointer { w throws(BatchError) in
                    try evaluate(indices: w, at: xs, into: out, options: options.exactPrecision)
                }
            }
        }
    }
}
