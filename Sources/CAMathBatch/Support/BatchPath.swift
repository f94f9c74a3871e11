/// How a batch operation computes.
public enum BatchPath: String, CaseIterable, Sendable {
    /// A loop over the scalar reference (CAMathCore / CAMathLayer), element by element.
    case scalar
    /// Vector kernels: hand-written AVX-512 or AVX2 kernels chosen at run time on x86-64, Swift `SIMD4`
    /// (or portable C) elsewhere. Bit-identical to `.scalar` for every operation (no reassociation, no FMA).
    case simd
    /// CBLAS `dgemm`, loaded at run time, where the operation is a matrix product (many matrices or
    /// points times one matrix). Reassociates and fuses: within SPEC §6.2's budgets, not bit-identical.
    case blas
    /// Chooses `.simd` or `.blas` and the thread count from the measured thresholds of ``BatchTuning``.
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
        }
    }

    static func check(_ argument: String, _ actual: Int, equals expected: Int) throws(BatchError) {
        guard actual == expected else { throw .countMismatch(argument: argument, expected: expected, actual: actual) }
    }
}
