@_spi(Benchmarks) import CAMath
import Foundation

/// One batch operation at one size with its inputs and outputs allocated once: `run` times the
/// operation, `check` compares a path's output with `.scalar`'s.
package final class Workload: @unchecked Sendable {
    /// The operation.
    package let operation: BatchOperation
    /// Elements per call (for the hit test: points; ``items`` counts point×layer pairs).
    package let count: Int
    /// Work items per call that Mops/s counts: elements, or for the hit test the nominal point×layer pairs
    /// (points × layers, although pruning evaluates only some of them).
    package let items: Int
    private let body: (BatchPath, BatchPrecision, Int?) throws(BatchError) -> Void
    private let output: () -> [Double]
    private let budget: (() -> [Double])?
    private let baselines: [BenchmarkPath: Peer]
    private let planes: PlanesForm?

    /// `budget` gives the bound per output element (`ExactnessBudget`) for the operations a
    /// budget path (`.blas`, `fast`) can run.
    /// `baselines` run the same operation on the same inputs, one thread, into the same output or into their
    /// own (``Peer/publish``).
    init(
        _ operation: BatchOperation, count: Int, items: Int? = nil,
        body: @escaping (BatchPath, BatchPrecision, Int?) throws(BatchError) -> Void, output: @escaping () -> [Double],
        budget: (() -> [Double])? = nil, baselines: [BenchmarkPath: Peer] = [:], planes: PlanesForm? = nil
    ) {
        self.operation = operation; self.count = count; self.items = items ?? count
        self.body = body; self.output = output; self.budget = budget; self.baselines = baselines; self.planes = planes
    }

    /// Runs the operation once on `path` with `threads` threads (`nil`: the measured thresholds decide; a
    /// baseline runs on the calling thread).
    package func run(path: BenchmarkPath, threads: Int?) throws(BatchError) {
        if path.isSoA, let call = path.call {
            try planes?.run(call.precision, threads)
        } else if let call = path.call {
            try body(call.path, call.precision, threads)
        } else {
            baselines[path]?.run()
        }
    }

    /// The output of the latest run, flattened to doubles (flags as 0 and 1, hit indices as numbers).
    package func snapshot() -> [Double] { output() }

    /// How the latest run's output on `path` compares with `reference` (a ``snapshot()`` of `.scalar`'s):
    /// the verdict of `path`'s contract (``BenchmarkPath/contract(_:)``, checked by ``Exactness/firstMismatch(_:_:bounds:)``),
    /// and for information the largest ulp and relative differences. A peer's output is first moved into the
    /// workload's output (``Peer/publish``).
    package func deviation(on path: BenchmarkPath, from reference: [Double]) -> Deviation {
        baselines[path]?.publish()
        if path.isSoA && path.call != nil { planes?.publish() }
        let current = output()
        // A baseline is held to the budget where the operation has one, else to the reference's bits.
        let contract = path.contract(operation).map { $0 == .budget && budget == nil ? .bitwise : $0 } ?? .bitwise
        let mismatch = contract.firstMismatch(current, reference, bounds: contract == .budget ? budget?() : nil)
        var worstULP = current.count == reference.count ? 0 : Int.max
        var worstDifference = 0.0, scale = 0.0
        for (value, expected) in zip(current, reference) {
            worstULP = max(worstULP, Exactness.ulpDistance(value, expected).map { Int(clamping: $0) } ?? Int.max)
            if expected.isFinite { scale = max(scale, abs(expected)) }
            if value.isNaN != expected.isNaN || (value.isInfinite || expected.isInfinite) && value != expected {
                worstDifference = .infinity
            } else if value.isFinite && expected.isFinite {
                worstDifference = max(worstDifference, abs(value - expected))
            }
        }
        return Deviation(
            contract: contract, mismatch: mismatch, maxULP: worstULP,
            maxRelativeError: worstDifference == 0 ? 0 : worstDifference / max(scale, .leastNormalMagnitude))
    }

    /// Whether `path` on `threads` meets its contract against `.scalar` on this workload's inputs.
    package func meetsContract(path: BenchmarkPath, threads: Int) throws(BatchError) -> Bool {
        try run(path: .scalar, threads: 1)
        let reference = output()
        try run(path: path, threads: threads)
        return deviation(on: path, from: reference).mismatch == nil
    }

    /// Whether `path` can run this operation here.
    package func supports(_ path: BenchmarkPath) -> Bool {
        switch path {
        case .blas: operation.isMatrixProduct && CBLAS.available != nil
        case .fast: operation.hasFastKernels
        case _ where path.isBaseline: baselines[path] != nil
        case .planes: planes != nil
        case .planesFast: planes != nil && operation.hasFastKernels
        default: true
        }
    }
}

/// A workload's planes form (CAMath's structure-of-arrays API on planes converted before timing): the timed call at
/// a precision on a thread count, and what writes its output into the workload's output for the check.
struct PlanesForm {
    let run: (BatchPrecision, Int?) throws(BatchError) -> Void
    let publish: () -> Void
}

/// A baseline's timed call, and what moves its output into the workload's output for the check when it writes
/// its own layout (SoA planes, decomposition records); nothing for a peer that writes the workload's output.
struct Peer {
    let run: () -> Void
    var publish: () -> Void = {}
}

/// How one path's output compares with `.scalar`'s.
package struct Deviation: Sendable, Equatable {
    /// The path's contract, and the first element that broke it (`nil`: none did).
    package var contract: Exactness
    package var mismatch: ExactnessMismatch?
    /// Largest difference in ulps (NaN pairs match; a NaN against a number, or a length mismatch, is `Int.max`).
    package var maxULP: Int
    /// Largest |difference| over the reference's largest finite magnitude (∞ for a NaN or infinity mismatch).
    package var maxRelativeError: Double
}
