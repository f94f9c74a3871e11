extension Transform3D {
    /// `CATransform3DIsIdentity`: all sixteen elements `==` the identity's — no tolerance, `-0 == +0`,
    /// any NaN gives `false` (<doc:Conventions>, *Equality and predicates*). Cost: 16 comparisons.
    @inlinable
    public var isIdentity: Bool { self == .identity }

    /// `CATransform3DIsAffine`: `m13 = m14 = m23 = m24 = m31 = m32 = m34 = m43 = 0` and
    /// `m33 = m44 = 1`, compared exactly (<doc:Conventions>, *The affine bridge*). The free entries (`m11, m12, m21, m22, m41,
    /// m42`) may hold anything, NaN included. Cost: 10 comparisons.
    @inlinable
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0
            && m34 == 0 && m43 == 0 && m33 == 1 && m44 == 1
    }

    /// `CATransform3DGetAffineTransform`: `(m11, m12, m21, m22, m41, m42)`, copied bit for bit, even when
    /// the transform is not affine (<doc:Conventions>, *The affine bridge*; Apple calls that case undefined). Cost: O(1).
    @inlinable
    public var affineTransform: Transform2D {
        Transform2D(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }
}
