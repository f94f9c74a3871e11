/// How a batch path's output must relate to the scalar reference's (`.scalar`, which is CAMathCore or
/// CAMathLayer applied element by element): ``of(_:on:precision:)`` says it for every operation and path,
/// as the article <doc:ExactnessContract> states it, and ``firstMismatch(_:_:bounds:)`` checks it in the tests, the
/// fuzz targets and camath-bench's correctness column.
@_spi(Benchmarks) public enum Exactness: Sendable, Hashable, CustomStringConvertible {
    /// The same bit pattern, element by element: `−0` and `+0` differ. NaN matches NaN whatever its
    /// payload and sign, because IEEE 754 leaves open which operand's payload an operation propagates and
    /// compilers may swap the operands of `+` and `×`; NaN-ness itself is compared.
    case bitwise
    /// ``bitwise``, except that `−0` matches `+0`. Only where the reference itself defines the result up
    /// to the sign of zero: the affine inverse evaluates the Laplace formula with its vanishing terms
    /// dropped, and a dropped `x·0` can be `−0` in the general formula the reference runs.
    case bitwiseUpToSignOfZero
    /// Within a per-element bound `|actual − expected| ≤ bound` (the budgets given by
    /// ``ExactnessBudget``), with NaN-ness and infinities identical: paths that fuse multiply-adds or
    /// reassociate (CBLAS).
    case budget

    /// The contract of `path` for `operation` at `precision`, or `nil` when the path cannot run it
    /// (`.blas` for an operation that is not a matrix product).
    public static func of(
        _ operation: BatchOperation, on path: BatchPath, precision: BatchPrecision = .exact
    )
        -> Exactness?
    {
        switch path {
        case .scalar: return .bitwise
        case .simd where precision == .fast && operation.hasFastKernels: return .budget
        case .simd where operation == .springs: return .budget
        case .simd: return operation == .invertAffine ? .bitwiseUpToSignOfZero : .bitwise
        case .blas: return operation.isMatrixProduct ? .budget : nil
        case .auto:
            let simd = of(operation, on: .simd, precision: precision)!
            let blas = precision == .fast && operation.isMatrixProduct && Batch.tuning.blasCrossover[operation] != nil
            return blas ? .budget : simd
        }
    }

    /// `bitwise`, `bitwise up to the sign of zero` or `budget`.
    public var description: String {
        switch self {
        case .bitwise: "bitwise"
        case .bitwiseUpToSignOfZero: "bitwise up to the sign of zero"
        case .budget: "budget"
        }
    }
}
