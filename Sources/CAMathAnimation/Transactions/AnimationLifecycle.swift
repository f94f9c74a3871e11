import CAMathLayer

/// Where an animation a layer holds is in its life (<doc:TransactionsAndActions>, *Lifecycle*): added in a
/// transaction, committed (its begin time resolved), started, stopped; and the completion groups waiting for it.
/// Changed only under ``TransactionLock`` once the animation is committed.
package final class AnimationLifecycle {
    /// Whether the transaction it was added in has committed: only then does it contribute to presentation values,
    /// start and stop.
    package var isCommitted = false
    var isStarted = false
    var isStopped = false
    /// The completion groups it joined.
    var groups: [CompletionGroup] = []
    /// The timeline (clock) it was committed under.
    var timeline: AnimationTimeline?
    /// The animation state of the layer it was attached to (copies of that state share the animation, but only
    /// the holder's layer stops it when freed).
    var holder: ObjectIdentifier?

    /// Stops it: no further call, and the groups stop waiting for it. Returns whether it was running.
    func stop() -> Bool {
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
        lifecycle.isCommitted = true
        lifecycle.timeline = MediaClock.current.timeline
        layer.animationState.register(layer, on: MediaClock.current.timeline)
        layer.recordAnimationChange()
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

    /// Adds `state` at the end (under the lock).
    func append(_ state: LayerAnimationState) {
        state.registration = (self, entries.count)
        entries.append(state)
    }

    /// Removes `state` (under the lock). O(1), amortised.
    func remove(_ state: LayerAnimationState) {
        guard let (timeline, i) = state.registration, timeline === self else { return }
        entries[i] = nil
        state.registration = nil
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
    /// queued for the next frame, unless it had stopped already.
    static func stopEarly(_ animation: LayerAnimation) {
        TransactionLock.shared.withLock {
            if animation.lifecycle.stop() { of(animation).queued.append(.stop(animation, finished: false)) }
        }
    }

    /// Finishes `animation` as a frame would (a render tree found it in its after phase): its start, if not
    /// delivered yet, then its stop with `finished` true, queued for the next frame.
    static func finish(_ animation: LayerAnimation) {
        TransactionLock.shared.withLock {
            guard !animation.lifecycle.isStopped else { return }
            let timeline = of(animation)
            if !animation.lifecycle.isStarted {
                animation.lifecycle.isStarted = true
                timeline.queued.append(.start(animation))
            }
            _ = animation.lifecycle.stop()
            timeline.queued.append(.stop(animation, finished: true))
        }
    }
}
