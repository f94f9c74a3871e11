#if !canImport(QuartzCore)
import CAMathLayer

/// Core Animation's name for `Layer` on platforms without QuartzCore: an open class with
/// `CALayer`'s geometry surface, key-value coding and identity equality, so `CALayer()` trees and
/// `class MyLayer: CALayer` subclasses compile unchanged.
public typealias CALayer = Layer

/// Core Animation's name for `TransformLayer` on platforms without QuartzCore: a layer that
/// does not flatten its sublayers into its plane.
public typealias CATransformLayer = TransformLayer
#endif
