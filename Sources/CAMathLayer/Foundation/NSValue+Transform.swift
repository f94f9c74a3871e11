import CAMathCore
import Foundation

/// Boxing transforms in `NSValue`, which Foundation on Linux cannot do for structs: the sixteen elements of a
/// `Transform3D` (row by row, type encoding `"[16d]"`) and the six of a `Transform2D` (`"[6d]"`, in the order
/// a, b, c, d, tx, ty). Key-value coding and animation values accept the boxes wherever they take the transform;
/// `CAMathQuartzCore` gives them Apple's names (`NSValue(caTransform3D:)`, `caTransform3DValue`).
extension NSValue {
    /// A box holding `t`'s sixteen elements. O(1).
    public convenience init(transform3D t: Transform3D) {
        var elements = t.elements
        self.init(bytes: &elements, objCType: Transform3D.boxEncoding)
    }

    /// The transform in a box made by ``init(transform3D:)``, or `nil` for any other box. O(1).
    public var transform3DValue: Transform3D? {
        guard String(cString: objCType) == Transform3D.boxEncoding else { return nil }
        var elements = [Double](repeating: 0, count: 16)
        elements.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return Transform3D(elements: elements)
    }

    /// A box holding `t`'s six elements. O(1).
    public convenience init(transform2D t: Transform2D) {
        var elements = [t.a, t.b, t.c, t.d, t.tx, t.ty]
        self.init(bytes: &elements, objCType: Transform2D.boxEncoding)
    }

    /// The transform in a box made by ``init(transform2D:)``, or `nil` for any other box. O(1).
    public var transform2DValue: Transform2D? {
        guard String(cString: objCType) == Transform2D.boxEncoding else { return nil }
        var e = [Double](repeating: 0, count: 6)
        e.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return Transform2D(a: e[0], b: e[1], c: e[2], d: e[3], tx: e[4], ty: e[5])
    }
}

extension Transform3D {
    /// The type encoding of a boxed 3-D transform.
    static let boxEncoding = "[16d]"
}

extension Transform2D {
    /// The type encoding of a boxed affine transform.
    static let boxEncoding = "[6d]"
}
