import CAMathLayer
import Foundation

/// Core Animation's transactions — `CATransaction` (<doc:TransactionsAndActions>).
///
/// Each thread has its own stack of open transactions: at most one *implicit* transaction at the bottom,
/// opened by the first change to a layer (or the first setter here) on a thread with nothing open, and any number
/// of *explicit* ones nested by ``begin()``. Settings are scoped: a nested transaction reads what the enclosing
/// ones set until it sets its own, and what it sets ends with it. Changes take effect at the **outermost
/// commit**: layers take their model values as their committed state, animations added in the transaction get
/// their begin time of 0 resolved to one media time, and completion blocks start waiting for their animations.
/// CAMath never commits on its own: ``flush()`` commits the implicit transaction, and ``FrameHook/run()`` — which
/// the host calls once per frame or run-loop turn — flushes and delivers the animation callbacks.
///
/// A `begin()` and its `commit()` must run on one OS thread (no `await` between them).
public enum LayerTransaction {
    /// Opens an explicit transaction nested in whatever is open on this thread. O(1).
    public static func begin() {
        TransactionStack.current.begin()
    }

    /// Closes the innermost transaction. Closing the last one is the outermost commit (see the type's
    /// documentation); with nothing open, nothing happens. Runs no user code. Cost: O(animations added in the
    /// transaction) at the outermost commit, else O(1).
    public static func commit() {
        installBuiltInActions()
        let clock = MediaClock.current
        TransactionStack.current.commit(mediaTime: { clock.now }, timeline: ObjectIdentifier(clock.timeline))
    }

    /// Commits the implicit transaction: at once when no explicit one is open, else right after the commit that
    /// closes the last explicit one. Without an implicit transaction, nothing happens.
    public static func flush() {
        installBuiltInActions()
        let clock = MediaClock.current
        TransactionStack.current.flush(mediaTime: { clock.now }, timeline: ObjectIdentifier(clock.timeline))
    }

    /// Takes the process-wide recursive lock that commits and frames hold while they hand animations over.
    /// Code that shares a layer tree between threads holds it around its reads and writes.
    public static func lock() { TransactionLock.shared.lock() }

    /// Gives the lock back once; a thread that does not hold it changes nothing.
    public static func unlock() { TransactionLock.shared.unlock() }

    // MARK: Settings

    /// The duration of the implicit animations of this transaction and of animations added with a duration
    /// that is not > 0 (default 0.25 s). Stored as given: a duration that is not > 0 makes changes immediate.
    public static func animationDuration() -> Double {
        number(value(forKey: Key.animationDuration)) ?? MediaTimingParameters.defaultDuration
    }

    /// Sets ``animationDuration()`` for the innermost transaction.
    public static func setAnimationDuration(_ duration: Double) {
        setValue(duration, forKey: Key.animationDuration)
    }

    /// The timing function of the implicit animations, and of animations added without one (default `nil`:
    /// implicit animations use `.default`, others linear pacing).
    public static func animationTimingFunction() -> TimingFunction? {
        value(forKey: Key.animationTimingFunction) as? TimingFunction
    }

    /// Sets ``animationTimingFunction()`` for the innermost transaction (`nil` hides an enclosing one).
    public static func setAnimationTimingFunction(_ function: TimingFunction?) {
        setValue(function, forKey: Key.animationTimingFunction)
    }

    /// Whether property changes run no actions, so nothing animates implicitly (default `false`).
    public static func disableActions() -> Bool {
        flag(value(forKey: Key.disableActions)) ?? false
    }

    /// Sets ``disableActions()`` for the innermost transaction.
    public static func setDisableActions(_ flag: Bool) {
        setValue(flag, forKey: Key.disableActions)
    }

    /// The completion block of the innermost transaction that set one (default `nil`).
    public static func completionBlock() -> (() -> Void)? {
        value(forKey: Key.completionBlock) as? () -> Void
    }

    /// Sets the block that runs, once, when every animation added to layers from now on in this transaction —
    /// nested transactions included — has finished or been removed; at the first frame after the outermost
    /// commit if there are none. Setting another block, or `nil`, does not cancel one already set: it keeps
    /// waiting for its own animations.
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        setValue(block, forKey: Key.completionBlock)
    }

    /// The value of `key` in the innermost open transaction that holds it, or `nil`. Apple's keys answer their
    /// settings (a duration as `Double`, the flag as `Bool`); any other key answers what was set. Opens
    /// nothing. O(open transactions).
    public static func value(forKey key: String) -> Any? {
        TransactionStack.current.value(forKey: key) ?? nil
    }

    /// Sets `key` in the innermost transaction (opening the implicit one when nothing is open); `nil` stores "no
    /// value", which hides the enclosing transactions' value. A known key given a value it cannot take is ignored:
    /// a duration takes any number (`Double`, `Float`, `Int`, `NSNumber`, …), `disableActions` a `Bool` or
    /// `NSNumber`, the timing function a ``TimingFunction``, the completion block a `() -> Void`. O(1).
    public static func setValue(_ value: Any?, forKey key: String) {
        let stack = TransactionStack.current
        switch key {
        case Key.animationDuration:
            guard value == nil || number(value) != nil else { return }
            stack.setValue(number(value), forKey: key, disablesActions: nil)
        case Key.disableActions:
            guard value == nil || flag(value) != nil else { return }
            stack.setValue(flag(value), forKey: key, disablesActions: flag(value))
        case Key.animationTimingFunction:
            guard value == nil || value is TimingFunction else { return }
            stack.setValue(value, forKey: key, disablesActions: nil)
        case Key.completionBlock:
            let block = value as? () -> Void
            guard value == nil || block != nil else { return }
            stack.setValue(block, forKey: key, disablesActions: nil)
            stack.setCompletionBlock(block)
        default:
            stack.setValue(value, forKey: key, disablesActions: nil)
        }
    }

    /// A number as a duration: any binary floating-point or integer value, or an `NSNumber`.
    private static func number(_ value: Any?) -> Double? { KeyValue.number(value) }

    /// A flag: a `Bool` or an `NSNumber` (or an integer, non-zero for true, as key-value coding takes it).
    private static func flag(_ value: Any?) -> Bool? { KeyValue.flag(value) }

    /// Makes implicit animations available: every layer that can animate implicitly has been committed, and
    /// every commit passes here or through ``FrameHook/run()``.
    static func installBuiltInActions() {
        BuiltInActions.install(ImplicitAnimation.self)
    }
}

extension LayerTransaction {
    /// The keys of the settings in ``LayerTransaction/value(forKey:)`` (`CAMathQuartzCore` gives them Apple's
    /// names: `Key.animationDuration`, …).
    public enum Key {
        /// ``LayerTransaction/animationDuration()``'s key.
        public static let animationDuration = "animationDuration"
        /// ``LayerTransaction/disableActions()``'s key.
        public static let disableActions = TransactionStack.disableActionsKey
        /// ``LayerTransaction/animationTimingFunction()``'s key.
        public static let animationTimingFunction = "animationTimingFunction"
        /// ``LayerTransaction/completionBlock()``'s key.
        public static let completionBlock = "completionBlock"
    }
}
