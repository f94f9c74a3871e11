import Synchronization

/// The settings of `CATransaction` that animations read when they are added: the duration that replaces
/// a duration of 0 and the timing function that replaces a missing one.
///
/// This is the hook implicit animations and actions build on; CAMath has no transaction nesting yet, so
/// the settings are process-wide (Apple's are per thread and per nested transaction). Thread-safe.
public enum LayerTransaction {
    private static let state = Mutex<(duration: Double, timingFunction: TimingFunction?)>((MediaTimingParameters.defaultDuration, nil))

    /// The duration given to animations added with a duration that is not > 0 (default 0.25 s).
    public static func animationDuration() -> Double { state.withLock { $0.duration } }

    /// Sets it; a value that is not > 0 or not finite is ignored (the setting stays valid).
    public static func setAnimationDuration(_ duration: Double) {
        guard duration > 0, duration.isFinite else { return }
        state.withLock { $0.duration = duration }
    }

    /// The timing function given to animations added without one (default `nil`: linear pacing).
    public static func animationTimingFunction() -> TimingFunction? { state.withLock { $0.timingFunction } }

    /// Sets it (`nil` restores linear pacing).
    public static func setAnimationTimingFunction(_ function: TimingFunction?) {
        state.withLock { $0.timingFunction = function }
    }
}
