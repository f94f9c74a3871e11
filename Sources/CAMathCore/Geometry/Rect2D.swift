/// A rectangle `(x, y, width, height)` with CGRect's rules (<doc:Conventions>, *Rectangles*), for code that cannot import
/// Foundation. `CAMath` converts it to and from `CGRect`.
///
/// Sizes may be negative (a non-standard rect); ``standardized`` flips them. ``null`` is
/// `(+∞, +∞, 0, 0)` and a rect is null when `x` or `y` is `+∞`; ``infinite`` is
/// `(−max/2, −max/2, max, max)` with `max = Double.greatestFiniteMagnitude`, recognised by exact equality.
@frozen
public struct Rect2D: Hashable, Sendable {
    /// The origin `(x, y)` and the signed size `(width, height)`.
    public var x: Double, y: Double, width: Double, height: Double

    /// Creates a rect from its four numbers, stored as given (no standardising). O(1).
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// `CGRectNull`: `(+∞, +∞, 0, 0)`.
    public static let null = Rect2D(x: .infinity, y: .infinity, width: 0, height: 0)

    /// `CGRectInfinite`: `(−max/2, −max/2, max, max)`.
    public static let infinite = Rect2D(
        x: -Double.greatestFiniteMagnitude / 2, y: -Double.greatestFiniteMagnitude / 2,
        width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

    /// `true` when `x == +∞` or `y == +∞` (CGRectIsNull). O(1).
    @inlinable
    public var isNull: Bool { x == .infinity || y == .infinity }

    /// `true` when the rect is exactly ``infinite``. O(1).
    @inlinable
    public var isInfinite: Bool { self == .infinite }

    /// The rect with non-negative sizes: if `width < 0`, `(x, width) ← (x + width, −width)`; likewise
    /// `(y, height)`. NaN sizes are left as they are. O(1).
    @inlinable
    public var standardized: Rect2D {
        var r = self
        if r.width < 0 { r.x = r.x + r.width; r.width = -r.width }
        if r.height < 0 { r.y = r.y + r.height; r.height = -r.height }
        return r
    }

    /// The four corners of the **standardised** rect in CGRect's order (<doc:Conventions>, *Rectangles*):
    /// `(x, y), (x + w, y), (x + w, y + h), (x, y + h)`. O(1).
    @inlinable
    public var corners: (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>) {
        let r = standardized
        let maxX = r.x + r.width, maxY = r.y + r.height
        return (SIMD2(r.x, r.y), SIMD2(maxX, r.y), SIMD2(maxX, maxY), SIMD2(r.x, maxY))
    }

    /// `CGRectContainsPoint`: `false` for a null rect or a NaN coordinate; otherwise the standardised
    /// rect is tested half-open, `x ≤ px < x + w` and `y ≤ py < y + h`, so an empty rect contains
    /// nothing (<doc:Conventions>, *Rectangles*). O(1).
    @inlinable
    public func contains(_ p: SIMD2<Double>) -> Bool {
        if isNull { return false }
        let r = standardized
        return r.x <= p.x && p.x < r.x + r.width && r.y <= p.y && p.y < r.y + r.height
    }
}
