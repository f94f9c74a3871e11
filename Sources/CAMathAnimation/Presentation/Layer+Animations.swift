import CAMathLayer
import Foundation

/// Animations attached to a layer and the presentation copy they produce (<doc:PresentationValues>).
extension Layer {
    /// Attaches a copy of `animation` under `key`, resolved (<doc:MediaTimingModel>): a duration that is not
    /// > 0 takes ``LayerTransaction/animationDuration()``, a missing timing function
    /// ``LayerTransaction/animationTimingFunction()``, a begin time of 0 the layer's local time now. Re-adding a
    /// key replaces its animation and moves it to the end; a `nil` key appends. The caller's object is
    /// unchanged. Cost: O(animations), plus O(depth) for a begin time of 0 (the layer's local time) and a
    /// basic animation without from, to and by values (the presentation value it starts from).
    public func add(_ animation: LayerAnimation, forKey key: String?) {
        add(animation, forKey: key, atMediaTime: currentMediaTime())
    }

    /// ``add(_:forKey:)`` as if the global media time were `t`: the begin time 0 becomes the layer's local
    /// time at `t`, and the "none" row of a basic animation starts from the presentation value at `t`.
    public func add(_ animation: LayerAnimation, forKey key: String?, atMediaTime t: Double) {
        let resolved = animation.resolvedForAdding { localTime(atMediaTime: t) }
        if let basic = resolved as? BasicAnimation, basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil,
           let target = basic.target, let presented = presentation(at: t) {
            basic.previousValue = target.read(target.wholeValue(of: presented))
        }
        let state = animationState
        if let key { state.animations.removeAll { $0.key == key } }
        state.animations.append((key, resolved))
        changeJournal?.recordAnimations()
    }

    /// The animation attached under `key` (the stored copy), or `nil`. O(animations).
    public func animation(forKey key: String) -> LayerAnimation? {
        (attachment as? LayerAnimationState)?.animations.last { $0.key == key }?.animation
    }

    /// The keys of the attached animations in the order they apply, or `nil` when there are none (as
    /// `CALayer`; animations added with a `nil` key have no key here). O(animations).
    public func animationKeys() -> [String]? {
        let keys = ((attachment as? LayerAnimationState)?.animations ?? []).compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// Detaches the animation under `key`. O(animations).
    public func removeAnimation(forKey key: String) {
        (attachment as? LayerAnimationState)?.animations.removeAll { $0.key == key }
        changeJournal?.recordAnimations()
    }

    /// Detaches every animation. O(1).
    public func removeAllAnimations() {
        (attachment as? LayerAnimationState)?.animations.removeAll()
        changeJournal?.recordAnimations()
    }

    /// Detaches the attached animation `animation` (the stored copy, by identity): how a render tree removes an
    /// animation whose active duration has passed. O(animations).
    package func removeAttachedAnimation(_ animation: LayerAnimation) {
        (attachment as? LayerAnimationState)?.animations.removeAll { $0.animation === animation }
        changeJournal?.recordAnimations()
    }

    /// The presentation copy now: ``presentation(at:)`` at ``currentMediaTime()``.
    public func presentation() -> Layer? {
        presentation(at: currentMediaTime())
    }

    /// A presentation copy of this layer and its subtree at global media time `t`: every layer's model
    /// values, then its animations folded in order at its local time, so `frame`, `convert`, `hitTest`
    /// and key-path reads work on it as on the model, and ``model()`` leads back. The copy is a root (its
    /// superlayer is `nil`): to convert between layers of one presentation tree, take the presentation of
    /// their common ancestor and reach them through its sublayers. A non-finite `t` gives the model values
    /// (no animation contributes). Never `nil` (the optional is Apple's signature).
    ///
    /// In a tree with a render tree (`RenderTree`), the render tree evaluates it with the batch kernels, bit
    /// for bit the same copy; otherwise the reference folds each layer's animations. Cost: O(layers in the
    /// subtree × their animations + depth); through a render tree, one evaluation of its whole tree per time
    /// and change (kept for later calls at the same time) and a copy per layer of the subtree.
    public func presentation(at t: Double) -> Layer? {
        if let source = changeJournal?.owner as? any PresentationSource, let copy = source.presentation(of: self, atMediaTime: t) {
            return copy
        }
        let parentTime = superlayer.map { $0.localTime(atMediaTime: t) } ?? t
        return Self.presentationCopy(of: self, parentTime: parentTime)
    }

    /// The model layer this presentation copy was made from, or the layer itself. O(1).
    public func model() -> Layer {
        (attachment as? LayerAnimationState)?.modelLayer ?? self
    }

    /// The presentation copy of `layer` and its subtree at parent time `parentTime`, iteratively (any depth).
    static func presentationCopy(of layer: Layer, parentTime: Double) -> Layer {
        let top = layer.presentedCopy(atParentTime: parentTime)
        var pending: [(model: Layer, copy: Layer, local: Double)] = [(layer, top, layer.timingParameters.localTime(fromParent: parentTime))]
        while let (model, copy, local) = pending.popLast() {
            for sub in model.sublayers ?? [] {
                let subCopy = sub.presentedCopy(atParentTime: local)
                copy.addSublayer(subCopy)
                pending.append((sub, subCopy, sub.timingParameters.localTime(fromParent: local)))
            }
        }
        return top
    }

    /// A copy of this layer alone (no sublayers) with its animations folded in order at its local time for
    /// parent time `parentTime`; ``model()`` leads back. What the batch forms use for layers they do not
    /// vectorise. Cost: O(animations).
    package func presentedCopy(atParentTime parentTime: Double) -> Layer {
        let copy: Layer = self is TransformLayer ? TransformLayer(layer: self) : Layer(layer: self)
        let state = copy.animationState
        state.modelLayer = self
        let local = timingParameters.localTime(fromParent: parentTime)
        for (_, animation) in state.animations {
            animation.apply(atParentTime: local, to: copy, model: self, isGroupChild: false)
        }
        return copy
    }

    /// A copy of this layer alone whose geometry is `geometry` (the presented one a batch computed): what
    /// ``presentedCopy(atParentTime:)`` gives when its animations change only the geometry. O(custom keys).
    package func presentedCopy(geometry: LayerGeometry) -> Layer {
        let copy: Layer = self is TransformLayer ? TransformLayer(layer: self) : Layer(layer: self)
        copy.animationState.modelLayer = self
        copy.presentGeometry(geometry)
        return copy
    }

    /// The animations attached to this layer, in the order they apply (the stored copies).
    package var attachedAnimations: [LayerAnimation] {
        (attachment as? LayerAnimationState)?.animations.map(\.animation) ?? []
    }

    /// The layer's clock: its timing properties.
    package var clock: MediaTimingParameters { timingParameters }
}
