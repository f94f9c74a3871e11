/// Which parts of a layer's frame stretch when its superlayer's bounds size changes — `CAAutoresizingMask`
/// (the name `CAMathQuartzCore` gives it), with Apple's member names and bit values. Bits other than the six
/// below are stored and read back as given. The default, no bit, is `kCALayerNotSizable`.
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    /// The mask's bits.
    public let rawValue: UInt32

    /// A mask from its bits, stored as given. O(1).
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The left margin (`minX`) is flexible. Bit 1.
    public static let layerMinXMargin = AutoresizingMask(rawValue: 1)
    /// The width is flexible. Bit 2.
    public static let layerWidthSizable = AutoresizingMask(rawValue: 2)
    /// The right margin (`maxX`) is flexible. Bit 4.
    public static let layerMaxXMargin = AutoresizingMask(rawValue: 4)
    /// The bottom margin (`minY`) is flexible. Bit 8.
    public static let layerMinYMargin = AutoresizingMask(rawValue: 8)
    /// The height is flexible. Bit 16.
    public static let layerHeightSizable = AutoresizingMask(rawValue: 16)
    /// The top margin (`maxY`) is flexible. Bit 32.
    public static let layerMaxYMargin = AutoresizingMask(rawValue: 32)
}
