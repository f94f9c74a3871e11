import CAMathLayer
import Dispatch
import Foundation

/// The frame loop's entry into Core Animation's model — `CAFrameHook` (<doc:TransactionsAndActions>, *Frames*).
///
/// Linux has no Core Animation run-loop observer, so the host calls ``run()`` once per frame or run-loop turn, on
/// every thread that changes layers — or schedules it with ``FrameTimer``. CAMath never commits or calls back on
/// its own: everything that happens after a change happens in a call of `run()`, on the calling thread.
public enum FrameHook {
    /// One frame: (1) flushes the calling thread's implicit transaction; (2) reads the current clock's media time
    /// T once; (3) holding the transaction lock, visits every layer that holds animations committed under that
    /// clock (in the order they began to hold them) and each of its animations in order: one whose phase at the layer's local time is
    /// active or after *starts*, one that started and is in its after phase *finishes* — and, when removed on
    /// completion, leaves the layer; (4) delivers, outside the lock and in this order: the calls queued since the
    /// previous frame (early stops; starts and finishes seen by a render tree), this frame's starts and finishes
    /// in visiting order, then the completion blocks of transactions committed under the clock that became due,
    /// oldest first. Callbacks may change layers:
    /// their changes belong to a new implicit transaction. Cost: O(layers with running animations × (depth +
    /// animations)) plus the callbacks.
    public static func run() {
        LayerTransaction.flush()
        let clock = MediaClock.current
        let t = clock.now, timeline = clock.timeline
        let calls: [AnimationTimeline.Call] = TransactionLock.shared.withLock {
            var calls = timeline.queued
            timeline.queued = []
            for case let state? in timeline.entries {
                visit(state, on: timeline, at: t, calls: &calls)
            }
            return calls
        }
        for call in calls { call.deliver() }
        for block in CompletionGroup.takeDueBlocks(of: ObjectIdentifier(timeline)) { block() }
    }

    /// Starts and finishes `state`'s animations at media time `t`; a layer left without running animations
    /// leaves the list (it comes back with its next committed animation).
    private static func visit(_ state: LayerAnimationState, on timeline: AnimationTimeline, at t: Double,
                              calls: inout [AnimationTimeline.Call]) {
        guard let layer = state.layer else { return }
        let local = layer.committedLocalTime(atMediaTime: t)
        var finished: [LayerAnimation] = [], running = false
        for (_, animation) in state.animations {
            let life = animation.lifecycle
            guard life.isCommitted, !life.isStopped, life.holder == ObjectIdentifier(state) else { continue }
            let phase = animation.timing.evaluate(parentTime: local).phase
            if !life.isStarted, phase == .active || phase == .after {
                life.isStarted = true
                calls.append(.start(animation))
            }
            if life.isStarted, phase == .after {
                _ = life.stop()
                calls.append(.stop(animation, finished: true))
                if animation.isRemovedOnCompletion { finished.append(animation) }
            } else {
                running = true
            }
        }
        if !finished.isEmpty {
            state.animations.removeAll { entry in finished.contains { $0 === entry.animation } }
            layer.recordAnimationChange()
        }
        if !running { timeline.remove(state) }
    }
}

/// A timer that runs ``FrameHook/run()`` at a fixed interval on a run loop or a dispatch queue: the frame loop
/// CAMath provides where Apple's run-loop observer would commit and call back. It stops when invalidated or
/// freed.
public final class FrameTimer: @unchecked Sendable {
    private var timer: Timer?
    private var source: (any DispatchSourceTimer)?

    /// Runs the hook every `interval` seconds (default 1/60) on `runLoop` in `mode` (default `.common`). The run
    /// loop must run (`RunLoop.main.run()`, or a thread's own). An interval that is not > 0 or not finite uses 1/60.
    public init(runLoop: RunLoop, interval: TimeInterval = 1.0 / 60, mode: RunLoop.Mode = .common) {
        let timer = Timer(timeInterval: Self.valid(interval), repeats: true) { _ in FrameHook.run() }
        runLoop.add(timer, forMode: mode)
        self.timer = timer
    }

    /// Runs the hook every `interval` seconds (default 1/60) on `queue` — `.main` for the main dispatch queue,
    /// which must be served (`dispatchMain()`, or a main run loop).
    public init(queue: DispatchQueue, interval: TimeInterval = 1.0 / 60) {
        let source = DispatchSource.makeTimerSource(queue: queue)
        source.schedule(deadline: .now() + Self.valid(interval), repeating: Self.valid(interval))
        source.setEventHandler { FrameHook.run() }
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

    private static func valid(_ interval: TimeInterval) -> TimeInterval {
        interval > 0 && interval.isFinite ? interval : 1.0 / 60
    }
}
