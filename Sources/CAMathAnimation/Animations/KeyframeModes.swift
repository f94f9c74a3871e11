/// How a keyframe animation moves between its values (`CAAnimationCalculationMode`). Any other raw value
/// behaves as ``linear``.
public struct CalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Straight interpolation between neighbouring values at their key times (the default).
    public static let linear = CalculationMode(rawValue: "linear")
    /// Each value holds from its key time until the next.
    public static let discrete = CalculationMode(rawValue: "discrete")
    /// Constant speed: key times from the distances between values.
    public static let paced = CalculationMode(rawValue: "paced")
    /// Kochanek–Bartels splines through the values, with per-key tension, continuity and bias.
    public static let cubic = CalculationMode(rawValue: "cubic")
    /// Splines at the key times of ``paced``.
    public static let cubicPaced = CalculationMode(rawValue: "cubicPaced")
}

/// Whether a layer moving along a path turns with it (`CAAnimationRotationMode`).
public struct RotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The layer's x axis follows the path's tangent.
    public static let rotateAuto = RotationMode(rawValue: "auto")
    /// The tangent plus a half turn.
    public static let rotateAutoReverse = RotationMode(rawValue: "autoReverse")
}
