extension Transform3D {
    /// `CATransform3DConcat(self, other)` = `self·other`: points go through `self` first, then `other`
    /// (<doc:Conventions>, *Composition order*).
    ///
    /// Element `(i, j)` is `ai1·b1j + ai2·b2j + ai3·b3j + ai4·b4j`, summed left to right, no FMA.
    /// Special values: IEEE arithmetic (`0·∞ = NaN`), no flush to zero. Cost: 64 multiplies, 48 adds.
    @inlinable
    public func concatenating(_ other: Transform3D) -> Transform3D {
        let b = other
        return Transform3D(
            m11: m11 * b.m11 + m12 * b.m21 + m13 * b.m31 + m14 * b.m41,
            m12: m11 * b.m12 + m12 * b.m22 + m13 * b.m32 + m14 * b.m42,
            m13: m11 * b.m13 + m12 * b.m23 + m13 * b.m33 + m14 * b.m43,
            m14: m11 * b.m14 + m12 * b.m24 + m13 * b.m34 + m14 * b.m44,
            m21: m21 * b.m11 + m22 * b.m21 + m23 * b.m31 + m24 * b.m41,
            m22: m21 * b.m12 + m22 * b.m22 + m23 * b.m32 + m24 * b.m42,
            m23: m21 * b.m13 + m22 * b.m23 + m23 * b.m33 + m24 * b.m43,
            m24: m21 * b.m14 + m22 * b.m24 + m23 * b.m34 + m24 * b.m44,
            m31: m31 * b.m11 + m32 * b.m21 + m33 * b.m31 + m34 * b.m41,
            m32: m31 * b.m12 + m32 * b.m22 + m33 * b.m32 + m34 * b.m42,
            m33: m31 * b.m13 + m32 * b.m23 + m33 * b.m33 + m34 * b.m43,
            m34: m31 * b.m14 + m32 * b.m24 + m33 * b.m34 + m34 * b.m44,
            m41: m41 * b.m11 + m42 * b.m21 + m43 * b.m31 + m44 * b.m41,
            m42: m41 * b.m12 + m42 * b.m22 + m43 * b.m32 + m44 * b.m42,
            m43: m41 * b.m13 + m42 * b.m23 + m43 * b.m33 + m44 * b.m43,
            m44: m41 * b.m14 + m42 * b.m24 + m43 * b.m34 + m44 * b.m44)
    }

    /// `CATransform3DTranslate`: `Concat(MakeTranslation(tx, ty, tz), self)` — the translation acts on
    /// points **before** `self` (<doc:Conventions>, *Composition order*).
    ///
    /// Closed form: rows 1–3 unchanged; `m4j' = tx·m1j + ty·m2j + tz·m3j + m4j`. For finite `self` it
    /// equals the full product up to the sign of zero; non-finite elements reach only row 4.
    /// Cost: 12 multiplies, 12 adds.
    @inlinable
    public func translatedBy(x tx: Double, y ty: Double, z tz: Double) -> Transform3D {
        var t = self
        t.m41 = tx * m11 + ty * m21 + tz * m31 + m41
        t.m42 = tx * m12 + ty * m22 + tz * m32 + m42
        t.m43 = tx * m13 + ty * m23 + tz * m33 + m43
        t.m44 = tx * m14 + ty * m24 + tz * m34 + m44
        return t
    }

    /// `CATransform3DScale`: `Concat(MakeScale(sx, sy, sz), self)` — the scale acts on points **before**
    /// `self` (<doc:Conventions>, *Composition order*).
    ///
    /// Closed form: row *i* (i = 1, 2, 3, all four columns) multiplied by `s_i`; row 4 unchanged.
    /// Special values: IEEE products, row 4 never touched. Cost: 12 multiplies.
    @inlinable
    public func scaledBy(x sx: Double, y sy: Double, z sz: Double) -> Transform3D {
        var t = self
        t.m11 = sx * m11; t.m12 = sx * m12; t.m13 = sx * m13; t.m14 = sx * m14
        t.m21 = sy * m21; t.m22 = sy * m22; t.m23 = sy * m23; t.m24 = sy * m24
        t.m31 = sz * m31; t.m32 = sz * m32; t.m33 = sz * m33; t.m34 = sz * m34
        return t
    }

    /// `CATransform3DRotate`: `Concat(MakeRotation(angle, x, y, z), self)` — the rotation acts on
    /// points **before** `self` (<doc:Conventions>, *Composition order*).
    ///
    /// An all-zero axis returns `self` unchanged (a copy); otherwise special values follow
    /// ``init(rotationAngle:x:y:z:)`` and then IEEE concatenation. Cost: one rotation plus one concat.
    public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        if x == 0 && y == 0 && z == 0 { return self }
        return Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }
}
