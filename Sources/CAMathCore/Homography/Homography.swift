/// The 3×3 homography of a ``Transform3D`` restricted to the plane `z = 0` (<doc:PlanarMaps>), row-vector
/// convention: `H(M) = [[m11, m12, m14], [m21, m22, m24], [m41, m42, m44]]`.
///
/// Each ordinary layer flattens its sublayers into its own `z = 0` plane, so a chain of layers
/// composes level by level through each level's `H`. Fields are `h11…h33` (row *i*, column *j*).
@frozen
public struct Homography: Hashable, Sendable {
    /// Row 1: `(m11, m12, m14)` of the source transform.
    public var h11: Double, h12: Double, h13: Double
    /// Row 2: `(m21, m22, m24)`.
    public var h21: Double, h22: Double, h23: Double
    /// Row 3: `(m41, m42, m44)`.
    public var h31: Double, h32: Double, h33: Double

    /// Creates a homography from its nine entries, stored as given. O(1).
    @inlinable
    public init(
        h11: Double, h12: Double, h13: Double,
        h21: Double, h22: Double, h23: Double,
        h31: Double, h32: Double, h33: Double
    ) {
        self.h11 = h11; self.h12 = h12; self.h13 = h13
        self.h21 = h21; self.h22 = h22; self.h23 = h23
        self.h31 = h31; self.h32 = h32; self.h33 = h33
    }

    /// `H(M)` from rows and columns 1, 2 and 4 of `m` (entries copied bit for bit). O(1).
    @inlinable
    public init(_ m: Transform3D) {
        self.init(
            h11: m.m11, h12: m.m12, h13: m.m14,
            h21: m.m21, h22: m.m22, h23: m.m24,
            h31: m.m41, h32: m.m42, h33: m.m44)
    }

    /// `true` when all nine entries are finite. O(1).
    @inlinable
    public var isFinite: Bool {
        h11.isFinite && h12.isFinite && h13.isFinite && h21.isFinite && h22.isFinite && h23.isFinite
            && h31.isFinite && h32.isFinite && h33.isFinite
    }

    /// The undivided image `(X, Y, W) = (x, y, 1)·H`:
    /// `X = x·h11 + y·h21 + h31`, `Y = x·h12 + y·h22 + h32`, `W = x·h13 + y·h23 + h33`.
    /// Special values: IEEE. Cost: 6 multiplies, 6 adds.
    @inlinable
    public func mapHomogeneous(_ p: SIMD2<Double>) -> SIMD3<Double> {
        SIMD3(
            p.x * h11 + p.y * h21 + h31,
            p.x * h12 + p.y * h22 + h32,
            p.x * h13 + p.y * h23 + h33)
    }

    /// The forward map `(X/W, Y/W)` (<doc:PlanarMaps>). Special values: IEEE division, so `W = 0` gives ±∞
    /// or NaN. Cost: 6 multiplies, 6 adds, 2 divisions.
    @inlinable
    public func mapPoint(_ p: SIMD2<Double>) -> SIMD2<Double> {
        let h = mapHomogeneous(p)
        return SIMD2(h.x / h.z, h.y / h.z)
    }

    /// The forward weight `W = x·h13 + y·h23 + h33` of a point of the source plane: `W ≤ 0` means the
    /// point is at or behind the eye. Special values: IEEE. Cost: 2 multiplies, 2 adds.
    @inlinable
    public func forwardWeight(_ p: SIMD2<Double>) -> Double {
        p.x * h13 + p.y * h23 + h33
    }

    /// The determinant `h11·(h22·h33 − h23·h32) − h12·(h21·h33 − h23·h31) + h13·(h21·h32 − h22·h31)`.
    /// Special values: IEEE. Cost: 12 multiplies, 5 adds.
    @inlinable
    public var determinant: Double {
        h11 * (h22 * h33 - h23 * h32) - h12 * (h21 * h33 - h23 * h31) + h13 * (h21 * h32 - h22 * h31)
    }

    /// The inverse (adjugate with each entry divided by ``determinant``), or `nil` when `H` is
    /// **singular** (<doc:PlanarMaps>): a non-finite entry, a determinant that is not normal, or a
    /// non-finite entry in the result (<doc:PlanarMaps>). Cost: about 30 multiplies and 9 divisions.
    public func inverted() -> Homography? {
        guard isFinite else { return nil }
        let det = determinant
        guard det.isNormal else { return nil }
        let r = Homography(
            h11: (h22 * h33 - h23 * h32) / det, h12: (h13 * h32 - h12 * h33) / det, h13: (h12 * h23 - h13 * h22) / det,
            h21: (h23 * h31 - h21 * h33) / det, h22: (h11 * h33 - h13 * h31) / det, h23: (h13 * h21 - h11 * h23) / det,
            h31: (h21 * h32 - h22 * h31) / det, h32: (h12 * h31 - h11 * h32) / det, h33: (h11 * h22 - h12 * h21) / det)
        return r.isFinite ? r : nil
    }

    /// The back-map of the output point `p` (<doc:PlanarMaps>): where the ray `{(X, Y, z)}` meets the
    /// transformed source plane. `(x', y', w') = (X, Y, 1)·H⁻¹`, result `(x'/w', y'/w')`.
    ///
    /// A singular `H` gives `(NaN, NaN)`; otherwise IEEE, with no check of the forward weight (layer
    /// conversions make none; hit testing checks it itself). Cost: one ``inverted()`` plus a ``mapPoint(_:)`` — invert once and reuse the inverse
    /// when mapping many points.
    @inlinable
    public func backMapPoint(_ p: SIMD2<Double>) -> SIMD2<Double> {
        guard let inverse = inverted() else { return SIMD2(.nan, .nan) }
        return inverse.mapPoint(p)
    }
}
