@_spi(Benchmarks) import CAMath

/// What the benchmark times: a CAMath path — a ``BatchPath`` at a ``BatchPrecision`` (`fast` is `.simd` with
/// `precision: .fast`; the others are the batch paths at `.exact`) — or a baseline, the code a user would
/// write or link instead, run on the same inputs: plain C loops over the same AoS memory (`-O3
/// -march=native`, one reciprocal per divisor; `c-loop` without fused multiply-adds, `c-loop-fma` with
/// them) and Eigen 3.4 / glm where their packages were installed at build time. OpenBLAS is CAMath's own
/// `blas` path. Baselines run on one thread.
package enum BenchmarkPath: String, CaseIterable, Sendable {
    case scalar, simd, fast, blas, auto
    case cLoop = "c-loop", cLoopFMA = "c-loop-fma", eigen, glm

    /// Whether this is a baseline rather than a CAMath path.
    package var isBaseline: Bool {
        switch self {
        case .cLoop, .cLoopFMA, .eigen, .glm: true
        default: false
        }
    }

    /// The baselines, in declaration order.
    package static let baselines = allCases.filter(\.isBaseline)

    /// The batch path and precision of a CAMath path (`nil` for a baseline).
    package var call: (path: BatchPath, precision: BatchPrecision)? {
        switch self {
        case .scalar: (.scalar, .exact)
        case .simd: (.simd, .exact)
        case .fast: (.simd, .fast)
        case .blas: (.blas, .exact)
        case .auto: (.auto, .exact)
        case .cLoop, .cLoopFMA, .eigen, .glm: nil
        }
    }

    /// The contract this path's output is checked against for `operation`: a CAMath path's
    /// (``Exactness/of(_:on:precision:)``); a baseline is held to the budget (`ExactnessBudget`), for information (a
    /// baseline outside it is reported, but is not CAMath's error).
    package func contract(_ operation: BatchOperation) -> Exactness? {
        guard let call else { return .budget }
        return Exactness.of(operation, on: call.path, precision: call.precision)
    }
}
