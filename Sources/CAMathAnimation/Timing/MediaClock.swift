import Foundation
import Synchronization

/// The global media time in seconds: ``MediaClock/current``'s ``MediaClock/now`` (`CACurrentMediaTime()`), the
/// parent time of every root layer. Cost: one clock read.
public func currentMediaTime() -> Double {
    MediaClock.current.now
}

/// A source of global media time (<doc:TransactionsAndActions>, *The media clock*).
///
/// ``system`` reads the monotonic clock (`CLOCK_MONOTONIC`, in seconds), as Apple's `CACurrentMediaTime()`
/// reads `mach_absolute_time()`. A manual clock (``init(startTime:)``) moves only when told to, so tests and
/// frame loops step time exactly; media time never runs backwards. Commits, frames (``FrameHook``) and
/// `presentation()` read ``current``, which is ``system`` unless `withCurrent(_:_:)` makes another clock current
/// for a piece of code. A frame sees only the animations committed under its clock, and runs only the
/// completion blocks of transactions committed under it. Thread-safe.
public final class MediaClock: Sendable {
    /// The monotonic clock of the system.
    public static let system = MediaClock(manualTime: nil)

    /// What frames under this clock visit: the layers holding animations committed under it, and the calls
    /// queued for its next frame.
    package let timeline = AnimationTimeline()
    /// Whether this is a manual clock, and its time.
    public let isManual: Bool
    private let manualTime: Mutex<Double>

    private init(manualTime: Double?) {
        isManual = manualTime != nil
        self.manualTime = Mutex(manualTime ?? 0)
    }

    /// A manual clock that reads `startTime` (default 0) until it is advanced. A non-finite start reads 0.
    public convenience init(startTime: Double = 0) {
        self.init(manualTime: startTime.isFinite ? startTime : 0)
    }

    /// The clock's time in seconds. O(1).
    public var now: Double {
        if isManual { return manualTime.withLock { $0 } }
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }

    /// Moves a manual clock forward by `dt` seconds; `dt` not finite or negative, or the system clock: ignored.
    public func advance(by dt: Double) {
        guard dt.isFinite, dt >= 0 else { return }
        guard isManual else { return }
        manualTime.withLock { $0 += dt }
    }

    /// Sets a manual clock to `t`; `t` before ``now`` or not finite, or the system clock: ignored.
    public func advance(to t: Double) {
        guard t.isFinite else { return }
        guard isManual else { return }
        manualTime.withLock { if t >= $0 { $0 = t } }
    }

    /// The clock in use: a task-local value, ``system`` unless `withCurrent(_:_:)` set another.
    @TaskLocal public static var current: MediaClock = .system

    /// Runs `body` with `clock` as ``current`` for the calling task (and the tasks it creates); other tasks and
    /// threads keep theirs, so parallel tests never share a clock.
    public static func withCurrent<R>(_ clock: MediaClock, _ body: () throws -> R) rethrows -> R {
        try $current.withValue(clock, operation: body)
    }

    /// `withCurrent(_:_:)` for an asynchronous body.
    public static func withCurrent<R>(_ clock: MediaClock, _ body: () async throws -> R) async rethrows -> R {
        try await $current.withValue(clock, operation: body)
    }
}
