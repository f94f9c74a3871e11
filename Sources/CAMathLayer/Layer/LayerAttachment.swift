/// State that a module built on CAMathLayer keeps on a ``Layer`` without CAMathLayer knowing its type:
/// CAMathAnimation keeps a layer's media timing and its animations in one. ``Layer/init(layer:)`` copies
/// it with ``copied()``, so a copy of a layer starts with the same state and shares none of it.
package protocol LayerAttachment: AnyObject {
    /// An independent copy of this state.
    func copied() -> any LayerAttachment
    /// The layer that holds this state is being freed (its animations stop).
    func layerWillDeinitialize()
}

extension LayerAttachment {
    /// Nothing to do by default.
    package func layerWillDeinitialize() {}
}
