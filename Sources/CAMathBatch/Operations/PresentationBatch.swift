import CAMathAnimation
import CAMathCore
import CAMathLayer

/// A layer tree's animations prepared to compute its presentation tree at any global time
/// (``Batch/presentation(_:atMediaTime:path:threads:instructionSet:)``), for bulk frames and hit tests on it.
///
/// Layers whose animations all animate the whole `transform` have them evaluated in vector lanes, one
/// ``TransformAnimationBatch`` per position in the layers' animation lists (the k-th animation of every
/// layer together, folded over the (k−1)-th's results); every other animated layer is evaluated by the
/// reference (`Layer.presentation(at:)`'s fold for that layer). The model values are read when the batch
/// is made: make it again after changing the model or the animations. It holds the model layers, so it
/// belongs to the thread that owns the tree, as `Layer` does.
public struct PresentationBatch {
    /// The model tree, in `LayerTree`'s node order.
    public let model: LayerTree
    let root: Layer
    let layers: [Layer]
    /// Each node's clock (begin time, speed, offset).
    let clocks: [MediaTimingParameters]
    /// The nodes evaluated by the reference.
    let referenceNodes: [Int]
    /// Stage k: the nodes with a k-th transform animation, and those animations prepared.
    let stages: [(nodes: [Int], animations: TransformAnimationBatch)]

    /// Prepares the animations of `root`'s subtree. Cost: O(layers + animations), the transform animations'
    /// decompositions included.
    public init(root: Layer, instructionSet: InstructionSet? = nil) throws(BatchError) {
        self.root = root
        let model = LayerTree(root: root)
        self.model = model
        layers = LayerTree.layers(of: root)
        clocks = layers.map(\.clock)
        var reference: [Int] = [], lists: [[PropertyAnimation]] = []
        for (node, layer) in layers.enumerated() {
            let animations = layer.attachedAnimations
            let transforms = animations.compactMap { $0 as? PropertyAnimation }.filter {
                $0.target == AnimatedKeyPath("transform") && $0.valueFunction == nil
            }
            if transforms.count == animations.count {
                lists.append(transforms)
            } else {
                reference.append(node)
                lists.append([])
            }
        }
        referenceNodes = reference
        var stages: [(nodes: [Int], animations: TransformAnimationBatch)] = []
        for k in 0..<(lists.map(\.count).max() ?? 0) {
            let nodes = lists.indices.filter { lists[$0].count > k }
            let batch = try TransformAnimationBatch(nodes.map { lists[$0][k] }, models: nodes.map { model.geometries[$0].transform },
                                                    instructionSet: instructionSet)
            stages.append((nodes, batch))
        }
        self.stages = stages
    }

    /// The parent time of every node at global time `t`: the root's superlayer's local time (or `t`), then
    /// each node's parent's local time, root first.
    func parentTimes(atMediaTime t: Double) -> [Double] {
        var parent = [Double](repeating: 0, count: model.count), local = parent
        for i in 0..<model.count {
            parent[i] = model.parents[i] == LayerTree.noParent ? (root.superlayer?.localTime(atMediaTime: t) ?? t) : local[model.parents[i]]
            local[i] = clocks[i].localTime(fromParent: parent[i])
        }
        return parent
    }
}

extension Batch {
    /// The presentation tree of the batch's layers at global media time `t`: node i's geometry is the one
    /// `root.presentation(at: t)` gives that layer, bit for bit, and frames, conversions and hit tests run on
    /// it as on any `LayerTree` (``frames(of:into:path:precision:threads:instructionSet:)``,
    /// ``hitTest(_:in:into:path:threads:instructionSet:)``). Paths: `.scalar` (the reference per layer);
    /// `.simd` (transform animations in vector lanes: bit-identical); `.blas` throws. Cost: O(layers +
    /// animations).
    public static func presentation(_ batch: PresentationBatch, atMediaTime t: Double, path: BatchPath = .auto, threads: Int? = nil,
                                    instructionSet: InstructionSet? = nil) throws(BatchError) -> LayerTree {
        let (resolved, _, _) = try schedule(.presentationFrames, count: batch.model.count, path: path, threads: threads, instructionSet: instructionSet)
        let parentTimes = batch.parentTimes(atMediaTime: t)
        var geometries = batch.model.geometries
        let referenceNodes = resolved == .scalar ? Array(geometries.indices) : batch.referenceNodes
        for node in referenceNodes {
            geometries[node] = batch.layers[node].presentedCopy(atParentTime: parentTimes[node]).geometry
        }
        if resolved != .scalar {
            for (nodes, animations) in batch.stages {
                let times = nodes.map { batch.clocks[$0].localTime(fromParent: parentTimes[$0]) }
                var transforms = nodes.map { geometries[$0].transform }
                try times.withUnsafeBufferPointer { ts throws(BatchError) in
                    try transforms.withUnsafeMutableBufferPointer { current throws(BatchError) in
                        try evaluate(animations, atParentTimes: ts, over: UnsafeBufferPointer(current), into: current, path: .simd,
                                     threads: threads, instructionSet: instructionSet)
                    }
                }
                for (k, node) in nodes.enumerated() { geometries[node].transform = transforms[k] }
            }
        }
        return batch.model.replacingGeometries(geometries)!
    }
}
