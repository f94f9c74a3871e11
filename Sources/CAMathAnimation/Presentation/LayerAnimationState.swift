import CAMathLayer

/// What CAMathAnimation keeps on a `Layer`: its media timing and its animations, in the order they
/// apply (insertion order; re-adding a key moves it to the end).
final class LayerAnimationState: LayerAttachment {
    var timing = MediaTimingParameters.layer
    var animations: [(key: String?, animation: LayerAnimation)] = []
    /// For a presentation copy: the layer it was made from (held strongly: the model never holds its copies,
    /// and a weak reference would slow every retain of the model layer).
    var modelLayer: Layer?

    func copied() -> any LayerAttachment {
        let copy = LayerAnimationState()
        copy.timing = timing
        copy.animations = animations
        copy.modelLayer = modelLayer
        return copy
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
}
