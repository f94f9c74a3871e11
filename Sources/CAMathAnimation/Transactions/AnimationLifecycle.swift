import CAMathLayer

/// Where an animation a layer holds is in its life (<doc:TransactionsAndActions>, *Lifecycle*): added in a
/// transaction, committed (its begin time resolved), started, stopped; and the completion groups waiting for it.
/// Changed only under ``TransactionLock`` once the animation is committed.
package struct AnimationLifecycle {
    /// Whether the transaction it was added in has committed: only then does it contribute to presentation values,
    /// start and stop.
    package var isCommitted = false
    var isStarted = false
    package var isStopped = false
    /// The completion groups it joined.
    var groups: [CompletionGroup] = []
    /// The timeline (clock) it was committed under.
    var timeline: AnimationTimeline?
    /// The animation state of the layer it was attached to (copies of that state share the animation, but only
    /// the holder's layer stops it when freed).
    var holder: ObjectIdentifier?

    /// Whether the animation is a built-in action made for one event: added as it is, without a copy.
    var isBuiltIn = false

    /// Stops it: no further call, and the groups stop waiting for it. Returns whether it was running.
    mutating func stop() -> Bool {
        guard !isStopped else { return false }
        isStopped = true
        for group in groups { group.memberStopped() }
        groups = []
        return true
    }
}

extension LayerAnimation: TransactionAddition {
    /// Joins a completion group open when the animation is added.
    package func join(_ group: CompletionGroup) {
        lifecycle.groups.append(group)
        group.memberJoined()
    }

    /// The outermost commit: a begin time of 0 becomes the layer's local time at `t` (final even if that is 0);
    /// the animation now contributes and the layer is visited by the frames. An animation stopped before the
    /// commit (removed or replaced) is left alone.
    package func commit(on layer: Layer, atMediaTime t: Double) {
        guard !lifecycle.isStopped else { return }
        if timing.beginTime == 0 { timing.beginTime = layer.committedLocalTime(atMediaTime: t) }
        let timeline = MediaClock.current.timeline
        lifecycle.isCommitted = true
        lifecycle.timeline = timeline
        layer.animationState.register(layer, on: timeline)
        timeline.schedule(self, on: layer.animationState, after: -.infinity)
        layer.recordAnimationChange()
    }

    /// The global media time from which this animation, attached to `layer`, may start (`finishing` false) or
    /// enter its after phase (`finishing` true), taken a little early (the exact phase decides when it is due);
    /// `-∞` for at once; `nil` when it never will under the committed clocks. Meaningful only when the layer's
    /// clocks run forward (`runsOnPrediction()`); otherwise only a check at every frame finds it. O(depth).
    package func predictedEvent(on layer: Layer, finishing: Bool) -> Double? {
        let timing = ResolvedMediaTiming(self.timing)
        let b = timing.beginTime, s = timing.speed, active = timing.activeDuration
        guard b.isFinite, s.isFinite, timing.timeOffset.isFinite else { return nil }
        let local: Double
        if !finishing {
            guard s != 0 else { return -.infinity }
            local = b
        } else {
            guard s != 0, active.isFinite else { return nil }
            local = b + active / abs(s)
        }
        let t = layer.committedMediaTime(fromLocal: local)
        guard t.isFinite else { return nil }
        return t - (abs(t) + 1) * 1e-12
    }
}

extension Layer {
    /// Global media time of local time `t` by the committed clocks, this layer first and the root last. O(depth).
    func committedMediaTime(fromLocal t: Double) -> Double {
        var time = t, layer: Layer? = self
        while let l = layer {
            time = l.committedTimingParameters.parentTime(fromLocal: time)
            layer = l.superlayer
        }
        return time
    }

    /// Whether every committed clock from this layer to the root runs forward (speed > 0, finite begin time and
    /// offset), so that media time maps monotonically to its local time. O(depth).
    package func runsOnPrediction() -> Bool {
        var layer: Layer? = self
        while let l = layer {
            guard l.clockRunsForward else { return false }
            layer = l.superlayer
        }
        return true
    }

    /// Whether this layer's own committed clock runs forward (speed > 0, finite begin time and offset). O(1).
    package var clockRunsForward: Bool {
        let timing = committedTimingParameters
        return timing.speed > 0 && Double(timing.speed).isFinite && timing.beginTime.isFinite && timing.timeOffset.isFinite
    }
}

/// One clock's side of the lifecycle: the layers that hold animations committed under the clock, in the order
/// they began to hold them, and the calls queued for the clock's next frame. Every ``MediaClock`` has one, so a
/// frame run under a clock sees only what was committed under it (tests with manual clocks never see each
/// other's animations). Everything here runs under ``TransactionLock``.
package final class AnimationTimeline: @unchecked Sendable {
    /// A call for the frame to deliver.
    enum Call {
        case start(LayerAnimation)
        case stop(LayerAnimation, finished: Bool)

        func deliver() {
            switch self {
            case .start(let a): a.delegate?.animationDidStart(a)
            case .stop(let a, let finished): a.delegate?.animationDidStop(a, finished: finished)
            }
        }
    }

    /// The registered layers' states in order; `nil` marks a layer that left (compacted when half are).
    var entries: [LayerAnimationState?] = []
    private var vacated = 0
    /// Calls queued outside a frame's scan (early stops, and starts and finishes seen by a render tree).
    var queued: [Call] = []
    /// When each running animation may next start or finish (``LayerAnimation/predictedEvent(on:finishing:)``).
    var events = TimeQueue<(state: LayerAnimationState, animation: LayerAnimation)>()
    /// The states whose clocks do not run forward: every frame checks them.
    var checkedEveryFrame: [LayerAnimationState] = []
    /// The ``TimingEpoch`` the events were predicted in (-1: never).
    var epoch = -1
    /// How many events may have gone stale since the heap was last compacted: their animation stopped early or their
    /// layer left the timeline (a frame skips them when due).
    private var staleEvents = 0

    /// Notes `n` events that may have gone stale (under the lock). Once they are half the heap, the heap is rebuilt
    /// without its stale events, releasing the animations and states they hold, so a stopped animation whose
    /// predicted time is far off (or never comes) is not kept alive by it. O(1) amortised.
    func eventsWentStale(_ n: Int) {
        staleEvents += n
        guard staleEvents * 2 > events.count else { return }
        events.removeAll { $0.animation.lifecycle.isStopped || $0.state.registration?.timeline !== self }
        staleEvents = 0
    }

    /// Predicts `animation`'s next event on `state`'s layer, due no earlier than `earliest` (under the lock).
    func schedule(_ animation: LayerAnimation, on state: LayerAnimationState, after earliest: Double) {
        guard let layer = state.layer, !animation.lifecycle.isStopped else { return }
        guard layer.runsOnPrediction() else {
            if !state.isCheckedEveryFrame {
                state.isCheckedEveryFrame = true
                checkedEveryFrame.append(state)
            }
            return
        }
        if let time = animation.predictedEvent(on: layer, finishing: animation.lifecycle.isStarted) {
            events.push((state, animation), at: max(time, earliest))
        }
    }

    /// Whether a frame under this timeline has anything left to do: a layer with running animations, a queued call or
    /// a completion block that has not run. O(committed blocks).
    var hasWork: Bool {
        TransactionLock.shared.withLock {
            entries.count > vacated || !queued.isEmpty || CompletionGroup.hasWaitingBlocks(of: ObjectIdentifier(self))
        }
    }

    /// Adds `state` at the end (under the lock).
    func append(_ state: LayerAnimationState) {
        state.registration = (self, entries.count)
        entries.append(state)
    }

    /// Removes `state` (under the lock). O(1), amortised; its predicted events are skipped when due.
    func remove(_ state: LayerAnimationState) {
        guard let (timeline, i) = state.registration, timeline === self else { return }
        entries[i] = nil
        state.registration = nil
        eventsWentStale(state.animations.count)
        if state.isCheckedEveryFrame {
            state.isCheckedEveryFrame = false
            checkedEveryFrame.removeAll { $0 === state }
        }
        vacated += 1
        if vacated * 2 > entries.count {
            entries.removeAll { $0 == nil }
            for (j, entry) in entries.enumerated() { entry!.registration = (self, j) }
            vacated = 0
        }
    }

    /// The timeline an animation's calls go to: the one it was committed under, else the current clock's.
    static func of(_ animation: LayerAnimation) -> AnimationTimeline {
        animation.lifecycle.timeline ?? MediaClock.current.timeline
    }

    /// Stops `animation` early (removed, replaced, or its layer freed): `animationDidStop(_:finished: false)` is
    /// queued for the next frame, unless it had stopped already (or has no delegate to hear it: the delegate is read
    /// when the animation stops).
    static func stopEarly(_ animation: LayerAnimation) {
        TransactionLock.shared.withLock {
            guard animation.lifecycle.stop() else { return }
            let timeline = of(animation)
            if animation.delegate != nil { timeline.queued.append(.stop(animation, finished: false)) }
            if animation.lifecycle.isCommitted { timeline.eventsWentStale(1) }
        }
    }

    /// Finishes `animation` as a frame would (a render tree found it in its after phase): its start, if not
    /// delivered yet, then its stop with `finished` true, queued for the next frame.
    static func finish(_ animation: LayerAnimation) {
        TransactionLock.shared.withLock {
            guard !animation.lifecycle.isStopped else { return }
            let timeline = of(animation), called = animation.delegate != nil
            if !animation.lifecycle.isStarted {
                animation.lifecycle.isStarted = true
                if called { timeline.queued.append(.start(animation)) }
            }
            _ = animation.lifecycle.stop()
            if called { timeline.queued.append(.stop(animation, finished: true)) }
            timeline.eventsWentStale(1)
        }
    }
}
