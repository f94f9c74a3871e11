/// How one batch call runs: the ``BatchPath``, the ``BatchPrecision``, the thread count and the
/// ``InstructionSet``, in one value that every operation of ``Batch`` takes as its last argument.
///
/// The default, ``auto``, is what most callers want: `.auto` picks the path and the thread count from the
/// measured thresholds, at `.exact` precision, with the best instruction set the CPU runs. Spell only what
/// differs:
///
/// ```swift
/// let inverses = try Batch.invert(transforms, options: .simd)
/// let fused = try Batch.invert(transforms, options: BatchOptions(path: .simd, precision: .fast, threads: 1))
/// ```
///
/// Nothing here changes a result's bits except `precision: .fast` (see <doc:ExactnessContract>): results
/// never depend on the thread count or the instruction set. What the environment decides is checked when a
/// call runs, before anything is written: a thread count below 1, an instruction set this CPU cannot run,
/// or `.blas` without a CBLAS library or for an operation that is not a matrix product throw
/// ``BatchError``. Building the value costs nothing and checks nothing.
public struct BatchOptions: Sendable, Hashable {
    /// How the call computes (default `.auto`).
    public var path: BatchPath
    /// What the call may trade for speed (default `.exact`); operations without fast kernels ignore it.
    public var precision: BatchPrecision
    /// `nil` (the default) spreads batches above the measured threshold over every processor; a count
    /// forces that many fixed chunks. Results never depend on it.
    public var threads: Int?
    /// The `.simd` kernels; `nil` (the default) means ``InstructionSet/current``.
    public var instructionSet: InstructionSet?

    /// Options from their parts; every default is the one described on its property.
    public init(
        path: BatchPath = .auto, precision: BatchPrecision = .exact, threads: Int? = nil,
        instructionSet: InstructionSet? = nil
    ) {
        self.path = path
        self.precision = precision
        self.threads = threads
        self.instructionSet = instructionSet
    }

    /// `.auto` path, `.exact` precision, measured thread count, best instruction set: the default of every call.
    public static let auto = BatchOptions()
    /// The scalar reference, element by element.
    public static let scalar = BatchOptions(path: .scalar)
    /// The vector kernels of ``InstructionSet/current``, exact.
    public static let simd = BatchOptions(path: .simd)
    /// CBLAS, for the operations that are matrix products.
    public static let blas = BatchOptions(path: .blas)
    /// `.auto` at `.fast` precision.
    public static let fast = BatchOptions(precision: .fast)

    /// The same options at `.exact` precision: what an operation without fast kernels passes to the ones it calls.
    package var exactPrecision: BatchOptions {
        var options = self
        options.precision = .exact
        return options
    }
}
