/// The value of a keyframe animation's values at one progress, per calculation mode (<doc:Keyframes>).
package struct KeyframeInterpolation: Sendable {
    package let values: [AnimationValue]
    let keyTimes: [Double]?
    package let timingFunctions: [TimingFunction]?
    let tension: [Double]?, continuity: [Double]?, bias: [Double]?
    /// The mode that applies to these values: kinds without per-component arithmetic (transforms) fall back
    /// from cubic to linear and from cubicPaced to paced; an unknown mode is linear.
    package let effectiveMode: CalculationMode
    /// Whether the effective mode is discrete.
    package let isDiscrete: Bool
    /// Whether the segment timing functions apply (not in the paced modes).
    package let usesSegmentFunctions: Bool

    init(
        values: [AnimationValue], mode: CalculationMode, keyTimes: [Double]?, timingFunctions: [TimingFunction]?,
        tension: [Double]?, continuity: [Double]?, bias: [Double]?
    ) {
        (self.values, self.keyTimes, self.timingFunctions) = (values, keyTimes, timingFunctions)
        (self.tension, self.continuity, self.bias) = (tension, continuity, bias)
        let hasArithmetic = values[0].components != nil
        switch mode {
        case .discrete, .paced: effectiveMode = mode
        case .cubic: effectiveMode = hasArithmetic ? .cubic : .linear
        case .cubicPaced: effectiveMode = hasArithmetic ? .cubicPaced : .paced
        default: effectiveMode = .linear
        }
        isDiscrete = effectiveMode == .discrete
        usesSegmentFunctions = effectiveMode == .linear || effectiveMode == .cubic
    }

    /// The key times of the effective mode (n + 1 of them for discrete).
    package func timeline() -> KeyTimeline {
        let n = values.count
        switch effectiveMode {
        case .discrete: return KeyTimeline(given: keyTimes, count: n + 1, divisions: n)
        case .paced, .cubicPaced: return pacedTimeline()
        default: return KeyTimeline(given: keyTimes, count: n, divisions: n - 1)
        }
    }

    /// The value at progress f (≥ 2 values of one kind); `nil` only when an interpolation fails.
    func value(at f: Double) -> AnimationValue? {
        let mode = effectiveMode, timeline = timeline()
        switch mode {
        case .discrete: return values[timeline.discreteIndex(at: f, count: values.count)]
        case .cubic, .cubicPaced: return cubic(timeline, f, segmentFunctions: usesSegmentFunctions)
        default: return linear(timeline, f, segmentFunctions: usesSegmentFunctions)
        }
    }

    /// Key times from the cumulative distances between values (even spacing without a distance).
    func pacedTimeline() -> KeyTimeline {
        var lengths = [0.0]
        for i in 1..<values.count {
            guard let d = values[i - 1].distance(to: values[i]) else {
                return KeyTimeline(times: (0..<values.count).map { Double($0) / Double(values.count - 1) })
            }
            lengths.append(lengths[i - 1] + d)
        }
        return KeyTimeline(pacedLengths: lengths)
    }

    /// Segment i's local progress after its timing function, when it has one and they apply. A NaN result makes
    /// the value `nil` (the animation contributes nothing, as a basic animation does for a NaN progress).
    func segmentProgress(_ i: Int, _ s: Double, _ segmentFunctions: Bool) -> Double {
        Self.segmentProgress(segmentFunctions ? timingFunctions : nil, i, s)
    }

    /// Segment i's local progress s after `functions[i]` (missing entries are linear).
    package static func segmentProgress(_ functions: [TimingFunction]?, _ i: Int, _ s: Double) -> Double {
        guard let functions, i < functions.count else { return s }
        return functions[i].evaluate(s)
    }

    func linear(_ timeline: KeyTimeline, _ f: Double, segmentFunctions: Bool) -> AnimationValue? {
        switch timeline.position(at: f) {
        case .first: return values[0]
        case .last: return values[values.count - 1]
        case .segment(let i, let s):
            let f = segmentProgress(i, s, segmentFunctions)
            return f.isNaN ? nil : values[i].interpolated(to: values[i + 1], fraction: f)
        }
    }

    /// Kochanek–Bartels Hermite interpolation, per component, with the end values repeated beyond the ends.
    func cubic(_ timeline: KeyTimeline, _ f: Double, segmentFunctions: Bool) -> AnimationValue? {
        switch timeline.position(at: f) {
        case .first: return values[0]
        case .last: return values[values.count - 1]
        case .segment(let i, let local):
            let s = segmentProgress(i, local, segmentFunctions)
            if s.isNaN { return nil }
            let c = values.map { $0.components! }
            let (outgoing, _) = tangents(c, at: i)
            let (_, incoming) = tangents(c, at: i + 1)
            let h = HermiteWeights(s)
            return values[i].with((0..<c[i].count).map { k in h.value(c[i][k], outgoing[k], c[i + 1][k], incoming[k]) })
        }
    }

    /// (out_i, in_i) of key i with its tension, continuity and bias (missing: 0).
    package func tangents(_ c: [[Double]], at i: Int) -> (out: [Double], in: [Double]) {
        func parameter(_ a: [Double]?) -> Double { a.flatMap { i < $0.count ? $0[i] : nil } ?? 0 }
        let t = parameter(tension), cont = parameter(continuity), b = parameter(bias)
        let previous = c[max(i - 1, 0)], next = c[min(i + 1, c.count - 1)]
        let backward = (0..<c[i].count).map { c[i][$0] - previous[$0] }
        let forward = (0..<c[i].count).map { next[$0] - c[i][$0] }
        let oa = (((1 - t) * (1 + b)) * (1 + cont)) * 0.5, ob = (((1 - t) * (1 - b)) * (1 - cont)) * 0.5
        let ia = (((1 - t) * (1 + b)) * (1 - cont)) * 0.5, ib = (((1 - t) * (1 - b)) * (1 + cont)) * 0.5
        let out = (0..<backward.count).map { oa * backward[$0] + ob * forward[$0] }
        let inc = (0..<backward.count).map { ia * backward[$0] + ib * forward[$0] }
        return (out, inc)
    }
}

/// The cubic Hermite basis at local progress s, and one component's value from it — the one rounding of
/// the cubic modes, shared by the reference and the batch.
package struct HermiteWeights {
    @usableFromInline let h00: Double, h10: Double, h01: Double, h11: Double

    @inlinable package init(_ s: Double) {
        let s2 = s * s, s3 = s2 * s
        (h00, h10, h01, h11) = ((2 * s3 - 3 * s2) + 1, (s3 - 2 * s2) + s, 3 * s2 - 2 * s3, s3 - s2)
    }

    /// `((h00·p0 + h10·m0) + h01·p1) + h11·m1` for the segment from p0 (outgoing tangent m0) to p1 (incoming
    /// tangent m1).
    @inlinable package func value(_ p0: Double, _ m0: Double, _ p1: Double, _ m1: Double) -> Double {
        ((h00 * p0 + h10 * m0) + h01 * p1) + h11 * m1
    }
}

/// Where a progress falls on a path's segments, per calculation mode (<doc:Keyframes>): the segment and
/// its own Bézier parameter.
struct PathTiming {
    let path: [PathSegment]
    let mode: CalculationMode
    let keyTimes: [Double]?
    let timingFunctions: [TimingFunction]?

    /// (segment, parameter): progress outside the key times samples the first segment at 0 or the last at 1.
    func segment(at f: Double) -> (Int, Double) {
        let n = path.count + 1
        switch mode {
        case .paced, .cubicPaced:
            var lengths = [0.0]
            for segment in path { lengths.append(lengths[lengths.count - 1] + segment.length()) }
            let total = lengths[n - 1]
            guard total > 0 && total.isFinite else {
                return linear(KeyTimeline(given: nil, count: n, divisions: n - 1), f, segmentFunctions: false)
            }
            if f <= 0 { return (0, 0) }
            if f >= 1 { return (path.count - 1, 1) }
            let target = f * total
            var j = path.count - 1
            while j > 0 && lengths[j] > target { j -= 1 }
            return (j, path[j].parameter(atLength: target - lengths[j]))
        case .discrete:
            let i = KeyTimeline(given: keyTimes, count: n + 1, divisions: n).discreteIndex(at: f, count: n)
            return i == n - 1 ? (path.count - 1, 1) : (i, 0)
        default:
            return linear(KeyTimeline(given: keyTimes, count: n, divisions: n - 1), f, segmentFunctions: true)
        }
    }

    func linear(_ timeline: KeyTimeline, _ f: Double, segmentFunctions: Bool) -> (Int, Double) {
        switch timeline.position(at: f) {
        case .first: return (0, 0)
        case .last: return (path.count - 1, 1)
        case .segment(let i, let s):
            guard segmentFunctions, let functions = timingFunctions, i < functions.count else { return (i, s) }
            return (i, functions[i].evaluate(s))
        }
    }
}
