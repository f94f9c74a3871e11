import CAMathCore
import Foundation

/// A flattened, index-based snapshot of a layer tree: geometries and parent indices in pre-order
/// (node 0 is the snapshot's root; every node's sublayers appear in `sublayers` order), with each
/// node's level map computed once. It is a value (`Sendable`) and the representation the batch module
/// vectorises.
///
/// Its results equal ``Layer``'s exactly: it runs the same ``LayerHierarchy`` algorithms on the same
/// level maps. The root's level map includes its real superlayer's `sublayerTransform`, so
/// ``hitTest(_:)`` equals `root.hitTest(_:)` even for a subtree. Conversions between node indices are
/// the ``LayerHierarchy`` ones (`tree.convert(p, from: i, to: j)`); there "root space" (`to: nil`) is
/// the space of the snapshot root's superlayer.
public struct LayerTree: Sendable {
    /// The parent index of the root.
    public static let noParent = -1

    /// Every node's geometry, in pre-order.
    public private(set) var geometries: [LayerGeometry]
    /// Every node's parent index (``noParent`` for node 0).
    public let parents: [Int]
    /// Every node's name (from ``Layer/name``).
    public let names: [String?]
    /// Every node's level map (homography to its superlayer's space and its inverse).
    public private(set) var levelMaps: [LevelMap]
    /// The sublayers of node `i` are `sublayerIndices[sublayerStart[i]..<sublayerStart[i + 1]]`.
    public let sublayerStart: [Int]
    /// The concatenated sublayer lists of all nodes, back to front.
    public let sublayerIndices: [Int]
    /// The geometry of the snapshot root's real superlayer (`nil` for a real root): its
    /// `sublayerTransform` acts on the root's map.
    public let rootSuperlayerGeometry: LayerGeometry?

    /// Snapshots the subtree of `root` in O(n) (iteratively, so any depth works).
    public init(root: Layer) {
        let (layers, parents) = Self.preorder(root)
        var childLists = [[Int]](repeating: [], count: layers.count)
        for (index, parent) in parents.enumerated() where parent != Self.noParent { childLists[parent].append(index) }
        var start = [0]
        for list in childLists { start.append(start[start.count - 1] + list.count) }
        self.init(
            geometries: layers.map(\.geometry), parents: parents, names: layers.map(\.name), sublayerStart: start,
            sublayerIndices: childLists.flatMap { $0 }, rootSuperlayerGeometry: root.superlayer?.geometry)
    }

    /// The layers of `root`'s subtree in the snapshot's order (pre-order, sublayers in order): node i is
    /// `layers(of: root)[i]`. O(n).
    public static func layers(of root: Layer) -> [Layer] { preorder(root).layers }

    /// The subtree's layers in pre-order with their parent indices, iteratively.
    static func preorder(_ root: Layer) -> (layers: [Layer], parents: [Int]) {
        var layers: [Layer] = [], parents: [Int] = []
        var stack: [(Layer, Int)] = [(root, Self.noParent)]
        while let (layer, parent) = stack.popLast() {
            parents.append(parent)
            layers.append(layer)
            let index = layers.count - 1
            for child in layer.sublayerNodes.reversed() { stack.append((child, index)) }
        }
        return (layers, parents)
    }

    /// The same tree with other geometries (node i's geometry `geometries[i]`, the level maps recomputed), or
    /// `nil` when the count differs: how a batch turns computed presentation values into a tree to run
    /// frames and hit tests on. Cost: O(n).
    public func replacingGeometries(_ geometries: [LayerGeometry]) -> LayerTree? {
        guard geometries.count == count else { return nil }
        return LayerTree(
            geometries: geometries, parents: parents, names: names, sublayerStart: sublayerStart,
            sublayerIndices: sublayerIndices, rootSuperlayerGeometry: rootSuperlayerGeometry)
    }

    /// The same tree with other geometries and their level maps, made by the caller with
    /// ``initializeLevelMaps(_:geometries:at:)`` (a batch computes them on its threads and storage), or `nil` when a count
    /// differs.
    package func replacingGeometries(_ geometries: [LayerGeometry], levelMaps: [LevelMap]) -> LayerTree? {
        guard geometries.count == count, levelMaps.count == count else { return nil }
        return LayerTree(
            geometries: geometries, parents: parents, names: names, sublayerStart: sublayerStart,
            sublayerIndices: sublayerIndices, rootSuperlayerGeometry: rootSuperlayerGeometry, levelMaps: levelMaps)
    }

    /// Initializes `out[i]` for the nodes i of `nodes` to node i's level map in this tree's shape with the
    /// geometries `geometries`: its geometry's map to its parent's (the snapshot root's real superlayer's for
    /// node 0). A loop of this module, so each map is built where it is stored (returned to another module,
    /// every map was copied once more). With `transforms`, `transforms[i]` also gets the 4×4 map the level map is
    /// made of (``transformToSuperlayer(of:)``), for a caller that composes world transforms. Cost: per node as
    /// ``LayerGeometry/levelMap(superlayer:)``. (A range and a list of nodes are two overloads, not one generic
    /// sequence: called from another module, a generic loop is not specialised and ran 1.5× slower.)
    package func initializeLevelMaps(
        _ nodes: Range<Int>, geometries: UnsafeBufferPointer<LayerGeometry>, at out: UnsafeMutablePointer<LevelMap>,
        transforms: UnsafeMutablePointer<Transform3D>? = nil
    ) {
        for i in nodes { initializeLevelMap(i, geometries: geometries, at: out, transforms: transforms) }
    }

    /// ``initializeLevelMaps(_:geometries:at:transforms:)`` for the nodes of a list.
    package func initializeLevelMaps(
        _ nodes: [Int], geometries: UnsafeBufferPointer<LayerGeometry>, at out: UnsafeMutablePointer<LevelMap>,
        transforms: UnsafeMutablePointer<Transform3D>? = nil
    ) {
        for i in nodes { initializeLevelMap(i, geometries: geometries, at: out, transforms: transforms) }
    }

    @inline(__always)
    private func initializeLevelMap(
        _ i: Int, geometries: UnsafeBufferPointer<LayerGeometry>, at out: UnsafeMutablePointer<LevelMap>,
        transforms: UnsafeMutablePointer<Transform3D>?
    ) {
        let f = Self.transform(i, geometries: geometries, parents: parents, rootSuperlayerGeometry: rootSuperlayerGeometry)
        transforms?[i] = f
        (out + i).initialize(to: LevelMap(Homography(f)))
    }

    /// The geometries are read in place, through a buffer pointer and the parent's as a plain argument
    /// (``LayerGeometry/transformToSuperlayer(within:)``): through a generic collection or an optional
    /// argument, each call copied them first (measured, Zen 5 VM: 13 % of a presentation frame of 1e5 layers).
    private static func levelMap(
        _ i: Int, geometries: UnsafeBufferPointer<LayerGeometry>, parents: [Int],
        rootSuperlayerGeometry: LayerGeometry?
    ) -> LevelMap {
        LevelMap(Homography(transform(i, geometries: geometries, parents: parents, rootSuperlayerGeometry: rootSuperlayerGeometry)))
    }

    /// Node `i`'s map to its parent (``LayerGeometry/transformToSuperlayer(_:)``), the geometries read in place.
    private static func transform(
        _ i: Int, geometries: UnsafeBufferPointer<LayerGeometry>, parents: [Int],
        rootSuperlayerGeometry: LayerGeometry?
    ) -> Transform3D {
        let parent = parents[i]
        guard parent != noParent else { return geometries[i].transformToSuperlayer(rootSuperlayerGeometry) }
        return geometries[i].transformToSuperlayer(within: geometries[parent])
    }

    /// Sets node `i`'s geometry and recomputes the level maps that read it (its own and its sublayers').
    /// O(sublayers of the node).
    package mutating func setGeometry(_ g: LayerGeometry, at i: Int) {
        geometries[i] = g
        let parents = parents, root = rootSuperlayerGeometry
        let affected = [i] + sublayerIndices[sublayerStart[i]..<sublayerStart[i + 1]]
        geometries.withUnsafeBufferPointer { gb in
            for j in affected { levelMaps[j] = Self.levelMap(j, geometries: gb, parents: parents, rootSuperlayerGeometry: root) }
        }
    }

    /// Whether `other` has this tree's shape because it was made from the same snapshot (by
    /// ``replacingGeometries(_:)`` or a batch, or is this tree): their parent lists are one storage. O(1).
    package func sharesShape(with other: LayerTree) -> Bool {
        count == other.count
            && parents.withUnsafeBufferPointer { a in other.parents.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }

    /// Becomes `model`'s shape with its own storage for the geometries and level maps, resized (their values are
    /// `model`'s only where the tree grew): for a caller that writes every geometry and level map again. O(1) when
    /// the counts match, else O(the difference).
    package mutating func takeShape(of model: LayerTree) {
        var g = geometries, m = levelMaps
        (geometries, levelMaps) = ([], [])
        let n = model.count
        if g.count > n { g.removeLast(g.count - n) } else { g += model.geometries[g.count...] }
        if m.count > n { m.removeLast(m.count - n) } else { m += model.levelMaps[m.count...] }
        self = model.replacingGeometries(g, levelMaps: m)!
    }

    /// Runs `body` on this tree's geometries and level maps in place (each copied first where it is shared), for
    /// a batch that rewrites them; `body` leaves every level map the one ``initializeLevelMaps(_:geometries:at:)`` makes of the geometries.
    package mutating func withGeometriesAndLevelMaps<Result, Failure: Error>(
        _ body: (UnsafeMutableBufferPointer<LayerGeometry>, UnsafeMutableBufferPointer<LevelMap>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try geometries.withUnsafeMutableBufferPointer { g throws(Failure) in
            try levelMaps.withUnsafeMutableBufferPointer { m throws(Failure) in try body(g, m) }
        }
    }

    init(
        geometries: [LayerGeometry], parents: [Int], names: [String?], sublayerStart: [Int], sublayerIndices: [Int],
        rootSuperlayerGeometry: LayerGeometry?, levelMaps: [LevelMap]? = nil
    ) {
        (self.geometries, self.parents, self.names) = (geometries, parents, names)
        (self.sublayerStart, self.sublayerIndices, self.rootSuperlayerGeometry) = (sublayerStart, sublayerIndices, rootSuperlayerGeometry)
        self.levelMaps =
            levelMaps
            ?? geometries.withUnsafeBufferPointer { g in
                g.indices.map { Self.levelMap($0, geometries: g, parents: parents, rootSuperlayerGeometry: rootSuperlayerGeometry) }
            }
    }

    /// The number of nodes.
    public var count: Int { geometries.count }

    /// Every node's `frame` in its superlayer's space (``LayerGeometry/frame``). Cost: O(n).
    public func frames() -> [CGRect] { geometries.map(\.frame) }

    /// The index of the node hit by `p` (in the snapshot root's superlayer space), or `nil`, exactly
    /// as ``Layer/hitTest(_:)`` on the root. Cost: O(visited nodes).
    public func hitTest(_ p: CGPoint) -> Int? {
        hitTest(p, in: 0)
    }
}

extension LayerTree: LayerHierarchy {
    /// `geometries[node]`.
    public func geometry(of node: Int) -> LayerGeometry { geometries[node] }
    /// The parent index, or `nil` for node 0.
    public func superlayer(of node: Int) -> Int? { parents[node] == Self.noParent ? nil : parents[node] }
    /// How many sublayers node `node` has.
    public func sublayerCount(of node: Int) -> Int { sublayerStart[node + 1] - sublayerStart[node] }
    /// The node index of sublayer `index` of `node`.
    public func sublayer(of node: Int, at index: Int) -> Int { sublayerIndices[sublayerStart[node] + index] }
    /// Index equality.
    public func isSame(_ a: Int, _ b: Int) -> Bool { a == b }
    /// `LayerGeometry.transformToSuperlayer(_:)` with the node's parent, or for node 0 the real superlayer.
    public func transformToSuperlayer(of node: Int) -> Transform3D {
        let parent = parents[node]
        guard parent != Self.noParent else { return geometries[node].transformToSuperlayer(rootSuperlayerGeometry) }
        return geometries[node].transformToSuperlayer(within: geometries[parent])
    }
    /// The cached level map (the same value `LayerGeometry.levelMap(superlayer:)` computes).
    public func levelMap(of node: Int) -> LevelMap { levelMaps[node] }
}
