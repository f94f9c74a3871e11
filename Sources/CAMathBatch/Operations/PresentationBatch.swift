import CAMathAnimation
import CAMathCore
import CAMathLayer
import Foundation

/// A layer tree's animations prepared to compute its presentation tree at any global time
/// (``Batch/presentation(_:atMediaTime:path:threads:instructionSet:)``), for bulk frames and hit tests on it.
///
/// The animations of each geometry property are evaluated in batches, one per property and position in
/// the layer's list of that property's animations (the k-th `position` animation of every layer together,
/// folded over the (k−1)-th's results): ``TransformAnimationBatch`` for `transform` and `sublayerTransform`,
/// ``ValueAnimationBatch`` for `position`, `bounds`, `anchorPoint`, `anchorPointZ` and `zPosition`. The
/// fold is per property because an animation reads and writes only its own property; `opacity` is not
/// geometry and is left out. A layer with an animation that acts across properties or is not a property
/// animation (a group, a keyframe path with a rotation mode) is evaluated whole by the reference
/// (`Layer.presentation(at:)`'s fold for that layer). The model values are read when the batch is made:
/// make it again after changing the model or the animations. It holds the model layers, so it belongs to
/// the thread that owns the tree, as `Layer` does.
public struct PresentationBatch {
    /// One batch of the fold: the k-th animation of one property on every node that has one.
    enum Stage {
        case transforms(WritableKeyPath<LayerGeometry, Transform3D>, nodes: [Int], TransformAnimationBatch)
        case values(AnimatedKeyPath.Property, nodes: [Int], ValueAnimationBatch)
    }

    /// The model tree, in `LayerTree`'s node order.
    public let model: LayerTree
    let root: Layer
    let layers: [Layer]
    /// Each node's clock (begin time, speed, offset).
    let clocks: [MediaTimingParameters]
    /// The nodes evaluated by the reference.
    let referenceNodes: [Int]
    /// The stages, property by property, k = 0, 1, … within each.
    let stages: [Stage]

    /// Prepares the animations of `root`'s subtree. Cost: O(layers + animations), the transform animations'
    /// decompositions included.
    public init(root: Layer, instructionSet: InstructionSet? = nil) throws(BatchError) {
        self.root = root
        let model = LayerTree(root: root)
        self.model = model
        layers = LayerTree.layers(of: root)
        clocks = layers.map(\.clock)
        let properties = AnimatedKeyPath.Property.allCases.filter { $0 != .opacity }
        var reference: [Int] = [], lists = [[AnimatedKeyPath.Property: [PropertyAnimation]]](repeating: [:], count: layers.count)
        for (node, layer) in layers.enumerated() {
            for animation in layer.attachedAnimations {
                guard let property = animation as? PropertyAnimation,
                      !((property as? KeyframeAnimation).map { $0.path != nil && $0.rotationMode != nil } ?? false) else {
                    reference.append(node)
                    lists[node] = [:]
                    break
                }
                // No target: the animation animates nothing.
                guard let target = property.target, target.property != .opacity else { continue }
                lists[node][target.property, default: []].append(property)
            }
        }
        referenceNodes = reference
        var stages: [Stage] = []
        for property in properties {
            for k in 0..<(lists.map { $0[property]?.count ?? 0 }.max() ?? 0) {
                let nodes = lists.indices.filter { (lists[$0][property]?.count ?? 0) > k }
                let animations = nodes.map { lists[$0][property]![k] }
                if let field = property.transformField {
                    stages.append(.transforms(field, nodes: nodes, try TransformAnimationBatch(animations, models: nodes.map { model.geometries[$0][keyPath: field] },
                                                                                               instructionSet: instructionSet)))
                } else {
                    stages.append(.values(property, nodes: nodes, try ValueAnimationBatch(animations, models: nodes.map { property.value(in: model.geometries[$0]) })))
                }
            }
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
            for stage in batch.stages {
                switch stage {
                case .transforms(let field, let nodes, let animations):
                    let times = nodes.map { batch.clocks[$0].localTime(fromParent: parentTimes[$0]) }
                    var transforms = nodes.map { geometries[$0][keyPath: field] }
                    try times.withUnsafeBufferPointer { ts throws(BatchError) in
                        try transforms.withUnsafeMutableBufferPointer { current throws(BatchError) in
                            try evaluate(animations, atParentTimes: ts, over: UnsafeBufferPointer(current), into: current, path: .simd,
                                         threads: threads, instructionSet: instructionSet)
                        }
                    }
                    for (k, node) in nodes.enumerated() { geometries[node][keyPath: field] = transforms[k] }
                case .values(let property, let nodes, let animations):
                    let times = nodes.map { batch.clocks[$0].localTime(fromParent: parentTimes[$0]) }
                    var rows = nodes.flatMap { property.value(in: geometries[$0]).components! }
                    try times.withUnsafeBufferPointer { ts throws(BatchError) in
                        try rows.withUnsafeMutableBufferPointer { current throws(BatchError) in
                            try evaluate(animations, atParentTimes: ts, over: UnsafeBufferPointer(current), into: current, path: .simd,
                                         threads: threads, instructionSet: instructionSet)
                        }
                    }
                    let w = animations.width
                    for (k, node) in nodes.enumerated() { property.write(rows[(k * w)..<((k + 1) * w)], into: &geometries[node]) }
                }
            }
        }
        return batch.model.replacingGeometries(geometries)!
    }
}

extension AnimatedKeyPath.Property {
    /// The geometry field of a transform property (`nil` for the others).
    var transformField: WritableKeyPath<LayerGeometry, Transform3D>? {
        switch self {
        case .transform: \.transform
        case .sublayerTransform: \.sublayerTransform
        default: nil
        }
    }

    /// The property's value in a layer's geometry, as the reference reads it from the layer (opacity, which
    /// geometry does not hold, reads as 1).
    func value(in g: LayerGeometry) -> AnimationValue {
        switch self {
        case .position: .point(g.position)
        case .bounds: .rect(g.bounds)
        case .anchorPoint: .point(g.anchorPoint)
        case .anchorPointZ: .number(Double(g.anchorPointZ))
        case .zPosition: .number(Double(g.zPosition))
        case .opacity: .number(1)
        case .transform: .transform(g.transform)
        case .sublayerTransform: .transform(g.sublayerTransform)
        }
    }

    /// Writes a value's components (x, y, width, height) into the property's geometry field, as the
    /// reference sets it on the layer.
    func write(_ row: ArraySlice<Double>, into g: inout LayerGeometry) {
        let i = row.startIndex
        func c(_ k: Int) -> Double { row[i + k] }
        switch self {
        case .position: g.position = CGPoint(x: c(0), y: c(1))
        case .bounds: g.bounds = CGRect(x: c(0), y: c(1), width: c(2), height: c(3))
        case .anchorPoint: g.anchorPoint = CGPoint(x: c(0), y: c(1))
        case .anchorPointZ: g.anchorPointZ = CGFloat(c(0))
        case .zPosition: g.zPosition = CGFloat(c(0))
        case .opacity, .transform, .sublayerTransform: break
        }
    }
}
