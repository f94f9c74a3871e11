import Foundation

/// An object that lays out a layer's sublayers — `CALayoutManager` (the name `CAMathQuartzCore` gives it).
/// A layer whose ``Layer/layoutManager`` is set calls ``layoutSublayers(of:)`` from its `layoutSublayers()`.
public protocol LayoutManager: AnyObject {
    /// Positions `layer`'s sublayers.
    func layoutSublayers(of layer: Layer)
    /// Drops what the manager cached about `layer` (default: nothing to drop).
    func invalidateLayout(of layer: Layer)
    /// The size `layer` would like (default: its bounds size).
    func preferredSize(of layer: Layer) -> CGSize
}

extension LayoutManager {
    /// Nothing is cached by default.
    public func invalidateLayout(of layer: Layer) {}
    /// `layer.bounds.size`.
    public func preferredSize(of layer: Layer) -> CGSize { layer.bounds.size }
}
