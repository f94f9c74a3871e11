import CAMathLayer
import Dispatch
import Foundation

/// The frame loop's entry into Core Animation's model (<doc:TransactionsAndActions>, *Frames*).
///
/// Unless told, CAMath never commits or calls back on its own: the host calls ``run()`` once per frame or run-loop
/// turn, on every thread that changes layers — or schedules it with ``FrameTimer``, or lets a
/// ``RunLoopFrameObserver`` run it at the end of every turn of a thread's run loop, as QuartzCore's observer does.
/// Everything that happens after a change happens in a call of `run()`, on the calling thread.
public enum FrameHook {
    /// One frame: (1) flushes the calling thread's implicit transaction; (2) reads the current clock's media time
    /// T once; (3) holding the transaction lock, visits every layer that holds animations committed under that
    /// clock (in the order they began to hold them) and each of its animations in order: one whose phase at the layer's local time is
    /// active or after *starts*, one that started and is in its after phase *finishes* — and, when removed on
    /// completion, leaves the layer; (4) delivers, outside the lock and in this order: the calls queued since the
    /// previous frame (early stops; starts and finishes seen by a render tree), this frame's starts and finishes
    /// in visiting order, then the completion blocks of transactions committed under the clock that were due
    /// before those calls, oldest first (a block whose last animation stops in one of the calls runs at the next
    /// frame, after that stop). Callbacks may change layers: their changes belong to a new implicit transaction. A callback
    /// that calls `run()` on the same thread only flushes that transaction: the next frame delivers what it caused.
    ///
    /// A frame does not look at every animation: it predicts from the committed clocks when each may start or
    /// finish and looks at those whose time has come (checking the exact phase), and at every animation of a
    /// layer whose clocks do not all run forward. A commit that changes a clock or the tree's shape makes the next
    /// frame look at every animation and predict again. Cost: O(animations due × (depth + animations of their
    /// layer) + log n); after such a commit, O(layers with running animations × (depth + animations)); plus the
    /// callbacks.
    public static func run() {
        run(predicting: true)
    }

    /// ``run()``; without `predicting`, every animation is looked at (the reference the tests hold predictions to).
    package static func run(predicting: Bool) {
        LayerTransaction.flush()
        // A callback of this thread's frame that runs a frame: the flush is all it does (what its callbacks
        // cause is delivered by the next frame), so a callback that runs frames never recurses.
        let stack = TransactionStack.current
        guard stack.callbacks.beginFrame() else { return }
        defer { stack.callbacks.endFrame() }
        let clock = MediaClock.current
        let t = clock.now, timeline = clock.timeline
        // The blocks due are taken with the calls: a block whose last animation stops in one of this frame's
        // callbacks runs at the next frame, after that stop is delivered.
        let (calls, blocks): ([AnimationTimeline.Call], [() -> Void]) = TransactionLock.shared.withLock {
            var calls = timeline.queued
            timeline.queued = []
            if !predicting { timeline.epoch = -1 }
            for (state, animations) in dueAnimations(on: timeline, at: t) {
                visit(state, animations, on: timeline, at: t, calls: &calls)
            }
            return (calls, CompletionGroup.takeDueBlocks(of: ObjectIdentifier(timeline)))
        }
        for call in calls { call.deliver() }
        for block in blocks { block() }
    }

    /// The animations to look at in this frame, by layer in visiting order: all of them when the committed clocks
    /// changed since the events were predicted (``TimingEpoch``); else those whose predicted event is due, and
    /// every animation of the layers whose clocks do not run forward. `nil` animations: all of the layer's.
    private static func dueAnimations(
        on timeline: AnimationTimeline, at t: Double
    )
        -> [(LayerAnimationState, Set<ObjectIdentifier>?)]
    {
        let epoch = TimingEpoch.current
        guard epoch == timeline.epoch else {
            timeline.epoch = epoch
            timeline.events.removeAll()
            for state in timeline.checkedEveryFrame { state.isCheckedEveryFrame = false }
            timeline.checkedEveryFrame = []
            return timeline.entries.compactMap { $0.map { ($0, nil) } }
        }
        var due: [ObjectIdentifier: (LayerAnimationState, Set<ObjectIdentifier>?)] = [:]
        for state in timeline.checkedEveryFrame { due[ObjectIdentifier(state)] = (state, nil) }
        for entry in timeline.events.popDue(at: t) {
            let (state, animation) = entry.payload
            guard state.registration?.timeline === timeline, !animation.lifecycle.isStopped else { continue }
            let key = ObjectIdentifier(state)
            if let (_, picked) = due[key], picked == nil { continue }
            due[key, default: (state, [])].1?.insert(ObjectIdentifier(animation))
        }
        return due.values.sorted { $0.0.registration!.index < $1.0.registration!.index }
    }

    /// Starts and finishes `state`'s animations (those in `picked`, or all) at media time `t`, and predicts their
    /// next events; a layer left without running animations leaves the timeline (it comes back with its next
    /// committed animation).
    private static func visit(
        _ state: LayerAnimationState, _ picked: Set<ObjectIdentifier>?, on timeline: AnimationTimeline,
        at t: Double, calls: inout [AnimationTimeline.Call]
    ) {
        guard let layer = state.layer else { return }
        let local = layer.committedLocalTime(atMediaTime: t)
        var finished: [LayerAnimation] = [], running = false
        for (_, animation) in state.animations {
            guard animation.lifecycle.isCommitted, !animation.lifecycle.isStopped,
                animation.lifecycle.holder == ObjectIdentifier(state)
            else { continue }
            guard picked?.contains(ObjectIdentifier(animation)) ?? true else {
                running = true
                continue
            }
            let phase = animation.timing.evaluate(parentTime: local).phase
            if !animation.lifecycle.isStarted, phase == .active || phase == .after {
                animation.lifecycle.isStarted = true
                if animation.delegate != nil { calls.append(.start(animation)) }
            }
            if animation.lifecycle.isStarted, phase == .after {
                _ = animation.lifecycle.stop()
                if animation.delegate != nil { calls.append(.stop(animation, finished: true)) }
                if animation.isRemovedOnCompletion { finished.append(animation) }
            } else {
                running = true
                timeline.schedule(animation, on: state, after: t.nextUp)
            }
        }
        if !finished.isEmpty {
            state.animations.removeAll { entry in finished.contains { $0 === entry.animation } }
            layer.recordAnimationChange()
        }
        if !running { timeline.remove(state) }
    }
}
