import Dispatch
import Foundation

/// A timer that runs ``FrameHook/run()`` at a fixed interval on a run loop or a dispatch queue: the frame loop
/// CAMath provides where Apple's run-loop observer would commit and call back. Its frames run with its clock as
/// ``MediaClock/current`` (``MediaClock/system`` unless given another), so they see the animations and completion
/// blocks committed under that clock and no others. It stops when invalidated or freed.
public final class FrameTimer: @unchecked Sendable {
    private var timer: Timer?
    private var source: (any DispatchSourceTimer)?

    /// Runs the hook every `interval` seconds (default 1/60) on `runLoop` in `mode` (default `.common`), with
    /// `clock` current. The run loop must run (`RunLoop.main.run()`, or a thread's own). An interval that is not
    /// > 0 or not finite uses 1/60.
    public init(
        runLoop: RunLoop, interval: TimeInterval = 1.0 / 60, mode: RunLoop.Mode = .common,
        clock: MediaClock = .system
    ) {
        let timer = Timer(timeInterval: Self.valid(interval), repeats: true) { _ in Self.frame(on: clock) }
        runLoop.add(timer, forMode: mode)
        self.timer = timer
    }

    /// Runs the hook every `interval` seconds (default 1/60) on `queue` — `.main` for the main dispatch queue,
    /// which must be served (`dispatchMain()`, or a main run loop) — with `clock` current.
    public init(queue: DispatchQueue, interval: TimeInterval = 1.0 / 60, clock: MediaClock = .system) {
        let source = DispatchSource.makeTimerSource(queue: queue)
        source.schedule(deadline: .now() + Self.valid(interval), repeating: Self.valid(interval))
        source.setEventHandler { Self.frame(on: clock) }
        source.resume()
        self.source = source
    }

    /// Stops the timer (idempotent).
    public func invalidate() {
        timer?.invalidate()
        timer = nil
        source?.cancel()
        source = nil
    }

    deinit { invalidate() }

    private static func frame(on clock: MediaClock) {
        MediaClock.withCurrent(clock) { FrameHook.run() }
    }

    private static func valid(_ interval: TimeInterval) -> TimeInterval {
        interval > 0 && interval.isFinite ? interval : 1.0 / 60
    }
}
