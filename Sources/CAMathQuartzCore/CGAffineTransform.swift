#if canImport(CoreGraphics)
import CAMathCore
import CoreGraphics

extension Transform2D {
    /// Converts CoreGraphics' `CGAffineTransform`, element by element.
    public init(_ t: CGAffineTransform) {
        self.init(a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), tx: Double(t.tx), ty: Double(t.ty))
    }

    /// This transform as CoreGraphics' `CGAffineTransform`, element by element.
    public var cgAffineTransform: CGAffineTransform {
        CGAffineTransform(a: CGFloat(a), b: CGFloat(b), c: CGFloat(c), d: CGFloat(d), tx: CGFloat(tx), ty: CGFloat(ty))
    }
}
#else
import CAMathCore

/// CoreGraphics' name for `Transform2D` on platforms without CoreGraphics. The Swift overlay API
/// (`init(a:b:c:d:tx:ty:)`, `.identity`, `init(translationX:y:)`, `init(scaleX:y:)`,
/// `init(rotationAngle:)`, `translatedBy`, `scaledBy`, `rotated(by:)`, `inverted()`, `concatenating`,
/// `isIdentity`) is `Transform2D`'s own; `CGPoint/CGSize/CGRect.applying(_:)` are in this module.
public typealias CGAffineTransform = Transform2D
#endif
