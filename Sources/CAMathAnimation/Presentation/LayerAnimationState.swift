import CAMathLayer

/// What CAMathAnimation keeps on a `Layer`: its media timing and its animations, in the order they
/// apply (insertion order; re-adding a key moves it to the end).
final class LayerAnimationState: LayerAttachment {
    @exclusivity(unchecked) var timing = MediaTimingParameters.layer { didSet { holder?.attachmentDidChange() } }
    @exclusivity(unchecked) var animations: [(key: String?, animation: LayerAnimation)] = [] { didSet { holder?.attachmentDidChange() } }
    /// The layer this state belongs to (``LayerAttachment/holder``).
    unowned(unsafe) var holder: Layer?
    /// For a presentation copy: the layer it was made from (held strongly: the model never holds its copies,
    /// and a weak reference would slow every retain of the model layer).
    var modelLayer: Layer?
    /// The layer holding this state while it is on a timeline (cleared by the layer's deinitialization, which
    /// takes it off first), and its place there.
    unowned(unsafe) var layer: Layer?
    var registration: (timeline: AnimationTimeline, index: Int)?
    /// Whether the timeline checks this layer's animations every frame (its clocks do not run forward).
    var isCheckedEveryFrame = false

    func copied() -> any LayerAttachment {
        let copy = LayerAnimationState()
        _ = self.copy(into: copy)
        return copy
    }

    func copy(into existing: any LayerAttachment) -> Bool {
        guard let copy = existing as? LayerAnimationState, copy.registration == nil else { return false }
        copy.timing = timing
        copy.animations = animations
        copy.modelLayer = modelLayer
        return true
    }

    var presentedModel: Layer? { modelLayer }

    var isOnTimeline: Bool { registration != nil }

    /// Makes the frames of `timeline` visit `layer`, which holds animations committed under it (under the lock;
    /// a layer is on one timeline at a time, the latest).
    func register(_ layer: Layer, on timeline: AnimationTimeline) {
        if let current = registration?.timeline {
            guard current !== timeline else { return }
            current.remove(self)
        }
        self.layer = layer
        timeline.append(self)
    }

    /// The layer is being freed: it leaves the frames' list, and every animation it holds that has not stopped
    /// stops early.
    func layerWillDeinitialize() {
        let own = animations.lazy.map(\.animation).filter { $0.lifecycle.holder == ObjectIdentifier(self) && !$0.lifecycle.isStopped }
        guard layer != nil || !own.isEmpty else { return }
        TransactionLock.shared.withLock {
            registration?.timeline.remove(self)
            layer = nil
            for animation in own { AnimationTimeline.stopEarly(animation) }
        }
    }
}

extension Layer {
    /// This layer's animation state, created on first use.
    var animationState: LayerAnimationState {
        if let state = attachment as? LayerAnimationState { return state }
        let state = LayerAnimationState()
        attachment = state
        return state
    }

    /// The timing of this layer without creating state for it.
    var timingParameters: MediaTimingParameters {
        (attachment as? LayerAnimationState)?.timing ?? .layer
    }

    /// The timing at the start of the open transaction (the model's once committed).
    var committedTimingParameters: MediaTimingParameters {
        (committedAttachment as? LayerAnimationState)?.timing ?? .layer
    }
}
