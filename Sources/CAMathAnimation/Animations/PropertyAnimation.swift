import CAMathCore
import CAMathLayer
import Foundation

/// An animation of one layer property (`CAPropertyAnimation`): the key path it animates and how its value
/// combines with what is already there (<doc:AnimationValues>).
open class PropertyAnimation: LayerAnimation {
    /// The animated key path (`"position"`, `"transform.rotation.z"`, …). `nil` or one that animates
    /// nothing: the animation has no effect.
    @exclusivity(unchecked) public var keyPath: String? { didSet { target = keyPath.flatMap(AnimatedKeyPath.init) } }
    /// Whether the value is added to the current presentation value instead of replacing it.
    @exclusivity(unchecked) public var isAdditive = false
    /// Whether each cycle continues from the end of the previous one.
    @exclusivity(unchecked) public var isCumulative = false
    /// Turns interpolated numbers into the presentation transform (for `transform` key paths).
    @exclusivity(unchecked) public var valueFunction: ValueFunction?

    /// An animation of `keyPath`.
    public init(keyPath: String?) {
        self.keyPath = keyPath
        target = keyPath.flatMap(AnimatedKeyPath.init)
        super.init()
    }

    public override convenience init() { self.init(keyPath: nil) }

    /// An animation of the whole of `property`, its key path the property's name, without parsing it (the
    /// implicit animations' form). O(1).
    package init(animating property: AnimatedKeyPath.Property) {
        keyPath = property.rawValue
        target = AnimatedKeyPath(property: property)
        super.init()
    }

    public required init(copying other: LayerAnimation) {
        if let o = other as? PropertyAnimation {
            keyPath = o.keyPath; target = o.target; isAdditive = o.isAdditive; isCumulative = o.isCumulative;
            valueFunction = o.valueFunction
        }
        super.init(copying: other)
    }

    /// The parsed key path (kept with ``keyPath``): `nil` for no key path, which the pure value functions
    /// read as the whole value, and for a key path that animates nothing.
    @exclusivity(unchecked) package private(set) var target: AnimatedKeyPath?

    /// The value of one cycle at `evaluation`, in the key path's own kind (a number for
    /// `transform.rotation.z`, the arguments of the value function), with `modelPart` as the source of
    /// missing ends; and the value at the end of one cycle (for cumulative). Subclasses answer it.
    func cycleValue(_ evaluation: MediaTimingEvaluation, modelPart: AnimationValue) -> (value: AnimationValue, cycleEnd: AnimationValue)? {
        nil
    }

    /// The value that replaces `current` (the whole property) given one cycle's value `v`: cumulative
    /// first (`(k⁺ ⊗ E) ⊕ v`), then the value function, then additive (`current ⊕ v`) or replacement,
    /// written into `current` through the key path. `nil`: no effect.
    package func combined(
        _ v: AnimationValue, cycleEnd: AnimationValue, cycle k: Double, current: AnimationValue, target: AnimatedKeyPath?
    ) -> AnimationValue? {
        var value = v
        if isCumulative { value = cycleEnd.repeated(max(k, 0)).adding(value) ?? value }
        if let valueFunction {
            guard let m = valueFunction.transform(for: value) else { return nil }
            value = .transform(m)
            if isAdditive { value = current.adding(value) ?? value }
            return current.isSameKind(as: value) ? value : nil
        }
        guard let target else { return isAdditive ? current.adding(value) : value }
        if isAdditive {
            guard let part = target.read(current), let sum = part.adding(value) else { return nil }
            value = sum
        }
        return target.write(value, into: current)
    }

    /// The model part the missing ends come from: the value function's identity argument, the additive
    /// identity when additive, else the key path's part of `model`.
    package func modelPart(model: AnimationValue, target: AnimatedKeyPath?) -> AnimationValue? {
        if let valueFunction { return valueFunction.identityArgument }
        let part = target == nil ? model : target!.read(model)
        guard let part else { return nil }
        return isAdditive ? part.additiveIdentity : part
    }

    /// The presentation value of the property after this animation at `evaluation`, from `model` (the
    /// whole model value) and `current` (the whole presentation value so far). `nil`: no effect. O(1),
    /// plus the subclass's value (a transform: a blend).
    public func value(
        at evaluation: MediaTimingEvaluation, model: AnimationValue,
        current: AnimationValue
    ) -> AnimationValue? {
        guard evaluation.contributes else { return nil }
        let target = self.target
        if keyPath != nil && target == nil { return nil }
        guard let part = modelPart(model: model, target: target),
            let (v, end) = cycleValue(evaluation, modelPart: part)
        else { return nil }
        return combined(v, cycleEnd: end, cycle: evaluation.cycle, current: current, target: target)
    }

    /// The transform key path the animation writes through (`rotation.z` for `transform.rotation.z`), or `nil` for
    /// any other target.
    package var transformKeyPath: TransformKeyPath? {
        if case .transform(let kp)? = target?.part { kp } else { nil }
    }

    /// ``value(at:model:current:)`` in the part's own space, for an animation of a transform key path without a value
    /// function: `modelPart` is the key path's read of the model transform and `currentPart` its read of the
    /// presentation value so far; the result (cumulative and additive applied) is the value that
    /// ``value(at:model:current:)`` writes into the current transform through the key path. `nil`: no effect.
    /// O(1) plus the subclass's value.
    package func partValue(
        at evaluation: MediaTimingEvaluation, modelPart: AnimationValue,
        currentPart: AnimationValue
    ) -> AnimationValue? {
        guard evaluation.contributes, valueFunction == nil, transformKeyPath != nil,
            let (v, end) = cycleValue(evaluation, modelPart: isAdditive ? modelPart.additiveIdentity : modelPart)
        else { return nil }
        return combined(v, cycleEnd: end, cycle: evaluation.cycle, current: currentPart, target: nil)
    }

    open override func apply(atParentTime p: Double, to presentation: Layer, model: Layer, isGroupChild: Bool) {
        guard let target else { return }
        let evaluation = evaluation(at: p, isGroupChild: isGroupChild)
        guard evaluation.contributes else { return }
        let current = target.wholeValue(of: presentation)
        let modelValue = target.wholeValue(of: model)
        if let value = value(at: evaluation, model: modelValue, current: current) {
            target.setWholeValue(value, on: presentation)
            if let theta = pathRotation(at: evaluation, model: modelValue) {
                presentation.transform = presentation.transform.rotated(by: theta, x: 0, y: 0, z: 1)
            }
        }
    }

    /// The angle about z by which the animation turns the presentation transform once its value at `evaluation` is
    /// written (`model`: the model's whole value of its key path): a keyframe path's rotation mode. `nil` for every
    /// other animation. O(1) plus the path's segment search.
    package func pathRotation(at evaluation: MediaTimingEvaluation, model: AnimationValue) -> Double? { nil }
}
