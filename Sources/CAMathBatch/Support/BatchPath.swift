/// How a batch operation computes, and what it promises against `.scalar` (``Exactness/of(_:on:precision:)``):
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
public enum BatchPath: String, CaseIterable, Sendable {
    /// A loop over the scalar reference (CAMathCore / CAMathLayer), element by element.
    case scalar
    /// The vector kernels of an ``InstructionSet`` (the `instructionSet:` argument of each call): the
    /// reference's operations in the reference's order, no reassociation, no FMA — bitwise identical to
    /// `.scalar` except the affine inverse (up to the sign of zero).
    case simd
    /// CBLAS `dgemm`, loaded at run time, where the operation is a matrix product (many matrices or
    /// points times one matrix). Reassociates and fuses: within the budgets of ``ExactnessBudget``.
    case blas
    /// Chooses `.simd` or `.blas` and the thread count from the measured thresholds of ``BatchTuning``;
    /// its contract is that of the path it resolves to.
    case auto
}

/// Why a batch call was refused. Nothing is written when a call throws.
public enum BatchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A buffer does not have the element count the operation needs.
    case countMismatch(argument: String, expected: Int, actual: Int)
    /// The path cannot run this operation (not a matrix product for `.blas`, or no CBLAS library).
    case pathUnavailable(operation: String, path: BatchPath, reason: String)
    /// A thread count below 1.
    case invalidThreadCount(Int)
    /// A negative element count.
    case negativeCount(argument: String, count: Int)
    /// A stride smaller than the element it steps over.
    case invalidStride(argument: String, stride: Int, minimum: Int)
    /// An instruction set this CPU cannot run.
    case instructionSetUnavailable(requested: String, cpu: String)
    /// An index that points outside the table it indexes.
    case indexOutOfRange(argument: String, position: Int, index: Int, count: Int)
    /// A value the operation cannot take (a transform where components are needed, another width).
    case invalidValue(argument: String, position: Int, reason: String)

    /// A sentence that names the argument or operation and the problem.
    public var description: String {
        switch self {
        case .countMismatch(let argument, let expected, let actual):
            "'\(argument)' has \(actual) elements; the operation needs \(expected)"
        case .pathUnavailable(let operation, let path, let reason):
            "\(operation) cannot run on the \(path.rawValue) path: \(reason)"
        case .invalidThreadCount(let n):
            "thread count \(n) is not positive"
        case .negativeCount(let argument, let count):
            "'\(argument)' is \(count); an element count cannot be negative"
        case .invalidStride(let argument, let stride, let minimum):
            "stride \(stride) of '\(argument)' is below the element size \(minimum)"
        case .instructionSetUnavailable(let requested, let cpu):
            "this CPU cannot run the \(requested) kernels (its best level is \(cpu))"
        case .indexOutOfRange(let argument, let position, let index, let count):
            "'\(argument)[\(position)]' is \(index), outside a table of \(count)"
        case .invalidValue(let argument, let position, let reason):
            "'\(argument)[\(position)]' is \(reason)"
        }
    }

    package static func check(_ argument: String, _ actual: Int, equals expected: Int) throws(BatchError) {
        guard actual == expected else { throw .countMismatch(argument: argument, expected: expected, actual: actual) }
    }
}
