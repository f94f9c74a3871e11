import CAMath
import Foundation

/// Brute-force references for the layer algorithms, written from CAMathLayer's *Layer geometry* article, *hitTest* (and the transform-layer
/// rules of the TransformLayers article) independently of
/// ``LayerHierarchy``: no traversal order tricks, no pruning — every layer is tested on its own.
public enum LayerReference {
    /// CAMathLayer's *Layer geometry* article, *hitTest* applied literally: map `p` down into every layer of `root`'s subtree; a layer is a
    /// candidate when no layer on its path is hidden, singular, non-finite or behind the eye, no
    /// ancestor with `masksToBounds` excludes the point, and its own bounds contain it. `hitTest` visits
    /// sublayers last to first and a layer after its sublayers, so the answer is the candidate that
    /// comes **last in pre-order**.
    public static func hitTest(_ p: CGPoint, root: Layer) -> Layer? {
        guard p.x.isFinite, p.y.isFinite else { return nil }
        var answer: Layer?
        for layer in preorder(root) where isCandidate(layer, p: p.simd, root: root) { answer = layer }
        return answer
    }

    /// A transform layer (`flattensSublayers == false`) is never a candidate and never excludes: it only
    /// defers the projection, its 4×4 map composing with those below it (`F(child)·(F(T)·…)`) until a
    /// layer that flattens is reached.
    static func isCandidate(_ layer: Layer, p: SIMD2<Double>, root: Layer) -> Bool {
        if !layer.geometry.flattensSublayers { return false }
        var path = [layer]
        while path.last! !== root { path.append(path.last!.superlayer!) }
        var q = p
        var deferred: Transform3D?
        for node in path.reversed() {
            if node.isHidden { return false }
            let own = node.geometry.transformToSuperlayer(node.superlayer?.geometry)
            let map = deferred.map { own.concatenating($0) } ?? own
            if !node.geometry.flattensSublayers {
                deferred = map
                continue
            }
            deferred = nil
            let h = Homography(map)
            guard let inverse = h.inverted() else { return false }
            q = inverse.mapPoint(q)
            guard q.x.isFinite, q.y.isFinite, h.forwardWeight(q) > 0 else { return false }
            if node !== layer && node.masksToBounds && !node.contains(CGPoint(q)) { return false }
        }
        return layer.contains(CGPoint(q))
    }

    /// `root` and its descendants in pre-order (a layer, then its sublayers back to front).
    public static func preorder(_ root: Layer) -> [Layer] {
        var out: [Layer] = [], stack = [root]
        while let layer = stack.popLast() {
            out.append(layer)
            stack.append(contentsOf: (layer.sublayers ?? []).reversed())
        }
        return out
    }
}

extension Homography {
    /// `κ∞ = ‖H‖∞·‖H⁻¹‖∞`, or `∞` when singular.
    public var conditionNumber: Double {
        guard let inverse = inverted() else { return .infinity }
        func norm(_ h: Homography) -> Double {
            max(abs(h.h11) + abs(h.h12) + abs(h.h13), abs(h.h21) + abs(h.h22) + abs(h.h23), abs(h.h31) + abs(h.h32) + abs(h.h33))
        }
        return norm(self) * norm(inverse)
    }
}
