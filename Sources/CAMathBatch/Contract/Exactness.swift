/// How a batch path's output must relate to the scalar reference's (`.scalar`, which is CAMathCore or
/// CAMathLayer applied element by element). One table, ``of(_:on:precision:)``, states it for every operation and
/// path; the tests, the fuzz targets and camath-bench's correctness column all check it with
/// ``firstMismatch(_:_:bounds:)``:
///
/// | operation | `.scalar` | `.simd` (portable, AVX2, AVX-512) | `.simd`, `precision: .fast` | `.blas` |
/// |---|---|---|---|---|
/// | concat (pairwise, many-by-one, one-by-many) | bitwise | bitwise | no fast form: bitwise | budget for many-by-one; the others throw |
/// | invert, map points 3-D and 2-D, frames | bitwise | bitwise | budget | budget for map points 3-D and 2-D; the others throw |
/// | invert affine | bitwise | bitwise up to the sign of zero | budget | throws |
/// | blend (also from a plan), transform animations | bitwise | bitwise | budget | throws |
/// | hit test, autoresize, affine round trip, decompose, key-path read and write, timing functions, value animations, presentation trees | bitwise | bitwise | no fast form: bitwise | throws |
/// | springs | bitwise | budget | no fast form: budget | throws |
///
/// - **bitwise**: every output double has the reference's bit pattern, so −0 and +0 differ; NaN matches NaN
///   whatever its payload (IEEE 754 leaves open which operand's payload propagates, and compilers may swap
///   the operands of `+` and `×`), but NaN-ness is compared.
/// - **bitwise up to the sign of zero**: only for the affine inverse, which evaluates the reference's
///   Laplace formula with the terms that vanish for column 4 = (0, 0, 0, 1) dropped; a dropped `x·0` can be
///   −0 in the general formula the reference runs, so that entry may be +0 here.
/// - **budget** (`ExactnessBudget`): concat `|Δij| ≤ 4·2⁻⁵²·‖row i of a‖₂·‖column j of b‖₂ + 8·2⁻¹⁰⁷⁴`; mapped points
///   `|Δ| ≤ 1e-13·max(1, |p|)·max(1, |m|max)/|W|` (points with `|W| ≤ 1e-3` are not compared); frames
///   twice the worst corner's point bound plus `1e-13·max(1, |position|)`; inverses the same singular
///   verdict and `|Δij| ≤ 1e-15·κ∞(A)·‖R‖max` (κ∞ = ‖A‖∞·‖R‖∞, R the reference's inverse); non-finite
///   values identical.
/// - **budget** for springs (`ExactnessBudget.springFraction`): `|Δx| ≤ 1e-12·max(1, |x|)` while `|ω₀t| ≤ 100`,
///   growing as `|ω₀t|/100` beyond: the lanes compute e^x with a series of their own, not the platform's
///   `exp` the reference calls; their sines and cosines are the reference's; non-finite values identical.
/// - **budget** for blends and transform animations (`ExactnessBudget.interpolation`, `.transformAnimation`): entry ij
///   within `1e-13·w²` times the size of the products that form it (`w = |1 − t| + |t|`; sizes from both
///   ends' scale, skew, perspective and translation), and where the blend is then concatenated (additive,
///   cumulative) the largest bound of its row times `4·max(1, |c|max)` for each such `c` (NaN skipped): the slerp's sines are polynomials of
///   their own and the blend is fused; the decompositions, the slerp's angle, sign and cut-off, the timing and every
///   value taken whole keep the reference's bits.
/// - `.auto` has the contract of the path it resolves to: `.simd` at the call's precision, or `.blas`
///   only with `.fast` where the tuning measured CBLAS ahead (the compiled-in tuning never does).
public enum Exactness: Sendable, Hashable, CustomStringConvertible {
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
    public static func of(_ operation: BatchOperation, on path: BatchPath, precision: BatchPrecision = .exact) -> Exactness? {
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
