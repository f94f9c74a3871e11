import CAMathCore
import Foundation

extension Layer {
    /// The typed, throwing form of ``value(forKeyPath:)`` for Swift code that wants errors.
    /// Reads a key path of `transform` or `sublayerTransform` (CAMathCore's *Key paths and decomposition* article): the whole matrix for
    /// `"transform"` / `"sublayerTransform"` (`TransformKeyPathValue.transform(_:)`), a component for
    /// `"transform.rotation.z"`, `"sublayerTransform.scale"`, … (`Transform3D.value(for:)`; an
    /// undecomposable matrix reads 0). Throws `TransformKeyPathError.unknownKeyPath(_:)` naming any
    /// other key path. Cost: one decomposition.
    public func transformValue(forKeyPath keyPath: String) throws(TransformKeyPathError) -> TransformKeyPathValue {
        let (matrix, component) = try Self.split(keyPath)
        let t = matrix == .transform ? transform : sublayerTransform
        guard let component else { return .transform(t) }
        return t.value(for: component)
    }

    /// The typed, throwing form of ``setValue(_:forKeyPath:)-(Any?,_)`` for Swift code that wants errors.
    /// Writes a key path of `transform` or `sublayerTransform` (CAMathCore's *Key paths and decomposition* article, *Key paths*): the whole matrix, or one
    /// component through `Transform3D.setting(_:to:)` (decompose, change, recompose; one assignment).
    /// A NaN/±∞ number leaves the layer unchanged. Throws, leaving the layer unchanged, for an unknown key
    /// path, a value of the wrong kind, or an undecomposable matrix. Cost: one decomposition and recomposition.
    public func setTransformValue(
        _ value: TransformKeyPathValue, forKeyPath keyPath: String
    )
        throws(TransformKeyPathError)
    {
        let (matrix, component) = try Self.split(keyPath)
        let current = matrix == .transform ? transform : sublayerTransform
        let updated: Transform3D
        if let component {
            updated = try current.setting(component, to: value)
        } else {
            guard case .transform(let t) = value else {
                throw .wrongValueKind(keyPath: keyPath, expected: .transform, got: value.kind)
            }
            updated = t
        }
        if matrix == .transform { transform = updated } else { sublayerTransform = updated }
    }

    /// Writes a number (an angle in radians, a scale, a translation component):
    /// `try layer.setTransformValue(.pi, forKeyPath: "transform.rotation.z")`.
    public func setTransformValue(_ number: Double, forKeyPath keyPath: String) throws(TransformKeyPathError) {
        try setTransformValue(.number(number), forKeyPath: keyPath)
    }

    /// Writes the `translation` size `(tx, ty)`.
    public func setTransformValue(_ size: CGSize, forKeyPath keyPath: String) throws(TransformKeyPathError) {
        try setTransformValue(.size(width: Double(size.width), height: Double(size.height)), forKeyPath: keyPath)
    }

    /// Writes a whole matrix to `"transform"` or `"sublayerTransform"`.
    public func setTransformValue(_ matrix: Transform3D, forKeyPath keyPath: String) throws(TransformKeyPathError) {
        try setTransformValue(.transform(matrix), forKeyPath: keyPath)
    }

    private enum MatrixProperty { case transform, sublayerTransform }

    /// `"transform"` / `"sublayerTransform"`, optionally followed by `"."` and a `TransformKeyPath`.
    private static func split(_ keyPath: String) throws(TransformKeyPathError) -> (MatrixProperty, TransformKeyPath?) {
        for (prefix, property) in [("transform", MatrixProperty.transform), ("sublayerTransform", .sublayerTransform)] {
            if keyPath == prefix { return (property, nil) }
            if keyPath.hasPrefix(prefix + "."), let component = TransformKeyPath(rawValue: String(keyPath.dropFirst(prefix.count + 1))) {
                return (property, component)
            }
        }
        throw .unknownKeyPath(keyPath)
    }
}
