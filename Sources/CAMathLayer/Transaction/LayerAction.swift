import Foundation

/// An object that responds to a layer's event — `CAAction` (the name `CAMathQuartzCore` gives it). A layer
/// posts an event when a property is set or its tree changes, looks the action up with
/// ``Layer/action(forKey:)`` and runs it (<doc:ActionsAndEvents>, *Actions*). CAMathAnimation's
/// animations are actions: running one adds a copy of it to the layer under the event's key.
public protocol LayerAction: AnyObject {
    /// Responds to `event` posted by `anObject` (a layer, for every event CAMath posts). CAMath always passes
    /// `nil` arguments, as Apple does.
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// `NSNull` stands for "no action": found in ``Layer/actions``, a `style`'s actions or answered by a
/// delegate, it ends the search of ``Layer/action(forKey:)``, which then answers `nil`. Its `run` does nothing.
extension NSNull: LayerAction {
    /// Does nothing.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// The names of the events a layer posts besides its property keys (`CAMathQuartzCore` gives them Apple's
/// names: `LayerEvent.orderIn`, `LayerEvent.orderOut`, `kCATransition`).
public enum LayerEvent {
    /// Posted by a layer that gains a superlayer, or is shown again (`isHidden` from true to false).
    public static let orderIn = "onOrderIn"
    /// Posted by a layer that loses its superlayer, or is hidden.
    public static let orderOut = "onOrderOut"
    /// Posted by the receiver of `replaceSublayer(_:with:)`.
    public static let transition = "transition"
}
