import CAMathCore
import Foundation

/// Read access to a tree of layers, so that one implementation of `convert` and `hitTest` serves
/// ``Layer``, the flattened ``LayerTree`` and any other framework's tree (a view hierarchy, a scene
/// graph): conform, and call `convert(_:from:to:)` and ``hitTest(_:in:)``.
///
/// `Node` is a handle (an object, an index); sublayers are ordered back to front, as
/// `CALayer.sublayers`. For object trees, conforming the node class to ``LayerTreeNode`` is enough.
public protocol LayerHierarchy {
    /// A handle to one layer of the tree.
    associatedtype Node

    /// The geometry of `node`.
    func geometry(of node: Node) -> LayerGeometry
    /// The superlayer of `node`, or `nil` for a root.
    func superlayer(of node: Node) -> Node?
    /// How many sublayers `node` has.
    func sublayerCount(of node: Node) -> Int
    /// The sublayer of `node` at `index` (0 = back-most).
    func sublayer(of node: Node, at index: Int) -> Node
    /// Whether two handles denote the same layer.
    func isSame(_ a: Node, _ b: Node) -> Bool
    /// The 4×4 map from `node`'s bounds space to its superlayer's (``LayerGeometry/transformToSuperlayer(_:)``).
    /// The default computes it from the geometries; a snapshot supplies its root's real superlayer.
    func transformToSuperlayer(of node: Node) -> Transform3D
    /// The level map of `node` (its homography to its superlayer's space and the inverse). The default
    /// computes it from ``transformToSuperlayer(of:)``; a snapshot may return a cached copy of the same value.
    func levelMap(of node: Node) -> LevelMap
    /// Where in its superlayer's space a point can hit `node`'s subtree (``HitRegion``); ``hitTest(_:in:)``
    /// skips subtrees it rules out. The default is ``HitRegion/anywhere`` (no skipping); ``Layer`` supplies
    /// cached regions. A region must be ``HitRegion/anywhere`` for a layer that does not flatten or whose
    /// superlayer does not, and otherwise never rule out a point the walk would hit.
    func hitRegion(of node: Node) -> HitRegion
    /// An index of `node`'s sublayers' hit regions (``SublayerRegionIndex``), which ``hitTest(_:in:)`` asks for the
    /// sublayers that may contain a point instead of asking every region; `nil` for none. It must list every sublayer
    /// whose ``hitRegion(of:)`` may contain the point. The default is `nil`; ``Layer`` keeps one for a layer with
    /// ``SublayerRegionIndex/minimumCount`` sublayers or more.
    func sublayerRegionIndex(of node: Node) -> SublayerRegionIndex?
    /// The front-most sublayer of `node` at or behind position `index` (0 = back-most) whose ``hitRegion(of:)`` may
    /// contain `p` (a finite point in `node`'s space), or `nil`: how ``hitTest(_:in:)`` passes over the sublayers a
    /// point cannot hit. The default asks each region in turn; a snapshot may scan its regions packed in sublayer
    /// order. It must give the default's answer.
    func lastSublayer(of node: Node, atOrBehind index: Int, mayContain p: SIMD2<Double>) -> Int?
}

extension LayerHierarchy {
    /// `LayerGeometry.transformToSuperlayer(_:)` of `node` and its superlayer. Cost: O(1), ~7 concatenations.
    public func transformToSuperlayer(of node: Node) -> Transform3D {
        geometry(of: node).transformToSuperlayer(superlayer(of: node).map { geometry(of: $0) })
    }

    /// `LevelMap(Homography(transformToSuperlayer(of: node)))`, which equals
    /// `LayerGeometry.levelMap(superlayer:)`. Cost: O(1), ~7 concatenations and a 3×3 inversion.
    public func levelMap(of node: Node) -> LevelMap {
        LevelMap(Homography(transformToSuperlayer(of: node)))
    }

    /// ``HitRegion/anywhere``: without cached regions, hit tests walk every subtree. O(1).
    public func hitRegion(of node: Node) -> HitRegion { .anywhere }

    /// `nil`: without an index, hit tests ask every sublayer's region. O(1).
    public func sublayerRegionIndex(of node: Node) -> SublayerRegionIndex? { nil }

    /// Asks the regions of the sublayers at `index`, `index − 1`, … in turn. Cost: O(sublayers asked).
    public func lastSublayer(of node: Node, atOrBehind index: Int, mayContain p: SIMD2<Double>) -> Int? {
        var k = index
        while k >= 0, !hitRegion(of: sublayer(of: node, at: k)).mayContain(p) { k -= 1 }
        return k >= 0 ? k : nil
    }

    /// The map from `node`'s plane to the next plane up — the nearest ancestor that flattens its
    /// sublayers, or root space (`above == nil`) — and that ancestor. When the superlayer flattens (every
    /// tree without transform layers) it is ``levelMap(of:)`` and the superlayer. Below transform layers
    /// `S1 … Sk` it is the homography of `F(node)·(F(S1)·(…·F(Sk)))`, composed from the top, the order
    /// `hitTest` composes in. Cost: O(k) concatenations and one 3×3 inversion.
    public func planeMap(of node: Node) -> (map: LevelMap, above: Node?) {
        var above = superlayer(of: node)
        var transformLayers: [Node] = []
        while let s = above, !geometry(of: s).flattensSublayers {
            transformLayers.append(s)
            above = superlayer(of: s)
        }
        guard let top = transformLayers.popLast() else { return (levelMap(of: node), above) }
        var m = transformToSuperlayer(of: top)
        while let s = transformLayers.popLast() { m = transformToSuperlayer(of: s).concatenating(m) }
        return (LevelMap(Homography(transformToSuperlayer(of: node).concatenating(m))), above)
    }

    /// The planes a conversion from `node` passes, upward: `node` itself, then every ancestor that
    /// flattens (transform layers between are not planes), each with its ``planeMap(of:)``. Cost: O(depth).
    func planePath(_ node: Node) -> [(node: Node, map: LevelMap)] {
        var path: [(node: Node, map: LevelMap)] = []
        var current: Node? = node
        while let n = current {
            let (map, above) = planeMap(of: n)
            path.append((n, map))
            current = above
        }
        return path
    }
}

/// A layer class that can serve as its own ``LayerHierarchy`` (through ``ObjectLayerHierarchy``).
public protocol LayerTreeNode: AnyObject {
    /// The class every node of the tree is (the tree's base class: subclasses share it).
    associatedtype TreeNode: LayerTreeNode where TreeNode.TreeNode == TreeNode
    /// The layer's geometry.
    var layerGeometry: LayerGeometry { get }
    /// The superlayer, or `nil` for a root.
    var superlayerNode: TreeNode? { get }
    /// The sublayers, back to front.
    var sublayerNodes: [TreeNode] { get }
}

/// The ``LayerHierarchy`` of any ``LayerTreeNode`` class; nodes are compared by identity.
public struct ObjectLayerHierarchy<Node: LayerTreeNode>: LayerHierarchy where Node.TreeNode == Node {
    /// The hierarchy of every `Node` tree.
    public init() {}
    /// `node.layerGeometry`.
    public func geometry(of node: Node) -> LayerGeometry { node.layerGeometry }
    /// `node.superlayerNode`.
    public func superlayer(of node: Node) -> Node? { node.superlayerNode }
    /// `node.sublayerNodes.count`.
    public func sublayerCount(of node: Node) -> Int { node.sublayerNodes.count }
    /// `node.sublayerNodes[index]`.
    public func sublayer(of node: Node, at index: Int) -> Node { node.sublayerNodes[index] }
    /// Identity (`===`).
    public func isSame(_ a: Node, _ b: Node) -> Bool { a === b }
}
