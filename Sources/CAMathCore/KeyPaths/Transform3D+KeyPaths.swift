extension Transform3D {
    /// Reads a transform key path from the decomposition ``decomposed(_:)`` (<doc:KeyPathsAndDecomposition>, *Key paths*):
    /// `rotation*` the Euler angle (`rotation` = `rotation.z`, in `(−π, π]` up to the sign of ±π),
    /// `scale.*` the signed scale, `scale` the average `(sx + sy + sz)/3`, `translation.*` the
    /// translation, `translation` the size `(tx, ty)`.
    ///
    /// An undecomposable matrix (NaN/±∞, `m44 = 0`, singular with perspective) reads 0 (size `(0, 0)`).
    /// Cost: one decomposition.
    public func value(for keyPath: TransformKeyPath) -> TransformKeyPathValue {
        decomposed()?.value(for: keyPath) ?? keyPath.undecomposableValue
    }

    /// Writes a transform key path (<doc:KeyPathsAndDecomposition>, *Key paths*): decompose, replace the component(s), recompose with
    /// Euler angles. `scale` sets all three scales; `translation` sets `tx, ty` and keeps `tz`; the result
    /// has `m44 = 1` (`C(D(M)) = M/m44`).
    ///
    /// A NaN/±∞ value returns the transform **unchanged**. Throws
    /// ``TransformKeyPathError/wrongValueKind(keyPath:expected:got:)`` for a size on a numeric key path
    /// (or the reverse) and ``TransformKeyPathError/undecomposableTransform(keyPath:)`` when the matrix
    /// cannot be decomposed. Because step 7 of the decomposition moves a negative determinant onto all
    /// three scales, writing `scale.y = −0.5` after `scale.x = −0.5` loses the y sign, as on Apple
    /// platforms (FB9862872). Cost: one decomposition and one recomposition.
    public func setting(
        _ keyPath: TransformKeyPath, to value: TransformKeyPathValue
    )
        throws(TransformKeyPathError) -> Transform3D
    {
        guard value.kind == keyPath.valueKind else {
            throw .wrongValueKind(keyPath: keyPath.rawValue, expected: keyPath.valueKind, got: value.kind)
        }
        switch value {
        case .number(let v) where !v.isFinite: return self
        case .size(let w, let h) where !w.isFinite || !h.isFinite: return self
        default: break
        }
        guard let d = decomposed() else { throw .undecomposableTransform(keyPath: keyPath.rawValue) }
        guard let edited = d.replacing(keyPath, with: value) else {
            throw .wrongValueKind(keyPath: keyPath.rawValue, expected: keyPath.valueKind, got: value.kind)
        }
        return Transform3D(edited)
    }
}

extension Transform3D.Decomposition {
    /// The key path's value in this decomposition (<doc:KeyPathsAndDecomposition>, *Key paths*): `rotation*` an
    /// Euler angle (`rotation` = `rotation.z`), `scale.*` a signed scale, `scale` the average
    /// `(sx + sy + sz)/3`, `translation.*` a translation component, `translation` the size `(tx, ty)`. Cost: O(1).
    public func value(for keyPath: TransformKeyPath) -> TransformKeyPathValue {
        switch keyPath {
        case .rotationX: .number(rotation.x)
        case .rotationY: .number(rotation.y)
        case .rotationZ, .rotation: .number(rotation.z)
        case .scaleX: .number(scale.x)
        case .scaleY: .number(scale.y)
        case .scaleZ: .number(scale.z)
        case .scale: .number((scale.x + scale.y + scale.z) / 3)
        case .translationX: .number(translation.x)
        case .translationY: .number(translation.y)
        case .translationZ: .number(translation.z)
        case .translation: .size(width: translation.x, height: translation.y)
        }
    }

    /// This decomposition with the key path's component(s) replaced (`scale` sets all three scales,
    /// `translation` sets `tx, ty`), or `nil` when the value's kind does not fit the key path. The value is
    /// stored as given, NaN and ±∞ included. Cost: O(1).
    public func replacing(_ keyPath: TransformKeyPath, with value: TransformKeyPathValue) -> Self? {
        var d = self
        switch (keyPath, value) {
        case (.rotationX, .number(let v)): d.rotation.x = v
        case (.rotationY, .number(let v)): d.rotation.y = v
        case (.rotationZ, .number(let v)), (.rotation, .number(let v)): d.rotation.z = v
        case (.scaleX, .number(let v)): d.scale.x = v
        case (.scaleY, .number(let v)): d.scale.y = v
        case (.scaleZ, .number(let v)): d.scale.z = v
        case (.scale, .number(let v)): d.scale = SIMD3(repeating: v)
        case (.translationX, .number(let v)): d.translation.x = v
        case (.translationY, .number(let v)): d.translation.y = v
        case (.translationZ, .number(let v)): d.translation.z = v
        case (.translation, .size(let w, let h)): d.translation.x = w; d.translation.y = h
        default: return nil
        }
        return d
    }
}
