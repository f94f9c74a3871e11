extension Transform3D {
    /// `CATransform3DMakeTranslation`: the identity with `m41, m42, m43 = tx, ty, tz` (<doc:Conventions>, *Constructors*).
    ///
    /// Special values: copied bit for bit (NaN, ±∞, −0, subnormals). Cost: O(1), no arithmetic.
    @inlinable
    public init(translationX tx: Double, y ty: Double, z tz: Double) {
        self = .identity
        m41 = tx; m42 = ty; m43 = tz
    }

    /// `CATransform3DMakeScale`: the identity with `m11, m22, m33 = sx, sy, sz` (<doc:Conventions>, *Constructors*).
    ///
    /// Special values: copied bit for bit. Cost: O(1), no arithmetic.
    @inlinable
    public init(scaleX sx: Double, y sy: Double, z sz: Double) {
        self = .identity
        m11 = sx; m22 = sy; m33 = sz
    }

    /// `CATransform3DMakeRotation`: the right-handed rotation by `angle` radians about the axis
    /// `(x, y, z)`, written for row vectors (<doc:Conventions>, *Constructors*): about ẑ it maps x̂ to ŷ.
    ///
    /// - An all-zero axis (either sign of zero) gives the **identity**, whatever the angle (even NaN).
    /// - Otherwise, any NaN or ±∞ among `angle, x, y, z` gives the identity with the upper-left 3×3 all NaN.
    /// - The axis is normalised by its largest magnitude first, then by its length, so any non-zero
    ///   axis — even a subnormal one — is a valid direction and `k·axis` gives the same matrix.
    /// - Rotations about a coordinate axis are structurally exact: about ẑ, `m11 = m22 = cos`,
    ///   `m12 = sin`, `m21 = −sin`, `m33 = 1` and zeros elsewhere in the 3×3, so the result `isAffine`.
    ///
    /// Cost: one ``Elementary/sincos(_:)`` and about 40 flops.
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        self = .identity
        if x == 0 && y == 0 && z == 0 { return }
        guard angle.isFinite && x.isFinite && y.isFinite && z.isFinite else {
            m11 = .nan; m12 = .nan; m13 = .nan
            m21 = .nan; m22 = .nan; m23 = .nan
            m31 = .nan; m32 = .nan; m33 = .nan
            return
        }
        let k = max(abs(x), abs(y), abs(z))
        var x = x / k, y = y / k, z = z / k
        let length = (x * x + y * y + z * z).squareRoot()
        x = x / length; y = y / length; z = z / length
        let (s, c) = Elementary.sincos(angle)
        let oneMinusC = 1 - c
        m11 = x * x + (1 - x * x) * c
        m12 = (x * y) * oneMinusC + z * s
        m13 = (x * z) * oneMinusC - y * s
        m21 = (x * y) * oneMinusC - z * s
        m22 = y * y + (1 - y * y) * c
        m23 = (y * z) * oneMinusC + x * s
        m31 = (x * z) * oneMinusC + y * s
        m32 = (y * z) * oneMinusC - x * s
        m33 = z * z + (1 - z * z) * c
    }

    /// `CATransform3DMakeAffineTransform`: the identity with `m11 = a, m12 = b, m21 = c, m22 = d,
    /// m41 = tx, m42 = ty` (<doc:Conventions>, *The affine bridge*).
    ///
    /// Special values: copied bit for bit. Cost: O(1), no arithmetic.
    @inlinable
    public init(_ affine: Transform2D) {
        self = .identity
        m11 = affine.a; m12 = affine.b
        m21 = affine.c; m22 = affine.d
        m41 = affine.tx; m42 = affine.ty
    }
}
