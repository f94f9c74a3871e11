import CAMathCore
import Foundation

/// Read access to a tree of layers, so that one implementation of `convert` and `hitTest` serves
/// ``Layer``, the flattened ``LayerTree`` and any other framework's tree (a view hierarchy, a scene
/// graph): conform, and call ``convert(_:from:to:)`` and ``hitTest(_:in:)``.
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
    /// The level map of `node` (its homography to its superlayer's space and the inverse). The default
    /// computes it from the geometries; a snapshot may return a cached copy of the same value.
    func levelMap(of node: Node) -> LevelMap
}

extension LayerHierarchy {
    /// `LayerGeometry.levelMap(superlayer:)` of `node` and its superlayer. Cost: O(1), ~7 concatenations.
    public func levelMap(of node: Node) -> LevelMap {
        geometry(of: node).levelMap(superlayer: superlayer(of: node).map { geometry(of: $0) })
    }

    /// `node`, its superlayer, …, its root. Cost: O(depth).
    func pathToRoot(_ node: Node) -> [Node] {
        var path = [node]
        while let up = superlayer(of: path[path.count - 1]) { path.append(up) }
        return path
    }
}

/// A layer class that can serve as its own ``LayerHierarchy`` (through ``ObjectLayerHierarchy``).
public protocol LayerTreeNode: AnyObject {
    /// The layer's geometry.
    var layerGeometry: LayerGeometry { get }
    /// The superlayer, or `nil` for a root.
    var superlayerNode: Self? { get }
    /// The sublayers, back to front.
    var sublayerNodes: [Self] { get }
}

/// The ``LayerHierarchy`` of any ``LayerTreeNode`` class; nodes are compared by identity.
public struct ObjectLayerHierarchy<Node: LayerTreeNode>: LayerHierarchy {
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
