extension Transform3D {
    /// The transform a fraction `t` of the way from `self` to `other`, as CSS Transforms 2, WebKit and
    /// Chromium interpolate matrices (<doc:KeyPathsAndDecomposition>, *Interpolation*):
    /// 1. `t` NaN or ±∞ → all sixteen elements NaN;
    /// 2. `t == 0` → `self`, `t == 1` → `other` (exact copies); both identity → identity;
    /// 3. both ``isAffine`` → the 2-D decomposition of both, else the 3-D one (``DecompositionMethod``);
    /// 4. either undecomposable → `self` when `t < 0.5`, else `other`;
    /// 5. translation, scale, skew and perspective `a + (b − a)·t`, rotation by quaternion ``Quaternion/slerp(to:fraction:)``;
    /// 6. recomposed `Sc · K · R(q) · Tr · P`.
    ///
    /// `t` outside `[0, 1]` extrapolates. Cost: two decompositions, a slerp and a recomposition.
    public func interpolated(to other: Transform3D, fraction t: Double) -> Transform3D {
        guard t.isFinite else { return Transform3D(elements: repeatElement(.nan, count: 16))! }
        if t == 0 { return self }
        if t == 1 { return other }
        if isIdentity && other.isIdentity { return .identity }
        let method: DecompositionMethod = isAffine && other.isAffine ? .interpolation2D : .interpolation3D
        guard let a = decomposed(method), let b = other.decomposed(method) else { return t < 0.5 ? self : other }
        func lerp<V: SIMD>(_ x: V, _ y: V) -> V where V.Scalar == Double { x + (y - x) * t }
        let blended = Decomposition(
            translation: lerp(a.translation, b.translation), scale: lerp(a.scale, b.scale),
            skew: lerp(a.skew, b.skew), perspective: lerp(a.perspective, b.perspective),
            rotation: lerp(a.rotation, b.rotation),
            quaternion: a.quaternion.slerp(to: b.quaternion, fraction: t))
        return Transform3D(blended, rotation: .quaternion)
    }
}
