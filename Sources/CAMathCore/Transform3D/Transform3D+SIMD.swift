/// Rows and columns as `SIMD4<Double>`, and homogeneous points: the matrix in the vector types the
/// rest of Swift uses. Every accessor copies the elements bit for bit (no arithmetic), so NaN payloads, signed
/// zeros and infinities pass through unchanged. Row *i* is `(mi1, mi2, mi3, mi4)`; column *j* is
/// `(m1j, m2j, m3j, m4j)`. Under CAMath's row-vector convention a point maps as `p·M`: rows are the images
/// of the axes and of the origin (row 4, with the translation), columns are what each output coordinate
/// reads.
extension Transform3D {
    /// Creates a transform from its four rows. O(1).
    @inlinable
    public init(rows r1: SIMD4<Double>, _ r2: SIMD4<Double>, _ r3: SIMD4<Double>, _ r4: SIMD4<Double>) {
        self.init(
            m11: r1.x, m12: r1.y, m13: r1.z, m14: r1.w, m21: r2.x, m22: r2.y, m23: r2.z, m24: r2.w,
            m31: r3.x, m32: r3.y, m33: r3.z, m34: r3.w, m41: r4.x, m42: r4.y, m43: r4.z, m44: r4.w)
    }

    /// Creates a transform from its four columns. O(1).
    @inlinable
    public init(columns c1: SIMD4<Double>, _ c2: SIMD4<Double>, _ c3: SIMD4<Double>, _ c4: SIMD4<Double>) {
        self.init(
            m11: c1.x, m12: c2.x, m13: c3.x, m14: c4.x, m21: c1.y, m22: c2.y, m23: c3.y, m24: c4.y,
            m31: c1.z, m32: c2.z, m33: c3.z, m34: c4.z, m41: c1.w, m42: c2.w, m43: c3.w, m44: c4.w)
    }

    /// The four rows, `(mi1, mi2, mi3, mi4)` for i = 1…4; settable. O(1).
    @inlinable
    public var rows: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
        get {
            (SIMD4(m11, m12, m13, m14), SIMD4(m21, m22, m23, m24), SIMD4(m31, m32, m33, m34), SIMD4(m41, m42, m43, m44))
        }
        set { self = Transform3D(rows: newValue.0, newValue.1, newValue.2, newValue.3) }
    }

    /// The four columns, `(m1j, m2j, m3j, m4j)` for j = 1…4; settable. O(1).
    @inlinable
    public var columns: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
        get {
            (SIMD4(m11, m21, m31, m41), SIMD4(m12, m22, m32, m42), SIMD4(m13, m23, m33, m43), SIMD4(m14, m24, m34, m44))
        }
        set { self = Transform3D(columns: newValue.0, newValue.1, newValue.2, newValue.3) }
    }

    /// The homogeneous row vector `p·M` of a homogeneous point `p = (x, y, z, w)`, with no divide: each
    /// coordinate `x·m1j + y·m2j + z·m3j + w·m4j`, summed left to right without fused multiply-add, so for
    /// `w = 1` it has the bits of ``mapHomogeneous(_:)``. NaN and infinities propagate by IEEE 754 (`0·∞` is
    /// NaN). O(1).
    @inlinable
    public func mapHomogeneous(_ p: SIMD4<Double>) -> SIMD4<Double> {
        let x = p.x * m11 + p.y * m21 + p.z * m31 + p.w * m41
        let y = p.x * m12 + p.y * m22 + p.z * m32 + p.w * m42
        let z = p.x * m13 + p.y * m23 + p.z * m33 + p.w * m43
        let w = p.x * m14 + p.y * m24 + p.z * m34 + p.w * m44
        return SIMD4(x, y, z, w)
    }
}
