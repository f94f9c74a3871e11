import CAMathCore
import Foundation

extension LayerTree {
    /// Every node's hit region (``HitRegion/of(_:superlayerFlattens:level:sublayers:)``), sublayers before their
    /// layer: the values a ``Layer`` of the same geometry caches. Cost: O(n), four corner maps per node.
    package func hitRegions() -> [HitRegion] {
        var regions = [HitRegion](repeating: .anywhere, count: count)
        // Through buffer pointers: read while an element is written, an array would be copied per node, and a slice
        // of the sublayer lists retains them.
        regions.withUnsafeMutableBufferPointer { buffer in
            let r = buffer
            let rootFlattens = rootSuperlayerGeometry?.flattensSublayers ?? true
            geometries.withUnsafeBufferPointer { g in
                levelMaps.withUnsafeBufferPointer { levels in
                    parents.withUnsafeBufferPointer { parents in
                        sublayerStart.withUnsafeBufferPointer { start in
                            sublayerIndices.withUnsafeBufferPointer { lists in
                                for i in stride(from: r.count - 1, through: 0, by: -1) {
                                    let parent = parents[i]
                                    r[i] = HitRegion.of(g[i], superlayerFlattens: parent == Self.noParent ? rootFlattens : g[parent].flattensSublayers,
                                                        level: levels[i], sublayers: lists[start[i]..<start[i + 1]].lazy.map { r[$0] })
                                }
                            }
                        }
                    }
                }
            }
        }
        return regions
    }

    /// The index of the sublayers' regions (`regions`, ``hitRegions()`` of this tree) of every node with
    /// ``SublayerRegionIndex/minimumCount`` sublayers or more whose regions make one. Cost: O(n).
    package func sublayerRegionIndexes(regions: [HitRegion]) -> [Int: SublayerRegionIndex] {
        var indexes: [Int: SublayerRegionIndex] = [:]
        for i in 0..<count where sublayerStart[i + 1] - sublayerStart[i] >= SublayerRegionIndex.minimumCount {
            indexes[i] = SublayerRegionIndex(sublayerIndices[sublayerStart[i]..<sublayerStart[i + 1]].lazy.map { regions[$0] })
        }
        return indexes
    }

    /// ``hitTest(_:)`` (from `node`, `p` in its superlayer's space) skipping the subtrees that `regions`
    /// (``hitRegions()`` of this tree) rule out, and asking only the sublayers `indexes`
    /// (``sublayerRegionIndexes(regions:)``) list: the same answer. Cost: O(visited nodes).
    package func hitTest(_ p: CGPoint, from node: Int = 0, regions: [HitRegion], indexes: [Int: SublayerRegionIndex] = [:]) -> Int? {
        RegionedLayerTree(tree: self, regions: regions, indexes: indexes).hitTest(p, in: node)
    }
}

/// A ``LayerTree`` with hit regions, for the shared hit-test walk (specialised here, in the walk's module).
private struct RegionedLayerTree: LayerHierarchy {
    let tree: LayerTree
    let regions: [HitRegion]
    let indexes: [Int: SublayerRegionIndex]
    func geometry(of node: Int) -> LayerGeometry { tree.geometries[node] }
    func superlayer(of node: Int) -> Int? { tree.superlayer(of: node) }
    func sublayerCount(of node: Int) -> Int { tree.sublayerCount(of: node) }
    func sublayer(of node: Int, at index: Int) -> Int { tree.sublayer(of: node, at: index) }
    func isSame(_ a: Int, _ b: Int) -> Bool { a == b }
    func transformToSuperlayer(of node: Int) -> Transform3D { tree.transformToSuperlayer(of: node) }
    func levelMap(of node: Int) -> LevelMap { tree.levelMaps[node] }
    func hitRegion(of node: Int) -> HitRegion { regions[node] }
    func sublayerRegionIndex(of node: Int) -> SublayerRegionIndex? { indexes[node] }
}
