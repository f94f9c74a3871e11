import CAMathCore
import Foundation

/// An animation between two values (`CABasicAnimation`): the ends come from ``fromValue``, ``toValue`` and
/// ``byValue`` and the model value of the key path (<doc:AnimationValues>):
///
/// | given | from | to |
/// |---|---|---|
/// | from, to (and by) | from | to |
/// | from, by | from | from ⊕ by |
/// | by, to | to ⊖ by | to |
/// | from | from | model |
/// | to | model | to |
/// | by | model | model ⊕ by |
/// | none | the presentation value when it was added | model |
///
/// Values are numbers, points, sizes, rects, transforms (as `Transform3D`, `CGPoint`, … or `NSValue`,
/// `NSNumber`) or, with a value function, its arguments. A value of the wrong kind, or a singular
/// `byValue` for a transform, gives no effect.
open class BasicAnimation: PropertyAnimation {
    /// The start value.
    public var fromValue: Any? { didSet { from = ConvertedValue(fromValue) } }
    /// The end value.
    public var toValue: Any? { didSet { to = ConvertedValue(toValue) } }
    /// The value added to the start (or taken from the end).
    public var byValue: Any? { didSet { by = ConvertedValue(byValue) } }
    /// The three values converted once, when they are set.
    @exclusivity(unchecked) var from = ConvertedValue.absent, to = ConvertedValue.absent, by = ConvertedValue.absent
    /// The presentation value captured by `Layer.add(_:forKey:)` for the "none" row.
    @exclusivity(unchecked) package var previousValue: AnimationValue?

    public required init(copying other: LayerAnimation) {
        if let o = other as? BasicAnimation {
            fromValue = o.fromValue; toValue = o.toValue; byValue = o.byValue; previousValue = o.previousValue
            (from, to, by) = (o.from, o.to, o.by)
        }
        super.init(copying: other)
    }

    public override init(keyPath: String?) { super.init(keyPath: keyPath) }

    package override init(animating property: AnimatedKeyPath.Property) { super.init(animating: property) }

    /// The two ends of the interpolation for missing ends taken from `model` (the key path's part, or the
    /// value function's identity, or the additive identity) and `previous` (the "none" row). `nil` when
    /// a value has another kind than `model` or a transform `byValue` is singular. O(1).
    public func ends(
        model: AnimationValue,
        previous: AnimationValue? = nil
    ) -> (from: AnimationValue, to: AnimationValue)? {
        // Each end given must be of the model's kind. Read in place, case by case: through double optionals and a
        // tuple of the three, every value (136 bytes) was copied several times (half of a render tree's build went
        // to copies).
        let from = from, to = to, by = by
        func usable(_ v: borrowing ConvertedValue) -> Bool {
            switch v {
            case .absent: true
            case .value(let x): x.isSameKind(as: model)
            case .invalid: false
            }
        }
        guard usable(from), usable(to), usable(by) else { return nil }
        if case .value(let f) = from {
            if case .value(let t) = to { return (f, t) }
            if case .value(let b) = by { return f.adding(b).map { (f, $0) } }
            return (f, model)
        }
        if case .value(let t) = to {
            if case .value(let b) = by { return t.subtracting(b).map { ($0, t) } }
            return (model, t)
        }
        if case .value(let b) = by { return model.adding(b).map { (model, $0) } }
        return (previous.flatMap { $0.isSameKind(as: model) ? $0 : nil } ?? model, model)
    }

    /// The value of one cycle at value progress `f` (after the timing function): lerp(from, to, f),
    /// extrapolating outside [0, 1]; NaN `f` gives `nil` (no contribution). O(1) (a transform: a blend).
    public func interpolatedValue(
        atProgress f: Double, model: AnimationValue,
        previous: AnimationValue? = nil
    )
        -> (value: AnimationValue, cycleEnd: AnimationValue)?
    {
        guard !f.isNaN, let (a, b) = ends(model: model, previous: previous), let v = a.interpolated(to: b, fraction: f) else { return nil }
        return (v, autoreverses ? a : b)
    }

    override func cycleValue(
        _ evaluation: MediaTimingEvaluation, modelPart: AnimationValue
    ) -> (value: AnimationValue, cycleEnd: AnimationValue)? {
        interpolatedValue(atProgress: valueProgress(evaluation), model: modelPart, previous: previousValue)
    }

    /// The presentation value after this animation at value progress `f` and cycle `k`, for the golden
    /// and batch forms that give f directly: as ``PropertyAnimation/value(at:model:current:)`` with the
    /// timing already applied. `nil`: no effect. O(1) (a transform: a blend).
    public func value(
        atProgress f: Double, cycle k: Double = 0, model: AnimationValue, current: AnimationValue,
        previous: AnimationValue? = nil
    ) -> AnimationValue? {
        let target = self.target
        if keyPath != nil && target == nil { return nil }
        guard let part = modelPart(model: model, target: target),
            let (v, end) = interpolatedValue(atProgress: f, model: part, previous: previous)
        else { return nil }
        return combined(v, cycleEnd: end, cycle: k, current: current, target: target)
    }
}

/// A value given to an animation (`Any?`), converted once: absent, an ``AnimationValue``, or something that is
/// not one (which makes the animation have no effect).
enum ConvertedValue: Sendable {
    case absent
    case value(AnimationValue)
    case invalid

    init(_ value: Any?) {
        guard let value else { self = .absent; return }
        self = AnimationValue(value).map { .value($0) } ?? .invalid
    }
}
