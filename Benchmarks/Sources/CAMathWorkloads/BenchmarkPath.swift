@_spi(Benchmarks) import CAMath

/// What the benchmark times: a CAMath path — a ``BatchPath`` at a ``BatchPrecision`` (`fast` is `.simd` with
/// `precision: .fast`; the others are the batch paths at `.exact`) — or a baseline (a *peer*), the code a user
/// would write or link instead, run on the same inputs. The peers are plain C compiled `-O3 -march=native` and
/// Eigen 3.4 / glm where their packages were installed at build time:
/// - `c-div`: the same loop as the reference over the same AoS memory, true divisions, every multiply and add
///   separate (`-ffp-contract=off`): the same work as CAMath's exact paths; for decompose, the key paths and blend,
///   the reference's own algorithm ported to C with libm. `c-div-fma`: the same with fused multiply-adds.
/// - `c-loop`: the AoS loop with one reciprocal per divisor, no contraction; `c-loop-fma`: with fused multiply-adds.
/// - `c-soa`: the loop over structure-of-arrays planes (converted before timing), true divisions, no contraction;
///   `c-soa-fma`: reciprocals and fused multiply-adds, the fastest plain C a user writes.
/// - `gcc-div`, `gcc-div-fma`, `gcc-loop`, `gcc-loop-fma`, `gcc-soa`, `gcc-soa-fma`: the same C built by gcc
///   (``GCCPeers``) where one is on the `PATH`; the `c-*` peers are the package's clang build.
/// OpenBLAS is CAMath's own `blas` path. Baselines run on one thread.
package enum BenchmarkPath: String, CaseIterable, Sendable {
    case scalar, simd, fast, blas, auto
    /// CAMath's planes forms (structure of arrays, converted before timing): `.simd` at `.exact` and at `.fast`.
    case planes, planesFast = "planes-fast"
    case cDiv = "c-div", cDivFMA = "c-div-fma", cLoop = "c-loop", cLoopFMA = "c-loop-fma"
    case cSoA = "c-soa", cSoAFMA = "c-soa-fma", eigen, glm
    case gccDiv = "gcc-div", gccDivFMA = "gcc-div-fma", gccLoop = "gcc-loop", gccLoopFMA = "gcc-loop-fma"
    case gccSoA = "gcc-soa", gccSoAFMA = "gcc-soa-fma"

    /// Whether this is a baseline rather than a CAMath path.
    package var isBaseline: Bool { call == nil }

    /// Whether this path reads and writes structure-of-arrays planes (CAMath's planes forms and the SoA peers);
    /// every other path reads CAMath's AoS records.
    package var isSoA: Bool { [.cSoA, .cSoAFMA, .gccSoA, .gccSoAFMA, .planes, .planesFast].contains(self) }

    /// How this path does an operation's arithmetic, for its roofline: whether it fuses multiply-adds and whether it
    /// divides by reciprocals (one division per divisor) rather than once per quotient. The fast paths and the peers
    /// built for speed do both (Eigen and glm multiply by `1 / det` and build with contraction on); `c-div`,
    /// `c-soa` and the exact paths do neither.
    package var arithmetic: (fused: Bool, reciprocals: Bool) {
        switch self {
        case .fast, .planesFast, .cLoopFMA, .cSoAFMA, .gccLoopFMA, .gccSoAFMA, .eigen, .glm: (true, true)
        case .cDivFMA, .gccDivFMA: (true, false)
        case .cLoop, .gccLoop: (false, true)
        case .scalar, .simd, .blas, .auto, .planes, .cDiv, .cSoA, .gccDiv, .gccSoA: (false, false)
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
        case .planes: (.simd, .exact)
        case .planesFast: (.simd, .fast)
        case .cDiv, .cDivFMA, .cLoop, .cLoopFMA, .cSoA, .cSoAFMA, .eigen, .glm: nil
        case .gccDiv, .gccDivFMA, .gccLoop, .gccLoopFMA, .gccSoA, .gccSoAFMA: nil
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
