import CAMath

/// A path as the benchmark measures it: a ``BatchPath`` at a ``BatchPrecision``. `fast` is `.simd` with
/// `precision: .fast`; the others are the batch paths at `.exact` (`.blas` is a budget path by itself).
public enum BenchmarkPath: String, CaseIterable, Sendable {
    case scalar, simd, fast, blas, auto

    /// The batch path the call takes.
    public var path: BatchPath {
        switch self {
        case .scalar: .scalar
        case .simd, .fast: .simd
        case .blas: .blas
        case .auto: .auto
        }
    }

    /// The precision the call asks for.
    public var precision: BatchPrecision { self == .fast ? .fast : .exact }

    /// The contract of this path for `operation` (``Exactness/of(_:on:precision:)``).
    public func contract(_ operation: BatchOperation) -> Exactness? {
        Exactness.of(operation, on: path, precision: precision)
    }
}
