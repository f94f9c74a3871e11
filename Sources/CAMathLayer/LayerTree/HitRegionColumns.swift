import CAMathCore
import Foundation

/// The hit-region stage of a ``LayerTree``: every node's hit region (``HitRegion/of(_:superlayerFlattens:level:sublayers:)``,
/// the value a ``Layer`` of the same geometry caches), the same regions again in sublayer-list order as packed boxes
/// (``RegionBox``, what a walk scans among siblings), and the index of the sublayers' regions of every node with
/// ``SublayerRegionIndex/minimumCount`` sublayers or more whose regions make one. ``update(for:)`` computes them
/// again in the storage they already have, so a tree whose shape stays allocates nothing per frame.
package struct HitRegionColumns: Sendable {
    /// Node i's region, in the tree's order.
    package private(set) var regions: [HitRegion] = []
    /// `boxes[s]` is the box of node `sublayerIndices[s]`'s region: each node's sublayers' boxes side by side.
    private var boxes: [RegionBox] = []
    /// The indexes of the sublayers' regions of the wide nodes.
    package private(set) var indexes: [Int: SublayerRegionIndex] = [:]

    /// No regions: ``update(for:)`` computes them.
    package init() {}

    /// The columns of `tree`. O(n).
    package init(of tree: LayerTree) {
        update(for: tree)
    }

    /// Computes every column again for `tree` (sublayers before their layer), reusing the storage when the counts
    /// match. Cost: O(n), four corner maps per node, and O(sublayers) per index.
    package mutating func update(for tree: LayerTree) {
        let n = tree.count, listed = tree.sublayerIndices.count
        if regions.count != n { regions = [HitRegion](repeating: .anywhere, count: n) }
        if boxes.count != listed { boxes = [RegionBox](repeating: RegionBox(.anywhere), count: listed) }
        // Through buffer pointers: read while an element is written, an array would be copied per node, and a slice
        // of the sublayer lists retains them.
        let rootFlattens = tree.rootSuperlayerGeometry?.flattensSublayers ?? true
        regions.withUnsafeMutableBufferPointer { buffer in
            let r = buffer
            tree.geometries.withUnsafeBufferPointer { g in
                tree.levelMaps.withUnsafeBufferPointer { levels in
                    tree.parents.withUnsafeBufferPointer { parents in
                        tree.sublayerStart.withUnsafeBufferPointer { start in
                            tree.sublayerIndices.withUnsafeBufferPointer { lists in
                                for i in stride(from: n - 1, through: 0, by: -1) {
                                    let parent = parents[i]
                                    r[i] = HitRegion.of(
                                        g[i], superlayerFlattens: parent == LayerTree.noParent ? rootFlattens : g[parent].flattensSublayers,
                                        level: levels[i],
                                        sublayers: ListedRegions(regions: UnsafeBufferPointer(r), list: lists[start[i]..<start[i + 1]]))
                                }
                                boxes.withUnsafeMutableBufferPointer { b in
                                    for s in 0..<listed { b[s] = RegionBox(r[lists[s]]) }
                                }
                            }
                        }
                    }
                }
            }
        }
        indexes.removeAll(keepingCapacity: true)
        let regions = regions
        for i in 0..<n where tree.sublayerCount(of: i) >= SublayerRegionIndex.minimumCount {
            indexes[i] = SublayerRegionIndex(
                tree.sublayerIndices[tree.sublayerStart[i]..<tree.sublayerStart[i + 1]].lazy.map { regions[$0] })
        }
    }

    /// ``LayerTree/hitTest(_:)`` (from `node`, `p` in its superlayer's space) over `tree` — the tree these columns were
    /// last computed for — skipping the subtrees the regions rule out and asking only the sublayers the indexes list:
    /// the same answer. Cost: O(visited nodes), and O(siblings passed over) in a tight scan of their boxes.
    package func hitTest(_ p: CGPoint, in tree: LayerTree, from node: Int = 0) -> Int? {
        withUnsafePointer(to: tree) { t in withUnsafePointer(to: self) { c in Self.hitTest(p, in: t, columns: c, from: node) } }
    }

    /// ``hitTest(_:in:from:)`` over a tree and columns read where they lie, for an owner that keeps them in stored
    /// properties (passing them by value copied both, with a retain per column, on every hit test).
    package static func hitTest(
        _ p: CGPoint, in tree: UnsafePointer<LayerTree>, columns: UnsafePointer<HitRegionColumns>,
        from node: Int = 0
    ) -> Int? {
        precondition(
            columns.pointee.regions.count == tree.pointee.count && columns.pointee.boxes.count == tree.pointee.sublayerIndices.count,
            "hit-region columns of another tree")
        return tree.pointee.geometries.withUnsafeBufferPointer { g in
            tree.pointee.levelMaps.withUnsafeBufferPointer { levels in
                tree.pointee.parents.withUnsafeBufferPointer { parents in
                    tree.pointee.sublayerStart.withUnsafeBufferPointer { start in
                        tree.pointee.sublayerIndices.withUnsafeBufferPointer { lists in
                            columns.pointee.regions.withUnsafeBufferPointer { r in
                                columns.pointee.boxes.withUnsafeBufferPointer { b in
                                    RegionedLayerTree(
                                        geometries: g, levelMaps: levels, parents: parents, sublayerStart: start, sublayerIndices: lists,
                                        regions: r, boxes: b, indexes: columns.pointee.indexes,
                                        tree: tree
                                    ).hitTest(p, in: node)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The regions of the nodes a sublayer list names, in its order: a sequence with no closure (a lazy map's context
/// was allocated per node).
private struct ListedRegions: Sequence, IteratorProtocol {
    let regions: UnsafeBufferPointer<HitRegion>
    var list: Slice<UnsafeBufferPointer<Int>>

    mutating func next() -> HitRegion? {
        guard let node = list.popFirst() else { return nil }
        return regions[node]
    }
}

/// A ``LayerTree``'s columns with their hit regions, read in place, for the shared hit-test walk (specialised here,
/// in the walk's module).
private struct RegionedLayerTree: LayerHierarchy {
    let geometries: UnsafeBufferPointer<LayerGeometry>
    let levelMaps: UnsafeBufferPointer<LevelMap>
    let parents: UnsafeBufferPointer<Int>
    let sublayerStart: UnsafeBufferPointer<Int>
    let sublayerIndices: UnsafeBufferPointer<Int>
    let regions: UnsafeBufferPointer<HitRegion>
    let boxes: UnsafeBufferPointer<RegionBox>
    let indexes: [Int: SublayerRegionIndex]
    /// The tree itself, for its root's real superlayer (read only for a transform layer's composed map).
    let tree: UnsafePointer<LayerTree>

    func geometry(of node: Int) -> LayerGeometry { geometries[node] }
    func superlayer(of node: Int) -> Int? { parents[node] == LayerTree.noParent ? nil : parents[node] }
    func sublayerCount(of node: Int) -> Int { sublayerStart[node + 1] - sublayerStart[node] }
    func sublayer(of node: Int, at index: Int) -> Int { sublayerIndices[sublayerStart[node] + index] }
    func isSame(_ a: Int, _ b: Int) -> Bool { a == b }
    func transformToSuperlayer(of node: Int) -> Transform3D {
        let parent = parents[node]
        guard parent != LayerTree.noParent else { return geometries[node].transformToSuperlayer(tree.pointee.rootSuperlayerGeometry) }
        return geometries[node].transformToSuperlayer(within: geometries[parent])
    }
    func levelMap(of node: Int) -> LevelMap { levelMaps[node] }
    func hitRegion(of node: Int) -> HitRegion { regions[node] }
    func sublayerRegionIndex(of node: Int) -> SublayerRegionIndex? { indexes[node] }
    func lastSublayer(of node: Int, atOrBehind index: Int, mayContain p: SIMD2<Double>) -> Int? {
        let first = sublayerStart[node]
        var s = first + index
        while s >= first, !boxes[s].mayContain(p) { s -= 1 }
        return s >= first ? s - first : nil
    }
}
