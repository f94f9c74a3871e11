import CAMathCore
import Foundation

extension LayerHierarchy {
    /// CALayer's `hitTest(_:)` from `node` (SPEC §2.7), with `p` in `node`'s **superlayer's** space
    /// (root space for a root). Returns the front-most layer of the subtree that contains the point:
    /// 1. a hidden layer → `nil` for its whole subtree;
    /// 2. `q` = back-map of `p` through the layer's homography; a singular homography, a non-finite `q`
    ///    or a forward weight of `q` that is not > 0 (behind the eye) → `nil` for the subtree;
    /// 3. `masksToBounds` and `q` outside `bounds` → `nil` without visiting sublayers;
    /// 4. sublayers from last to first (front-most first; `zPosition` is ignored): the first hit wins;
    /// 5. the layer itself if `contains(q)`.
    ///
    /// Iterative (no recursion), so depth is bounded only by memory. A NaN/±∞ point → `nil`.
    /// Cost: O(visited layers), one level map each.
    public func hitTest(_ p: CGPoint, in node: Node) -> Node? {
        let point = p.simd
        guard point.x.isFinite, point.y.isFinite, let start = enter(node, at: point) else { return nil }
        var stack = [start]
        while let top = stack.last {
            if top.nextSublayer >= 0 {
                stack[stack.count - 1].nextSublayer -= 1
                let child = sublayer(of: top.node, at: top.nextSublayer)
                if let frame = enter(child, at: top.point) { stack.append(frame) }
            } else {
                stack.removeLast()
                if geometry(of: top.node).contains(CGPoint(top.point)) { return top.node }
            }
        }
        return nil
    }

    /// Steps 1–3 of the hit-test rule for one layer: its point `q`, or `nil` when its subtree is out.
    private func enter(_ node: Node, at p: SIMD2<Double>) -> HitTestFrame<Node>? {
        let g = geometry(of: node)
        if g.isHidden { return nil }
        let level = levelMap(of: node)
        guard let inverse = level.inverse else { return nil }
        let q = inverse.mapPoint(p)
        guard q.x.isFinite, q.y.isFinite, level.forward.forwardWeight(q) > 0 else { return nil }
        if g.masksToBounds && !g.contains(CGPoint(q)) { return nil }
        return HitTestFrame(node: node, point: q, nextSublayer: sublayerCount(of: node) - 1)
    }
}

/// One layer on the hit-test stack: its point in its own space and the next sublayer to visit.
private struct HitTestFrame<Node> {
    let node: Node
    let point: SIMD2<Double>
    var nextSublayer: Int
}
