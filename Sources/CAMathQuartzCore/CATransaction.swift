#if !canImport(QuartzCore)
import CAMathAnimation
import CAMathLayer

/// Core Animation's name for `LayerAction`.
public typealias CAAction = LayerAction
/// Core Animation's name for `LayerDelegate`.
public typealias CALayerDelegate = LayerDelegate
/// Core Animation's name for `AnimationDelegate`.
public typealias CAAnimationDelegate = AnimationDelegate

/// The key of `CATransaction.animationDuration()`.
public let kCATransactionAnimationDuration = LayerTransaction.Key.animationDuration
/// The key of `CATransaction.disableActions()`.
public let kCATransactionDisableActions = LayerTransaction.Key.disableActions
/// The key of `CATransaction.animationTimingFunction()`.
public let kCATransactionAnimationTimingFunction = LayerTransaction.Key.animationTimingFunction
/// The key of `CATransaction.completionBlock()`.
public let kCATransactionCompletionBlock = LayerTransaction.Key.completionBlock

/// The event of a layer that gains a superlayer or is shown (`LayerEvent.orderIn`).
public let kCAOnOrderIn = LayerEvent.orderIn
/// The event of a layer that loses its superlayer or is hidden (`LayerEvent.orderOut`).
public let kCAOnOrderOut = LayerEvent.orderOut
/// The event of `replaceSublayer(_:with:)`'s receiver (`LayerEvent.transition`).
public let kCATransition = LayerEvent.transition
#endif

#if !canImport(Darwin)
/// Core Foundation's name for a time interval in seconds.
public typealias CFTimeInterval = Double
#endif
