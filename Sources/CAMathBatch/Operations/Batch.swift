import CAMathCore

/// Batched CAMath operations over caller buffers (allocation-free `into:` forms) and arrays. Values prepared once
/// for many calls (``InterpolationPlan``, and the plans and batches of the modules above) carry their operations as
/// methods; the array forms are one helper over the buffer forms.
///
/// Each call takes ``BatchOptions``. Its path: `.scalar` is the reference, `.simd` agrees with it bit for bit,
/// `.auto` picks one of them (or, at `precision: .fast`, `.blas` where the tuning measured it ahead); `.blas` runs
/// only the matrix products (a batch concatenated with one matrix, and point maps) within the budgets of <doc:ExactnessContract>, and any
/// other operation throws ``BatchError/pathUnavailable(operation:path:reason:)`` for it. Mismatched counts throw ``BatchError``
/// before anything is written. `threads: nil` splits batches above the measured threshold over every processor; an
/// explicit count forces that many fixed chunks. Results never depend on the thread count.
public enum Batch {
    /// The processors `threads: nil` spreads large batches over.
    public static var processorCount: Int { Parallel.processorCount }

    /// The tuning `.auto` and `threads: nil` use: the file named by `CAMATH_TUNING` when it loaded
    /// (`BatchTuning.environment`), else the compiled-in `BatchTuning.measured`.
    @_spi(Benchmarks) public static var tuning: BatchTuning {
        if case .success(let loaded) = BatchTuning.environment { return loaded }
        return BatchTuning.measured
    }

    /// The path `.auto` resolves to for `operation` at `count` elements: `.simd`, or `.blas` where the
    /// precision is `.fast` and the tuning measured CBLAS ahead at this size (an exact call never leaves
    /// the exact paths).
    @_spi(Benchmarks) public static func resolvedPath(
        _ path: BatchPath, for operation: BatchOperation, count: Int,
        precision: BatchPrecision = .exact
    ) -> BatchPath {
        guard path == .auto else { return path }
        if precision == .fast, let crossover = tuning.blasCrossover[operation], count >= crossover, CBLAS.available != nil {
            return .blas
        }
        return .simd
    }

    /// The path, thread count and kernels of one call: `.auto` resolved, `.blas` checked (it must be a
    /// matrix product and a library must load), `threads` validated, the instruction set's kernels chosen
    /// (``InstructionSet/current`` for `nil`). Throws before anything is written.
    package static func schedule(
        _ operation: BatchOperation, count: Int, options: BatchOptions
    ) throws(BatchError)
        -> (path: BatchPath, threads: Int, kernels: KernelTable)
    {
        let set = options.instructionSet ?? .current
        guard let exact = set.kernels else {
            throw .instructionSetUnavailable(requested: set.name, cpu: InstructionSet.cpu.name)
        }
        let resolved = resolvedPath(options.path, for: operation, count: count, precision: options.precision)
        if resolved == .blas { _ = try blasLibrary(for: operation) }
        let kernels = options.precision == .fast ? exact.fast : exact
        let threshold = BatchTuning.activeThreadingThresholds[operation.ordinal]
        return (resolved, try Parallel.threads(options.threads, count: count, threshold: threshold), kernels)
    }

    package static func blasLibrary(for operation: BatchOperation) throws(BatchError) -> CBLAS {
        guard operation.isMatrixProduct else {
            throw .pathUnavailable(operation: operation.rawValue, path: .blas, reason: "it is not a matrix product")
        }
        switch CBLAS.shared {
        case .success(let library): return library
        case .failure(let error): throw .pathUnavailable(operation: operation.rawValue, path: .blas, reason: error.description)
        }
    }

    /// Runs `body` on each chunk of `0..<count` with raw pointers captured safely.
    package static func chunks(count: Int, threads: Int, _ body: @Sendable (Range<Int>) -> Void) {
        Parallel.forEachChunk(count: count, threads: threads, body)
    }
}

/// The doubles of a buffer of `@frozen` all-`Double` values (`Transform3D`, `SIMD3<Double>`, …), for the
/// C kernels and CBLAS, which read and write raw memory.
package func doubles<T>(_ p: UnsafePointer<T>) -> UnsafePointer<Double> {
    UnsafeRawPointer(p).assumingMemoryBound(to: Double.self)
}

/// The mutable doubles of a buffer of `@frozen` all-`Double` values.
package func doubles<T>(_ p: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<Double> {
    UnsafeMutableRawPointer(p).assumingMemoryBound(to: Double.self)
}
