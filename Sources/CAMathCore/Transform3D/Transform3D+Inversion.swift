extension Transform3D {
    /// `CATransform3DInvert`: the inverse, or **`self` unchanged** when there is none (<doc:Conventions>, *Inversion*).
    ///
    /// Laplace expansion over 2×2 minors of rows 1–2 (`s0…s5`) and rows 3–4 (`c0…c5`);
    /// `det = s0·c5 − s1·c4 + s2·c3 + s3·c2 − s4·c1 + s5·c0`; each element is its adjugate entry
    /// **divided** by `det`. Identity and pure translations invert exactly.
    ///
    /// Returns `self` unchanged when any element is NaN or ±∞, when `det` is not normal (zero,
    /// subnormal, ±∞ or NaN — the threshold is `Double.isNormal`), or when any element of the result
    /// is not finite. Use ``invertedIfPossible()`` to tell the cases apart.
    /// Cost: about 100 multiplies and 16 divisions.
    public func inverted() -> Transform3D {
        invertedIfPossible() ?? self
    }

    /// The inverse of <doc:Conventions>, *Inversion*, or `nil` exactly where ``inverted()`` would return `self` unchanged:
    /// a non-finite element, a determinant that is not normal, or a non-finite result.
    /// Cost: as ``inverted()``.
    public func invertedIfPossible() -> Transform3D? {
        guard isFinite else { return nil }
        let minors = LaplaceMinors(self)
        let det = minors.determinant
        guard det.isNormal else { return nil }
        let (s0, s1, s2, s3, s4, s5) = minors.s
        let (c0, c1, c2, c3, c4, c5) = minors.c
        let r = Transform3D(
            m11: (m22 * c5 - m23 * c4 + m24 * c3) / det,
            m12: (-m12 * c5 + m13 * c4 - m14 * c3) / det,
            m13: (m42 * s5 - m43 * s4 + m44 * s3) / det,
            m14: (-m32 * s5 + m33 * s4 - m34 * s3) / det,
            m21: (-m21 * c5 + m23 * c2 - m24 * c1) / det,
            m22: (m11 * c5 - m13 * c2 + m14 * c1) / det,
            m23: (-m41 * s5 + m43 * s2 - m44 * s1) / det,
            m24: (m31 * s5 - m33 * s2 + m34 * s1) / det,
            m31: (m21 * c4 - m22 * c2 + m24 * c0) / det,
            m32: (-m11 * c4 + m12 * c2 - m14 * c0) / det,
            m33: (m41 * s4 - m42 * s2 + m44 * s0) / det,
            m34: (-m31 * s4 + m32 * s2 - m34 * s0) / det,
            m41: (-m21 * c3 + m22 * c1 - m23 * c0) / det,
            m42: (m11 * c3 - m12 * c1 + m13 * c0) / det,
            m43: (-m41 * s3 + m42 * s1 - m43 * s0) / det,
            m44: (m31 * s3 - m32 * s1 + m33 * s0) / det)
        return r.isFinite ? r : nil
    }

    /// The determinant by Laplace expansion over 2×2 minors (<doc:Conventions>, *Inversion*):
    /// `s0·c5 − s1·c4 + s2·c3 + s3·c2 − s4·c1 + s5·c0`, left to right — the value whose
    /// `isNormal` decides invertibility. Special values: IEEE. Cost: 30 multiplies, 17 adds.
    public var determinant: Double { LaplaceMinors(self).determinant }

    /// `true` when all sixteen elements are finite (no NaN, no ±∞). Cost: 16 comparisons.
    @inlinable
    public var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite
            && m21.isFinite && m22.isFinite && m23.isFinite && m24.isFinite
            && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite
            && m41.isFinite && m42.isFinite && m43.isFinite && m44.isFinite
    }
}

/// The 2×2 minors of rows 1–2 (`s0…s5`) and rows 3–4 (`c0…c5`) of <doc:Conventions>, *Inversion*.
struct LaplaceMinors {
    let s: (Double, Double, Double, Double, Double, Double)
    let c: (Double, Double, Double, Double, Double, Double)

    init(_ t: Transform3D) {
        s = (
            t.m11 * t.m22 - t.m21 * t.m12, t.m11 * t.m23 - t.m21 * t.m13, t.m11 * t.m24 - t.m21 * t.m14,
            t.m12 * t.m23 - t.m22 * t.m13, t.m12 * t.m24 - t.m22 * t.m14, t.m13 * t.m24 - t.m23 * t.m14
        )
        c = (
            t.m31 * t.m42 - t.m41 * t.m32, t.m31 * t.m43 - t.m41 * t.m33, t.m31 * t.m44 - t.m41 * t.m34,
            t.m32 * t.m43 - t.m42 * t.m33, t.m32 * t.m44 - t.m42 * t.m34, t.m33 * t.m44 - t.m43 * t.m34
        )
    }

    var determinant: Double {
        s.0 * c.5 - s.1 * c.4 + s.2 * c.3 + s.3 * c.2 - s.4 * c.1 + s.5 * c.0
    }
}
