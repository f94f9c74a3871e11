/// State that a module built on CAMathLayer keeps on a ``Layer`` without CAMathLayer knowing its type:
/// CAMathAnimation keeps a layer's media timing and its animations in one. ``Layer/init(layer:)`` copies
/// it with ``copied()``, so a copy of a layer starts with the same state and shares none of it.
package protocol LayerAttachment: AnyObject {
    /// An independent copy of this state.
    func copied() -> any LayerAttachment
    /// Makes `existing` (state of the same kind that nothing else holds) a copy of this state, as ``copied()``
    /// would make one; `false` when it cannot (another kind), and nothing changed.
    func copy(into existing: any LayerAttachment) -> Bool
    /// For a presentation copy's state: the layer the copy was made from (`nil` for a model layer's).
    var presentedModel: Layer? { get }
    /// Whether frames visit this state's layer (animations were committed on it): a presentation copy given
    /// animations by user code.
    var isOnTimeline: Bool { get }
    /// The layer whose ``Layer/attachment`` this state is (set and cleared by that property; not retained): every
    /// write of the state counts as a change of that layer's state (``Layer/attachmentDidChange()``).
    var holder: Layer? { get set }
    /// The layer that holds this state is being freed (its animations stop).
    func layerWillDeinitialize()
}

extension LayerAttachment {
    /// Nothing to do by default.
    package func layerWillDeinitialize() {}
}
