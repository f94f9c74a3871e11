import CAMathLayer
import Foundation

/// An animation (`CAAnimation`): media timing, a timing function and the removal rule. Subclasses say
/// what value it produces (<doc:MediaTimingModel>, <doc:AnimationValues>).
///
/// `Layer.add(_:forKey:)` stores a copy, so an animation object can be changed and added again; like
/// `CAAnimation` it is not thread-safe. Subclasses override ``init(copying:)`` to copy their state.
open class LayerAnimation: NSObject, MediaTiming, NSCopying {
    /// The timing properties as one value.
    public var timing = MediaTimingParameters()
    /// The curve from the timing progress to the value progress (`nil`: linear).
    public var timingFunction: TimingFunction?
    /// Whether the animation stops contributing after its active interval (default `true`), whatever its
    /// fill mode. Ignored for the children of a group.
    public var isRemovedOnCompletion = true

    /// A new animation with the defaults.
    public override init() { super.init() }

    /// A copy of `other`'s state. Subclasses override it and call `super`.
    public required init(copying other: LayerAnimation) {
        timing = other.timing
        timingFunction = other.timingFunction
        isRemovedOnCompletion = other.isRemovedOnCompletion
        super.init()
    }

    /// A copy made by ``init(copying:)``.
    open func copy(with zone: NSZone? = nil) -> Any { type(of: self).init(copying: self) }

    public var beginTime: Double { get { timing.beginTime } set { timing.beginTime = newValue } }
    public var duration: Double { get { timing.duration } set { timing.duration = newValue } }
    public var speed: Float { get { timing.speed } set { timing.speed = newValue } }
    public var timeOffset: Double { get { timing.timeOffset } set { timing.timeOffset = newValue } }
    public var repeatCount: Float { get { timing.repeatCount } set { timing.repeatCount = newValue } }
    public var repeatDuration: Double { get { timing.repeatDuration } set { timing.repeatDuration = newValue } }
    public var autoreverses: Bool { get { timing.autoreverses } set { timing.autoreverses = newValue } }
    public var fillMode: FillMode { get { timing.fillMode } set { timing.fillMode = newValue } }

    /// Where the animation is at parent time `p` (<doc:MediaTimingModel>), without removal on completion.
    /// O(1).
    public func localTime(parentTime p: Double) -> MediaTimingEvaluation {
        timing.evaluate(parentTime: p)
    }

    /// Applies the animation to `presentation` at parent time `p`: its value, with `model` as the source
    /// of missing ends. The base class has no value and changes nothing. `isGroupChild` exempts it from
    /// removal on completion.
    open func apply(atParentTime p: Double, to presentation: Layer, model: Layer, isGroupChild: Bool) {}

    /// The evaluation that decides whether and where the animation contributes at `p`.
    package func evaluation(at p: Double, isGroupChild: Bool) -> MediaTimingEvaluation {
        timing.evaluate(parentTime: p, removedOnCompletion: isRemovedOnCompletion && !isGroupChild)
    }

    /// The value progress f at `evaluation`: the timing function of the progress (the progress itself
    /// without one).
    func valueProgress(_ evaluation: MediaTimingEvaluation) -> Double {
        timingFunction?.evaluate(evaluation.progress) ?? evaluation.progress
    }

    /// The copy that is attached to a layer: duration and timing function resolved from ``LayerTransaction``,
    /// a begin time of 0 replaced by `now()` (the layer's local time at the add, asked only then: it walks the
    /// layer's ancestors).
    func resolvedForAdding(now: () -> Double) -> LayerAnimation {
        let copy = self.copy() as! LayerAnimation
        if !(copy.timing.duration > 0) { copy.timing.duration = LayerTransaction.animationDuration() }
        if copy.timingFunction == nil { copy.timingFunction = LayerTransaction.animationTimingFunction() }
        if copy.timing.beginTime == 0 { copy.timing.beginTime = now() }
        copy.resolveChildren()
        return copy
    }

    /// Groups resolve their children's durations; other animations have none.
    func resolveChildren() {}
}
