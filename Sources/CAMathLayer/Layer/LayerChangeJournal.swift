/// Where the layers of a tree that has a render tree (`RenderTree`, in CAMathEngine) record what
/// changed since its last update, so that the update redoes only that: the layers whose model values or
/// animations changed (by their index in the render tree), and whether the tree's shape changed.
///
/// Every layer of the tree holds the journal; the journal holds no layer (no cycle). A layer that left the
/// tree may still record into it until the next update re-reads the tree: that only makes the update look
/// at one index too many. Not thread-safe, as layers are not.
package final class LayerChangeJournal {
    /// The object the journal belongs to (the render tree), for the modules that ask it for presentation values.
    package weak var owner: AnyObject?
    /// The indices whose model values changed, each once.
    package private(set) var changedNodes: [Int] = []
    /// Which indices are in ``changedNodes``.
    private var marked: [Bool]
    /// Whether a layer was added, removed or moved.
    package private(set) var shapeChanged = false
    /// Whether a layer's timing changed (every local time below it may move).
    package private(set) var animationsChanged = false
    /// The indices whose animations changed (added, removed, committed), each once.
    package private(set) var animatedNodes: [Int] = []
    private var animationMarked: [Bool]

    /// A journal for a tree of `count` layers (its owner is set after).
    package init(count: Int) {
        marked = [Bool](repeating: false, count: count)
        animationMarked = marked
    }

    /// Layer `index`'s geometry or opacity changed. O(1).
    package func recordModel(_ index: Int) {
        guard index >= 0, index < marked.count, !marked[index] else { return }
        marked[index] = true
        changedNodes.append(index)
    }

    /// The outermost transaction of the latest change: while it is open, the tree has changes that are not
    /// committed and presentation values come from the reference (which reads the committed state).
    package private(set) var latestTransaction: TransactionToken?

    /// Whether some layer of the tree has changes that are not committed yet. O(1).
    package var hasUncommittedChanges: Bool { latestTransaction.map { !$0.isCommitted } ?? false }

    /// A layer of the tree changed in the transaction of `token`. O(1).
    package func noteChange(in token: TransactionToken) { latestTransaction = token }

    /// A layer was added, removed or moved. O(1).
    package func recordShape() { shapeChanged = true }

    /// A layer's timing changed. O(1).
    package func recordAnimations() { animationsChanged = true }

    /// Layer `index`'s animations changed. O(1).
    package func recordAnimations(at index: Int) {
        guard index >= 0, index < animationMarked.count, !animationMarked[index] else { return }
        animationMarked[index] = true
        animatedNodes.append(index)
    }

    /// Forgets what was recorded, for a tree of `count` layers. O(changed nodes), or O(count) when it changed.
    package func reset(count: Int) {
        if count != marked.count {
            marked = [Bool](repeating: false, count: count)
            animationMarked = marked
        } else {
            for i in changedNodes { marked[i] = false }
            for i in animatedNodes { animationMarked[i] = false }
        }
        changedNodes.removeAll(keepingCapacity: true)
        animatedNodes.removeAll(keepingCapacity: true)
        shapeChanged = false
        animationsChanged = false
    }
}
