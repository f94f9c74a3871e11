extension Transform2D {
    /// `CGAffineTransform(translationX:y:)`: `(1, 0, 0, 1, tx, ty)`, values copied bit for bit. O(1).
    @inlinable
    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// `CGAffineTransform(scaleX:y:)`: `(sx, 0, 0, sy, 0, 0)`, values copied bit for bit. O(1).
    @inlinable
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// `CGAffineTransform(rotationAngle:)`: `(cos θ, sin θ, −sin θ, cos θ, 0, 0)` on every platform
    /// (iOS's "counter-clockwise" and macOS's "clockwise" differ only in the y direction of the screen).
    ///
    /// Special values: a NaN or ±∞ angle gives NaN in `a, b, c, d`. Cost: one ``Elementary/sincos(_:)``.
    public init(rotationAngle angle: Double) {
        let (s, c) = Elementary.sincos(angle)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// `t1.concatenating(t2)` = `t1·t2`: `t1` acts first (<doc:Conventions>, *Rectangles*):
    /// `(a1a2 + b1c2, a1b2 + b1d2, c1a2 + d1c2, c1b2 + d1d2, tx1·a2 + ty1·c2 + tx2, tx1·b2 + ty1·d2 + ty2)`.
    /// Special values: IEEE. Cost: 12 multiplies, 10 adds.
    @inlinable
    public func concatenating(_ t2: Transform2D) -> Transform2D {
        Transform2D(
            a: a * t2.a + b * t2.c,
            b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c,
            d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx,
            ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// `translatedBy(x:y:)`: `Concat(translation, self)` in closed form
    /// `(a, b, c, d, tx·a + ty·c + t.tx, tx·b + ty·d + t.ty)`. Special values: IEEE. Cost: 4 mul, 4 add.
    @inlinable
    public func translatedBy(x: Double, y: Double) -> Transform2D {
        Transform2D(a: a, b: b, c: c, d: d, tx: x * a + y * c + tx, ty: x * b + y * d + ty)
    }

    /// `scaledBy(x:y:)`: `(sx·a, sx·b, sy·c, sy·d, tx, ty)` — the scale acts before `self`.
    /// Special values: IEEE. Cost: 4 multiplies.
    @inlinable
    public func scaledBy(x sx: Double, y sy: Double) -> Transform2D {
        Transform2D(a: sx * a, b: sx * b, c: sy * c, d: sy * d, tx: tx, ty: ty)
    }

    /// `rotated(by:)`: `Concat(Transform2D(rotationAngle: angle), self)` — the rotation acts before `self`.
    /// Special values: as ``init(rotationAngle:)`` then IEEE. Cost: one rotation plus one concat.
    public func rotated(by angle: Double) -> Transform2D {
        Transform2D(rotationAngle: angle).concatenating(self)
    }

    /// `inverted()`: the inverse, or **`self` unchanged** when there is none (<doc:Conventions>, *Rectangles*).
    ///
    /// `det = a·d − b·c`; result `(d/det, −b/det, −c/det, a/det, (c·ty − d·tx)/det, (b·tx − a·ty)/det)`.
    /// Returns `self` when any element is non-finite, when `det` is not normal (zero, subnormal or
    /// non-finite), or when any result element is non-finite. Exact for the identity and pure
    /// translations. Cost: 8 multiplies, 6 divisions.
    public func inverted() -> Transform2D {
        invertedIfPossible() ?? self
    }

    /// The inverse of ``inverted()``, or `nil` exactly where ``inverted()`` returns `self` unchanged.
    public func invertedIfPossible() -> Transform2D? {
        guard isFinite else { return nil }
        let det = a * d - b * c
        guard det.isNormal else { return nil }
        let r = Transform2D(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
        return r.isFinite ? r : nil
    }
}
