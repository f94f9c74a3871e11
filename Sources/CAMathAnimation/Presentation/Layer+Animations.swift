import CAMathLayer
import Foundation

/// Animations attached to a layer and the presentation copy they produce (<doc:PresentationValues>,
/// <doc:TransactionsAndActions>).
extension Layer {
    /// Attaches a copy of `animation` under `key`, as `CALayer` does: the copy is resolved (a duration that is not
    /// > 0 takes ``LayerTransaction/animationDuration()``, a missing timing function
    /// ``LayerTransaction/animationTimingFunction()``), belongs to the open transaction (the implicit one is opened
    /// if nothing is), joins its open completion groups, and takes effect at the outermost commit, where a begin
    /// time of 0 becomes the layer's local time at the commit. Until then ``animation(forKey:)`` answers the copy
    /// and presentation values ignore it. A basic animation without from, to and by values starts from the value
    /// the layer presents now (committed state and animations). Re-adding a key replaces its animation (which
    /// stops unfinished) and moves it to the end; a `nil` key appends. The caller's object is unchanged.
    /// Cost: O(animations); a basic animation without values also one presentation copy of this layer.
    public func add(_ animation: LayerAnimation, forKey key: String?) {
        add(animation, forKey: key, keyPathIfMissing: nil)
    }

    /// ``add(_:forKey:)``, giving a property animation without a key path `keyPath` in the copy (an action's run).
    package func add(_ animation: LayerAnimation, forKey key: String?, keyPathIfMissing keyPath: String?) {
        willChangeModel()
        let copy = animation.resolvedForAdding()
        if let keyPath, let property = copy as? PropertyAnimation, property.keyPath == nil { property.keyPath = keyPath }
        capturePresentedValue(for: copy, atMediaTime: currentMediaTime())
        attach(copy, forKey: key)
        TransactionStack.current.record(copy, on: self)
    }

    /// ``add(_:forKey:)`` outside every transaction, as if committed at global media time `t`: a begin time of 0
    /// becomes the layer's local time at `t`, a basic animation without values starts from the value presented
    /// at `t`, and the copy contributes at once (it joins no transaction and no completion group). What the batch
    /// forms and tests use to place an animation exactly in time. Cost: as ``add(_:forKey:)``.
    public func add(_ animation: LayerAnimation, forKey key: String?, atMediaTime t: Double) {
        let copy = animation.resolvedForAdding()
        if copy.timing.beginTime == 0 { copy.timing.beginTime = committedLocalTime(atMediaTime: t) }
        capturePresentedValue(for: copy, atMediaTime: t)
        copy.lifecycle.isCommitted = true
        attach(copy, forKey: key)
        if let committed = committedAttachment as? LayerAnimationState, committed !== attachment {
            if let key { committed.animations.removeAll { $0.key == key } }
            committed.animations.append((key, copy))
        }
        TransactionLock.shared.withLock {
            copy.lifecycle.timeline = MediaClock.current.timeline
            animationState.register(self, on: MediaClock.current.timeline)
        }
    }

    /// The "none" row of a basic animation: the value of its key path presented at `t`.
    private func capturePresentedValue(for animation: LayerAnimation, atMediaTime t: Double) {
        guard let basic = animation as? BasicAnimation, basic.fromValue == nil, basic.toValue == nil,
            basic.byValue == nil, let target = basic.target
        else { return }
        basic.previousValue = target.read(presentedValue(of: target.property, atMediaTime: t))
    }

    /// The value of `property` presented at global media time `t`: what ``presentedCopy(atParentTime:)`` holds
    /// there, computed on the one value when the committed animations are basic, spring or keyframe animations
    /// (without a rotation mode) or transitions — the fold of those that animate `property`, each written through
    /// the property's storage as the copy stores it — else read from the copy. Cost: O(animations) and one value
    /// per animation of the property; the copy otherwise.
    func presentedValue(of property: AnimatedKeyPath.Property, atMediaTime t: Double) -> AnimationValue {
        let animations = (committedAttachment as? LayerAnimationState)?.animations ?? []
        let whole = AnimatedKeyPath(property: property)
        func parentTime() -> Double { superlayer?.committedLocalTime(atMediaTime: t) ?? t }
        guard animations.allSatisfy({ Self.isFoldedOnValues($0.animation) }) else {
            return whole.wholeValue(of: presentedCopy(atParentTime: parentTime()))
        }
        let model = property.value(in: committedGeometry, opacity: committedOpacity)
        var current = model, local: Double?
        for (_, animation) in animations where animation.lifecycle.isCommitted {
            guard let property = animation as? PropertyAnimation, property.target?.property == whole.property else { continue }
            let p = local ?? committedTimingParameters.localTime(fromParent: parentTime())
            local = p
            let evaluation = property.evaluation(at: p, isGroupChild: false)
            guard evaluation.contributes, let value = property.value(at: evaluation, model: model, current: current) else { continue }
            current = whole.property.stored(value) ?? current
        }
        return current
    }

    /// Whether an animation's presentation effect is its value on its own property alone (see
    /// ``presentedValue(of:atMediaTime:)``).
    private static func isFoldedOnValues(_ animation: LayerAnimation) -> Bool {
        switch animation {
        case let keyframes as KeyframeAnimation: type(of: keyframes) == KeyframeAnimation.self && keyframes.rotationMode == nil
        case let basic as BasicAnimation: type(of: basic) == BasicAnimation.self || type(of: basic) == SpringAnimation.self
        default: type(of: animation) == TransitionAnimation.self || type(of: animation) == LayerAnimation.self
        }
    }

    /// Appends `animation` under `key`; the animation it replaces stops unfinished.
    private func attach(_ animation: LayerAnimation, forKey key: String?) {
        let state = animationState
        animation.lifecycle.holder = ObjectIdentifier(state)
        if let key { detachAnimations { $0.key == key } }
        state.animations.append((key, animation))
        recordAnimationChange()
    }

    /// Detaches the animations `isTaken` picks; those that had not stopped stop unfinished.
    private func detachAnimations(where isTaken: ((key: String?, animation: LayerAnimation)) -> Bool) {
        guard let state = attachment as? LayerAnimationState, state.animations.contains(where: isTaken) else { return }
        let taken = state.animations.filter(isTaken)
        state.animations.removeAll(where: isTaken)
        for (_, animation) in taken where animation.lifecycle.holder == ObjectIdentifier(state) {
            AnimationTimeline.stopEarly(animation)
        }
        recordAnimationChange()
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

    /// Detaches the animation under `key`; if it had not stopped, its delegate hears
    /// `animationDidStop(_:finished: false)` at the next frame. A change of the layer (it joins the open
    /// transaction). O(animations).
    public func removeAnimation(forKey key: String) {
        willChangeModel()
        detachAnimations { $0.key == key }
    }

    /// Detaches every animation, each as ``removeAnimation(forKey:)``. O(animations).
    public func removeAllAnimations() {
        willChangeModel()
        detachAnimations { _ in true }
    }

    /// Detaches `animation` (the stored copy, by identity) because its active duration has passed: how a render
    /// tree removes a finished animation that is removed on completion. Its delegate hears the start, if it has
    /// not yet, and the finish at the next frame. O(animations).
    package func finishAttachedAnimation(_ animation: LayerAnimation) {
        AnimationTimeline.finish(animation)
        (attachment as? LayerAnimationState)?.animations.removeAll { $0.animation === animation }
        recordAnimationChange()
    }

    /// Tells the render tree, if any, that this layer's animations changed.
    package func recordAnimationChange() {
        changeJournal?.recordAnimations(at: renderIndex)
    }

    /// The presentation copy now: ``presentation(at:)`` at ``currentMediaTime()``.
    public func presentation() -> Layer? {
        presentation(at: currentMediaTime())
    }

    /// A presentation copy of this layer and its subtree at global media time `t`: every layer's committed
    /// state (its model values at the start of the open transaction, <doc:TransactionsAndActions>), then its
    /// committed animations folded in order at its local time, so `frame`, `convert`, `hitTest` and key-path reads
    /// work on it as on the model, and ``model()`` leads back. The copy is a root (its superlayer is `nil`): to
    /// convert between layers of one presentation tree, take the presentation of their common ancestor and reach
    /// them through its sublayers. The sublayers are the model's current ones. A non-finite `t` gives the
    /// committed values (no animation contributes). Never `nil` (the optional is Apple's signature).
    ///
    /// In a tree with a render tree (`RenderTree`) and no change waiting for a commit, the render tree evaluates
    /// it with the batch kernels, bit for bit the same copy; otherwise the reference folds each layer's
    /// animations. Cost: O(layers in the subtree × their animations + depth); through a render tree, one
    /// evaluation of its whole tree per time and change (kept for later calls at the same time) and a copy per
    /// layer of the subtree.
    public func presentation(at t: Double) -> Layer? {
        if let journal = changeJournal, !journal.hasUncommittedChanges, let source = journal.owner as? any PresentationSource,
            let copy = source.presentation(of: self, atMediaTime: t)
        {
            return copy
        }
        return Self.presentationCopy(of: self, parentTime: superlayer?.committedLocalTime(atMediaTime: t) ?? t)
    }

    /// The model layer this presentation copy was made from, or the layer itself. O(1).
    public func model() -> Layer {
        (attachment as? LayerAnimationState)?.modelLayer ?? self
    }

    /// The presentation copy of `layer` and its subtree at parent time `parentTime`, iteratively (any depth).
    static func presentationCopy(of layer: Layer, parentTime: Double) -> Layer {
        let top = layer.presentedCopy(atParentTime: parentTime)
        var pending: [(model: Layer, copy: Layer, local: Double)] = [
            (layer, top, layer.committedTimingParameters.localTime(fromParent: parentTime))
        ]
        while let (model, copy, local) = pending.popLast() {
            for sub in model.sublayers ?? [] {
                let subCopy = sub.presentedCopy(atParentTime: local)
                copy.addSublayer(subCopy)
                pending.append((sub, subCopy, sub.committedTimingParameters.localTime(fromParent: local)))
            }
        }
        return top
    }

    /// A copy of this layer alone (no sublayers): its committed state with its committed animations folded in
    /// order at its local time for parent time `parentTime`, their missing ends read from the committed state;
    /// ``model()`` leads back. It is marked for layout when it was made marked or its presented bounds size is not
    /// its committed one (not by sizes the animations pass through). What the batch forms use for
    /// layers they do not vectorise. With `earlier` (a copy of this layer that may be made again in place,
    /// `Layer.mayRemakePresentationCopies(_:of:models:)`), that copy made again, in its tree. Cost: O(animations).
    package func presentedCopy(atParentTime parentTime: Double, remaking earlier: Layer? = nil) -> Layer {
        guard let earlier else { return folded(into: makePresentationCopy(), atParentTime: parentTime) }
        remakePresentationCopy(earlier, presentsGeometry: false)
        _ = earlier.withoutTree { folded(into: earlier, atParentTime: parentTime) }
        earlier.keepAssemblyLayoutMark()
        return earlier
    }

    /// `copy` (this layer's committed state) with the committed animations folded in at parent time `parentTime`.
    private func folded(into copy: Layer, atParentTime parentTime: Double) -> Layer {
        let madeMarked = copy.hasLayoutMark, startSize = copy.bounds.size
        defer { copy.settlePresentedLayoutMark(madeMarked: madeMarked, startSize: startSize) }
        let state = copy.animationState
        state.modelLayer = self
        let local = state.timing.localTime(fromParent: parentTime)
        var model = self
        if hasPendingCommittedState, state.animations.contains(where: { $0.animation.lifecycle.isCommitted }) {
            model = makePresentationCopy()
        }
        for (_, animation) in state.animations where animation.lifecycle.isCommitted {
            animation.apply(atParentTime: local, to: copy, model: model, isGroupChild: false)
        }
        return copy
    }

    /// A copy of this layer alone whose geometry and opacity are `geometry` and `opacity` (the presented ones a batch
    /// computed): what ``presentedCopy(atParentTime:remaking:)`` gives when its animations change only those; with
    /// `earlier`, that copy made again in place, as there (`primedNext`: the caller primes its cache next). O(custom
    /// keys).
    package func presentedCopy(geometry: LayerGeometry, opacity: Float, remaking earlier: Layer? = nil, primedNext: Bool = false) -> Layer {
        let copy: Layer
        if let earlier {
            remakePresentationCopy(earlier, presentsGeometry: true, primedNext: primedNext)
            copy = earlier
        } else {
            copy = makePresentationCopy()
        }
        let state = copy.animationState
        if state.modelLayer !== self { state.modelLayer = self }
        copy.presentGeometry(geometry, opacity: opacity, committedSize: committedBoundsSize)
        if earlier != nil { copy.keepAssemblyLayoutMark() }
        noteTakenState(by: copy)
        return copy
    }

    /// The committed animations attached to this layer, in the order they apply (the stored copies): what the
    /// batch forms evaluate.
    package var attachedAnimations: [LayerAnimation] {
        (attachment as? LayerAnimationState)?.animations.compactMap { $0.animation.lifecycle.isCommitted ? $0.animation : nil } ?? []
    }

    /// The layer's clock: its timing properties.
    package var clock: MediaTimingParameters { timingParameters }

    /// The layer's local time at global media time `t` by its committed timing and its ancestors', root first.
    /// O(depth); it allocates only for trees deeper than 64 levels.
    func committedLocalTime(atMediaTime t: Double) -> Double {
        var depth = 0, up = superlayer
        while let layer = up, depth < 64 { depth += 1; up = layer.superlayer }
        guard depth == 64 else { return localTimeRecursively(atMediaTime: t) }
        var time = t
        for layer in Self.ancestry(of: self).reversed() { time = layer.committedTimingParameters.localTime(fromParent: time) }
        return time
    }

    private func localTimeRecursively(atMediaTime t: Double) -> Double {
        committedTimingParameters.localTime(fromParent: superlayer?.localTimeRecursively(atMediaTime: t) ?? t)
    }
}
