/// What a layer held at the start of the open transaction, kept from its first change in that transaction
/// until the outermost commit: the state `presentation()` starts from while changes are not yet committed
/// (<doc:ActionsAndEvents>, *Committed state*). Sublayers are not kept: the presentation tree has the
/// model's sublayers.
package final class CommittedLayerState {
    /// The values; emptied by the outermost commit (the layer's model values are then its committed state). A
    /// class, so that reading one field does not copy the others.
    package final class Values {
        package var geometry: LayerGeometry
        package var opacity: Float
        /// CAMathAnimation's state (media timing and the committed animations), copied.
        package var attachment: (any LayerAttachment)?

        init(geometry: LayerGeometry, opacity: Float, attachment: (any LayerAttachment)?) {
            self.geometry = geometry
            self.opacity = opacity
            self.attachment = attachment
        }
    }
    /// Read of every layer a presentation or a commit walks: exempt from the runtime's exclusivity checks, as the
    /// layer's own fields are (a layer belongs to one thread at a time).
    @exclusivity(unchecked) package var values: Values?

    init(_ values: Values) { self.values = values }
}
