import Foundation

/// A timing function, as `CAMediaTimingFunction`: the cubic Bézier through (0, 0), (c1x, c1y), (c2x, c2y),
/// (1, 1) that maps an animation's progress to the progress of its value (<doc:TimingFunctions>).
///
/// The four control values are stored as `Float`, as given (the API type is `Float`); the curve is
/// evaluated in binary64 on their exact widening, so `easeIn`'s c1x reads back as 0.41999998688697815.
/// Immutable, hence `Sendable`; equal when the control values are.
public final class TimingFunction: NSObject, Sendable {
    /// The control values, as stored.
    public let c1x: Float, c1y: Float, c2x: Float, c2y: Float
    /// The binary64 curve the evaluation runs on.
    public let curve: UnitBezier
    /// Whether every control value is finite (evaluation answers NaN otherwise).
    package let isFinite: Bool

    /// The function with control points (c1x, c1y) and (c2x, c2y), stored exactly. Any values are
    /// accepted; a NaN or infinite one makes ``evaluate(_:)`` answer NaN. Cost: O(1).
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.c1x = c1x; self.c1y = c1y; self.c2x = c2x; self.c2y = c2y
        curve = UnitBezier(Double(c1x), Double(c1y), Double(c2x), Double(c2y))
        isFinite = c1x.isFinite && c1y.isFinite && c2x.isFinite && c2y.isFinite
        super.init()
    }

    /// A predefined function; an unknown name gives `nil`.
    public convenience init?(validatingName name: TimingFunctionName) {
        guard let (a, b, c, d) = name.controlValues else { return nil }
        self.init(controlPoints: a, b, c, d)
    }

    /// A predefined function, with Apple's non-failable signature; an unknown name gives the linear
    /// curve (never a trap). Use ``init(validatingName:)`` to detect one.
    public convenience init(name: TimingFunctionName) {
        let (a, b, c, d) = name.controlValues ?? (0, 0, 1, 1)
        self.init(controlPoints: a, b, c, d)
    }

    /// Writes control point `index` as (x, y) into `values[0]`, `values[1]`: 0 → (0, 0), 1 → c1,
    /// 2 → c2, 3 → (1, 1). Any other index leaves the buffer untouched. O(1).
    public func getControlPoint(at index: Int, values: UnsafeMutablePointer<Float>) {
        guard let (x, y) = controlPoint(at: index) else { return }
        values[0] = x
        values[1] = y
    }

    /// Control point `index` (0…3) as a pair, else `nil`. O(1).
    public func controlPoint(at index: Int) -> (x: Float, y: Float)? {
        switch index {
        case 0: (0, 0)
        case 1: (c1x, c1y)
        case 2: (c2x, c2y)
        case 3: (1, 1)
        default: nil
        }
    }

    /// The output progress at input progress `x`, by Core Animation's rule: NaN `x` or a non-finite
    /// control value → NaN; `x ≤ 0` → 0 and `x ≥ 1` → 1 exactly (±∞ included); otherwise `Y(t)` with
    /// `t` = ``UnitBezier/solveCurveX(_:epsilon:)`` to 1e-7, unclamped (control y values outside [0, 1]
    /// overshoot). Accuracy: |X(t) − x| < 1e-7, so the result is within about 1e-7·|dy/dx| of the exact
    /// curve (Apple's own is about 4e-6 off it). Cost: one solve, typically 2–4 Newton steps.
    public func evaluate(_ x: Double) -> Double {
        if x.isNaN || !isFinite { return .nan }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return curve.solve(x)
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? TimingFunction else { return false }
        return c1x == other.c1x && c1y == other.c1y && c2x == other.c2x && c2y == other.c2y
    }

    public override var hash: Int {
        var h = Hasher()
        for v in [c1x, c1y, c2x, c2y] { h.combine(v) }
        return h.finalize()
    }

    public override var description: String { "TimingFunction(\(c1x), \(c1y), \(c2x), \(c2y))" }
}
