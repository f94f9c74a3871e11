import Foundation

/// A layer's delegate — `CALayerDelegate` (the name `CAMathQuartzCore` gives it). Every requirement has a
/// default that does nothing, so a delegate implements only what it needs. ``Layer/delegate`` is not retained.
public protocol LayerDelegate: AnyObject {
    /// The action for `event` on `layer`: the first place ``Layer/action(forKey:)`` asks. Return an action to
    /// use it, `NSNull()` to stop the search with no action, or `nil` (the default) to let the search go on.
    func action(for layer: Layer, forKey event: String) -> (any LayerAction)?
    /// Lays out `layer`'s sublayers; called by the layer's ``Layer/layoutSublayers()`` instead of its layout
    /// manager. The default does nothing — and a delegate that does not implement it leaves layout to the
    /// layout manager.
    func layoutSublayers(of layer: Layer)
    /// Draws `layer`'s content: CAMath has no drawing, so only ``Layer/display()`` calls it.
    func display(_ layer: Layer)
}

extension LayerDelegate {
    /// `nil`: the search goes on.
    public func action(for layer: Layer, forKey event: String) -> (any LayerAction)? { nil }
    /// Lays `layer` out as if there were no delegate: its layout manager, if any.
    public func layoutSublayers(of layer: Layer) { layer.layoutManager?.layoutSublayers(of: layer) }
    /// Nothing to draw.
    public func display(_ layer: Layer) {}
}
