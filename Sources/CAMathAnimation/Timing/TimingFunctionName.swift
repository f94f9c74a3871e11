/// The names of Core Animation's predefined timing functions (`CAMediaTimingFunctionName`).
public struct TimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// (0, 0), (1, 1): progress as is.
    public static let linear = TimingFunctionName("linear")
    /// (0.42, 0), (1, 1): slow start.
    public static let easeIn = TimingFunctionName("easeIn")
    /// (0, 0), (0.58, 1): slow end.
    public static let easeOut = TimingFunctionName("easeOut")
    /// (0.42, 0), (0.58, 1): slow start and end.
    public static let easeInEaseOut = TimingFunctionName("easeInEaseOut")
    /// (0.25, 0.1), (0.25, 1): the curve of implicit animations.
    public static let `default` = TimingFunctionName("default")

    /// The control values c1x, c1y, c2x, c2y of a known name, else `nil`.
    var controlValues: (Float, Float, Float, Float)? {
        switch self {
        case .linear: (0, 0, 1, 1)
        case .easeIn: (0.42, 0, 1, 1)
        case .easeOut: (0, 0, 0.58, 1)
        case .easeInEaseOut: (0.42, 0, 0.58, 1)
        case .default: (0.25, 0.1, 0.25, 1)
        default: nil
        }
    }
}
