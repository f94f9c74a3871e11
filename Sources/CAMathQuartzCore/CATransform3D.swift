#if canImport(QuartzCore)
import CAMathCore
import QuartzCore

extension Transform3D {
    /// Converts QuartzCore's `CATransform3D`, element by element (exact: `CGFloat` is `Double`).
    public init(_ t: CATransform3D) {
        self.init(
            m11: Double(t.m11), m12: Double(t.m12), m13: Double(t.m13), m14: Double(t.m14),
            m21: Double(t.m21), m22: Double(t.m22), m23: Double(t.m23), m24: Double(t.m24),
            m31: Double(t.m31), m32: Double(t.m32), m33: Double(t.m33), m34: Double(t.m34),
            m41: Double(t.m41), m42: Double(t.m42), m43: Double(t.m43), m44: Double(t.m44))
    }

    /// This transform as QuartzCore's `CATransform3D`, element by element.
    public var caTransform3D: CATransform3D {
        CATransform3D(
            m11: CGFloat(m11), m12: CGFloat(m12), m13: CGFloat(m13), m14: CGFloat(m14),
            m21: CGFloat(m21), m22: CGFloat(m22), m23: CGFloat(m23), m24: CGFloat(m24),
            m31: CGFloat(m31), m32: CGFloat(m32), m33: CGFloat(m33), m34: CGFloat(m34),
            m41: CGFloat(m41), m42: CGFloat(m42), m43: CGFloat(m43), m44: CGFloat(m44))
    }
}
#else
import CAMathCore

/// Core Animation's name for `Transform3D` on platforms without QuartzCore.
public typealias CATransform3D = Transform3D

/// The identity transform (`Transform3D.identity`).
public let CATransform3DIdentity = Transform3D.identity

/// Returns a translation by `(tx, ty, tz)`: `Transform3D.init(translationX:y:z:)`.
@inlinable
public func CATransform3DMakeTranslation(_ tx: Double, _ ty: Double, _ tz: Double) -> CATransform3D {
    Transform3D(translationX: tx, y: ty, z: tz)
}

/// Returns a scale by `(sx, sy, sz)`: `Transform3D.init(scaleX:y:z:)`.
@inlinable
public func CATransform3DMakeScale(_ sx: Double, _ sy: Double, _ sz: Double) -> CATransform3D {
    Transform3D(scaleX: sx, y: sy, z: sz)
}

/// Returns a rotation by `angle` radians about `(x, y, z)`; a zero axis gives the identity:
/// `Transform3D.init(rotationAngle:x:y:z:)`.
@inlinable
public func CATransform3DMakeRotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> CATransform3D {
    Transform3D(rotationAngle: angle, x: x, y: y, z: z)
}

/// Returns `Concat(MakeTranslation(tx, ty, tz), t)`: `Transform3D.translatedBy(x:y:z:)`.
@inlinable
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: Double, _ ty: Double, _ tz: Double) -> CATransform3D {
    t.translatedBy(x: tx, y: ty, z: tz)
}

/// Returns `Concat(MakeScale(sx, sy, sz), t)`: `Transform3D.scaledBy(x:y:z:)`.
@inlinable
public func CATransform3DScale(_ t: CATransform3D, _ sx: Double, _ sy: Double, _ sz: Double) -> CATransform3D {
    t.scaledBy(x: sx, y: sy, z: sz)
}

/// Returns `Concat(MakeRotation(angle, x, y, z), t)`; a zero axis returns `t`:
/// `Transform3D.rotated(by:x:y:z:)`.
@inlinable
public func CATransform3DRotate(
    _ t: CATransform3D, _ angle: Double, _ x: Double, _ y: Double, _ z: Double
)
    -> CATransform3D
{
    t.rotated(by: angle, x: x, y: y, z: z)
}

/// Returns `a·b` (`a` acts first): `Transform3D.concatenating(_:)`.
@inlinable
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    a.concatenating(b)
}

/// Returns the inverse of `t`, or `t` unchanged when it has none: `Transform3D.inverted()`.
@inlinable
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    t.inverted()
}

/// Returns whether `t` is exactly the identity: `Transform3D.isIdentity`.
@inlinable
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool {
    t.isIdentity
}

/// Returns whether all sixteen elements of `a` and `b` are exactly equal (`==`).
@inlinable
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
    a == b
}

/// Returns whether `t` can be exactly represented by an affine transform: `Transform3D.isAffine`.
@inlinable
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.isAffine
}

/// Returns the 3-D transform of the affine transform `m`: `Transform3D.init(_:)`.
@inlinable
public func CATransform3DMakeAffineTransform(_ m: Transform2D) -> CATransform3D {
    Transform3D(m)
}

/// Returns `(m11, m12, m21, m22, m41, m42)` of `t`: `Transform3D.affineTransform`.
@inlinable
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> Transform2D {
    t.affineTransform
}
#endif
