import CAMathLayer
import Foundation

/// Animations that run together in the group's time (`CAAnimationGroup`): the children are not scaled to
/// the group's duration but clipped by it; the group's timing function bends the time they see
/// (<doc:MediaTimingModel>).
open class AnimationGroup: LayerAnimation {
    /// The children, applied in order. Their removal flags are ignored.
    public var animations: [LayerAnimation]?

    public override init() { super.init() }

    public required init(copying other: LayerAnimation) {
        if let o = other as? AnimationGroup { animations = o.animations?.map { $0.copy() as! LayerAnimation } }
        super.init(copying: other)
    }

    /// A child's timing inside this group: a duration that is not > 0 becomes the group's. O(1).
    public func childTiming(_ child: MediaTimingParameters) -> MediaTimingParameters {
        var timing = child
        if !(timing.duration > 0) { timing.duration = self.timing.resolvedDuration }
        return timing
    }

    /// Where a child with timing `child` is at the group's parent time `p`: nothing when the group does not
    /// contribute; else the child's own evaluation at the group's child time (its basic time, through the
    /// group's timing function), without removal. O(1).
    public func childEvaluation(_ child: MediaTimingParameters, atParentTime p: Double) -> MediaTimingEvaluation {
        let group = localTime(parentTime: p)
        guard group.contributes else { return .none(group.phase) }
        return childTiming(child).evaluate(parentTime: timing.childTime(of: group, timingFunction: timingFunction))
    }

    open override func apply(atParentTime p: Double, to presentation: Layer, model: Layer, isGroupChild: Bool) {
        guard let childTime = childTime(atParentTime: p, isGroupChild: isGroupChild) else { return }
        for child in animations ?? [] {
            child.apply(atParentTime: childTime, to: presentation, model: model, isGroupChild: true)
        }
    }

    /// The parent time the children see at the group's parent time `p` (the group's basic time through its timing
    /// function), or `nil` when the group does not contribute at `p` (a group that is itself a child ignores its
    /// removal flag). O(1).
    package func childTime(atParentTime p: Double, isGroupChild: Bool) -> Double? {
        let group = evaluation(at: p, isGroupChild: isGroupChild)
        guard group.contributes else { return nil }
        return timing.childTime(of: group, timingFunction: timingFunction)
    }

    override func resolveChildren() {
        for child in animations ?? [] {
            child.timing = childTiming(child.timing)
            child.resolveChildren()
        }
    }
}
