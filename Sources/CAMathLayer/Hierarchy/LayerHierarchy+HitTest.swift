import CAMathCore
import Foundation

extension LayerHierarchy {
    /// CALayer's `hitTest(_:)` from `node` (<doc:LayerGeometryRules>, *hitTest*), with `p` in `node`'s **superlayer's** space
    /// (root space for a root). Returns the front-most layer of the subtree that contains the point:
    /// 1. a hidden layer → `nil` for its whole subtree;
    /// 2. `q` = back-map of `p` through the layer's homography; a singular homography, a non-finite `q`
    ///    or a forward weight of `q` that is not > 0 (behind the eye) → `nil` for the subtree;
    /// 3. `masksToBounds` and `q` outside `bounds` → `nil` without visiting sublayers;
    /// 4. sublayers from last to first (front-most first; `zPosition` is ignored): the first hit wins;
    /// 5. the layer itself if `contains(q)`.
    ///
    /// A transform layer (``LayerGeometry/flattensSublayers`` `false`) is never hit and never prunes:
    /// steps 2, 3 and 5 skip it, and its sublayers back-map `p` through their map composed with its own
    /// (``planeMap(of:)``'s order), so the point is projected only once, where a plane flattens.
    ///
    /// A subtree whose ``hitRegion(of:)`` rules the point out (in the plane its superlayer flattens into) is
    /// skipped: regions never rule out a point the walk would hit, so skipping changes no result. Among the sublayers
    /// of a layer with a ``sublayerRegionIndex(of:)``, only those the index lists are asked, in the same order.
    ///
    /// Iterative (no recursion), so depth is bounded only by memory. A NaN/±∞ point → `nil`.
    /// Cost: O(visited layers), one level map each.
    public func hitTest(_ p: CGPoint, in node: Node) -> Node? {
        let point = p.simd
        var pending: [Transform3D] = [], candidates: [SublayerRegionIndex.Candidates] = []
        guard point.x.isFinite, point.y.isFinite, hitRegion(of: node).mayContain(point),
            let start = enter(node, at: point, below: nil, pending: &pending, candidates: &candidates)
        else { return nil }
        // One allocation for the usual depths (growing from one frame reallocated twice by the third level).
        var stack: [HitTestFrame<Node>] = []
        stack.reserveCapacity(16)
        stack.append(start)
        while let top = stack.last {
            var index: Int?, regionChecked = false
            if top.nextSublayer == HitTestFrame<Node>.indexed {
                // An index listing a sublayer the layer no longer has (a conformance's stale one) skips it.
                repeat { index = candidates[candidates.count - 1].next() } while index.map { $0 >= sublayerCount(of: top.node) } ?? false
            } else {
                // The sublayers whose region rules the point out are passed over here, in one loop.
                let k = top.nextSublayer
                if top.pending < 0 {
                    index = k >= 0 ? lastSublayer(of: top.node, atOrBehind: k, mayContain: top.point) : nil
                    regionChecked = true
                } else {
                    index = k >= 0 ? k : nil
                }
                stack[stack.count - 1].nextSublayer = (index ?? -1) - 1
            }
            if let index {
                let child = sublayer(of: top.node, at: index)
                if !regionChecked && top.pending < 0 && !hitRegion(of: child).mayContain(top.point) { continue }
                if let frame = enter(
                    child, at: top.point, below: top.pending < 0 ? nil : top.pending, pending: &pending,
                    candidates: &candidates)
                {
                    stack.append(frame)
                }
            } else {
                stack.removeLast()
                if top.nextSublayer == HitTestFrame<Node>.indexed { candidates.removeLast() }
                if top.pending < 0 && geometry(of: top.node).contains(CGPoint(top.point)) { return top.node }
            }
        }
        return nil
    }

    /// Steps 1–3 of the hit-test rule for one layer: its point `q`, or `nil` when its subtree is out.
    /// `above` indexes `pending`'s composed 4×4 map of the transform layers between `node` and the plane `p` is
    /// in (`nil` when the superlayer flattens); a transform layer appends its own composed map there. A layer with
    /// an index whose grid holds `q` pushes its candidates.
    private func enter(
        _ node: Node, at p: SIMD2<Double>, below above: Int?, pending: inout [Transform3D],
        candidates: inout [SublayerRegionIndex.Candidates]
    ) -> HitTestFrame<Node>? {
        let g = geometry(of: node)
        if g.isHidden { return nil }
        let count = sublayerCount(of: node)
        if !g.flattensSublayers {
            let own = transformToSuperlayer(of: node)
            pending.append(above.map { own.concatenating(pending[$0]) } ?? own)
            return HitTestFrame(node: node, point: p, pending: pending.count - 1, nextSublayer: count - 1)
        }
        let level = above.map { LevelMap(Homography(transformToSuperlayer(of: node).concatenating(pending[$0]))) } ?? levelMap(of: node)
        guard let inverse = level.inverse else { return nil }
        let q = inverse.mapPoint(p)
        guard q.x.isFinite, q.y.isFinite, level.forward.forwardWeight(q) > 0 else { return nil }
        if g.masksToBounds && !g.contains(CGPoint(q)) { return nil }
        if count >= SublayerRegionIndex.minimumCount, let listed = sublayerRegionIndex(of: node)?.candidates(at: q) {
            candidates.append(listed)
            return HitTestFrame(node: node, point: q, pending: -1, nextSublayer: HitTestFrame<Node>.indexed)
        }
        return HitTestFrame(node: node, point: q, pending: -1, nextSublayer: count - 1)
    }
}

/// One layer on the hit-test stack: its point (its own for a layer that flattens; for a transform layer
/// the point of the plane above, with `pending`, the index of its composed map to that plane, else −1) and the
/// next sublayer (−1 after the first; ``indexed`` when the next come from the top of the walk's candidates).
private struct HitTestFrame<Node> {
    static var indexed: Int { Int.min }
    let node: Node
    let point: SIMD2<Double>
    let pending: Int
    var nextSublayer: Int
}
