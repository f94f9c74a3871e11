#if !canImport(CoreGraphics)
import CAMathAnimation

/// CoreGraphics' name for `BezierPath`: an immutable path held by reference, what `CAKeyframeAnimation.path`
/// takes.
public typealias CGPath = BezierPath
/// CoreGraphics' name for `MutableBezierPath`: a path that grows, with `CGMutablePath`'s methods.
public typealias CGMutablePath = MutableBezierPath
#endif
