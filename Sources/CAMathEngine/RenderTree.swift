import CAMathAnimation
import CAMathAnimationBatch
@_spi(Benchmarks) import CAMathBatch
import CAMathCore
import CAMathLayer
import CAMathLayerBatch
import Dispatch
import Foundation

/// The render tree behind a layer tree: a flattened mirror of the model (`LayerTree` order) and its
/// animation batches, evaluated at a media time with the batch kernels, for renderers and for the layers'
/// own `presentation()` (<doc:RenderTrees>).
///
/// Made once for a root layer, it follows the model by itself: every layer of the tree records its changes in
/// the render tree's journal, and the next ``update(atMediaTime:)`` redoes only what changed — a geometry or
/// opacity change of a layer without animations patches that node; a change of a layer's animations (added,
/// replaced, finished, removed) or of an animated layer's model records that layer's animations again, in time
/// proportional to its animations (each animation is a record in a prepared chunk, <doc:RenderTrees>); a change of
/// the tree's shape or of layer timing reads the tree's layers again and keeps the records of those that stayed,
/// recording only the layers that joined or whose animations changed. An animation whose
/// active duration has passed and that is removed on completion leaves its layer (and the batches) at the first
/// update at or after its end. `presentation()` and `presentation(at:)` of any layer of the tree answer through
/// it, bit for bit the reference's copies.
///
/// A layer belongs to at most one render tree (the latest made for a tree it is in). Like the layers, a render
/// tree belongs to one thread at a time; its own work splits over the cores.
public final class RenderTree {
    /// The root of the mirrored tree.
    public let root: Layer
    /// The model layers in the tree's order (pre-order, sublayers back to front).
    public private(set) var layers: [Layer] = []
    /// The options of the batch calls (path, threads, instruction set; the precision is always exact).
    public let options: BatchOptions
    /// The presented tree at ``mediaTime``: geometries and level maps (hit tests, conversions, frames run on it).
    public internal(set) var presented: LayerTree
    /// The media time of the latest evaluation (NaN before the first).
    public internal(set) var mediaTime = Double.nan

    var batch: PresentationBatch
    let journal: LayerChangeJournal
    /// Where the records of every batch of the tree count their preparations (``preparedRecords``).
    private let recordLedger = AnimationRecords.Ledger()
    /// Per node: the end of its subtree in the tree's order.
    var subtreeEnd: [Int] = []
    /// How many times the tree's layers were read (when it was made, and after each change of shape or timing).
    @_spi(Benchmarks) public private(set) var preparations = 0
    /// Per node: whether its clock and every clock above it run forward (the predicted ends of its animations hold);
    /// read when the tree is prepared, which a change of timing makes it again.
    var runsForward: [Bool] = []
    /// Animations removed on completion, by the global time their active duration ends (a min-heap).
    var endings = TimeQueue<(node: Int, animation: LayerAnimation)>()
    /// The animations in ``endings`` (each queued once, however often its layer is recorded again).
    var queuedEndings = Set<ObjectIdentifier>()
    /// How many endings ``trimEndings()`` left in the heap.
    var endingsAfterTrim = 0
    /// Whether ``presented`` is the evaluation of the current model at ``mediaTime``.
    var isCurrent = false
    /// Per-node presented values the output writes (world transforms, effective hidden flags, frames, opacity).
    var worlds: [Transform3D] = [], hidden: [Bool] = [], frames: [CGRect] = [], opacities: [Float] = []
    /// Every node's map to its superlayer and its presented opacity at ``mediaTime`` (from the presentation's pass),
    /// and the frames' scratch.
    var transforms: [Transform3D] = [], presentedOpacities: [Float] = [], frameScratch: [CGRect] = []
    /// Whether the outputs (worlds, hidden, frames, opacities) are those of ``presented``.
    var outputsAreCurrent = false
    /// The hit-region stage of ``presented``: every node's region (``hitTest(_:)``, and the presentation copies'
    /// caches), packed per sublayer list, and the indexes of wide layers' sublayers.
    var hitRegions = HitRegionColumns()
    /// Whether ``hitRegions`` are those of ``presented``.
    var regionsAreCurrent = false
    /// The nodes whose presented values changed since a renderer last took them (``render(atMediaTime:into:)`` or
    /// ``renderChanges(atMediaTime:into:changed:)``), and where they may have.
    var changedNodes = ChangedNodes()
    /// The root's latest presentation copy (its tree holds the other layers' copies), made again in place by the
    /// next ``presentation(of:atMediaTime:)`` of the root when no code holds any of its copies.
    var rootPresentation: Layer?
    /// The latest presentation's copies (not held: a copy that asks holds its subtree), from node
    /// `presentedCopiesTop` on, and its stamp: hit tests on them are answered here while they match.
    var presentedCopies: [Unmanaged<Layer>] = []
    var presentedCopiesTop = 0
    var presentationStamp = 0
    /// The latest frame's path, threads and times (``frame(at:)``), until the tree is prepared again.
    var currentFrame: FrameContext?
    /// The time columns of a dropped frame, for the next one.
    var spareTimeColumns: (parent: [Double], local: [Double])?
    /// Whether ``presented`` holds an evaluation of the current batch, so the next one may patch it: reset and
    /// evaluate again only the nodes whose values may differ from the model's (the batch's animated nodes) and those
    /// whose model or animations changed since (``modelChanges``).
    var presentedIsPatchable = false
    var modelChanges: [Int] = []
    /// Scratch of ``patch()``: false for every node between calls.
    var isTimed: [Bool] = []
    /// The latest evaluation's patch, or `nil` after a whole one: what the outputs compute again.
    var latestPatch: FramePatch?

    /// A render tree for `root`'s subtree, attached to its layers. Throws what a batch call throws for `options`
    /// (an unavailable path or instruction set, a bad thread count). Cost: O(layers + animations).
    public init(root: Layer, options: BatchOptions = .auto) throws(BatchError) {
        self.root = root
        self.options = options.exactPrecision
        batch = try PresentationBatch(root: root, instructionSet: options.instructionSet, ledger: recordLedger)
        presented = batch.model
        journal = LayerChangeJournal(count: 0)
        journal.owner = self
        try prepare(shapeChanged: true)
    }

    deinit {
        journal.owner = nil
        for layer in layers where layer.changeJournal === journal { layer.changeJournal = nil }
    }

    /// The number of layers.
    public var count: Int { layers.count }

    /// The nodes whose animations the reference folds into a presentation `Layer` each frame: those with an animation
    /// of a class the records do not take (a subclass).
    package var nodesFoldedByReference: [Int] { batch.referenceNodes }

    /// How many animation records were prepared since the tree was made (each time a chunk was made over them).
    package var preparedRecords: Int { recordLedger.prepared }
    /// How many endings wait in the heap, those that can no longer fire included (``trimEndings()``). O(1).
    package var queuedEndingCount: Int { endings.count }

    /// Brings the render tree to the model and to global media time `t`: the recorded changes, then the removal
    /// of every animation removed on completion whose active duration has passed at `t`, then the evaluation
    /// (``presented``, world transforms, frames, visibility, opacity). A non-finite `t` evaluates the model
    /// values and removes nothing. Cost: the evaluation (O(layers + animations), split over the call's threads),
    /// plus what the changes need.
    public func update(atMediaTime t: Double) throws(BatchError) {
        try applyChanges()
        if removeFinishedAnimations(at: t) { try applyChanges() }
        let frame = try frame(at: t)
        try evaluatePresentation(in: frame)
        try evaluateOutputs(threads: frame.threads)
    }

    /// The frame at `t` (path, threads, times): the one already made for `t` since the tree was last prepared,
    /// or a new one.
    func frame(at t: Double) throws(BatchError) -> FrameContext {
        if let frame = currentFrame, frame.mediaTime.bitPattern == t.bitPattern { return frame }
        // The earlier frame's time columns are written again, not allocated (a fresh column of a large tree is
        // mapped and faulted in page by page).
        dropFrame()
        let frame = try FrameContext(
            batch, atMediaTime: t, options: options, patch: presentedIsPatchable ? patch() : nil,
            reusing: &spareTimeColumns)
        currentFrame = frame
        return frame
    }

    /// Drops the latest frame (the model or the tree changed); its time columns stay for the next.
    func dropFrame() {
        if let frame = currentFrame { spareTimeColumns = (frame.parentTimes, frame.localTimes) }
        currentFrame = nil
    }

    /// Applies the journal. A change of shape or of a layer's timing reads the layers again, keeps the records of
    /// those that stayed under their new indices and records the others (O(layers + their records' slots), plus the
    /// layers recorded). Otherwise the model
    /// mirror takes the changed geometries and opacities, and the layers whose animations changed, or whose model
    /// changed under animations, are recorded again (O(their animations), amortised); all of them are reset by the
    /// next frame's patch.
    func applyChanges() throws(BatchError) {
        if journal.shapeChanged || journal.animationsChanged {
            // The layers are read again. The records of those that stayed keep their preparation under their new
            // indices; the layers that joined, and those whose animations or animated model changed, are recorded again.
            let earlier = Earlier(layers: layers, parents: batch.model.parents, runsForward: runsForward), now = LayerTree.layers(of: root)
            var newIndex = [Int](repeating: -1, count: earlier.layers.count), joined: [Int] = []
            for (node, layer) in now.enumerated() {
                let old = layer.changeJournal === journal ? layer.renderIndex : -1
                if old >= 0, old < newIndex.count, earlier.layers[old] === layer, newIndex[old] < 0 {
                    newIndex[old] = node
                } else {
                    joined.append(node)
                }
            }
            let edited = (journal.animatedNodes + journal.changedNodes).compactMap {
                $0 >= 0 && $0 < newIndex.count && newIndex[$0] >= 0 ? newIndex[$0] : nil
            }
            let recorded = SortedNodes.union(joined, SortedNodes.normalized(edited))
            batch = try PresentationBatch(root: root, layers: now, following: batch, renumbered: newIndex, recorded: recorded)
            // A change of timing, or a root under another superlayer (whose clocks run above every node's), predicts
            // every ending again.
            let sameClocks = !journal.animationsChanged && root.superlayer.map(ObjectIdentifier.init) == rootSuperlayerWhenRead
            let following = sameClocks ? (earlier: earlier, newIndex: newIndex, recorded: recorded) : nil
            try prepare(shapeChanged: journal.shapeChanged, following: following)
            return
        }
        guard !journal.changedNodes.isEmpty || !journal.animatedNodes.isEmpty else { return }
        for i in journal.changedNodes { batch.setModel(layers[i].geometry, opacity: layers[i].opacity, at: i) }
        let animatedChanges = journal.changedNodes.filter { batch.isAnimated($0) }
        let recorded =
            animatedChanges.isEmpty
            ? journal.animatedNodes
            : SortedNodes.union(SortedNodes.normalized(journal.animatedNodes), SortedNodes.normalized(animatedChanges))
        try batch.record(recorded)
        modelChanges += journal.changedNodes
        modelChanges += journal.animatedNodes
        var ending: [Ending] = []
        for i in recorded { collectEndings(of: i, into: &ending) }
        endings.push(contentsOf: ending)
        trimEndings()
        journal.reset(count: layers.count)
        isCurrent = false
        dropFrame()
    }

    /// An entry of ``endings``.
    typealias Ending = TimeQueue<(node: Int, animation: LayerAnimation)>.Entry

    /// Appends to `ending` the predicted ends of node `i`'s animations that are removed on completion and not queued
    /// yet (marking them queued), when its clocks run forward to the root.
    private func collectEndings(of i: Int, into ending: inout [Ending]) {
        guard runsForward[i] else { return }
        for animation in layers[i].attachedAnimations where animation.isRemovedOnCompletion {
            guard let end = animation.predictedEvent(on: layers[i], finishing: true),
                queuedEndings.insert(ObjectIdentifier(animation)).inserted
            else { continue }
            ending.append(Ending(time: end, payload: (i, animation)))
        }
    }

    /// Drops the endings that can no longer fire — dead ones (node −1) and those of animations stopped since they were
    /// queued (removed from their layer) — once the heap has doubled since it was last trimmed. Animations removed
    /// long before they end (1e3 a frame, each a second long) otherwise filled the heap with a hundred frames of
    /// endings, each popped only when due. O(1) amortised per ending; the heap stays within about twice what may fire.
    private func trimEndings() {
        guard endings.count >= 2 * max(endingsAfterTrim, 64) else { return }
        endings.removeAll { payload in
            guard payload.node >= 0 else { return true }
            guard payload.animation.isStopped else { return false }
            queuedEndings.remove(ObjectIdentifier(payload.animation))
            return true
        }
        endingsAfterTrim = endings.count
    }

    /// The root's superlayer when the layers were last read.
    private var rootSuperlayerWhenRead: ObjectIdentifier?

    /// What the tree was before a change of shape: its layers, their parents and whether their clocks ran forward.
    struct Earlier {
        let layers: [Layer]
        let parents: [Int]
        let runsForward: [Bool]
    }

    /// Reads the tree after ``batch`` was made: layers, journal, subtree ends, clocks, endings. After a change of
    /// shape every node counts as changed for ``renderChanges(atMediaTime:into:changed:)``; otherwise the nodes keep
    /// their indices and their values are compared as usual. `following` a change of shape alone (no layer's timing
    /// changed), the queued endings of the layers that stayed under the same clocks follow them to their new indices,
    /// and only the nodes `recorded`, and those whose clocks moved or started to run forward, have theirs predicted.
    private func prepare(shapeChanged: Bool, following: (earlier: Earlier, newIndex: [Int], recorded: [Int])? = nil) throws(BatchError) {
        layers = batch.layers
        rootSuperlayerWhenRead = root.superlayer.map(ObjectIdentifier.init)
        preparations += 1
        let n = layers.count, parents = batch.model.parents
        for (i, layer) in layers.enumerated() {
            layer.changeJournal = journal
            layer.renderIndex = i
            if let token = layer.transactionToken, !token.isCommitted { journal.noteChange(in: token) }
        }
        journal.reset(count: n)
        subtreeEnd = (0..<n).map { $0 + 1 }
        for i in stride(from: n - 1, to: 0, by: -1) {
            let p = parents[i]
            subtreeEnd[p] = max(subtreeEnd[p], subtreeEnd[i])
        }
        rootPresentation = nil
        dropFrame()
        presentedIsPatchable = false
        modelChanges = []
        presentationStamp &+= 1
        // Whether each node's clocks run forward to the root: top-down, one clock per node.
        runsForward = [Bool](repeating: false, count: n)
        for i in 0..<n {
            let parent = parents[i]
            runsForward[i] = parent == LayerTree.noParent ? layers[i].runsOnPrediction() : runsForward[parent] && layers[i].clockRunsForward
        }
        var ending: [Ending] = []
        if let (earlier, newIndex, recorded) = following {
            // A node's clocks moved when it joined, when its parent is another layer than before, or when its parent's moved.
            var earlierIndex = [Int](repeating: -1, count: n), clocksMoved = [Bool](repeating: false, count: n)
            for (old, new) in newIndex.enumerated() where new >= 0 { earlierIndex[new] = old }
            for i in 0..<n {
                let old = earlierIndex[i], p = parents[i]
                guard old >= 0 else { clocksMoved[i] = true; continue }
                let oldParent = earlier.parents[old], parentNow = oldParent == LayerTree.noParent ? LayerTree.noParent : newIndex[oldParent]
                clocksMoved[i] = parentNow != p || (p != LayerTree.noParent && clocksMoved[p])
            }
            // The endings of layers that left or whose clocks moved stay in the heap, dead (node −1), until they are due
            // or trimmed (``trimEndings()``).
            let runsForward = runsForward
            endings.updatePayloads { payload in
                guard payload.node >= 0 else { return }
                let new = newIndex[payload.node]
                if new < 0 || clocksMoved[new] || !runsForward[new] {
                    queuedEndings.remove(ObjectIdentifier(payload.animation))
                    payload.node = -1
                } else {
                    payload.node = new
                }
            }
            for i in SortedNodes.union(
                recorded, (0..<n).filter { clocksMoved[$0] || (runsForward[$0] && !earlier.runsForward[earlierIndex[$0]]) })
            {
                collectEndings(of: i, into: &ending)
            }
        } else {
            (endings, queuedEndings, endingsAfterTrim) = (TimeQueue(), [], 0)
            for i in 0..<n { collectEndings(of: i, into: &ending) }
        }
        endings.push(contentsOf: ending)
        trimEndings()
        if shapeChanged || worlds.count != n {
            worlds = [Transform3D](repeating: .identity, count: n)
            hidden = [Bool](repeating: false, count: n)
            frames = [CGRect](repeating: .zero, count: n)
            opacities = [Float](repeating: 1, count: n)
            changedNodes.reset(count: n)
        }
        isCurrent = false
    }

    /// Removes the animations removed on completion that are in their after phase at `t` (checked with the
    /// layer's local time at `t`, from its clock and its ancestors': a frame's times may hold only the nodes it
    /// patches); returns whether any was.
    private func removeFinishedAnimations(at t: Double) -> Bool {
        guard t.isFinite, let first = endings.first, first.time <= t else { return false }
        var removed = false
        for entry in endings.popDue(at: t) {
            let (node, animation) = entry.payload
            // A dead ending (its layer left the tree, or its clocks moved and it was predicted again).
            guard node >= 0 else { continue }
            guard !animation.isStopped else {
                queuedEndings.remove(ObjectIdentifier(animation))
                continue
            }
            if animation.evaluation(at: batch.localTime(atMediaTime: t, of: node), isGroupChild: false).phase == .after {
                layers[node].finishAttachedAnimation(animation)
                queuedEndings.remove(ObjectIdentifier(animation))
                removed = true
            } else {
                endings.push(entry.payload, at: t.nextUp)
            }
        }
        return removed
    }
}
