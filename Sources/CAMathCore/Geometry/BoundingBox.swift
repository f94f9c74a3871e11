/// Accumulates the axis-aligned bounding box of a list of points with CGRect's box rule (<doc:Conventions>, *Rectangles*):
/// no points → ``Rect2D/null``; any NaN coordinate → `(NaN, NaN, NaN, NaN)`; otherwise
/// `(minX, minY, maxX − minX, maxY − minY)` with IEEE min/max/subtract (±∞ allowed).
///
/// Allocation-free; each ``add(_:)`` is O(1).
@frozen
public struct BoundingBox: Sendable {
    @usableFromInline var count = 0
    @usableFromInline var sawNaN = false
    @usableFromInline var minX = Double.infinity, minY = Double.infinity
    @usableFromInline var maxX = -Double.infinity, maxY = -Double.infinity

    /// An empty box.
    @inlinable
    public init() {}

    /// Adds one point.
    @inlinable
    public mutating func add(_ p: SIMD2<Double>) {
        count += 1
        if p.x.isNaN || p.y.isNaN { sawNaN = true; return }
        if p.x < minX { minX = p.x }
        if p.x > maxX { maxX = p.x }
        if p.y < minY { minY = p.y }
        if p.y > maxY { maxY = p.y }
    }

    /// The box of the points added so far.
    @inlinable
    public var rect: Rect2D {
        if count == 0 { return .null }
        if sawNaN { return Rect2D(x: .nan, y: .nan, width: .nan, height: .nan) }
        return Rect2D(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
