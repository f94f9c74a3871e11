extension Transform2D {
    /// `CGPoint.applying(_:)`: `(a·x + c·y + tx, b·x + d·y + ty)` (<doc:Conventions>, *Rectangles*).
    /// Special values: IEEE. Cost: 4 multiplies, 4 adds.
    @inlinable
    public func mapPoint(_ p: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// `CGSize.applying(_:)`: `(a·w + c·h, b·w + d·h)` — signed, no translation, no absolute value
    /// (a 90° rotation maps `(100, 50)` to `(−50, 100)`). Special values: IEEE. Cost: 4 mul, 2 add.
    @inlinable
    public func mapSize(width w: Double, height h: Double) -> (width: Double, height: Double) {
        (a * w + c * h, b * w + d * h)
    }

    /// `CGRect.applying(_:)`: ``Rect2D/null`` → null; ``Rect2D/infinite`` → infinite; otherwise the
    /// bounding box (``BoundingBox``) of the four mapped corners of the standardised rect — NaN in any
    /// corner gives `(NaN, NaN, NaN, NaN)`. Cost: 4 point maps and a box.
    @inlinable
    public func mapRect(_ r: Rect2D) -> Rect2D {
        if r.isNull || r.isInfinite { return r }
        let (p0, p1, p2, p3) = r.corners
        var box = BoundingBox()
        box.add(mapPoint(p0)); box.add(mapPoint(p1)); box.add(mapPoint(p2)); box.add(mapPoint(p3))
        return box.rect
    }
}
