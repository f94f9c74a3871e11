import CAMathCore
import Foundation

extension Layer {
    /// The hierarchy that reads the cached maps and regions (<doc:CachedGeometry>).
    private var hierarchy: CachedLayerHierarchy { CachedLayerHierarchy() }

    /// CALayer's `frame`: get = ``LayerGeometry/frame`` (projected bounding box, clipped at
    /// `W ≥ 1/16384`); set = ``LayerGeometry/setFrame(_:)`` (a non-finite rect or transform is ignored).
    /// The getter is cached until the geometry changes: O(1) after the first read.
    public var frame: CGRect {
        get { cachedFrame }
        set { setFrameAsChange(newValue) }
    }

    /// Converts `p` from this layer's bounds space to `layer`'s (`nil` = root space), <doc:LayerGeometryRules>, *Converting between layers*.
    /// Same layer → `p` unchanged; layers of different trees convert through their roots; a singular
    /// level gives `(NaN, NaN)`. Cost: O(depth) cached level maps (each computed once until an input changes).
    public func convert(_ p: CGPoint, to layer: Layer?) -> CGPoint {
        hierarchy.convert(p, from: self, to: layer)
    }

    /// Converts `p` from `layer`'s bounds space (`nil` = root space) to this layer's, <doc:LayerGeometryRules>, *Converting between layers*.
    public func convert(_ p: CGPoint, from layer: Layer?) -> CGPoint {
        hierarchy.convert(p, to: self, from: layer)
    }

    /// Converts `r` to `layer`'s space (`nil` = root space): the box of the four converted corners;
    /// `CGRect.null` stays null; the same layer returns `r` unchanged. Cost: O(depth).
    public func convert(_ r: CGRect, to layer: Layer?) -> CGRect {
        hierarchy.convert(r, from: self, to: layer)
    }

    /// Converts `r` from `layer`'s space (`nil` = root space) to this layer's.
    public func convert(_ r: CGRect, from layer: Layer?) -> CGRect {
        hierarchy.convert(r, to: self, from: layer)
    }

    /// Whether `p` (in this layer's own space) is inside `bounds`, half-open (<doc:LayerGeometryRules>, *contains*).
    public func contains(_ p: CGPoint) -> Bool {
        geometry.contains(p)
    }

    /// The front-most layer of this subtree under `p`, with `p` in the **superlayer's** space (root
    /// space for a root), or `nil` (<doc:LayerGeometryRules>, *hitTest*): hidden subtrees, singular or behind-the-eye levels and
    /// NaN/±∞ points hit nothing; `masksToBounds` prunes; sublayers are tried last to first and
    /// `zPosition` is ignored. Reads the cached level maps and skips subtrees whose cached hit region rules the
    /// point out (<doc:CachedGeometry>): the answer is the uncached walk's. A presentation copy made by a render
    /// tree whose subtree nobody changed since is answered by the render tree's walk over its own columns, which
    /// is the same walk on the same values. Cost: O(visited layers); the first call after a change recomputes
    /// what the change dropped.
    public func hitTest(_ p: CGPoint) -> Layer? {
        if let presented = geometryCache.presented,
            let source = attachment?.presentedModel?.changeJournal?.owner as? any PresentedHitTesting,
            let hit = source.hitTest(p, from: self, node: presented.node, stamp: presented.stamp)
        {
            return hit
        }
        return hierarchy.hitTest(p, in: self)
    }

    /// `transform`'s affine part when it is affine, else the identity (CAMathCore's *Conventions* article, *The affine bridge*).
    public func affineTransform() -> Transform2D {
        geometry.affineTransform()
    }

    /// Sets `transform` to the 3-D form of `m` (CAMathCore's *Conventions* article, *The affine bridge*).
    public func setAffineTransform(_ m: Transform2D) {
        geometry.setAffineTransform(m)
    }
}
