extension Quaternion {
    /// `x·x + y·y + z·z + w·w` with `other`, left to right.
    @inlinable
    public func dot(_ other: Quaternion) -> Double {
        x * other.x + y * other.y + z * other.z + w * other.w
    }

    /// Spherical interpolation from `self` (t = 0) toward `other` (t = 1), WebKit's `Quaternion::slerp`
    /// (<doc:KeyPathsAndDecomposition>, *Interpolation*): the shorter arc (`self` negated when the dot product is negative); when the two are
    /// within `sin θ < 1e-5` of each other, the original, un-negated `self`. `t` outside `[0, 1]`
    /// extrapolates along the arc. Cost: `acos` and two `sin`.
    public func slerp(to other: Quaternion, fraction t: Double) -> Quaternion {
        var a = self
        var d = dot(other)
        if d < 0 {
            a = Quaternion(x: -a.x, y: -a.y, z: -a.z, w: -a.w)
            d = -d
        }
        d = min(d, 1)
        let sh = (1 - d * d).squareRoot()
        if sh < 1e-5 { return self }
        let h = Elementary.acos(d)
        let wa = Elementary.sin((1 - t) * h) / sh, wb = Elementary.sin(t * h) / sh
        return Quaternion(
            x: a.x * wa + other.x * wb, y: a.y * wa + other.y * wb,
            z: a.z * wa + other.z * wb, w: a.w * wa + other.w * wb)
    }
}
