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

    /// Makes `copy` — a presentation copy of this layer that ``mayRemakePresentationCopies(_:of:models:)`` allows
    /// to be made again — what ``makePresentationCopy()`` would return now, in place: every stored property a new copy
    /// starts with, and an empty geometry cache; its superlayer and sublayers stay. When the caller gives the copy
    /// its geometry and opacity itself (`presentsGeometry`), the rest of the state is taken again only if this
    /// layer's or the copy's own state changed since the copy last took it (``noteTakenState(by:)``), or this
    /// layer waits for a commit. A caller that primes the copy's cache next (``primeCache(levelMap:hitRegion:presented:)``,
    /// which writes all of it) says so (`primedNext`), and the cache is left for it. O(custom keys) when the state is
    /// taken, else O(1).
    package func remakePresentationCopy(_ copy: Layer, presentsGeometry: Bool, primedNext: Bool = false) {
        if !presentsGeometry || hasPendingCommittedState || copy.takenState != TakenState(model: self, copy: copy) {
            copy.copyState(of: self, reusing: copy.attachment)
            copy.takeCommittedValues(of: self)
        }
        copy.takenState = nil
        copy.layoutIsPending = false
        if !primedNext { copy.geometryCache = LayerGeometryCache() }
    }

    /// Records that `copy`, whose state is now this layer's current one, took it: the next
    /// ``remakePresentationCopy(_:presentsGeometry:)`` need not take it again while neither side changes it.
    package func noteTakenState(by copy: Layer) {
        copy.takenState = hasPendingCommittedState ? nil : TakenState(model: self, copy: copy)
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

    /// Whether `copies` — presentation copies in `tree`'s order, copy i made from `models[i]`, the first a root
    /// that the caller alone holds — may be made again in place: each is held by nothing but its superlayer's
    /// sublayer list, its sublayers are the copies of its node's sublayers in order, and none was given a layout
    /// manager, constraints, committed animations or a render tree. Else `false`: some code may still read them, or
    /// changed their tree. Weak references do not hold a copy. O(layers), one pass, no reference counting.
    package static func mayRemakePresentationCopies(_ copies: [Unmanaged<Layer>], of tree: LayerTree, models: [Layer]) -> Bool {
        guard copies.count == tree.count, models.count == tree.count else { return false }
        for i in copies.indices {
            let mayRemake = copies[i]._withUnsafeGuaranteedRef { layer -> Bool in
                guard layer.isPresentationCopy, layer.layoutManager == nil, layer.constraints == nil, layer.changeJournal == nil,
                    let state = layer.attachment, !state.isOnTimeline, state.presentedModel === models[i],
                    layer.children.count == tree.sublayerCount(of: i)
                else { return false }
                for k in layer.children.indices {
                    guard Unmanaged.passUnretained(layer.children[k]).toOpaque() == copies[tree.sublayer(of: i, at: k)].toOpaque(),
                        isKnownUniquelyReferenced(&layer.children[k])
                    else { return false }
                }
                return true
            }
            guard mayRemake else { return false }
        }
        return true
    }
}

/// The state change counts of a model layer and of its presentation copy just after the copy took the model's
/// state: equal counts later mean that neither state was written since.
struct TakenState: Equatable {
    let model: UInt64
    let copy: UInt64

    init(model: Layer, copy: Layer) {
        self.model = model.stateChanges
        self.copy = copy.stateChanges
    }
}
