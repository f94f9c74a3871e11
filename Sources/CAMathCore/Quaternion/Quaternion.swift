/// A rotation quaternion `(x, y, z, w)`: `MakeRotation(θ, axis)` corresponds to
/// `(axis·sin(θ/2), cos(θ/2))` (<doc:KeyPathsAndDecomposition>, *Interpolation*). Components are stored bit for bit and never normalised.
@frozen
public struct Quaternion: Hashable, Sendable {
    /// The vector part `(x, y, z)` and the scalar part `w`.
    public var x: Double, y: Double, z: Double, w: Double

    /// Creates a quaternion from its components, stored as given. O(1).
    @inlinable
    public init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x; self.y = y; self.z = z; self.w = w
    }

    /// The identity rotation `(0, 0, 0, 1)`.
    public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)
}

extension Transform3D {
    /// The rotation matrix `R(q)` of <doc:KeyPathsAndDecomposition>, *Interpolation* (WebKit `fromQuaternion`, Chromium `FromQuaternion`),
    /// with `q` used as given (not normalised):
    /// `m11 = 1 − 2(y² + z²)`, `m12 = 2(xy + zw)`, `m13 = 2(xz − yw)`, `m21 = 2(xy − zw)`,
    /// `m22 = 1 − 2(x² + z²)`, `m23 = 2(yz + xw)`, `m31 = 2(xz + yw)`, `m32 = 2(yz − xw)`,
    /// `m33 = 1 − 2(x² + y²)`; the rest as the identity.
    ///
    /// Special values: IEEE arithmetic (a NaN component spreads through the 3×3). Cost: about 25 flops.
    @inlinable
    public init(rotation q: Quaternion) {
        let x = q.x, y = q.y, z = q.z, w = q.w
        self = .identity
        m11 = 1 - 2 * (y * y + z * z)
        m12 = 2 * (x * y + z * w)
        m13 = 2 * (x * z - y * w)
        m21 = 2 * (x * y - z * w)
        m22 = 1 - 2 * (x * x + z * z)
        m23 = 2 * (y * z + x * w)
        m31 = 2 * (x * z + y * w)
        m32 = 2 * (y * z - x * w)
        m33 = 1 - 2 * (x * x + y * y)
    }
}
