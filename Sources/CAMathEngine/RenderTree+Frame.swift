@_spi(Benchmarks) import CAMathBatch
import CAMathAnimation
import CAMathAnimationBatch
import CAMathCore
import CAMathLayer
import CAMathLayerBatch
import Dispatch
import Foundation

/// Caller buffers for one frame of a ``RenderTree``, indexed by layer (the tree's order): for layer i,
/// `transforms[4i ..< 4i + 4]`, `opacities[i]`, `hidden[i]`, `frames[i]`.
public struct RenderOutput {
    /// The world transform as four GPU-ready columns (<doc:RenderTrees>, *World transforms*): column j is row j of
    /// CAMath's row-vector matrix, each element rounded once from the exact double result — the column-vector
    /// matrix that Metal, Vulkan, WebGPU and OpenGL upload, translation in column 3.
    public var transforms: UnsafeMutableBufferPointer<SIMD4<Float>>
    /// The presented opacity of the layer itself (not multiplied by its ancestors').
    public var opacities: UnsafeMutableBufferPointer<Float>
    /// Whether the layer or one of its ancestors is hidden.
    public var hidden: UnsafeMutableBufferPointer<Bool>
    /// The presented `frame`, in the superlayer's space.
    public var frames: UnsafeMutableBufferPointer<CGRect>

    /// Buffers for a tree of n layers: 4n columns and n of each other value.
    public init(
        transforms: UnsafeMutableBufferPointer<SIMD4<Float>>, opacities: UnsafeMutableBufferPointer<Float>,
        hidden: UnsafeMutableBufferPointer<Bool>, frames: UnsafeMutableBufferPointer<CGRect>
    ) {
        self.transforms = transforms; self.opacities = opacities; self.hidden = hidden; self.frames = frames
    }
}

extension RenderTree {
    /// One frame for a renderer: ``update(atMediaTime:)``, then every layer's values into `output`. Mismatched
    /// buffers throw `BatchError.sizeMismatch` before anything is updated or written. Cost: the update, plus
    /// 4n float columns and n of each value written, split over the call's threads.
    public func render(atMediaTime t: Double, into output: RenderOutput) throws(BatchError) {
        try check(output)
        try update(atMediaTime: t)
        write(into: output, nodes: nil, threads: try frame(at: t).threads)
        changedNodes.take { _ in }
    }

    /// ``render(atMediaTime:into:)`` for the layers whose presented values (world transform, frame, opacity or
    /// visibility, bit for bit) changed since the previous call of this method, or all on the first call: their
    /// indices go to `changed` (in the tree's order) and their values to `output` at those indices; the other
    /// entries are left as they were. Returns how many. `changed` needs room for every layer.
    public func renderChanges(
        atMediaTime t: Double, into output: RenderOutput,
        changed: UnsafeMutableBufferPointer<Int>
    ) throws(BatchError) -> Int {
        try check(output)
        try BatchError.check("changed", changed.count, equals: count)
        try update(atMediaTime: t)
        let threads = try frame(at: t).threads
        var k = 0
        changedNodes.take { i in
            changed[k] = i
            k += 1
        }
        write(into: output, nodes: UnsafeBufferPointer(rebasing: changed[0..<k]), threads: threads)
        return k
    }

    private func check(_ output: RenderOutput) throws(BatchError) {
        try BatchError.check("transforms", output.transforms.count, equals: 4 * count)
        try BatchError.check("opacities", output.opacities.count, equals: count)
        try BatchError.check("hidden", output.hidden.count, equals: count)
        try BatchError.check("frames", output.frames.count, equals: count)
    }

    /// Writes the values of `nodes` (every node for `nil`) into `output`, on `threads` threads.
    private func write(into output: RenderOutput, nodes: UnsafeBufferPointer<Int>?, threads: Int) {
        let n = nodes?.count ?? count
        guard n > 0, let t = output.transforms.baseAddress, let o = output.opacities.baseAddress,
            let h = output.hidden.baseAddress, let f = output.frames.baseAddress
        else { return }
        let pt = SharedPointer(base: t), po = SharedPointer(base: o), ph = SharedPointer(base: h), pf = SharedPointer(base: f)
        let pn = nodes.map { SharedReadPointer(base: $0.baseAddress!) }
        worlds.withUnsafeBufferPointer { w in
            hidden.withUnsafeBufferPointer { hb in
                frames.withUnsafeBufferPointer { fb in
                    opacities.withUnsafeBufferPointer { ob in
                        let pw = SharedReadPointer(base: w.baseAddress!), phb = SharedReadPointer(base: hb.baseAddress!)
                        let pfb = SharedReadPointer(base: fb.baseAddress!), pob = SharedReadPointer(base: ob.baseAddress!)
                        Batch.chunks(count: n, threads: threads) { r in
                            for k in r {
                                let i = pn.map { $0.base[k] } ?? k
                                let m = pw.base[i]
                                pt.base[4 * i] = SIMD4(Float(m.m11), Float(m.m12), Float(m.m13), Float(m.m14))
                                pt.base[4 * i + 1] = SIMD4(Float(m.m21), Float(m.m22), Float(m.m23), Float(m.m24))
                                pt.base[4 * i + 2] = SIMD4(Float(m.m31), Float(m.m32), Float(m.m33), Float(m.m34))
                                pt.base[4 * i + 3] = SIMD4(Float(m.m41), Float(m.m42), Float(m.m43), Float(m.m44))
                                po.base[i] = pob.base[i]
                                ph.base[i] = phb.base[i]
                                pf.base[i] = pfb.base[i]
                            }
                        }
                    }
                }
            }
        }
    }

    /// ``presented`` at the frame's time for the current model (kept when it already is).
    func evaluatePresentation(in frame: FrameContext) throws(BatchError) {
        let t = frame.mediaTime
        if isCurrent && t.bitPattern == mediaTime.bitPattern { return }
        if transforms.count != count { transforms = [Transform3D](repeating: .identity, count: count) }
        if presentedOpacities.count != count { presentedOpacities = [Float](repeating: 1, count: count) }
        let patch = presentedIsPatchable ? frame.patch : nil
        try transforms.withUnsafeMutableBufferPointer { f throws(BatchError) in
            try presentedOpacities.withUnsafeMutableBufferPointer { o throws(BatchError) in
                if let patch {
                    try Batch.presentation(
                        batch, in: frame, patching: &presented, patch: patch, transforms: f.baseAddress,
                        opacities: o.baseAddress, options: options)
                } else {
                    try Batch.presentation(
                        batch, in: frame, into: &presented, transforms: f.baseAddress, opacities: o.baseAddress, options: options)
                }
            }
        }
        // The outputs follow a patch only from the outputs of the evaluation it patched.
        latestPatch = outputsAreCurrent ? patch : nil
        presentedIsPatchable = true
        modelChanges.removeAll(keepingCapacity: true)
        mediaTime = t
        isCurrent = true
        outputsAreCurrent = false
        regionsAreCurrent = false
        presentationStamp &+= 1
    }

    /// The patch of the next evaluation: the nodes whose values may differ from the model's (the batch's animated
    /// nodes) and those whose model or animations changed; `nil` when they are more than a quarter of the tree, which
    /// the whole evaluation (its level maps split over the threads, its frames in vector lanes) then does faster.
    func patch() -> FramePatch? {
        var nodes = batch.animatedNodes
        if !modelChanges.isEmpty { nodes = SortedNodes.union(nodes, SortedNodes.normalized(modelChanges)) }
        guard nodes.count <= count / 4 else { return nil }
        let tree = presented
        // Ancestors are marked in `isTimed` while listed, then unmarked.
        if isTimed.count != count { isTimed = [Bool](repeating: false, count: count) }
        var mapped = nodes, timed: [Int] = []
        for node in nodes {
            for k in 0..<tree.sublayerCount(of: node) { mapped.append(tree.sublayer(of: node, at: k)) }
            var up = node
            while up != LayerTree.noParent, !isTimed[up] {
                isTimed[up] = true
                timed.append(up)
                up = tree.parents[up]
            }
        }
        for node in timed { isTimed[node] = false }
        if mapped.count > nodes.count { mapped = SortedNodes.normalized(mapped) }
        return FramePatch(nodes: nodes, mapped: mapped, timed: timed.sorted())
    }

    /// The world transforms, effective hidden flags, frames and opacities of ``presented``, marking the nodes
    /// whose values changed, on `threads` threads. After a patch, those of the patched nodes and of the subtrees
    /// whose maps it made again; the others kept.
    func evaluateOutputs(threads: Int) throws(BatchError) {
        guard !outputsAreCurrent else { return }
        let n = count
        guard n > 0 else { return }
        if let patch = latestPatch, frames.count == n {
            let tree = presented
            changedNodes.withFlags { changed in
                for i in patch.nodes {
                    if presentedOpacities[i].bitPattern != opacities[i].bitPattern {
                        changed[i] = true
                        opacities[i] = presentedOpacities[i]
                    }
                    let frame = tree.geometries[i].frame
                    if !bitwiseEqual(frame, frames[i]) {
                        changed[i] = true
                        frames[i] = frame
                    }
                }
            }
            // The subtrees under the maps made again, each once (a subtree inside an earlier one is skipped): the
            // patched nodes are in them, so they are all that may have changed.
            var ranges: [Range<Int>] = [], end = 0
            for j in patch.mapped where j >= end {
                end = subtreeEnd[j]
                ranges.append(j..<end)
            }
            for r in ranges { changedNodes.mayChange(r) }
            computeWorlds(threads: 1, ranges: ranges)
            outputsAreCurrent = true
            return
        }
        if frameScratch.count != n { frameScratch = [CGRect](repeating: .zero, count: n) }
        let tree = presented
        try frameScratch.withUnsafeMutableBufferPointer { out throws(BatchError) in try Batch.frames(of: tree, into: out, options: options)
        }
        presentedOpacities.withUnsafeBufferPointer { presented in
            opacities.withUnsafeMutableBufferPointer { kept in
                frameScratch.withUnsafeBufferPointer { new in
                    frames.withUnsafeBufferPointer { old in
                        changedNodes.withFlags { d in
                            for i in 0..<n {
                                if presented[i].bitPattern != kept[i].bitPattern || !bitwiseEqual(new[i], old[i]) { d[i] = true }
                                kept[i] = presented[i]
                            }
                        }
                    }
                }
            }
        }
        changedNodes.mayChangeAll()
        swap(&frames, &frameScratch)
        computeWorlds(threads: threads)
        outputsAreCurrent = true
    }

    /// World transforms and effective hidden flags, parents first: the spine from the root to the first layer
    /// with two or more sublayers on this thread, then that layer's sublayer subtrees (contiguous in the tree's
    /// order) in `threads` balanced parts. With `ranges` (subtrees, in order, none inside another), only those, on
    /// this thread: their roots' superlayers' values are kept.
    private func computeWorlds(threads: Int, ranges: [Range<Int>]? = nil) {
        let n = count, tree = presented
        var spine = ranges == nil ? 0 : -1
        while spine >= 0, spine + 1 < n, tree.sublayerCount(of: spine) == 1 { spine += 1 }
        var split: [Range<Int>] = ranges ?? []
        if ranges == nil, spine + 1 < n {
            let target = max(1, (n - spine - 1 + threads - 1) / threads)
            var start = spine + 1, k = 0
            let children = (0..<tree.sublayerCount(of: spine)).map { tree.sublayer(of: spine, at: $0) }
            for (c, child) in children.enumerated() {
                let end = c + 1 < children.count ? children[c + 1] : n
                k += subtreeEnd[child] - child
                if k >= target || end == n {
                    split.append(start..<end)
                    start = end
                    k = 0
                }
            }
        }
        let parts = split
        // Every column through a pointer: read through the arrays, each node copied its geometry and its parent's
        // (two 300-byte structs for two flags).
        withUnsafeColumns(tree.geometries, tree.parents, transforms) { pg, pp, pt in
            worlds.withUnsafeMutableBufferPointer { w in
                hidden.withUnsafeMutableBufferPointer { h in
                    changedNodes.withFlags { d in
                        let pw = SharedPointer(base: w.baseAddress!), ph = SharedPointer(base: h.baseAddress!)
                        let pd = SharedPointer(base: d.baseAddress!)
                        let node: @Sendable (Int) -> Void = { i in
                            let parent = pp.base[i], f = pt.base[i]
                            var world = f, isHidden = pg.base[i].isHidden
                            if parent != LayerTree.noParent {
                                var above = pw.base[parent]
                                if pg.base[parent].flattensSublayers { (above.m31, above.m32, above.m33, above.m34) = (0, 0, 0, 0) }
                                world = f.concatenating(above)
                                isHidden = isHidden || ph.base[parent]
                            }
                            if !bitwiseEqual(world, pw.base[i]) || isHidden != ph.base[i] { pd.base[i] = true }
                            pw.base[i] = world
                            ph.base[i] = isHidden
                        }
                        for i in 0..<spine + 1 { node(i) }
                        if parts.count <= 1 || ranges != nil {
                            for r in parts { for i in r { node(i) } }
                        } else {
                            DispatchQueue.concurrentPerform(iterations: parts.count) { p in for i in parts[p] { node(i) } }
                        }
                    }
                }
            }
        }
    }

    /// `body` with shared read pointers to the three columns' storage.
    private func withUnsafeColumns(
        _ geometries: [LayerGeometry], _ parents: [Int], _ transforms: [Transform3D],
        _ body: (SharedReadPointer<LayerGeometry>, SharedReadPointer<Int>, SharedReadPointer<Transform3D>) -> Void
    ) {
        geometries.withUnsafeBufferPointer { g in
            parents.withUnsafeBufferPointer { p in
                transforms.withUnsafeBufferPointer { t in
                    body(
                        SharedReadPointer(base: g.baseAddress!), SharedReadPointer(base: p.baseAddress!),
                        SharedReadPointer(base: t.baseAddress!))
                }
            }
        }
    }

    /// The presentation copy of `layer`'s subtree at `t` from the render tree's evaluation: what
    /// `presentation(at:)` of a layer of the tree returns; `nil` for a layer the render tree does not hold, and while a
    /// layer of the tree has changes not committed yet (`presentation(at:)` then folds the committed state itself).
    /// The root's copies are kept and made again in place by the next call, when no code holds any of them any more
    /// (`Layer.mayRemakePresentationCopies(_:of:models:)`): a frame then makes no `Layer`.
    public func presentation(of layer: Layer, atMediaTime t: Double) -> Layer? {
        // The changes first: preparing the tree again moves layers to new indices, and finds the changes not yet
        // committed of layers that joined the tree since (their journal was not this one when they changed): then
        // the caller's reference answers from the committed state.
        guard (try? applyChanges()) != nil, !journal.hasUncommittedChanges else { return nil }
        let top = layer.renderIndex
        guard top >= 0, top < count, layers[top] === layer, let frame = try? frame(at: t), (try? evaluatePresentation(in: frame)) != nil
        else {
            return nil
        }
        computeRegions()
        let end = subtreeEnd[top], tree = presented, parentTimes = frame.parentTimes, regions = hitRegions.regions
        // Every copy starts with its level map, its region and its node here, which answers its hit tests; the top
        // copy is a root, so it does only when its node is one (its map and region are then the tree's). New copies
        // are primed once their tree is whole (adding a sublayer drops its superlayer's region), copies made again
        // at once.
        presentationStamp &+= 1
        let primedFrom = top == 0 && tree.rootSuperlayerGeometry == nil ? top : top + 1
        func prime(_ copy: Layer, _ j: Int) {
            copy.primeCache(levelMap: tree.levelMaps[j], hitRegion: regions[j], presented: PresentedNode(node: j, stamp: presentationStamp))
        }
        func copy(_ j: Int, remaking earlier: Layer?) -> Layer {
            batch.evaluatesByReference(j)
                ? layers[j].presentedCopy(atParentTime: parentTimes[j], remaking: earlier)
                : layers[j].presentedCopy(
                    geometry: tree.geometries[j], opacity: presentedOpacities[j], remaking: earlier,
                    primedNext: earlier != nil && j >= primedFrom)
        }
        if top == 0, let root = recyclableRootPresentation() {
            // The copies stay where they are: their tree holds them, and `presentedCopies` lists them in order.
            for j in 0..<end {
                presentedCopies[j]._withUnsafeGuaranteedRef { earlier in
                    let made = copy(j, remaking: earlier)
                    if j >= primedFrom { prime(made, j) }
                }
            }
            return root
        }
        var copies: [Layer] = []
        copies.reserveCapacity(end - top)
        for j in top..<end {
            let made = copy(j, remaking: nil)
            if j > top { copies[tree.parents[j] - top].addSublayer(made) }
            copies.append(made)
        }
        for j in primedFrom..<end { prime(copies[j - top], j) }
        presentedCopies = copies.map { Unmanaged.passUnretained($0) }
        presentedCopiesTop = top
        if top == 0 { rootPresentation = copies.first }
        return copies.first
    }

    /// The hit test from `copy`, the copy of `node` that the presentation `stamp` made, over the presented columns:
    /// what the walk over the copies gives, while `copy` is that node's copy in the latest presentation and the
    /// regions are still its (else `nil`). The copy that asks holds its subtree, so the copy returned is alive.
    package func hitTest(_ p: CGPoint, from copy: Layer, node: Int, stamp: Int) -> Layer?? {
        guard stamp == presentationStamp, regionsAreCurrent, node >= presentedCopiesTop, node - presentedCopiesTop < presentedCopies.count,
            presentedCopies[node - presentedCopiesTop].toOpaque() == Unmanaged.passUnretained(copy).toOpaque()
        else { return nil }
        let hit = withUnsafeMutablePointer(to: &presented) { tree in
            withUnsafeMutablePointer(to: &hitRegions) { HitRegionColumns.hitTest(p, in: tree, columns: $0, from: node) }
        }
        return .some(hit.map { presentedCopies[$0 - presentedCopiesTop].takeUnretainedValue() })
    }

    /// The root's latest presentation copy, when its copies (``presentedCopies``, in the tree's order) may be made
    /// again in place: nothing but the render tree holds them, and they are copies of the current layers in the
    /// current shape (`Layer.mayRemakePresentationCopies(_:of:models:)`). Else it lets them go.
    private func recyclableRootPresentation() -> Layer? {
        guard rootPresentation != nil else { return nil }
        guard presentedCopiesTop == 0, isKnownUniquelyReferenced(&rootPresentation!),
            Layer.mayRemakePresentationCopies(presentedCopies, of: presented, models: layers)
        else {
            rootPresentation = nil
            return nil
        }
        return rootPresentation
    }
}

extension RenderTree: PresentationSource, PresentedHitTesting {}
