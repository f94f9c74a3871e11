@_spi(Benchmarks) import CAMath
import Synchronization

/// One check of one batch operation: its inputs (captured), the reference's output, the batch call on any
/// ``BatchOptions``, and the operation's contract with its per-element budget. Outputs are flat doubles
/// (masks as 0 or 1). The reference is computed once, when the case is made; the budget once, when first
/// asked for. A case can be checked from several threads at once.
@_spi(Benchmarks) public final class CatalogueCase: Sendable {
    /// The entry's name and a description of the inputs (for messages).
    public let name: String
    /// The operation whose contract applies.
    public let operation: BatchOperation
    /// Elements in the batch (what a message counts as inputs).
    public let count: Int
    /// The scalar reference's output.
    public let reference: [Double]
    /// Whether the call is a planes form (``TransformPlanes`` and the point planes), which `.blas` refuses.
    public let isPlanes: Bool
    private let call: @Sendable (BatchOptions) throws(BatchError) -> [Double]
    private let makeBudget: @Sendable () -> [Double]
    private let budgetCache = Mutex<[Double]?>(nil)

    /// A case: `reference` from CAMathCore / CAMathLayer element by element, `budget` the bounds of
    /// `ExactnessBudget` for the same elements in the same order, `call` the batch operation.
    public init(
        _ name: String, _ operation: BatchOperation, count: Int, reference: [Double], isPlanes: Bool = false,
        budget: @escaping @Sendable () -> [Double] = { [] },
        call: @escaping @Sendable (BatchOptions) throws(BatchError) -> [Double]
    ) {
        self.name = name
        self.operation = operation
        self.count = count
        self.reference = reference
        self.isPlanes = isPlanes
        self.makeBudget = budget
        self.call = call
    }

    /// The per-element bounds of the budget contract.
    public var budget: [Double] {
        budgetCache.withLock { cached in
            if let cached { return cached }
            let bounds = makeBudget()
            cached = bounds
            return bounds
        }
    }

    /// The batch call's output on `options`.
    public func run(_ options: BatchOptions) throws(BatchError) -> [Double] { try call(options) }

    /// What `options` promises for this operation (`nil`: the path cannot run it).
    public func contract(_ options: BatchOptions) -> Exactness? {
        if isPlanes && options.path == .blas { return nil }
        return Exactness.of(operation, on: options.path, precision: options.precision)
    }

    /// The first element where the call on `options` breaks its contract against the reference, or `nil`.
    /// Throws what the call throws (a path that cannot run the operation, an instruction set the CPU lacks).
    public func firstMismatch(_ options: BatchOptions) throws(BatchError) -> ExactnessMismatch? {
        let output = try run(options)
        guard let rule = contract(options) else {
            throw .pathUnavailable(operation: operation.rawValue, path: options.path, reason: "the contract has no entry")
        }
        return rule.firstMismatch(output, reference, bounds: rule == .budget ? budget : nil)
    }
}
