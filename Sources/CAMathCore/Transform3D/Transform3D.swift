/// A 4×4 homogeneous transform with Core Animation's layout and conventions (`CATransform3D`).
///
/// **Conventions** (<doc:Conventions>, *Layout: row vectors*), stated once here:
/// - `mij` is row *i*, column *j*; the sixteen fields are stored row by row, `m11, m12, …, m44`.
/// - **Row vectors**: a point `(x, y, z)` is the row `(x, y, z, 1)` and maps to `(x, y, z, 1)·M`, so
///   translation lives in `m41…m43` and perspective in column 4 (`m14, m24, m34`).
/// - `a.concatenating(b)` is `a·b`: a point goes through `a` first, then `b`.
/// - `translatedBy`, `scaledBy` and `rotated` **pre-multiply**: the new operation acts on points
///   *before* the receiver (`Translate(t, …) = Concat(MakeTranslation(…), t)`).
/// - Every sum is evaluated left to right with each product rounded on its own (no fused multiply-add),
///   so every non-transcendental result is reproducible to the bit.
///
/// Equality (`==`) and hashing are exact and element-wise: `-0 == +0`, and any NaN makes two transforms
/// unequal (<doc:Conventions>, *Equality and predicates*). The default `init()` is the all-zero matrix, as for Apple's C struct; use
/// ``identity`` for the identity.
@frozen
public struct Transform3D: Hashable, Sendable {
    /// Row 1: the image of the x axis (`m14` is its perspective weight).
    public var m11: Double, m12: Double, m13: Double, m14: Double
    /// Row 2: the image of the y axis.
    public var m21: Double, m22: Double, m23: Double, m24: Double
    /// Row 3: the image of the z axis (`m34 = −1/d` is the usual perspective).
    public var m31: Double, m32: Double, m33: Double, m34: Double
    /// Row 4: the translation `(m41, m42, m43)` and the homogeneous weight `m44`.
    public var m41: Double, m42: Double, m43: Double, m44: Double

    /// Creates a transform from its sixteen elements, row by row. Values are stored bit for bit. O(1).
    @inlinable
    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// The all-zero matrix, like the zero-initialised `CATransform3D()` on Apple platforms. O(1).
    @inlinable
    public init() {
        self.init(
            m11: 0, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 0)
    }

    /// The identity transform (`CATransform3DIdentity`).
    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)

    /// The sixteen elements in storage order `m11, m12, …, m44`. Allocates an array; O(1).
    public var elements: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// Creates a transform from sixteen elements in storage order, or `nil` when `elements.count != 16`.
    public init?(elements: some Collection<Double>) {
        guard elements.count == 16 else { return nil }
        let e = Array(elements)
        self.init(
            m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
            m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }
}

extension Transform3D: CustomStringConvertible {
    /// The 4×4 matrix, one row per line, each element in Swift's shortest round-trip form.
    public var description: String {
        let rows = [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
        return rows.map { "[" + $0.map { "\($0)" }.joined(separator: ", ") + "]" }.joined(separator: "\n")
    }
}
