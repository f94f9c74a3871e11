/// How a batch operation computes. What each path promises against `.scalar` is stated in the article
/// <doc:ExactnessContract>.
public enum BatchPath: String, CaseIterable, Sendable {
    /// A loop over the scalar reference (CAMathCore / CAMathLayer), element by element.
    case scalar
    /// The vector kernels of an ``InstructionSet`` (the `instructionSet:` argument of each call): the
    /// reference's operations in the reference's order, no reassociation, no FMA — bitwise identical to
    /// `.scalar` except the affine inverse (up to the sign of zero).
    case simd
    /// CBLAS `dgemm`, loaded at run time, where the operation is a matrix product (many matrices or
    /// points times one matrix). Reassociates and fuses: within the budgets of <doc:ExactnessContract>.
    case blas
    /// Chooses `.simd` or `.blas` and the thread count from thresholds `camath-bench` measured (or
    /// the tuning file named by `CAMATH_TUNING`);
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
