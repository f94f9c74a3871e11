extension Transform3D {
    /// Maps the point `(x, y, z)` as the row `(x, y, z, 1)·M` and divides by `W` (<doc:Conventions>, *Layout: row vectors*):
    /// `X = x·m11 + y·m21 + z·m31 + m41` (likewise `Y`, `Z`, `W`), result `(X/W, Y/W, Z/W)`.
    ///
    /// Special values: IEEE arithmetic throughout; `W = 0` gives ±∞ or NaN (no clamping, unlike
    /// WebKit's `projectPoint`). Cost: 12 multiplies, 12 adds, 3 divisions.
    @inlinable
    public func mapPoint(_ p: SIMD3<Double>) -> SIMD3<Double> {
        let h = mapHomogeneous(p)
        return SIMD3(h.x / h.w, h.y / h.w, h.z / h.w)
    }

    /// The undivided image `(X, Y, Z, W) = (x, y, z, 1)·M` of a point (<doc:Conventions>, *Layout: row vectors*):
    /// ``mapHomogeneous(_:)-(SIMD4<Double>)`` of `(x, y, z, 1)`, whose `1·m4j` is `m4j` exactly.
    /// Special values: IEEE. Cost: 12 multiplies, 12 adds.
    @inlinable
    public func mapHomogeneous(_ p: SIMD3<Double>) -> SIMD4<Double> {
        mapHomogeneous(SIMD4(p, 1))
    }
}
