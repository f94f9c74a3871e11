/// The object told when an animation starts and stops — `CAAnimationDelegate` (the name `CAMathQuartzCore`
/// gives it). Both methods are optional. The calls come from ``FrameHook/run()`` on the thread that runs it
/// (<doc:TransactionsAndActions>, *Lifecycle*), and receive the copy the layer holds — what
/// `animation(forKey:)` answers — not the object given to `add(_:forKey:)`. Only animations added directly to a
/// layer are called back: the delegates of a group's children are ignored.
public protocol AnimationDelegate: AnyObject {
    /// The animation started: the first frame whose media time puts it in its active or after phase.
    func animationDidStart(_ anim: LayerAnimation)
    /// The animation stopped: `finished` is `true` when it reached the end of its active duration, `false` when
    /// it was removed, replaced under its key, or its layer was freed first.
    func animationDidStop(_ anim: LayerAnimation, finished flag: Bool)
}

extension AnimationDelegate {
    /// Nothing by default.
    public func animationDidStart(_ anim: LayerAnimation) {}
    /// Nothing by default.
    public func animationDidStop(_ anim: LayerAnimation, finished flag: Bool) {}
}
