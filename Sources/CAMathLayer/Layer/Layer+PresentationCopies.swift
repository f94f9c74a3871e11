import CAMathCore
import Foundation

// Presentation copies: made from a model layer's committed state, or made again in place — a render tree
// recycles the copies of a presentation tree that no code holds any more.

extension Layer {
    /// A presentation copy of this layer alone: its committed state, a ``TransformLayer`` for a transform layer.
    package func makePresentationCopy() -> Layer {
        let stack = TransactionStack.current
        stack.isMakingPresentationCopies = true
        defer { stack.isMakingPresentationCopies = false }
        let copy = self is TransformLayer ? TransformLayer(layer: self) : Layer(layer: self)
        copy.takeCommittedValues(of: self)
        return copy
    }

    /// Makes `copy` — a presentation copy of this layer that ``unsharedPresentationTree(count:model:sublayerCount:)``
    /// returned — what ``makePresentationCopy()`` would return now, in place: every stored property a new copy
    /// starts with, and an empty geometry cache; its superlayer and sublayers stay. O(custom keys).
    package func remakePresentationCopy(_ copy: Layer) {
        copy.copyState(of: self, reusing: copy.attachment)
        copy.layoutIsPending = false
        copy.geometryCache = LayerGeometryCache()
        copy.takeCommittedValues(of: self)
    }

    /// Gives a copy made again in its tree the layout mark that putting its tree together gave it the first time:
    /// adding a sublayer marks the superlayer (``setNeedsLayout()``), so a copy with sublayers is marked.
    package func keepAssemblyLayoutMark() {
        if !children.isEmpty { layoutIsPending = true }
    }

    /// The committed values of `model` in place of its current ones, while it has changes not committed yet.
    private func takeCommittedValues(of model: Layer) {
        guard let values = model.pendingCommittedValues else { return }
        storedGeometry = values.geometry
        storedOpacity = values.opacity
        attachment = values.attachment?.copied()
    }

    /// The `count` presentation copies of the tree under this one in `LayerTree` order (pre-order, sublayers
    /// back to front), when they may be made again in place: each is held by nothing but its superlayer's
    /// sublayer list (the caller holds this one alone), none was given a layout manager, constraints, committed
    /// animations or a render tree, and copy i was made from `model(i)` and has `sublayerCount(i)` sublayers.
    /// Else `nil`: some code may still read them, or changed their tree. Weak references do not hold a copy.
    /// O(layers), one pass.
    package func unsharedPresentationTree(count: Int, model: (Int) -> Layer, sublayerCount: (Int) -> Int) -> [Layer]? {
        var order: [Layer] = []
        order.reserveCapacity(count)
        var pending = [self]
        while let layer = pending.popLast() {
            let i = order.count
            guard i < count, layer.isPresentationCopy, layer.layoutManager == nil, layer.constraints == nil,
                  layer.changeJournal == nil, let state = layer.attachment, !state.isOnTimeline, state.presentedModel === model(i),
                  layer.children.count == sublayerCount(i) else { return nil }
            order.append(layer)
            for k in layer.children.indices.reversed() {
                guard isKnownUniquelyReferenced(&layer.children[k]) else { return nil }
                pending.append(layer.children[k])
            }
        }
        return order.count == count ? order : nil
    }
}
