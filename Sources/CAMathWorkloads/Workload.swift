import CAMath
import Foundation

/// One batch operation at one size with its inputs and outputs allocated once: `run` times the
/// operation, `check` compares a path's output with `.scalar`'s.
public final class Workload: @unchecked Sendable {
    /// The operation.
    public let operation: BatchOperation
    /// Elements per call (for the hit test: points; ``pairs`` counts point×layer pairs).
    public let count: Int
    /// Work items per call that Mops/s counts (elements, or point×layer pairs for the hit test).
    public let items: Int
    private let body: (BatchPath, Int?) throws(BatchError) -> Void
    private let output: () -> [Double]

    init(_ operation: BatchOperation, count: Int, items: Int? = nil,
         body: @escaping (BatchPath, Int?) throws(BatchError) -> Void, output: @escaping () -> [Double]) {
        self.operation = operation; self.count = count; self.items = items ?? count
        self.body = body; self.output = output
    }

    /// Runs the operation once on `path` with `threads` threads (`nil`: the measured thresholds decide).
    public func run(path: BatchPath, threads: Int?) throws(BatchError) { try body(path, threads) }

    /// The output of the latest run, flattened to doubles (flags as 0 and 1, hit indices as numbers).
    public func snapshot() -> [Double] { output() }

    /// How far the latest run's output is from `reference` (a ``snapshot()`` of `.scalar`'s).
    public func deviation(from reference: [Double]) -> Deviation {
        let current = output()
        var worstULP = current.count == reference.count ? 0 : Int.max
        var worstDifference = 0.0, scale = 0.0
        for (value, expected) in zip(current, reference) {
            worstULP = max(worstULP, ulps(value, expected))
            if expected.isFinite { scale = max(scale, abs(expected)) }
            if value.isNaN != expected.isNaN || (value.isInfinite || expected.isInfinite) && value != expected {
                worstDifference = .infinity
            } else if value.isFinite && expected.isFinite {
                worstDifference = max(worstDifference, abs(value - expected))
            }
        }
        return Deviation(maxULP: worstULP, maxRelativeError: worstDifference == 0 ? 0 : worstDifference / max(scale, .leastNormalMagnitude))
    }

    /// The largest difference in ulps between `path`'s output and `.scalar`'s.
    public func maxULPDifference(path: BatchPath, threads: Int) throws(BatchError) -> Int {
        try run(path: .scalar, threads: 1)
        let reference = output()
        try run(path: path, threads: threads)
        return deviation(from: reference).maxULP
    }

    /// Whether `path` can run this operation here.
    public func supports(_ path: BatchPath) -> Bool {
        path != .blas || (operation.isMatrixProduct && CBLAS.available != nil)
    }
}

/// How far one output is from another.
public struct Deviation: Sendable, Equatable {
    /// Largest difference in ulps (NaN pairs match; a NaN against a number, or a length mismatch, is `Int.max`).
    public var maxULP: Int
    /// Largest |difference| over the reference's largest finite magnitude (∞ for a NaN or infinity mismatch).
    public var maxRelativeError: Double
}

/// The distance in units in the last place between two doubles (0 for equal values or two NaNs).
public func ulps(_ a: Double, _ b: Double) -> Int {
    if a == b || (a.isNaN && b.isNaN) { return 0 }
    if a.isNaN || b.isNaN || !a.isFinite || !b.isFinite { return Int.max }
    func ordered(_ x: Double) -> Int64 {
        let bits = Int64(bitPattern: x.bitPattern)
        return bits < 0 ? Int64.min - bits : bits
    }
    let d = ordered(a).subtractingReportingOverflow(ordered(b))
    return d.overflow ? Int.max : Int(d.partialValue.magnitude)
}
