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

    /// The largest difference in ulps between `path`'s output and `.scalar`'s (NaN pairs match; a NaN
    /// against a number counts as `Int.max`).
    public func maxULPDifference(path: BatchPath, threads: Int) throws(BatchError) -> Int {
        try run(path: .scalar, threads: 1)
        let reference = output()
        try run(path: path, threads: threads)
        return zip(reference, output()).map { ulps($0, $1) }.max() ?? 0
    }

    /// Whether `path` can run this operation here.
    public func supports(_ path: BatchPath) -> Bool {
        path != .blas || (operation.isMatrixProduct && CBLAS.available != nil)
    }
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
