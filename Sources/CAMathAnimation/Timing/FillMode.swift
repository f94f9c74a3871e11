/// What an animation shows outside its active interval (`CAMediaTimingFillMode`).
///
/// Any other raw value behaves as ``removed``.
public struct FillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Nothing outside the active interval (the default).
    public static let removed = FillMode(rawValue: "removed")
    /// After the active interval, the value at its end.
    public static let forwards = FillMode(rawValue: "forwards")
    /// Before the active interval, the value at its start.
    public static let backwards = FillMode(rawValue: "backwards")
    /// Both.
    public static let both = FillMode(rawValue: "both")

    var fillsBackwards: Bool { self == .backwards || self == .both }
    var fillsForwards: Bool { self == .forwards || self == .both }
}
