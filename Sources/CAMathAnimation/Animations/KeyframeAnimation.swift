import CAMathCore
import CAMathLayer
import Foundation

/// An animation through a sequence of values or along a path (`CAKeyframeAnimation`), with key times,
/// per-segment timing functions and five calculation modes (<doc:Keyframes>).
open class KeyframeAnimation: PropertyAnimation {
    /// The keyframe values (as for ``BasicAnimation``'s values). Ignored when ``path`` is set.
    public var values: [Any]? { didSet { keys = (values ?? []).map(ConvertedValue.init) } }
    /// The values converted once, when they are set.
    var keys: [ConvertedValue] = []
    /// A path whose points are the keyframes of a point-valued key path (`position`); overrides ``values``
    /// (<doc:Keyframes>, *Paths*). The animation keeps an immutable copy (``BezierPath/copy()``): changing a
    /// ``MutableBezierPath`` after setting it does not change the animation. O(elements) to set a mutable path.
    public var path: BezierPath? {
        get { storedPath }
        set { storedPath = newValue.flatMap { $0.copy() } }
    }
    private var storedPath: BezierPath?
    /// When each keyframe is reached, as fractions of the duration (invalid arrays are ignored).
    public var keyTimes: [NSNumber]?
    /// The timing function of each segment (missing entries are linear).
    public var timingFunctions: [TimingFunction]?
    /// How values between keyframes are computed (default ``CalculationMode/linear``).
    public var calculationMode: CalculationMode = .linear
    /// Per-key tension of the cubic modes (missing: 0).
    public var tensionValues: [NSNumber]?
    /// Per-key continuity of the cubic modes (missing: 0).
    public var continuityValues: [NSNumber]?
    /// Per-key bias of the cubic modes (missing: 0).
    public var biasValues: [NSNumber]?
    /// Whether a layer moving along ``path`` turns with it (`nil`: it does not).
    public var rotationMode: RotationMode?

    public required init(copying other: LayerAnimation) {
        if let o = other as? KeyframeAnimation {
            values = o.values; keys = o.keys; storedPath = o.storedPath; keyTimes = o.keyTimes; timingFunctions = o.timingFunctions
            calculationMode = o.calculationMode; tensionValues = o.tensionValues; continuityValues = o.continuityValues
            biasValues = o.biasValues; rotationMode = o.rotationMode
        }
        super.init(copying: other)
    }

    public override init(keyPath: String?) { super.init(keyPath: keyPath) }

    /// Whether the mode paces (ignores key times and timing functions).
    package var isPaced: Bool { calculationMode == .paced || calculationMode == .cubicPaced }

    /// The value and, with a path and a rotation mode, the rotation θ at value progress `f` (the animation's
    /// timing function already applied, except in the paced modes, which ignore it), in the kind of
    /// `model` (which only sets the kind). `nil`: no effect (no keyframes, or values of another kind).
    /// Cost: O(n) for n keyframes (paced paths: a few hundred Gauss–Legendre evaluations per segment).
    public func keyframeValue(
        atProgress f: Double,
        model: AnimationValue
    )
        -> (value: AnimationValue, rotation: Double?, cycleEnd: AnimationValue)?
    {
        guard !f.isNaN else { return nil }
        if let path {
            guard case .point = model else { return nil }
            return pathValue(path, atProgress: f)
        }
        guard let interpolation = interpolation(model: model) else { return nil }
        let keys = interpolation.values, first = keys[0]
        let end = autoreverses ? first : keys[keys.count - 1]
        if keys.count == 1 { return (first, nil, end) }
        return interpolation.value(at: f).map { ($0, nil, end) }
    }

    /// The values (of `model`'s kind) with the key times, timing functions and spline parameters; `nil` for
    /// no values or a value of another kind.
    package func interpolation(model: AnimationValue) -> KeyframeInterpolation? {
        var converted: [AnimationValue] = []
        converted.reserveCapacity(keys.count)
        for key in keys {
            guard case .value(let value) = key, value.isSameKind(as: model) else { return nil }
            converted.append(value)
        }
        guard !converted.isEmpty else { return nil }
        return KeyframeInterpolation(
            values: converted, mode: calculationMode, keyTimes: keyTimes?.map(\.doubleValue),
            timingFunctions: timingFunctions, tension: tensionValues?.map(\.doubleValue),
            continuity: continuityValues?.map(\.doubleValue), bias: biasValues?.map(\.doubleValue))
    }

    func pathValue(_ path: BezierPath, atProgress f: Double) -> (value: AnimationValue, rotation: Double?, cycleEnd: AnimationValue)? {
        let keyframes = path.keyframes(), points = keyframes.points, segments = keyframes.segments
        guard let first = points.first else { return nil }
        func cg(_ p: SIMD2<Double>) -> AnimationValue { .point(CGPoint(x: p.x, y: p.y)) }
        let end = cg(autoreverses ? first : points[points.count - 1])
        if segments.isEmpty { return (cg(first), rotationMode == nil ? nil : 0, end) }
        let (j, s) = PathTiming(
            path: segments, mode: calculationMode, keyTimes: keyTimes?.map(\.doubleValue),
            timingFunctions: timingFunctions
        ).segment(at: f)
        if s.isNaN { return nil }
        let segment = segments[j]
        if calculationMode == .discrete {
            // Hold the start of segment j (after a jump, the new subpath's start), the last keyframe at the end.
            return (cg(s >= 1 ? points[j + 1] : segment.points[0]), rotation(segment, at: s), end)
        }
        return (cg(segment.point(at: s)), rotation(segment, at: s), end)
    }

    /// θ = atan2(dy/ds, dx/ds) (the chord's direction when the derivative is zero, 0 when that is too),
    /// plus π for the reverse mode; `nil` without a rotation mode.
    func rotation(_ segment: PathSegment, at s: Double) -> Double? {
        guard let rotationMode else { return nil }
        var d = segment.derivative(at: s)
        if d == .zero { d = segment.chord }
        let theta = d == .zero ? 0 : Elementary.atan2(d.y, d.x)
        return rotationMode == .rotateAutoReverse ? theta + Double.pi : theta
    }

    /// The value progress: the timing function's, except in the paced modes, which ignore it.
    func keyframeProgress(_ evaluation: MediaTimingEvaluation) -> Double {
        isPaced ? evaluation.progress : valueProgress(evaluation)
    }

    override func cycleValue(
        _ evaluation: MediaTimingEvaluation, modelPart: AnimationValue
    ) -> (value: AnimationValue, cycleEnd: AnimationValue)? {
        keyframeValue(atProgress: keyframeProgress(evaluation), model: modelPart).map { ($0.value, $0.cycleEnd) }
    }

    /// A path with a rotation mode turns the layer: the presentation transform becomes Rotate(transform, θ, 0, 0, 1).
    package override func pathRotation(at evaluation: MediaTimingEvaluation, model: AnimationValue) -> Double? {
        guard let path, rotationMode != nil, case .point = model else { return nil }
        return pathValue(path, atProgress: keyframeProgress(evaluation))?.rotation
    }
}
