/// Steps 0–7 of <doc:KeyPathsAndDecomposition>, *The decomposition* (Graphics Gems II "unmatrix"): perspective, translation, scale and shear by
/// Gram–Schmidt on the rows, and the orthonormal rotation rows, before any angle is extracted.
struct Unmatrix {
    var translation: SIMD3<Double>
    var scale: SIMD3<Double>
    /// `(kxy, kxz, kyz)`.
    var skew: SIMD3<Double>
    var perspective: SIMD4<Double>
    /// The orthonormal rotation rows `r1, r2, r3` (row vectors: `R = [r1; r2; r3]`).
    var rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

    /// `nil` when `m` is undecomposable: a non-finite element (of `m` or of `m/m44`), `m44 = 0`, or a perspective-free matrix
    /// `PM` that is not invertible by <doc:Conventions>, *Inversion*. `testPerspectiveMatrixAlways` runs that test even
    /// without perspective (<doc:KeyPathsAndDecomposition>, *Interpolation*, for interpolation); key paths test it only with perspective.
    init?(_ m: Transform3D, testPerspectiveMatrixAlways: Bool) {
        guard m.isFinite, m.m44 != 0 else { return nil }
        let w = m.m44
        var n = Transform3D(
            m11: m.m11 / w, m12: m.m12 / w, m13: m.m13 / w, m14: m.m14 / w,
            m21: m.m21 / w, m22: m.m22 / w, m23: m.m23 / w, m24: m.m24 / w,
            m31: m.m31 / w, m32: m.m32 / w, m33: m.m33 / w, m34: m.m34 / w,
            m41: m.m41 / w, m42: m.m42 / w, m43: m.m43 / w, m44: m.m44 / w)
        // The decomposition's first step (the finiteness test) applied to N as well: a tiny m44 can overflow M/m44 (a choice: the rule is silent).
        guard n.isFinite else { return nil }
        let hasPerspective = n.m14 != 0 || n.m24 != 0 || n.m34 != 0
        var pm = n
        pm.m14 = 0; pm.m24 = 0; pm.m34 = 0; pm.m44 = 1
        if hasPerspective || testPerspectiveMatrixAlways {
            guard let q = pm.invertedIfPossible() else { return nil }
            if hasPerspective {
                perspective = SIMD4(
                    q.m11 * n.m14 + q.m12 * n.m24 + q.m13 * n.m34 + q.m14 * n.m44,
                    q.m21 * n.m14 + q.m22 * n.m24 + q.m23 * n.m34 + q.m24 * n.m44,
                    q.m31 * n.m14 + q.m32 * n.m24 + q.m33 * n.m34 + q.m34 * n.m44,
                    q.m41 * n.m14 + q.m42 * n.m24 + q.m43 * n.m34 + q.m44 * n.m44)
            } else {
                perspective = SIMD4(0, 0, 0, 1)
            }
        } else {
            perspective = SIMD4(0, 0, 0, 1)
        }
        n = pm
        translation = SIMD3(n.m41, n.m42, n.m43)

        var r1 = SIMD3(n.m11, n.m12, n.m13), r2 = SIMD3(n.m21, n.m22, n.m23), r3 = SIMD3(n.m31, n.m32, n.m33)
        var sx = length(r1)
        if sx != 0 { r1 = r1 / sx }
        var kxy = dot(r1, r2)
        r2 = r2 - kxy * r1
        var sy = length(r2)
        if sy != 0 { r2 = r2 / sy; kxy = kxy / sy } else { kxy = 0 }
        var kxz = dot(r1, r3)
        r3 = r3 - kxz * r1
        var kyz = dot(r2, r3)
        r3 = r3 - kyz * r2
        var sz = length(r3)
        if sz != 0 { r3 = r3 / sz; kxz = kxz / sz; kyz = kyz / sz } else { kxz = 0; kyz = 0 }
        if dot(r1, cross(r2, r3)) < 0 {
            sx = -sx; sy = -sy; sz = -sz
            r1 = -r1; r2 = -r2; r3 = -r3
        }
        scale = SIMD3(sx, sy, sz)
        skew = SIMD3(kxy, kxz, kyz)
        rows = (r1, r2, r3)
    }

    /// Euler angles `(rx, ry, rz)` with `R = Rx(rx)·Ry(ry)·Rz(rz)` (<doc:KeyPathsAndDecomposition>, *The decomposition* step 8):
    /// `ry = asin(clamp(−r1.z))`; away from gimbal lock `rx = atan2(r2.z, r3.z)`, `rz = atan2(r1.y, r1.x)`;
    /// when `√(r1.x² + r1.y²) ≤ 1e-12` (ry = ±π/2), `rz = 0` and `rx = atan2(−r3.y, r2.y)`.
    var eulerAngles: SIMD3<Double> {
        let (r1, r2, r3) = rows
        let ry = Elementary.asin(min(max(-r1.z, -1), 1))
        if (r1.x * r1.x + r1.y * r1.y).squareRoot() > 1e-12 {
            return SIMD3(Elementary.atan2(r2.z, r3.z), ry, Elementary.atan2(r1.y, r1.x))
        }
        return SIMD3(Elementary.atan2(-r3.y, r2.y), ry, 0)
    }

    /// The quaternion of the rotation rows (<doc:KeyPathsAndDecomposition>, *Interpolation*): from the trace when `1 + tr > 0.001`, else from
    /// the largest diagonal entry (ties to the earlier one).
    var quaternion: Quaternion {
        let (r1, r2, r3) = rows
        let tr = r1.x + r2.y + r3.z
        if 1 + tr > 0.001 {
            let r = (1 + tr).squareRoot()
            return Quaternion(x: (r2.z - r3.y) / (2 * r), y: (r3.x - r1.z) / (2 * r), z: (r1.y - r2.x) / (2 * r), w: r / 2)
        }
        if r1.x >= r2.y && r1.x >= r3.z {
            let r = (1 + r1.x - r2.y - r3.z).squareRoot()
            return Quaternion(x: r / 2, y: (r2.x + r1.y) / (2 * r), z: (r3.x + r1.z) / (2 * r), w: (r2.z - r3.y) / (2 * r))
        }
        if r2.y >= r3.z {
            let r = (1 - r1.x + r2.y - r3.z).squareRoot()
            return Quaternion(x: (r2.x + r1.y) / (2 * r), y: r / 2, z: (r3.y + r2.z) / (2 * r), w: (r3.x - r1.z) / (2 * r))
        }
        let r = (1 - r1.x - r2.y + r3.z).squareRoot()
        return Quaternion(x: (r3.x + r1.z) / (2 * r), y: (r3.y + r2.z) / (2 * r), z: r / 2, w: (r1.y - r2.x) / (2 * r))
    }
}

/// `u·v = u1v1 + u2v2 + u3v3`, left to right.
func dot(_ u: SIMD3<Double>, _ v: SIMD3<Double>) -> Double { u.x * v.x + u.y * v.y + u.z * v.z }

/// `|u| = √(u·u)`.
func length(_ u: SIMD3<Double>) -> Double { dot(u, u).squareRoot() }

/// `u × v`.
func cross(_ u: SIMD3<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
}
