import CAMathLayer
import Foundation

/// An animation (`CAAnimation`): media timing, a timing function and the removal rule. Subclasses say
/// what value it produces (<doc:MediaTimingModel>, <doc:AnimationValues>).
///
/// `Layer.add(_:forKey:)` stores a copy, so an animation object can be changed and added again; like
/// `CAAnimation` it is not thread-safe. Subclasses override ``init(copying:)`` to copy their state.
///
/// An animation is also an action (`LayerAction`, `CAAction`): returned from `action(forKey:)`, the delegate's
/// `action(for:forKey:)` or a layer's `actions`, it runs by adding a copy of itself to the layer under the
/// event's key (<doc:TransactionsAndActions>).
open class LayerAnimation: NSObject, MediaTiming, NSCopying, LayerAction {
    // The fields a render tree reads of every animation it records, here and in the subclasses, are exempt from the
    // runtime's exclusivity checks (an animation belongs to one thread at a time, as its layer does): they were an
    // eighth of the instructions of `RenderTree(root:)`.
    /// The timing properties as one value.
    @exclusivity(unchecked) public var timing = MediaTimingParameters()
    /// The curve from the timing progress to the value progress (`nil`: linear).
    @exclusivity(unchecked) public var timingFunction: TimingFunction?
    /// Whether the animation stops contributing after its active interval (default `true`), whatever its
    /// fill mode. Ignored for the children of a group.
    @exclusivity(unchecked) public var isRemovedOnCompletion = true
    /// Told when the animation starts and stops (<doc:TransactionsAndActions>, *Lifecycle*). Retained, as
    /// `CAAnimation`'s delegate is; copies share it. Ignored for the children of a group.
    public var delegate: (any AnimationDelegate)?
    /// Where the copy a layer holds is in its life: added, committed, started, stopped; the completion groups
    /// that wait for it. Not copied.
    @exclusivity(unchecked) package var lifecycle = AnimationLifecycle()
    /// Whether it stopped (``lifecycle``'s flag), read in place: another module reading `lifecycle` through the
    /// class's getter copied the whole state.
    package final var isStopped: Bool { lifecycle.isStopped }

    /// A new animation with the defaults.
    public override init() { super.init() }

    /// A copy of `other`'s state. Subclasses override it and call `super`.
    public required init(copying other: LayerAnimation) {
        timing = other.timing
        timingFunction = other.timingFunction
        isRemovedOnCompletion = other.isRemovedOnCompletion
        delegate = other.delegate
        super.init()
    }

    /// The value a property has until it is set, as `CAAnimation` defines it: `Float(1)` for `"speed"`, `true` for
    /// `"removedOnCompletion"`, `nil` for every other key (their defaults are their type's zero). Subclasses
    /// override it. O(1).
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "speed": Float(1)
        case "removedOnCompletion": true
        default: nil
        }
    }

    /// Runs the animation as an action (`CAAction`): when `anObject` is a layer, adds a copy of this animation to
    /// it under `event` (`add(_:forKey:)`, which resolves duration and timing function; the begin time resolves
    /// when the transaction commits); a property animation without a key path animates `event` in that copy.
    /// This object is unchanged; any other object: nothing happens.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? Layer else { return }
        layer.add(self, forKey: event, keyPathIfMissing: event)
    }

    /// A copy made by ``init(copying:)``.
    open func copy(with zone: NSZone? = nil) -> Any { type(of: self).init(copying: self) }

    public var beginTime: Double {
        get { timing.beginTime }
        set { timing.beginTime = newValue }
    }
    public var duration: Double {
        get { timing.duration }
        set { timing.duration = newValue }
    }
    public var speed: Float {
        get { timing.speed }
        set { timing.speed = newValue }
    }
    public var timeOffset: Double {
        get { timing.timeOffset }
        set { timing.timeOffset = newValue }
    }
    public var repeatCount: Float {
        get { timing.repeatCount }
        set { timing.repeatCount = newValue }
    }
    public var repeatDuration: Double {
        get { timing.repeatDuration }
        set { timing.repeatDuration = newValue }
    }
    public var autoreverses: Bool {
        get { timing.autoreverses }
        set { timing.autoreverses = newValue }
    }
    public var fillMode: FillMode {
        get { timing.fillMode }
        set { timing.fillMode = newValue }
    }

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

    /// The copy that is attached to a layer: duration and timing function resolved from ``LayerTransaction``
    /// (a duration that is not > 0 takes the transaction's, itself 0.25 s when that is not > 0 either). The begin
    /// time is left as it is: a 0 resolves when the transaction commits. A built-in action, made for this one
    /// event, is attached itself.
    func resolvedForAdding() -> LayerAnimation {
        let copy: LayerAnimation
        if lifecycle.isBuiltIn {
            lifecycle.isBuiltIn = false
            copy = self
        } else {
            copy = self.copy() as! LayerAnimation
        }
        if !(copy.timing.duration > 0) {
            let duration = LayerTransaction.animationDuration()
            copy.timing.duration = duration > 0 ? duration : MediaTimingParameters.defaultDuration
        }
        if copy.timingFunction == nil { copy.timingFunction = LayerTransaction.animationTimingFunction() }
        copy.resolveChildren()
        return copy
    }

    /// Groups resolve their children's durations; other animations have none.
    func resolveChildren() {}
}
