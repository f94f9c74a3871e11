/// The batch operations, for tuning and reports.
@_spi(Benchmarks) public enum BatchOperation: String, CaseIterable, Sendable {
    case concatPairwise = "concat-pairwise"
    case concatManyByOne = "concat-many-by-one"
    case concatOneByMany = "concat-one-by-many"
    case invert = "invert"
    case invertAffine = "invert-affine"
    case affineRoundTrip = "affine-round-trip"
    case mapPoints3D = "map-points-3d"
    case mapPoints2D = "map-points-2d"
    case decompose = "decompose"
    case keyPathRead = "key-path-read"
    case keyPathWrite = "key-path-write"
    case blend = "blend"
    case frames = "frames"
    case hitTest = "hit-test"
    case autoresize = "autoresize"
    /// ``InterpolationPlan/interpolate(fraction:into:options:)``: blends from an ``InterpolationPlan``.
    case blendPrepared = "blend-prepared"
    /// `Batch.evaluate(_:at:into:options:)` (CAMathAnimationBatch): timing functions at many inputs.
    case timingFunction = "timing-function"
    /// `TransformAnimationBatch.evaluate(atParentTime:into:contributes:options:)` (CAMathAnimationBatch): transform animations at one time.
    case animateTransforms = "animate-transforms"
    /// `Batch.springFractions(_:atTime:into:options:)` (CAMathAnimationBatch): many springs at one time.
    case springs = "springs"
    /// `PresentationBatch.evaluate(atMediaTime:options:)` (CAMathEngine) followed by the frames of the result.
    case presentationFrames = "presentation-frames"
    /// `ValueAnimationBatch.evaluate(atParentTime:into:contributes:options:)` (CAMathAnimationBatch): number, point and rect animations at one time.
    case animateValues = "animate-values"

    /// Whether the operation is a matrix product that the `.blas` path can run.
    public var isMatrixProduct: Bool { self == .concatManyByOne || self == .mapPoints3D || self == .mapPoints2D }

    /// The position in `allCases`, without hashing or comparing the raw value.
    package var ordinal: Int {
        switch self {
        case .concatPairwise: 0
        case .concatManyByOne: 1
        case .concatOneByMany: 2
        case .invert: 3
        case .invertAffine: 4
        case .affineRoundTrip: 5
        case .mapPoints3D: 6
        case .mapPoints2D: 7
        case .decompose: 8
        case .keyPathRead: 9
        case .keyPathWrite: 10
        case .blend: 11
        case .frames: 12
        case .hitTest: 13
        case .autoresize: 14
        case .blendPrepared: 15
        case .timingFunction: 16
        case .animateTransforms: 17
        case .springs: 18
        case .presentationFrames: 19
        case .animateValues: 20
        }
    }

    /// Whether the operation has kernels for ``BatchPrecision/fast`` (the others run exact at either precision).
    /// Concat has none: fused multiply-adds could keep a sum finite where the reference's overflows, and a
    /// concat's non-finite positions must stay the reference's; the scan that would guard the fused kernel
    /// cost more than fusing saves (measured, Zen 3 VM, AVX2, 1e3 pairwise on one core, medians of five
    /// alternated runs: fused 180–190 Mops/s, guarded 104, exact 153–161).
    public var hasFastKernels: Bool {
        switch self {
        case .invert, .invertAffine, .mapPoints3D, .mapPoints2D, .frames, .blend, .blendPrepared, .animateTransforms: true
        default: false
        }
    }
}

/// The thresholds `.auto` uses: from what batch size a second thread pays, and from what size CBLAS
/// beats the SIMD kernels (`nil`: never).
@_spi(Benchmarks) public struct BatchTuning: Sendable {
    /// Elements from which `.auto` (and `threads: nil`) uses every processor.
    public var threadingThreshold: [BatchOperation: Int]
    /// Elements from which `.auto` takes the `.blas` path, or absent when CBLAS never wins.
    public var blasCrossover: [BatchOperation: Int]

    /// A tuning from explicit tables.
    public init(threadingThreshold: [BatchOperation: Int], blasCrossover: [BatchOperation: Int]) {
        self.threadingThreshold = threadingThreshold
        self.blasCrossover = blasCrossover
    }

    func threads(for operation: BatchOperation) -> Int { threadingThreshold[operation] ?? Int.max }

    /// `Batch.tuning` (CAMathAnimationBatch)'s threading thresholds by ``BatchOperation/ordinal``, built once: the tuning cannot
    /// change after start-up, and a call must not hash the operation's name (36 ns) to find its threshold.
    package static let activeThreadingThresholds: [Int] = BatchOperation.allCases.map(Batch.tuning.threads(for:))
}
