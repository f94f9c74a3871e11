import CoreFoundation
import Foundation

/// Core Animation's run-loop integration, opt in: one call at start-up, and every turn of a thread's run loop ends
/// with a frame (``FrameHook/run()``), as QuartzCore's observer commits and calls back on Apple platforms
/// (<doc:TransactionsAndActions>, *Frames*).
///
/// ```swift
/// let frames = RunLoopFrameObserver(on: .main)   // keep it for as long as frames should run
/// RunLoop.main.run()
/// ```
///
/// - **When.** Just before the run loop waits and when it exits a run, in every common mode, after the run loop's
///   other observers: so the implicit transaction of the turn commits, and the delegate calls and completion blocks
///   the frame finds due are delivered, before the thread sleeps. A transaction committed in the turn that added no
///   animation has its completion block run at the end of that turn.
/// - **While animations run.** A run loop sleeps until something wakes it; while the clock has layers with running
///   animations, calls queued or completion blocks waiting, the observer keeps a timer that wakes it every
///   `interval` seconds (default 1/60), so starts, finishes and blocks arrive within a frame of their time. Idle, it
///   costs nothing.
/// - **Where.** Frames run on the run loop's thread with `clock` as ``MediaClock/current`` (``MediaClock/system``
///   unless given another): they commit that thread's implicit transaction and see what was committed under that
///   clock. Changes made on other threads still need their own frames or flushes.
///
/// CAMath keeps explicit frames as the default: a program without a run loop (a server, a test, a renderer with its
/// own frame clock) decides when commits and callbacks happen, and no callback runs at a time the program did not
/// choose. The observer stops when invalidated or freed, from any thread (Core Foundation's observer and timer, which
/// may be invalidated from any thread). A callback that calls ``FrameHook/run()`` inside a frame only flushes, as
/// everywhere.
public final class RunLoopFrameObserver: @unchecked Sendable {
    private let observer: CFRunLoopObserver
    private let timer: CFRunLoopTimer

    /// Which thread's run loop runs the frames.
    public enum Thread: Sendable {
        /// The run loop of the thread that makes the observer.
        case current
        /// The main thread's run loop.
        case main
    }

    /// Runs a frame at the end of every turn of `thread`'s run loop (default: the calling thread's), with `clock`
    /// current; while it has work, a timer wakes the run loop every `interval` seconds (not > 0 or not finite: 1/60).
    public init(on thread: Thread = .current, interval: TimeInterval = 1.0 / 60, clock: MediaClock = .system) {
        let interval = interval > 0 && interval.isFinite ? interval : 1.0 / 60
        let runLoop = thread == .main ? CFRunLoopGetMain() : CFRunLoopGetCurrent()
        // The timer only wakes the run loop; the turn's end runs the frame. A century away while idle.
        let idle = 3.2e9
        let timer = CFRunLoopTimerCreateWithHandler(nil, CFAbsoluteTimeGetCurrent() + idle, interval, 0, 0) { _ in }!
        CFRunLoopAddTimer(runLoop, timer, kCFRunLoopCommonModes)
        self.timer = timer
        let activities = CFRunLoopActivity.beforeWaiting.rawValue | CFRunLoopActivity.exit.rawValue
        // Order 2 000 000, as QuartzCore's commit observer: after the run loop's other observers of the turn.
        observer = CFRunLoopObserverCreateWithHandler(nil, activities, true, 2_000_000) { _, _ in
            MediaClock.withCurrent(clock) { FrameHook.run() }
            CFRunLoopTimerSetNextFireDate(timer, CFAbsoluteTimeGetCurrent() + (clock.timeline.hasWork ? interval : idle))
        }!
        CFRunLoopAddObserver(runLoop, observer, kCFRunLoopCommonModes)
    }

    /// Stops the frames (idempotent, from any thread).
    public func invalidate() {
        CFRunLoopObserverInvalidate(observer)
        CFRunLoopTimerInvalidate(timer)
    }

    deinit { invalidate() }
}
