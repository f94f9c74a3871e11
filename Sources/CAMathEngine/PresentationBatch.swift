import CAMathAnimation
import CAMathAnimationBatch
@_spi(Benchmarks) import CAMathBatch
import CAMathCore
import CAMathLayer
import CAMathLayerBatch
import Foundation

/// A layer tree's animations prepared to compute its presentation tree at any global time
/// (`PresentationBatch.evaluate(atMediaTime:options:)`), for bulk frames and hit tests on it.
///
/// The animations of each geometry property are evaluated in batches, per property and position in the layer's
/// list of that property's animations (the k-th `position` animation of every layer together, folded over the
/// (k−1)-th's results): `TransformAnimationBatch` for `transform` and `sublayerTransform`,
/// `ValueAnimationBatch` for `position`, `bounds`, `anchorPoint`, `anchorPointZ`, `zPosition`, the transform key
/// paths (`transform.rotation.z`, …) and `opacity` (a column of its own beside the geometries, which a render tree
/// reads). The fold is per property because an animation reads and writes only its own property. A layer with an
/// animation that acts across properties or is not a property animation (a group, a keyframe path with a rotation
/// mode) or that animates a flag (`hidden`, `masksToBounds`, which take no arithmetic) is evaluated whole by the
/// reference (`Layer.presentation(at:)`'s fold for that layer). The model values are read when the batch is made;
/// a render tree edits the batch one layer at a time as its model and animations change (each animation is a
/// record, <doc:RenderTrees>). It holds the model layers, so it belongs to the thread that owns the tree, as
/// `Layer` does.
public struct PresentationBatch {
    /// The model tree, in `LayerTree`'s node order.
    public private(set) var model: LayerTree
    /// The model opacities, in the same order.
    package private(set) var modelOpacities: [Float]
    let root: Layer
    let layers: [Layer]
    /// Each node's clock (begin time, speed, offset).
    let clocks: [MediaTimingParameters]
    /// The animations: records in prepared chunks, and the nodes the reference folds.
    private(set) var records: AnimationRecords
    let instructionSet: InstructionSet?

    /// Prepares the animations of `root`'s subtree. Cost: O(layers + animations), the transform animations'
    /// decompositions included.
    public init(root: Layer, instructionSet: InstructionSet? = nil) throws(BatchError) {
        try self.init(root: root, instructionSet: instructionSet, ledger: AnimationRecords.Ledger())
    }

    /// ``init(root:instructionSet:)`` counting the records' preparations in `ledger`.
    init(root: Layer, instructionSet: InstructionSet?, ledger: AnimationRecords.Ledger) throws(BatchError) {
        self.root = root
        self.instructionSet = instructionSet
        let model = LayerTree(root: root)
        self.model = model
        layers = LayerTree.layers(of: root)
        clocks = layers.map(\.clock)
        modelOpacities = layers.map(\.opacity)
        records = AnimationRecords(count: layers.count, ledger: ledger)
        for (node, layer) in layers.enumerated() { records.add(node, animations: layer.attachedAnimations) }
        try records.commit(model: model, opacities: modelOpacities, instructionSet: instructionSet)
    }

    /// The batch of `root`'s tree after layers were added, removed or moved or their timing changed, made from
    /// `earlier` (a batch of the same root before): the model, clocks and opacities read again from `layers` (the
    /// tree's layers now, in order), and the records of the layers that stayed kept under their new indices
    /// (``AnimationRecords/renumber(_:count:)``: layer `old` of `earlier` is layer `newIndex[old]` now, or left);
    /// only the nodes `recorded` (in order: the layers that joined, and those whose animations or whose model under
    /// animations changed) are recorded again. Throws what an animation batch's preparation throws. Cost: O(layers +
    /// the kept records' slots), plus the preparation of the records made again.
    init(root: Layer, layers: [Layer], following earlier: PresentationBatch, renumbered newIndex: [Int], recorded: [Int]) throws(BatchError)
    {
        self.root = root
        self.layers = layers
        instructionSet = earlier.instructionSet
        model = LayerTree(root: root)
        clocks = layers.map(\.clock)
        modelOpacities = layers.map(\.opacity)
        records = earlier.records
        records.renumber(newIndex, count: layers.count)
        try record(recorded)
    }

    /// The nodes the reference folds whole.
    var referenceNodes: [Int] { records.referenceNodes }

    /// Every node the batch or the reference evaluates, in order: the nodes whose presented values may differ from
    /// the model's.
    package var animatedNodes: [Int] { records.animatedNodes }

    /// Whether node `node` has animations the batch evaluates or the reference folds.
    func isAnimated(_ node: Int) -> Bool { records.isAnimated(node) }

    /// Whether the reference folds node `node`'s animations whole (and makes its presentation copy).
    func evaluatesByReference(_ node: Int) -> Bool { records.evaluatesByReference(node) }

    /// Records again the animations of `nodes` (each once) from their layers' attached animations over their current
    /// models: what an edit of their animations, or of an animated layer's model, needs. Throws what an animation
    /// batch's preparation throws. Cost: O(their animations), amortised (``AnimationRecords``).
    mutating func record(_ nodes: [Int]) throws(BatchError) {
        for node in nodes {
            records.remove(node)
            records.add(node, animations: layers[node].attachedAnimations)
        }
        try records.commit(model: model, opacities: modelOpacities, instructionSet: instructionSet)
    }

    /// Sets node `node`'s model geometry and opacity, as if the batch were made again; the records of an animated node
    /// hold its old model until ``record(_:)`` records it again. O(sublayers of the node).
    package mutating func setModel(_ g: LayerGeometry, opacity: Float, at node: Int) {
        model.setGeometry(g, at: node)
        modelOpacities[node] = opacity
    }

    /// The parent time and the local time of every node at global time `t` into `parent` and `local` (made the tree's
    /// size when they are not) — or of `nodes` only (in the tree's order, each with its ancestors; the others left as
    /// they were): a node's parent time is the root's superlayer's local time (or `t`) for the root, else its parent's
    /// local time; root first.
    func times(atMediaTime t: Double, of nodes: [Int]? = nil, parent: inout [Double], local: inout [Double]) {
        if parent.count != model.count { parent = [Double](repeating: 0, count: model.count) }
        if local.count != model.count { local = [Double](repeating: 0, count: model.count) }
        let rootParentTime = root.superlayer?.localTime(atMediaTime: t) ?? t
        let parents = model.parents
        parent.withUnsafeMutableBufferPointer { p in
            local.withUnsafeMutableBufferPointer { l in
                clocks.withUnsafeBufferPointer { c in
                    func time(_ i: Int) {
                        p[i] = parents[i] == LayerTree.noParent ? rootParentTime : l[parents[i]]
                        l[i] = c[i].localTime(fromParent: p[i])
                    }
                    if let nodes { for i in nodes { time(i) } } else { for i in 0..<model.count { time(i) } }
                }
            }
        }
    }

    /// Node `node`'s local time at global time `t`, as ``times(atMediaTime:of:)`` computes it (its ancestors'
    /// clocks, root first). O(depth).
    func localTime(atMediaTime t: Double, of node: Int) -> Double {
        var chain: [Int] = []
        var up = node
        while up != LayerTree.noParent {
            chain.append(up)
            up = model.parents[up]
        }
        var time = root.superlayer?.localTime(atMediaTime: t) ?? t
        for i in chain.reversed() { time = clocks[i].localTime(fromParent: time) }
        return time
    }
}

extension Batch {
    /// ``PresentationBatch/evaluate(atMediaTime:into:options:)`` that also writes every node's 4×4 map to its superlayer (the one
    /// its level map is made of) into `transforms`, and every node's presented opacity (the opacity of
    /// `presentation(at:)`'s copy of the layer) into `opacities`, each when given (`batch.model.count` elements).
    package static func presentation(
        _ batch: PresentationBatch, atMediaTime t: Double, into tree: inout LayerTree,
        transforms: UnsafeMutablePointer<Transform3D>?, opacities: UnsafeMutablePointer<Float>? = nil,
        options: BatchOptions
    ) throws(BatchError) {
        try presentation(
            batch, in: FrameContext(batch, atMediaTime: t, options: options.exactPrecision), into: &tree, transforms: transforms,
            opacities: opacities, options: options)
    }

    /// `presentation(_:atMediaTime:into:transforms:opacities:options:)` in a frame whose path, threads and times
    /// `frame` holds (made for this batch and `options`).
    static func presentation(
        _ batch: PresentationBatch, in frame: FrameContext, into tree: inout LayerTree,
        transforms: UnsafeMutablePointer<Transform3D>?, opacities: UnsafeMutablePointer<Float>?,
        options: BatchOptions
    ) throws(BatchError) {
        // A tree of another shape keeps its storage (fresh memory was mapped and faulted in page by page).
        if !tree.sharesShape(with: batch.model) { tree.takeShape(of: batch.model) }
        let shared = transforms.map { SharedPointer(base: $0) }, sharedOpacities = opacities.map { SharedPointer(base: $0) }
        try tree.withGeometriesAndLevelMaps { g, m throws(BatchError) in
            copyModel(batch, into: g, threads: frame.threads)
            try present(
                batch, in: frame, options: options.exactPrecision, geometries: g, levelMaps: m, transforms: shared,
                opacities: sharedOpacities)
        }
    }

    /// ``presentation(_:in:into:transforms:opacities:options:)`` over `tree` holding this batch's presentation at an
    /// earlier time: only `patch.nodes` (in order) are reset to the model and evaluated again, and only the level maps
    /// and maps to the superlayer of `patch.mapped` (in order: those nodes and their sublayers) made again; every other
    /// node keeps its values. The same tree, bit for bit, when `patch.nodes` holds every node whose presented values
    /// may differ from the model's (``PresentationBatch/animatedNodes``) and every node whose model or animations
    /// changed since. Not for the `.scalar` path (which evaluates every node). Cost: O(patched nodes + their
    /// animations + their sublayers).
    static func presentation(
        _ batch: PresentationBatch, in frame: FrameContext, patching tree: inout LayerTree,
        patch: FramePatch, transforms: UnsafeMutablePointer<Transform3D>?,
        opacities: UnsafeMutablePointer<Float>?, options: BatchOptions
    ) throws(BatchError) {
        precondition(frame.path != .scalar && tree.sharesShape(with: batch.model), "a patch needs the vector path and a tree of this batch")
        let shared = transforms.map { SharedPointer(base: $0) }, sharedOpacities = opacities.map { SharedPointer(base: $0) }
        try tree.withGeometriesAndLevelMaps { g, m throws(BatchError) in
            batch.model.geometries.withUnsafeBufferPointer { model in for node in patch.nodes { g[node] = model[node] } }
            try present(
                batch, in: frame, options: options.exactPrecision, geometries: g, levelMaps: m, transforms: shared,
                opacities: sharedOpacities, patch: patch)
        }
    }

    /// Copies the model's geometries into `g` (initialized or not: a geometry is plain numbers and flags) on
    /// `threads` threads.
    fileprivate static func copyModel(_ batch: PresentationBatch, into g: UnsafeMutableBufferPointer<LayerGeometry>, threads: Int) {
        guard let gb = g.baseAddress else { return }
        let out = SharedPointer(base: gb), stride = MemoryLayout<LayerGeometry>.stride
        batch.model.geometries.withUnsafeBufferPointer { m in
            let model = SharedReadPointer(base: m.baseAddress!)
            chunks(count: g.count, threads: threads) { r in
                UnsafeMutableRawPointer(out.base + r.lowerBound).copyMemory(from: model.base + r.lowerBound, byteCount: r.count * stride)
            }
        }
    }

    /// The presentation geometries at the frame's time over `g` (which holds the model's) and their level maps into `m`, and the
    /// presented opacities into `opacities` when given: the layers the reference takes, then every chunk of records in
    /// key order (each splitting by `threads` as a call of its own would), then the level maps on `threadCount` threads.
    fileprivate static func present(
        _ batch: PresentationBatch, in frame: FrameContext, options: BatchOptions,
        geometries g: UnsafeMutableBufferPointer<LayerGeometry>, levelMaps m: UnsafeMutableBufferPointer<LevelMap>,
        transforms: SharedPointer<Transform3D>? = nil, opacities: SharedPointer<Float>? = nil,
        patch: FramePatch? = nil
    ) throws(BatchError) {
        let n = g.count
        guard n > 0, let gb = g.baseAddress, let mb = m.baseAddress else { return }
        var vectorOptions = options
        vectorOptions.path = .simd
        let resolved = frame.path, threadCount = frame.threads, parentTimes = frame.parentTimes, localTimes = frame.localTimes
        // The chunks' scatters run on the call's threads (a node is in a chunk once); their gathers stay on one
        // (on two, their first touches of the fresh scratch contended).
        let pg = SharedPointer(base: gb)
        if let opacities {
            if let patch {
                for node in patch.nodes { opacities.base[node] = batch.modelOpacities[node] }
            } else {
                opacities.base.update(from: batch.modelOpacities, count: n)
            }
        }
        func reference(_ node: Int) {
            let copy = batch.layers[node].presentedCopy(atParentTime: parentTimes[node])
            g[node] = copy.geometry
            opacities?.base[node] = copy.opacity
        }
        for node in resolved == .scalar ? Array(0..<n) : batch.referenceNodes { reference(node) }
        if resolved != .scalar {
            for id in batch.records.order {
                try present(
                    batch.records.chunks[id]!, of: batch, localTimes: localTimes, geometries: g, opacities: opacities,
                    threads: threadCount, options: vectorOptions)
            }
        }
        // The level maps of the new geometries, on the call's threads (those of a patch on this one).
        let model = batch.model, pm = SharedPointer(base: mb)
        if let patch {
            model.initializeLevelMaps(patch.mapped, geometries: UnsafeBufferPointer(g), at: mb, transforms: transforms?.base)
            return
        }
        chunks(count: n, threads: threadCount) { r in
            let geometries = UnsafeBufferPointer(start: UnsafePointer(pg.base), count: n)
            model.initializeLevelMaps(r, geometries: geometries, at: pm.base, transforms: transforms?.base)
        }
    }
}

extension Batch {
    /// The values of chunk `chunk`'s animations at their times (the nodes' local times, through their groups), over
    /// geometries `g` (and the opacity column, when given), written into the nodes of its live records whose groups
    /// contribute — each step the reference's.
    private static func present(
        _ chunk: AnimationRecords.Chunk, of batch: PresentationBatch, localTimes: [Double],
        geometries g: UnsafeMutableBufferPointer<LayerGeometry>, opacities: SharedPointer<Float>?, threads: Int,
        options: BatchOptions
    ) throws(BatchError) {
        let nodes = chunk.nodes, property = chunk.property
        var times = nodes.map { localTimes[$0] }, writes = chunk.alive
        if !chunk.chains.isEmpty {
            for (k, chain) in chunk.chains.enumerated() where writes[k] && !chain.isEmpty {
                var t: Double? = times[k]
                for (j, group) in chain.enumerated() { t = t.flatMap { group.childTime(atParentTime: $0, isGroupChild: j > 0) } }
                if let t { times[k] = t } else { writes[k] = false }
            }
        }
        let alive = writes
        switch chunk.kernel {
        case .scalar:
            presentScalars(chunk, of: batch, times: times, writes: alive, geometries: g, opacities: opacities)
        case .transforms(let animations):
            var transforms = Array.filled(count: nodes.count) { c in
                for (k, node) in nodes.enumerated() { (c.baseAddress! + k).initialize(to: property.transform(in: g[node])) }
            }
            try times.withUnsafeBufferPointer { ts throws(BatchError) in
                try transforms.withUnsafeMutableBufferPointer { current throws(BatchError) in
                    try animations.evaluate(atParentTimes: ts, over: UnsafeBufferPointer(current), into: current, options: options)
                }
            }
            transforms.withUnsafeBufferPointer { tb in
                guard let tbb = tb.baseAddress, let gb = g.baseAddress else { return }
                let pt = SharedReadPointer(base: tbb), pg = SharedPointer(base: gb)
                chunks(count: nodes.count, threads: threads) { r in
                    for k in r where alive[k] { property.setTransform(pt.base[k], in: &pg.base[nodes[k]]) }
                }
            }
        case .transformParts(let keyPath, let animations, let readsCurrent):
            try presentParts(
                keyPath, of: property, nodes: nodes, alive: alive, animations, readsCurrent: readsCurrent, times: times,
                geometries: g, options: options)
        case .values(let animations):
            let w = animations.width
            var rows = [Double](repeating: 0, count: nodes.count * w)
            rows.withUnsafeMutableBufferPointer { r in
                for (k, node) in nodes.enumerated() { property.read(g[node], into: r.baseAddress! + k * w) }
            }
            try times.withUnsafeBufferPointer { ts throws(BatchError) in
                try rows.withUnsafeMutableBufferPointer { current throws(BatchError) in
                    try animations.evaluate(atParentTimes: ts, over: UnsafeBufferPointer(current), into: current, options: options)
                }
            }
            rows.withUnsafeBufferPointer { r in
                for (k, node) in nodes.enumerated() where alive[k] { property.write(r.baseAddress! + k * w, into: &g[node]) }
            }
        case .opacities(let animations):
            guard let opacities else { return }
            var rows = nodes.map { Double(opacities.base[$0]) }
            try times.withUnsafeBufferPointer { ts throws(BatchError) in
                try rows.withUnsafeMutableBufferPointer { current throws(BatchError) in
                    try animations.evaluate(atParentTimes: ts, over: UnsafeBufferPointer(current), into: current, options: options)
                }
            }
            // As the layer stores it: each animation of the fold starts from the rounded value.
            for (k, node) in nodes.enumerated() where alive[k] { opacities.base[node] = Float(rows[k]) }
        }
    }

    /// The scalar lane: each written slot's animation by the reference's value function over the columns (a flag), or
    /// the turn a keyframe path with a rotation mode gives the transform where the path writes its value.
    private static func presentScalars(
        _ chunk: AnimationRecords.Chunk, of batch: PresentationBatch, times: [Double], writes: [Bool],
        geometries g: UnsafeMutableBufferPointer<LayerGeometry>, opacities: SharedPointer<Float>?
    ) {
        let property = chunk.property
        for (k, node) in chunk.nodes.enumerated() where writes[k] {
            let animation = chunk.animations[k]
            guard let target = animation.target?.property else { continue }
            let evaluation = animation.evaluation(at: times[k], isGroupChild: !chunk.chains.isEmpty && !chunk.chains[k].isEmpty)
            guard evaluation.contributes else { continue }
            let model = target.value(in: batch.model.geometries[node], opacity: batch.modelOpacities[node])
            var opacity = opacities?.base[node] ?? batch.modelOpacities[node]
            if property == target {
                let current = target.value(in: g[node], opacity: opacity)
                if let value = animation.value(at: evaluation, model: model, current: current) {
                    target.set(value, in: &g[node], opacity: &opacity)
                }
                opacities?.base[node] = opacity
            } else if animation.value(at: evaluation, model: model, current: model) != nil,
                let theta = animation.pathRotation(at: evaluation, model: model)
            {
                g[node].transform = g[node].transform.rotated(by: theta, x: 0, y: 0, z: 1)
            }
        }
    }

    /// One chunk of transform key-path animations over geometries `g`: the current transforms, their parts where an
    /// additive animation reads them, the parts' values in scalar lanes, then the key-path write of the contributing
    /// ones (`Batch.setting`: decomposition and recomposition in vector lanes) — each step the reference's, so the
    /// transforms are `PropertyAnimation.value(at:model:current:)`'s, bit for bit.
    fileprivate static func presentParts(
        _ keyPath: TransformKeyPath, of property: AnimatedKeyPath.Property, nodes: [Int], alive: [Bool],
        _ animations: ValueAnimationBatch, readsCurrent: Bool, times: [Double],
        geometries g: UnsafeMutableBufferPointer<LayerGeometry>, options: BatchOptions
    ) throws(BatchError) {
        let n = nodes.count, w = animations.width
        let currents = nodes.map { property.transform(in: g[$0]) }
        var rows = [Double](repeating: 0, count: n * w), contributes = [Bool](repeating: false, count: n)
        var parts: [TransformKeyPathValue] = []
        if readsCurrent {
            parts = try values(for: keyPath, of: currents, options: options)
            for (k, part) in parts.enumerated() { part.write(into: &rows, at: k * w) }
        }
        try times.withUnsafeBufferPointer { ts throws(BatchError) in
            try rows.withUnsafeMutableBufferPointer { r throws(BatchError) in
                try contributes.withUnsafeMutableBufferPointer { c throws(BatchError) in
                    try evaluate(
                        animations, times: .each(SharedReadPointer(base: ts.baseAddress!)),
                        over: readsCurrent ? SharedReadPointer(base: r.baseAddress!) : nil, into: r, contributes: c, options: options)
                }
            }
        }
        let written = contributes.indices.filter { contributes[$0] && alive[$0] }
        guard !written.isEmpty else { return }
        let values = written.map { k in w == 1 ? TransformKeyPathValue.number(rows[k]) : .size(width: rows[2 * k], height: rows[2 * k + 1])
        }
        let results = try setting(keyPath, of: written.map { currents[$0] }, to: values, options: options).transforms
        for (j, k) in written.enumerated() { property.setTransform(results[j], in: &g[nodes[k]]) }
    }
}

extension TransformKeyPathValue {
    /// Writes the number, or the size's width and height, at `rows[offset...]`.
    fileprivate func write(into rows: inout [Double], at offset: Int) {
        switch self {
        case .number(let x): rows[offset] = x
        case .size(let width, let height): (rows[offset], rows[offset + 1]) = (width, height)
        case .transform: break
        }
    }
}

extension AnimatedKeyPath.Property {
    /// The property's position in `allCases` (a switch: the enum's synthesized hashing goes through its raw string).
    var ordinal: Int {
        switch self {
        case .position: 0
        case .bounds: 1
        case .anchorPoint: 2
        case .anchorPointZ: 3
        case .zPosition: 4
        case .opacity: 5
        case .transform: 6
        case .sublayerTransform: 7
        case .hidden: 8
        case .masksToBounds: 9
        }
    }

    /// Whether the property is a whole transform (`transform`, `sublayerTransform`).
    var isTransform: Bool { self == .transform || self == .sublayerTransform }

    /// A transform property's value in a layer's geometry (`transform` for the other properties).
    func transform(in g: LayerGeometry) -> Transform3D { self == .sublayerTransform ? g.sublayerTransform : g.transform }

    /// Sets a transform property's geometry field (`transform` for the other properties).
    func setTransform(_ t: Transform3D, in g: inout LayerGeometry) {
        if self == .sublayerTransform { g.sublayerTransform = t } else { g.transform = t }
    }

    /// The property's value in a layer's geometry, as the reference reads it from the layer (opacity, which
    /// geometry does not hold, reads as 1).
    func value(in g: LayerGeometry) -> AnimationValue {
        value(in: g, opacity: 1)
    }

    /// Reads a value property's components (x, y, width, height: `value(in:)`'s, as many as its kind has)
    /// from a layer's geometry into `row`, without making the value.
    func read(_ g: LayerGeometry, into row: UnsafeMutablePointer<Double>) {
        switch self {
        case .position: (row[0], row[1]) = (Double(g.position.x), Double(g.position.y))
        case .bounds:
            (row[0], row[1], row[2], row[3]) = (
                Double(g.bounds.origin.x), Double(g.bounds.origin.y), Double(g.bounds.size.width), Double(g.bounds.size.height)
            )
        case .anchorPoint: (row[0], row[1]) = (Double(g.anchorPoint.x), Double(g.anchorPoint.y))
        case .anchorPointZ: row[0] = Double(g.anchorPointZ)
        case .zPosition: row[0] = Double(g.zPosition)
        case .opacity: row[0] = 1
        case .transform, .sublayerTransform, .hidden, .masksToBounds: break
        }
    }

    /// Writes a value's components (x, y, width, height) into the property's geometry field, as the
    /// reference sets it on the layer.
    func write(_ row: UnsafePointer<Double>, into g: inout LayerGeometry) {
        func c(_ k: Int) -> Double { row[k] }
        switch self {
        case .position: g.position = CGPoint(x: c(0), y: c(1))
        case .bounds: g.bounds = CGRect(x: c(0), y: c(1), width: c(2), height: c(3))
        case .anchorPoint: g.anchorPoint = CGPoint(x: c(0), y: c(1))
        case .anchorPointZ: g.anchorPointZ = CGFloat(c(0))
        case .zPosition: g.zPosition = CGFloat(c(0))
        case .opacity, .transform, .sublayerTransform, .hidden, .masksToBounds: break
        }
    }
}

extension PresentationBatch {
    /// The presentation tree of the batch's layers at global media time `t`: node i's geometry is the one
    /// `root.presentation(at: t)` gives that layer, bit for bit, and frames, conversions and hit tests run on
    /// it as on any `LayerTree` (`Batch.frames(of:options:)`,
    /// `Batch.hitTest(_:in:options:)`). Paths: `.scalar` (the reference per layer);
    /// `.simd` (transform animations in vector lanes: bit-identical); `.blas` throws. The animation batches
    /// and the new tree's level maps split over `threads` as any batch does. Cost: O(layers + animations):
    /// per layer a copy of its geometry and a level map (up to seven 4×4 products and a 3×3 inverse), on
    /// fresh storage; a frame loop that keeps its tree reuses it with
    /// ``evaluate(atMediaTime:into:options:)``.
    public func evaluate(atMediaTime t: Double, options: BatchOptions = .auto) throws(BatchError) -> LayerTree {
        let model = self.model
        var levelMaps: [LevelMap] = []
        // The result's storage asks for huge pages (Array.filled): it is fresh memory every call.
        let frame = try FrameContext(self, atMediaTime: t, options: options.exactPrecision)
        let geometries = try [LayerGeometry].filled(count: model.count) { g throws(BatchError) in
            Batch.copyModel(self, into: g, threads: frame.threads)
            levelMaps = try [LevelMap].filled(count: model.count) { m throws(BatchError) in
                try Batch.present(self, in: frame, options: options.exactPrecision, geometries: g, levelMaps: m)
            }
        }
        return model.replacingGeometries(geometries, levelMaps: levelMaps)!
    }

    /// ``evaluate(atMediaTime:options:)`` written over `tree`: the same tree, bit for bit,
    /// in `tree`'s own storage when `tree` came from this batch (an earlier frame's result, or the batch's
    /// `model`) and nothing else holds it — a frame loop then allocates no tree per frame. Any other tree takes the
    /// batch's shape, keeping its storage where nothing else holds it. The errors (an unavailable path or instruction set, a bad thread count) are
    /// thrown before anything is written.
    public func evaluate(atMediaTime t: Double, into tree: inout LayerTree, options: BatchOptions = .auto) throws(BatchError) {
        try Batch.presentation(self, atMediaTime: t, into: &tree, transforms: nil, options: options)
    }
}
