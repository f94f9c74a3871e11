#if !canImport(QuartzCore)
import CAMathAnimation

/// Core Animation's name for `TimingFunction`.
public typealias CAMediaTimingFunction = TimingFunction
/// Core Animation's name for `TimingFunctionName`.
public typealias CAMediaTimingFunctionName = TimingFunctionName
/// Core Animation's name for `MediaTiming`.
public typealias CAMediaTiming = MediaTiming
/// Core Animation's name for `FillMode`.
public typealias CAMediaTimingFillMode = FillMode
/// Core Animation's name for `LayerAnimation`.
public typealias CAAnimation = LayerAnimation
/// Core Animation's name for `PropertyAnimation`.
public typealias CAPropertyAnimation = PropertyAnimation
/// Core Animation's name for `BasicAnimation`.
public typealias CABasicAnimation = BasicAnimation
/// Core Animation's name for `KeyframeAnimation`.
public typealias CAKeyframeAnimation = KeyframeAnimation
/// Core Animation's name for `SpringAnimation`.
public typealias CASpringAnimation = SpringAnimation
/// Core Animation's name for `AnimationGroup`.
public typealias CAAnimationGroup = AnimationGroup
/// Core Animation's name for `TransitionAnimation`.
public typealias CATransition = TransitionAnimation
/// Core Animation's name for `TransitionAnimation.Kind`.
public typealias CATransitionType = TransitionAnimation.Kind
/// Core Animation's name for `TransitionAnimation.Direction`.
public typealias CATransitionSubtype = TransitionAnimation.Direction
/// Core Animation's name for `ValueFunction`.
public typealias CAValueFunction = ValueFunction
/// Core Animation's name for `ValueFunctionName`.
public typealias CAValueFunctionName = ValueFunctionName
/// Core Animation's name for `CalculationMode`.
public typealias CAAnimationCalculationMode = CalculationMode
/// Core Animation's name for `RotationMode`.
public typealias CAAnimationRotationMode = RotationMode
/// Core Animation's name for `LayerTransaction` (its animation settings; nesting comes later).
public typealias CATransaction = LayerTransaction

/// The global media time in seconds (`currentMediaTime()`): a monotonic clock.
public func CACurrentMediaTime() -> Double { currentMediaTime() }
#endif
