@_spi(Benchmarks) import CAMath
import Foundation

/// Values compared under an `Exactness` rule: each flattens to the doubles the rule is applied to, and every
/// comparison goes through the one checker, `Exactness.firstMismatch(_:_:bounds:)`.
public protocol ExactnessComparable {
    /// The doubles, in a fixed order.
    var exactnessValues: [Double] { get }
}

extension Double: ExactnessComparable { public var exactnessValues: [Double] { [self] } }
extension CGFloat: ExactnessComparable { public var exactnessValues: [Double] { [Double(self)] } }
extension Transform3D: ExactnessComparable { public var exactnessValues: [Double] { elements } }
extension Transform2D: ExactnessComparable { public var exactnessValues: [Double] { elements } }
extension SIMD2: ExactnessComparable where Scalar == Double { public var exactnessValues: [Double] { [x, y] } }
extension SIMD3: ExactnessComparable where Scalar == Double { public var exactnessValues: [Double] { [x, y, z] } }
extension SIMD4: ExactnessComparable where Scalar == Double { public var exactnessValues: [Double] { [x, y, z, w] } }
extension CGPoint: ExactnessComparable { public var exactnessValues: [Double] { [Double(x), Double(y)] } }
extension CGSize: ExactnessComparable { public var exactnessValues: [Double] { [Double(width), Double(height)] } }
extension CGRect: ExactnessComparable {
    public var exactnessValues: [Double] { [Double(origin.x), Double(origin.y), Double(size.width), Double(size.height)] }
}
extension LayerGeometry: ExactnessComparable {
    /// Every number of the geometry (bounds, position, anchor point and z, z position, both transforms) and
    /// the flags as 0 or 1.
    public var exactnessValues: [Double] {
        bounds.exactnessValues + position.exactnessValues + anchorPoint.exactnessValues + [Double(anchorPointZ), Double(zPosition)]
            + transform.elements + sublayerTransform.elements + [isGeometryFlipped, masksToBounds, isHidden].map { $0 ? 1 : 0 }
    }
}
extension Array: ExactnessComparable where Element: ExactnessComparable {
    public var exactnessValues: [Double] { flatMap(\.exactnessValues) }
}

extension Transform3D.Decomposition: ExactnessComparable {
    public var exactnessValues: [Double] {
        translation.exactnessValues + scale.exactnessValues + skew.exactnessValues + perspective.exactnessValues
            + rotation.exactnessValues + [quaternion.x, quaternion.y, quaternion.z, quaternion.w]
    }
}
extension Optional: ExactnessComparable where Wrapped == Transform3D.Decomposition {
    /// A missing decomposition as one value no decomposition has in that place (−1 then 19 NaNs).
    public var exactnessValues: [Double] { self?.exactnessValues ?? [-1] + Array(repeating: .nan, count: 19) }
}
extension TransformKeyPathValue: ExactnessComparable {
    public var exactnessValues: [Double] {
        switch self {
        case .number(let v): [0, v, 0]
        case .size(let w, let h): [1, w, h]
        case .transform: [2, .nan, .nan]
        }
    }
}
