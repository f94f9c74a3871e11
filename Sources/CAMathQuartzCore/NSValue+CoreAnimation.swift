#if !canImport(QuartzCore)
import CAMathCore
import CAMathLayer
import Foundation

/// Apple's `NSValue` boxing of Core Animation and Core Graphics values. Foundation on Linux cannot box structs,
/// so transforms are boxed as their elements (`NSValue(transform3D:)`, type encoding `"[16d]"`, not Apple's
/// `"{CATransform3D=…}"`); points, sizes and rects use Foundation's own boxes. Key-value coding and animation
/// values accept every one of them.
extension NSValue {
    /// A box holding `t` (`NSValue(transform3D:)`).
    public convenience init(caTransform3D t: CATransform3D) { self.init(transform3D: t) }
    /// The transform in a box made by `init(caTransform3D:)`; the identity for any other box (Apple's answer is
    /// undefined there).
    public var caTransform3DValue: CATransform3D { transform3DValue ?? .identity }
    /// A box holding `t` (`NSValue(transform2D:)`).
    public convenience init(cgAffineTransform t: CGAffineTransform) { self.init(transform2D: t) }
    /// The transform in a box made by `init(cgAffineTransform:)`; the identity for any other box.
    public var cgAffineTransformValue: CGAffineTransform { transform2DValue ?? .identity }
    /// A box holding `p` (Foundation's `NSValue(point:)`).
    public convenience init(cgPoint p: CGPoint) { self.init(point: p) }
    /// The point in a box made by `init(cgPoint:)`; `.zero` for any other box.
    public var cgPointValue: CGPoint { KeyValue.point(self) ?? .zero }
    /// A box holding `s` (Foundation's `NSValue(size:)`).
    public convenience init(cgSize s: CGSize) { self.init(size: s) }
    /// The size in a box made by `init(cgSize:)`; `.zero` for any other box.
    public var cgSizeValue: CGSize { KeyValue.size(self) ?? .zero }
    /// A box holding `r` (Foundation's `NSValue(rect:)`).
    public convenience init(cgRect r: CGRect) { self.init(rect: r) }
    /// The rect in a box made by `init(cgRect:)`; `.zero` for any other box.
    public var cgRectValue: CGRect { KeyValue.rect(self) ?? .zero }
}
#endif
