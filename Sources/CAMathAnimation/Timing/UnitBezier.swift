/// A cubic Bézier from (0, 0) to (1, 1) with two control points in binary64: the curve behind every
/// timing function, and a CSS-style easing with extrapolation (<doc:TimingFunctions>).
///
/// With `c = 3·p1`, `b = 3·(p2 − p1) − c`, `a = (1 − c) − b` per axis, `X(t) = ((a·t + b)·t + c)·t`
/// (Horner, in that order; `Y` likewise). The coefficients and the 11 spline samples `X(i/10)` the
/// solver starts from are computed once, at `init`. Values are never clamped: control x values outside
/// [0, 1] make `X` non-monotone and the solver returns the root its steps reach.
public struct UnitBezier: Sendable, Equatable {
    /// The control points as given.
    public let p1x: Double, p1y: Double, p2x: Double, p2y: Double
    let ax: Double, bx: Double, cx: Double
    let ay: Double, by: Double, cy: Double
    let samples: InlineArray<11, Double>

    /// The solver's tolerance when none is given: |X(t) − x| < 1e-7.
    public static let defaultEpsilon = 1e-7
    static let sampleStep = 1.0 / 10
    static let newtonIterations = 4

    /// The curve with control points (p1x, p1y) and (p2x, p2y). Any values are accepted; non-finite
    /// ones propagate through the arithmetic (IEEE). Cost: about 60 flops.
    public init(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double) {
        self.p1x = p1x; self.p1y = p1y; self.p2x = p2x; self.p2y = p2y
        cx = 3 * p1x
        bx = 3 * (p2x - p1x) - cx
        ax = (1 - cx) - bx
        cy = 3 * p1y
        by = 3 * (p2y - p1y) - cy
        ay = (1 - cy) - by
        let (a, b, c) = (ax, bx, cx)
        samples = InlineArray { i in
            let t = Double(i) * Self.sampleStep
            return ((a * t + b) * t + c) * t
        }
    }

    /// The coefficients a, b, c of X and of Y and the 11 spline samples, in that order: what the batch
    /// kernels evaluate the curve from.
    package var solverFields: [Double] {
        [ax, bx, cx, ay, by, cy] + (0..<11).map { samples[$0] }
    }

    public static func == (l: UnitBezier, r: UnitBezier) -> Bool {
        l.p1x == r.p1x && l.p1y == r.p1y && l.p2x == r.p2x && l.p2y == r.p2y
    }

    /// X(t) in Horner order. O(1).
    public func sampleCurveX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    /// Y(t) in Horner order. O(1).
    public func sampleCurveY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    /// X′(t) = ((3a·t + 2b)·t + c). O(1).
    public func sampleCurveDerivativeX(_ t: Double) -> Double { ((3 * ax) * t + 2 * bx) * t + cx }

    /// The parameter t with X(t) = x, by Chromium's solver: the spline sample bracket and a secant start,
    /// at most four Newton steps, then bisection of the bracket. Returns a t with |X(t) − x| < `epsilon`
    /// when Newton or bisection finds one, else the bisection's last t — also as soon as a midpoint equals
    /// an end of the bracket, which can shrink no further (control x values far outside [0, 1] make X that
    /// steep; Chromium's loop would repeat that step forever). Meant for x in (0, 1); other x (and
    /// NaN) return what the steps reach, never trap or hang. Cost: at most 4 Newton steps (about 20 flops
    /// each) and about 50 bisection steps (about 2 100 at most, from a bracket stretched to ±2¹⁰²⁴).
    public func solveCurveX(_ x: Double, epsilon: Double = UnitBezier.defaultEpsilon) -> Double {
        var t0 = 0.0, t1 = 0.0, t2 = x
        for i in 1...10 where x <= samples[i] {
            t1 = Self.sampleStep * Double(i)
            t0 = t1 - Self.sampleStep
            t2 = t0 + ((t1 - t0) * (x - samples[i - 1])) / (samples[i] - samples[i - 1])
            break
        }
        var x2 = 0.0
        for _ in 0..<Self.newtonIterations {
            x2 = sampleCurveX(t2) - x
            if abs(x2) < min(Self.defaultEpsilon, epsilon) { return t2 }
            let d2 = sampleCurveDerivativeX(t2)
            if abs(d2) < Self.defaultEpsilon { break }
            t2 = t2 - x2 / d2
        }
        if abs(x2) < epsilon { return t2 }
        while t0 < t1 {
            let x3 = sampleCurveX(t2)
            if abs(x3 - x) < epsilon { return t2 }
            if x > x3 { t0 = t2 } else { t1 = t2 }
            t2 = (t1 + t0) * 0.5
            // The bracket cannot shrink further: every later step would repeat this one or its twin.
            if t2 == t0 || t2 == t1 { return t2 }
        }
        return t2
    }

    /// Y(solveCurveX(x, epsilon)): the curve's output at input x, unclamped and without extrapolation.
    /// Cost: one ``solveCurveX(_:epsilon:)``.
    public func solve(_ x: Double, epsilon: Double = UnitBezier.defaultEpsilon) -> Double {
        sampleCurveY(solveCurveX(x, epsilon: epsilon))
    }

    /// The CSS easing rule: inside [0, 1] as ``solve(_:epsilon:)``; below 0 the tangent line at the start,
    /// `0 + g0·x`; above 1 the tangent at the end, `1 + g1·(x − 1)`. g0 = p1y/p1x if p1x > 0, else
    /// p2y/p2x if p1y = 0 and p2x > 0, else 1 if p1y = p2y = 0, else 0; g1 mirrors it at the end. NaN x
    /// gives what the solver reaches from NaN (NaN). Never used by the Core Animation paths, which clamp.
    public func solveExtrapolating(_ x: Double) -> Double {
        if x < 0 { return 0.0 + startGradient * x }
        if x > 1 { return 1.0 + endGradient * (x - 1.0) }
        return solve(x)
    }

    var startGradient: Double {
        if p1x > 0 { return p1y / p1x }
        if p1y == 0 && p2x > 0 { return p2y / p2x }
        if p1y == 0 && p2y == 0 { return 1 }
        return 0
    }

    var endGradient: Double {
        if p2x < 1 { return (p2y - 1) / (p2x - 1) }
        if p2y == 1 && p1x < 1 { return (p1y - 1) / (p1x - 1) }
        if p2y == 1 && p1y == 1 { return 1 }
        return 0
    }
}
