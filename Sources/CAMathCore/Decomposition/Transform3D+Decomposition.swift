extension Transform3D {
    /// A transform split into translation, scale, skew, perspective and rotation (<doc:KeyPathsAndDecomposition>, *The decomposition*; <doc:KeyPathsAndDecomposition>, *Interpolation*; <doc:KeyPathsAndDecomposition>, *Interpolation*),
    /// as Core Animation's transform key paths and animations see it.
    public struct Decomposition: Hashable, Sendable {
        /// `(tx, ty, tz)`.
        public var translation: SIMD3<Double>
        /// `(sx, sy, sz)`, signed: a negative determinant negates all three (<doc:KeyPathsAndDecomposition>, *The decomposition* step 7).
        public var scale: SIMD3<Double>
        /// `(kxy, kxz, kyz)`: the shear factors of the Gram–Schmidt step.
        public var skew: SIMD3<Double>
        /// `(px, py, pz, pw)`: the matrix's column 4 with the rest factored out; `(0, 0, 0, 1)` without
        /// perspective.
        public var perspective: SIMD4<Double>
        /// Euler angles `(rx, ry, rz)` in radians with `R = Rx(rx)·Ry(ry)·Rz(rz)` (x first, fixed axes);
        /// `rx, rz ∈ [−π, π]`, `ry ∈ [−π/2, π/2]`; at gimbal lock `rz = 0`.
        public var rotation: SIMD3<Double>
        /// The same rotation as a quaternion (<doc:KeyPathsAndDecomposition>, *Interpolation*).
        public var quaternion: Quaternion

        /// A decomposition from its parts, stored as given. `rotation` and `quaternion` are not checked
        /// against each other: each recomposition uses one of them.
        @inlinable
        public init(
            translation: SIMD3<Double>, scale: SIMD3<Double>, skew: SIMD3<Double>, perspective: SIMD4<Double>,
            rotation: SIMD3<Double>, quaternion: Quaternion
        ) {
            self.translation = translation; self.scale = scale; self.skew = skew
            self.perspective = perspective; self.rotation = rotation; self.quaternion = quaternion
        }
    }

    /// Which decomposition to run (<doc:KeyPathsAndDecomposition>).
    public enum DecompositionMethod: Sendable {
        /// <doc:KeyPathsAndDecomposition>, *The decomposition*, used by the transform key paths: the perspective-free part must be invertible
        /// only when there is perspective, so `Sc(0, 1, 1)` decomposes (scale `(0, 1, 1)`, rotation 0).
        case keyPaths
        /// <doc:KeyPathsAndDecomposition>, *Interpolation*, the 3-D path of interpolation: the perspective-free part must always be invertible.
        case interpolation3D
        /// <doc:KeyPathsAndDecomposition>, *Interpolation*, the 2-D path of interpolation (Chromium `Decompose2d`), for affine transforms:
        /// scale `(sx, sy, 1)` with one axis negated when the determinant is negative, skew `(kxy, 0, 0)`,
        /// rotation about z only.
        case interpolation2D
    }

    /// The decomposition of <doc:KeyPathsAndDecomposition>: the key paths' (``DecompositionMethod/keyPaths``), interpolation's 3-D or 2-D, or `nil` when
    /// the transform is undecomposable: a NaN/±∞ element (also after dividing by `m44`), `m44 = 0`, a singular perspective-free part
    /// (as the method requires), or — for the 2-D method — a determinant `m11·m22 − m12·m21` that is not
    /// normal. The matrix is first divided by `m44`. The 2-D steps are plain IEEE arithmetic: a normal determinant whose
    /// `a² + b²` or `c² + d²` leaves the range (`Sc(1e300, 1e-300, 1)`) gives a scale of 0 or ∞ and a NaN skew, as the
    /// formula computes them. Cost: one 4×4 inversion at most, plus ``Elementary`` `asin`/`atan2`.
    public func decomposed(_ method: DecompositionMethod = .keyPaths) -> Decomposition? {
        switch method {
        case .keyPaths, .interpolation3D:
            guard let u = Unmatrix(self, testPerspectiveMatrixAlways: method == .interpolation3D) else { return nil }
            return Decomposition(
                translation: u.translation, scale: u.scale, skew: u.skew, perspective: u.perspective,
                rotation: u.eulerAngles, quaternion: u.quaternion)
        case .interpolation2D:
            return decomposed2D()
        }
    }

    /// <doc:KeyPathsAndDecomposition>, *Interpolation* on `(a, b, c, d) = (m11, m12, m21, m22)`; the other elements only decide
    /// decomposability (finite, `m44 ≠ 0`), as the method is meant for affine transforms.
    private func decomposed2D() -> Decomposition? {
        var a = m11, b = m12, c = m21, d = m22
        let det = a * d - b * c
        guard isFinite, m44 != 0, det.isNormal else { return nil }
        var sx = 1.0, sy = 1.0
        if det < 0 {
            if a < d { sx = -1 } else { sy = -1 }
        }
        sx = sx * (a * a + b * b).squareRoot()
        a = a / sx; b = b / sx
        let k = a * c + b * d
        c = c - a * k; d = d - b * k
        sy = sy * (c * c + d * d).squareRoot()
        let angle = Elementary.atan2(b, a)
        let half = Elementary.sincos(angle / 2)
        return Decomposition(
            translation: SIMD3(m41, m42, 0), scale: SIMD3(sx, sy, 1), skew: SIMD3(k / sy, 0, 0),
            perspective: SIMD4(0, 0, 0, 1), rotation: SIMD3(0, 0, angle),
            quaternion: Quaternion(x: 0, y: 0, z: half.sin, w: half.cos))
    }

    /// Which rotation of a ``Decomposition`` a recomposition uses.
    public enum RecompositionRotation: Sendable {
        /// `Rx(rx)·Ry(ry)·Rz(rz)` from ``Decomposition/rotation`` (<doc:KeyPathsAndDecomposition>, *The decomposition*, key paths).
        case eulerAngles
        /// `R(q)` from ``Decomposition/quaternion`` (<doc:KeyPathsAndDecomposition>, *Interpolation* step 6, interpolation).
        case quaternion
    }

    /// Recomposes `Sc(s) · K · R · Tr(t) · P`, evaluated left to right (<doc:KeyPathsAndDecomposition>, *The decomposition*; <doc:KeyPathsAndDecomposition>, *Interpolation*), where `K` is
    /// the identity with `m21 = kxy, m31 = kxz, m32 = kyz` and `P` the identity with column 4 = `p`.
    /// `C(D(M)) = M/m44`, so writing through a decomposition normalises `m44` to 1 (with perspective,
    /// `m44 = t·p + pw`). Special values: IEEE. Cost: six 4×4 concatenations, and `cos`/`sin` for Euler.
    public init(_ d: Decomposition, rotation: RecompositionRotation = .eulerAngles) {
        var k = Transform3D.identity
        k.m21 = d.skew.x; k.m31 = d.skew.y; k.m32 = d.skew.z
        var p = Transform3D.identity
        p.m14 = d.perspective.x; p.m24 = d.perspective.y; p.m34 = d.perspective.z; p.m44 = d.perspective.w
        var m = Transform3D(scaleX: d.scale.x, y: d.scale.y, z: d.scale.z).concatenating(k)
        switch rotation {
        case .eulerAngles:
            m = m.concatenating(Transform3D(rotationAngle: d.rotation.x, x: 1, y: 0, z: 0))
                .concatenating(Transform3D(rotationAngle: d.rotation.y, x: 0, y: 1, z: 0))
                .concatenating(Transform3D(rotationAngle: d.rotation.z, x: 0, y: 0, z: 1))
        case .quaternion:
            m = m.concatenating(Transform3D(rotation: d.quaternion))
        }
        self = m.concatenating(Transform3D(translationX: d.translation.x, y: d.translation.y, z: d.translation.z))
            .concatenating(p)
    }
}
