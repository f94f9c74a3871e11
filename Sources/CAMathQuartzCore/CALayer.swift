#if !canImport(QuartzCore)
import CAMathLayer

/// Core Animation's name for `Layer` on platforms without QuartzCore: an open class with
/// `CALayer`'s geometry surface, key-value coding and identity equality, so `CALayer()` trees and
/// `class MyLayer: CALayer` subclasses compile unchanged.
public typealias CALayer = Layer

/// Core Animation's name for `TransformLayer` on platforms without QuartzCore: a layer that
/// does not flatten its sublayers into its plane.
public typealias CATransformLayer = TransformLayer

/// Core Animation's name for `AutoresizingMask`: which parts of a layer's frame stretch when
/// its superlayer's bounds size changes.
public typealias CAAutoresizingMask = AutoresizingMask

/// Core Animation's name for `LayoutConstraint`.
public typealias CAConstraint = LayoutConstraint

/// Core Animation's name for `ConstraintAttribute`.
public typealias CAConstraintAttribute = ConstraintAttribute

/// Core Animation's name for `ConstraintLayoutManager`.
public typealias CAConstraintLayoutManager = ConstraintLayoutManager

/// Core Animation's name for `LayoutManager`.
public typealias CALayoutManager = LayoutManager
#endif

#if !canImport(QuartzCore)
/// Core Animation's name for `ScrollLayer`.
public typealias CAScrollLayer = ScrollLayer
/// Core Animation's name for `ScrollLayer.ScrollMode`.
public typealias CAScrollLayerScrollMode = ScrollLayer.ScrollMode
#endif
