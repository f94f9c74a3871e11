import CAMathAnimationBatch
import CAMathCore
import CAMathLayer
import Foundation

extension RenderTree {
    /// The index of the layer hit by `p` (in the root's superlayer space) in the presented tree at ``mediaTime``,
    /// or `nil`: exactly `presented.hitTest(p)`, and the model index of what `root.presentation(at: mediaTime)`'s
    /// `hitTest` returns. The walk skips subtrees by hit regions computed once per evaluation (CAMathLayer's
    /// *Cached geometry*), and among many sublayers asks only those an index of their regions lists. A NaN/±∞
    /// point → `nil`; before the first update, the model's values. Cost: the regions and indexes once per evaluation
    /// (O(layers)), then O(visited layers).
    public func hitTest(_ p: CGPoint) -> Int? {
        computeRegions()
        return withUnsafeMutablePointer(to: &presented) { tree in
            withUnsafeMutablePointer(to: &hitRegions) { HitRegionColumns.hitTest(p, in: tree, columns: $0) }
        }
    }

    /// Every node's hit region in the presented tree, and the indexes of wide layers' sublayers, unless already
    /// computed for it.
    func computeRegions() {
        guard !regionsAreCurrent else { return }
        hitRegions.update(for: presented)
        regionsAreCurrent = true
    }
}
