/// The transform field key paths of Core Animation (<doc:KeyPathsAndDecomposition>, *Key paths*), without their `transform.` /
/// `sublayerTransform.` prefix: `TransformKeyPath(rawValue: "rotation.z")`.
public enum TransformKeyPath: String, CaseIterable, Hashable, Sendable {
    case rotationX = "rotation.x"
    case rotationY = "rotation.y"
    case rotationZ = "rotation.z"
    /// The same as ``rotationZ``.
    case rotation = "rotation"
    case scaleX = "scale.x"
    case scaleY = "scale.y"
    case scaleZ = "scale.z"
    /// Reads the average of the three scales; writes all three.
    case scale = "scale"
    case translationX = "translation.x"
    case translationY = "translation.y"
    case translationZ = "translation.z"
    /// Reads and writes `(tx, ty)` as a size; `tz` is kept on write.
    case translation = "translation"

    /// Parses a dotted suffix, or throws ``TransformKeyPathError/unknownKeyPath(_:)`` naming it.
    public init(parsing keyPath: String) throws(TransformKeyPathError) {
        guard let path = TransformKeyPath(rawValue: keyPath) else { throw .unknownKeyPath(keyPath) }
        self = path
    }

    /// What the key path reads from an undecomposable matrix: `.size(width: 0, height: 0)` for
    /// ``translation``, else `.number(0)`.
    public var undecomposableValue: TransformKeyPathValue {
        self == .translation ? .size(width: 0, height: 0) : .number(0)
    }

    /// The kind of value the key path reads and writes: a size for ``translation``, else a number.
    public var valueKind: TransformKeyPathValue.Kind { self == .translation ? .size : .number }
}

/// A value read from or written to a transform key path.
public enum TransformKeyPathValue: Hashable, Sendable {
    /// An angle in radians, a scale factor or a translation component.
    case number(Double)
    /// The `translation` key path's `(tx, ty)`.
    case size(width: Double, height: Double)
    /// A whole matrix: the `transform` and `sublayerTransform` key paths of a layer.
    case transform(Transform3D)

    /// The kinds of value, for error messages.
    public enum Kind: String, Sendable {
        case number, size, transform
    }

    /// This value's kind.
    public var kind: Kind {
        switch self {
        case .number: .number
        case .size: .size
        case .transform: .transform
        }
    }

    /// The number, or `nil` for another kind.
    public var number: Double? {
        if case .number(let v) = self { return v }
        return nil
    }
}

/// Why a key-path read or write was refused. Every case names the key path.
public enum TransformKeyPathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The key path is not one of the transform key paths.
    case unknownKeyPath(String)
    /// The value's kind does not fit the key path (e.g. a size for `rotation.z`).
    case wrongValueKind(keyPath: String, expected: TransformKeyPathValue.Kind, got: TransformKeyPathValue.Kind)
    /// The matrix cannot be decomposed (non-finite, `m44 = 0`, singular with perspective), so a component
    /// cannot be written; the transform is left unchanged.
    case undecomposableTransform(keyPath: String)

    /// A sentence that names the key path and the problem.
    public var description: String {
        switch self {
        case .unknownKeyPath(let path): "unknown transform key path '\(path)'"
        case .wrongValueKind(let path, let expected, let got): "key path '\(path)' takes a \(expected), not a \(got)"
        case .undecomposableTransform(let path): "cannot write '\(path)': the transform cannot be decomposed"
        }
    }
}
