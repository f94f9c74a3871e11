import CAMathAnimation
import CAMathAnimationBatch
@_spi(Benchmarks) import CAMathBatch
import CAMathCore
import CAMathLayer

/// A layer tree's animations as records, grouped in prepared chunks, edited one layer at a time.
///
/// Each property animation is a record: its layer (node), the animation, the groups it runs in (outermost first:
/// a group's children are records of their own, whose time is the group's child time), and the fold it belongs to —
/// its ``Key``: the property, its position among the layer's animations of that property (the k-th `position`
/// animation folds over the (k−1)-th's result), and its part — a transform key path, the whole value, or the scalar
/// lane (flags, which take no arithmetic, and the turn a keyframe path's rotation mode gives the transform, a record
/// of the transform fold at the path animation's place). The records of one key live in chunks, each a prepared
/// animation batch over its records (or, in the scalar lane, the animations themselves) with a live flag per slot. A
/// layer with an animation of another class (a subclass, which may apply itself in any way) has no record: the
/// reference folds it whole (``referenceNodes``).
///
/// Editing a layer's animations (added, replaced, finished, removed, or its model changed under them) drops its
/// records (their slots die) and queues its new ones; ``commit(model:opacities:instructionSet:)`` prepares the
/// queued records of each key as one new chunk. Small chunks merge as a binary counter does (a chunk at least half
/// its older neighbour's size joins it, up to ``mergeLimit`` records), so a record is prepared O(log mergeLimit)
/// times; a chunk whose records are three quarters dead is prepared again with the live ones, and a dead chunk is
/// freed. An edit therefore costs O(the layer's animations) amortised, whatever the tree's size, and no edit
/// prepares the tree again. Made at once, a tree's records form chunks of up to ``buildLimit`` records.
struct AnimationRecords {
    /// The fold a record belongs to: property, position among the layer's animations of that property, part.
    struct Key: Hashable, Comparable {
        /// The property's `AnimatedKeyPath.Property.ordinal`.
        let property: Int
        /// The record's position among its layer's animations of this property.
        let depth: Int
        /// The transform key path it writes (its `TransformKeyPath.allCases` index), ``whole`` or ``scalar``.
        let part: Int

        /// The part of a record of the whole value.
        static let whole = -1
        /// The part of a record of the scalar lane: a flag, or a keyframe path's turn of the transform.
        static let scalar = -2

        static func < (a: Key, b: Key) -> Bool { (a.property, a.depth, a.part) < (b.property, b.depth, b.part) }
    }

    /// A chunk's prepared animations, by the kind of value they write.
    enum Kernel {
        /// Whole transforms (`transform`, `sublayerTransform`).
        case transforms(TransformAnimationBatch)
        /// One transform key path's parts in scalar lanes; `readsCurrent` when one is additive.
        case transformParts(TransformKeyPath, ValueAnimationBatch, readsCurrent: Bool)
        /// Values of the geometry (`position`, `bounds`, …).
        case values(ValueAnimationBatch)
        /// `opacity`, over the opacity column.
        case opacities(ValueAnimationBatch)
        /// The scalar lane: each animation's value by the reference's value function (no batch), over the columns.
        case scalar
    }

    /// Prepared records of one key: slot k is node `nodes[k]`'s animation `animations[k]`, in the groups `chains[k]`
    /// (`chains` is empty when no slot is in a group), live while `alive[k]`.
    struct Chunk {
        let key: Key
        fileprivate(set) var nodes: [Int]
        let animations: [PropertyAnimation]
        let chains: [[AnimationGroup]]
        fileprivate(set) var alive: [Bool]
        fileprivate(set) var live: Int
        let kernel: Kernel

        /// The property the chunk's animations write.
        var property: AnimatedKeyPath.Property { AnimatedKeyPath.Property.allCases[key.property] }
    }

    /// The largest chunk a merge makes. Merges exist to keep small edits from leaving many tiny chunks (each costs a
    /// batch call per frame); a chunk of a few hundred records costs little more per record than a large one, and
    /// merging large chunks would prepare records again that may soon die (an edit of many layers makes one chunk).
    static let mergeLimit = 256
    /// The largest chunk a preparation of many records at once makes.
    static let buildLimit = 1 << 17

    /// Chunks by identifier (`nil`: free), and the free identifiers.
    private(set) var chunks: [Chunk?] = []
    private var freeChunks: [Int] = []
    /// Each key's chunks, oldest first, and every live chunk in evaluation order (by key, then age).
    private var chunkLists: [Key: [Int]] = [:]
    private(set) var order: [Int] = []
    /// Each node's records, a list through `next` (−1 ends it): the chunk and slot of each.
    private var head: [Int32]
    private var recordChunk: [Int32] = [], recordSlot: [Int32] = [], recordNext: [Int32] = []
    private var freeRecord: Int32 = -1
    /// Whether each node is folded whole by the reference.
    private var isReference: [Bool]
    /// The nodes the reference folds, and every node with a record or folded by the reference, in the tree's order.
    private(set) var referenceNodes: [Int] = []
    private(set) var animatedNodes: [Int] = []
    /// Records queued since the last commit, by key, and the nodes edited since.
    private var pending: [Key: PendingRecords] = [:]
    private var edited: [Int] = []
    /// Chunks that lost records since the last commit.
    private var thinned: Set<Int> = []
    /// Where the records' preparations are counted: shared by the records a render tree's batches carry from one
    /// shape of the tree to the next (``renumber(_:count:)``), so a count that stops growing or starts again shows that
    /// records were prepared elsewhere.
    final class Ledger {
        /// How many records were prepared (each time a chunk was made over them).
        var prepared = 0
        init() {}
    }
    let ledger: Ledger

    /// No records, for a tree of `count` nodes, counting their preparations in `ledger`.
    init(count: Int, ledger: Ledger) {
        self.ledger = ledger
        head = [Int32](repeating: -1, count: count)
        isReference = [Bool](repeating: false, count: count)
    }

    /// Whether the reference folds node `node`'s animations whole.
    func evaluatesByReference(_ node: Int) -> Bool { isReference[node] }

    /// Whether node `node` has a record or is folded by the reference.
    func isAnimated(_ node: Int) -> Bool { head[node] >= 0 || isReference[node] }

    /// Drops node `node`'s records (their slots die) and its reference fold. O(its records).
    mutating func remove(_ node: Int) {
        var r = head[node]
        guard r >= 0 || isReference[node] else { return }
        edited.append(node)
        isReference[node] = false
        while r >= 0 {
            let id = Int(recordChunk[Int(r)]), slot = Int(recordSlot[Int(r)]), next = recordNext[Int(r)]
            chunks[id]!.alive[slot] = false
            chunks[id]!.live -= 1
            thinned.insert(id)
            recordNext[Int(r)] = freeRecord
            freeRecord = r
            r = next
        }
        head[node] = -1
    }

    /// Follows a change of the tree's shape: node `old` is node `newIndex[old]` of a tree of `count` nodes now, or
    /// left it (−1). The records of the nodes that left die; every other record stays where it was prepared, under
    /// its node's new index (a dead slot is given node 0, so that a chunk's columns stay in range). Queued records
    /// (none after a commit) follow their nodes. Cost: O(nodes + slots of the chunks), no preparation.
    mutating func renumber(_ newIndex: [Int], count: Int) {
        for old in newIndex.indices where newIndex[old] < 0 { remove(old) }
        for id in chunks.indices where chunks[id] != nil {
            let alive = chunks[id]!.alive
            chunks[id]!.nodes.withUnsafeMutableBufferPointer { nodes in
                for k in nodes.indices { nodes[k] = alive[k] ? newIndex[nodes[k]] : 0 }
            }
        }
        var newHead = [Int32](repeating: -1, count: count), newIsReference = [Bool](repeating: false, count: count)
        for old in newIndex.indices where newIndex[old] >= 0 {
            newHead[newIndex[old]] = head[old]
            newIsReference[newIndex[old]] = isReference[old]
        }
        (head, isReference) = (newHead, newIsReference)
        for key in pending.keys {
            let queued = pending[key]!
            var kept = PendingRecords()
            for (k, node) in queued.nodes.enumerated() where newIndex[node] >= 0 {
                kept.append(newIndex[node], queued.animations[k], chain: queued.chains.isEmpty ? [] : queued.chains[k])
            }
            pending[key] = kept.nodes.isEmpty ? nil : kept
        }
        edited = edited.compactMap { newIndex[$0] >= 0 ? newIndex[$0] : nil }
        animatedNodes = (0..<count).filter { newHead[$0] >= 0 || newIsReference[$0] }
        referenceNodes = (0..<count).filter { newIsReference[$0] }
    }

    /// Queues node `node`'s records for `animations` (its attached ones, in order; it has none now), or marks it
    /// folded by the reference when one of them is of a class the records do not take. O(animations).
    mutating func add(_ node: Int, animations: [LayerAnimation]) {
        guard !animations.isEmpty else { return }
        edited.append(node)
        guard animations.allSatisfy(Self.recordsTake) else {
            isReference[node] = true
            return
        }
        var depths = SIMD16<Int32>()
        func enqueue(_ animation: PropertyAnimation, chain: [AnimationGroup]) {
            // No target: the animation animates nothing.
            guard let property = animation.target?.property else { return }
            func record(_ p: Int, part: Int) {
                let depth = Int(depths[p])
                depths[p] += 1
                pending[Key(property: p, depth: depth, part: part), default: PendingRecords()].append(node, animation, chain: chain)
            }
            var part = property.isFlag ? Key.scalar : Key.whole
            if property.isTransform, animation.valueFunction == nil, let keyPath = animation.transformKeyPath {
                part = TransformKeyPath.allCases.firstIndex(of: keyPath)!
            }
            record(property.ordinal, part: part)
            if let keyframes = animation as? KeyframeAnimation, keyframes.path != nil, keyframes.rotationMode != nil {
                record(AnimatedKeyPath.Property.transform.ordinal, part: Key.scalar)
            }
        }
        func enqueue(_ animations: [LayerAnimation], chain: [AnimationGroup]) {
            for animation in animations {
                if let group = animation as? AnimationGroup {
                    enqueue(group.animations ?? [], chain: chain + [group])
                } else if let property = animation as? PropertyAnimation {
                    enqueue(property, chain: chain)
                }
            }
        }
        enqueue(animations, chain: [])
    }

    /// Whether the records take `animation`: a basic, spring or keyframe animation, a transition (which changes no
    /// geometry) or a group of such — exactly those classes: a subclass may apply itself in any way.
    private static func recordsTake(_ animation: LayerAnimation) -> Bool {
        let kind = type(of: animation)
        if kind == AnimationGroup.self { return ((animation as! AnimationGroup).animations ?? []).allSatisfy(recordsTake) }
        return kind == BasicAnimation.self || kind == SpringAnimation.self || kind == KeyframeAnimation.self
            || kind == TransitionAnimation.self
    }

    /// Prepares the queued records (one new chunk per key, or several of ``buildLimit``), merges and compacts
    /// chunks, and updates the node lists, reading the models of the queued nodes from `model` and `opacities`.
    /// Throws what an animation batch's preparation throws (an unavailable instruction set), before changing
    /// anything for that chunk. Cost: O(queued records + the records of the chunks merged or compacted + the
    /// animated nodes when some node stopped or started being animated).
    mutating func commit(model: LayerTree, opacities: [Float], instructionSet: InstructionSet?) throws(BatchError) {
        guard !pending.isEmpty || !edited.isEmpty else { return }
        for key in pending.keys.sorted() {
            let records = pending[key]!
            var lo = 0
            while lo < records.nodes.count {
                let hi = min(records.nodes.count, lo + Self.buildLimit)
                try install(
                    key, nodes: Array(records.nodes[lo..<hi]), animations: Array(records.animations[lo..<hi]),
                    chains: records.chains.isEmpty ? [] : Array(records.chains[lo..<hi]), model: model, opacities: opacities,
                    instructionSet: instructionSet)
                lo = hi
            }
            pending[key] = nil
            try merge(key, model: model, opacities: opacities, instructionSet: instructionSet)
        }
        for id in thinned.sorted() {
            guard let chunk = chunks[id] else { continue }
            if chunk.live == 0 {
                release(id)
            } else if chunk.live * 4 <= chunk.nodes.count {
                try repack([id], model: model, opacities: opacities, instructionSet: instructionSet)
            }
        }
        thinned.removeAll(keepingCapacity: true)
        order = chunkLists.keys.sorted().flatMap { chunkLists[$0]! }
        let touched = SortedNodes.normalized(edited)
        edited.removeAll(keepingCapacity: true)
        let head = head, isReference = isReference
        animatedNodes = SortedNodes.union(animatedNodes, touched) { head[$0] >= 0 || isReference[$0] }
        referenceNodes = SortedNodes.union(referenceNodes, touched) { isReference[$0] }
    }

    /// A new chunk of `key` over `nodes`' `animations` in `chains` (each node's only record of this key), newest of its
    /// key.
    private mutating func install(
        _ key: Key, nodes: [Int], animations: [PropertyAnimation], chains: [[AnimationGroup]], model: LayerTree,
        opacities: [Float], instructionSet: InstructionSet?
    ) throws(BatchError) {
        let kernel = try Self.kernel(
            key, nodes: nodes, animations: animations, chains: chains, model: model, opacities: opacities,
            instructionSet: instructionSet)
        ledger.prepared += nodes.count
        let chunk = Chunk(
            key: key, nodes: nodes, animations: animations, chains: chains, alive: [Bool](repeating: true, count: nodes.count),
            live: nodes.count, kernel: kernel)
        let id: Int
        if let free = freeChunks.popLast() { id = free; chunks[id] = chunk } else { id = chunks.count; chunks.append(chunk) }
        chunkLists[key, default: []].append(id)
        for (slot, node) in nodes.enumerated() {
            let r: Int32
            if freeRecord >= 0 {
                r = freeRecord
                freeRecord = recordNext[Int(r)]
                (recordChunk[Int(r)], recordSlot[Int(r)], recordNext[Int(r)]) = (Int32(id), Int32(slot), head[node])
            } else {
                r = Int32(recordChunk.count)
                recordChunk.append(Int32(id)); recordSlot.append(Int32(slot)); recordNext.append(head[node])
            }
            head[node] = r
        }
    }

    /// Frees chunk `id` (every record of it dead) and takes it out of its key's list.
    private mutating func release(_ id: Int) {
        let key = chunks[id]!.key
        chunkLists[key]!.removeAll { $0 == id }
        if chunkLists[key]!.isEmpty { chunkLists[key] = nil }
        chunks[id] = nil
        freeChunks.append(id)
    }

    /// Merges `key`'s newest chunks while the newest holds at least half the live records of the one before and
    /// the two fit in ``mergeLimit``.
    private mutating func merge(_ key: Key, model: LayerTree, opacities: [Float], instructionSet: InstructionSet?) throws(BatchError) {
        while let list = chunkLists[key], list.count >= 2 {
            let older = chunks[list[list.count - 2]]!, newer = chunks[list[list.count - 1]]!
            guard older.live <= 2 * newer.live, older.live + newer.live <= Self.mergeLimit else { return }
            try repack([list[list.count - 2], list[list.count - 1]], model: model, opacities: opacities, instructionSet: instructionSet)
        }
    }

    /// Prepares the live records of chunks `ids` (of one key, adjacent in its list, oldest first) as one chunk in
    /// their place; their records move to it.
    private mutating func repack(_ ids: [Int], model: LayerTree, opacities: [Float], instructionSet: InstructionSet?) throws(BatchError) {
        var records = PendingRecords()
        for id in ids {
            let chunk = chunks[id]!
            for k in chunk.nodes.indices where chunk.alive[k] {
                records.append(chunk.nodes[k], chunk.animations[k], chain: chunk.chains.isEmpty ? [] : chunk.chains[k])
            }
        }
        let (nodes, animations, chains) = (records.nodes, records.animations, records.chains)
        let key = chunks[ids[0]]!.key
        let kernel = try Self.kernel(
            key, nodes: nodes, animations: animations, chains: chains, model: model, opacities: opacities,
            instructionSet: instructionSet)
        ledger.prepared += nodes.count
        // The new chunk takes the first's identifier; each moved record is found in its node's list.
        let id = ids[0]
        let moved = Set(ids)
        for (slot, node) in nodes.enumerated() {
            var r = head[node]
            while r >= 0 {
                if moved.contains(Int(recordChunk[Int(r)])) {
                    (recordChunk[Int(r)], recordSlot[Int(r)]) = (Int32(id), Int32(slot))
                    break
                }
                r = recordNext[Int(r)]
            }
        }
        chunks[id] = Chunk(
            key: key, nodes: nodes, animations: animations, chains: chains, alive: [Bool](repeating: true, count: nodes.count),
            live: nodes.count, kernel: kernel)
        for other in ids.dropFirst() {
            chunkLists[key]!.removeAll { $0 == other }
            chunks[other] = nil
            freeChunks.append(other)
            thinned.remove(other)
        }
    }

    /// The prepared batch of `key`'s records over `nodes`' models (`chains`: their groups, or empty when none is in one).
    private static func kernel(
        _ key: Key, nodes: [Int], animations: [PropertyAnimation], chains: [[AnimationGroup]], model: LayerTree,
        opacities: [Float], instructionSet: InstructionSet?
    ) throws(BatchError) -> Kernel {
        guard key.part != Key.scalar else { return .scalar }
        let property = AnimatedKeyPath.Property.allCases[key.property]
        let geometries = model.geometries, groupChildren = chains.map { !$0.isEmpty }
        if property.isTransform {
            if key.part >= 0 {
                let keyPath = TransformKeyPath.allCases[key.part]
                let target = AnimatedKeyPath(property: property, part: .transform(keyPath))
                let models = nodes.map { target.read(.transform(property.transform(in: geometries[$0])))! }
                return .transformParts(
                    keyPath, try ValueAnimationBatch(animations, models: models, copying: false, groupChildren: groupChildren),
                    readsCurrent: animations.contains(where: \.isAdditive))
            }
            return .transforms(
                try TransformAnimationBatch(
                    animations, models: nodes.map { property.transform(in: geometries[$0]) },
                    instructionSet: instructionSet, copying: false, groupChildren: groupChildren))
        }
        if property == .opacity {
            return .opacities(
                try ValueAnimationBatch(
                    animations, models: nodes.map { .number(Double(opacities[$0])) }, copying: false,
                    groupChildren: groupChildren))
        }
        return .values(
            try ValueAnimationBatch(
                animations, models: nodes.map { property.value(in: geometries[$0]) }, copying: false,
                groupChildren: groupChildren))
    }
}

/// Records of one key queued for the next commit, in the order they were added (`chains` stays empty until one is
/// in a group).
private struct PendingRecords {
    var nodes: [Int] = []
    var animations: [PropertyAnimation] = []
    var chains: [[AnimationGroup]] = []

    mutating func append(_ node: Int, _ animation: PropertyAnimation, chain: [AnimationGroup]) {
        if !chain.isEmpty || !chains.isEmpty {
            chains += repeatElement([], count: nodes.count - chains.count)
            chains.append(chain)
        }
        nodes.append(node)
        animations.append(animation)
    }
}
