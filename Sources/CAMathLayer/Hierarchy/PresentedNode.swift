import Foundation

/// A tree that presented layer copies and answers their hit tests from its own columns: a render tree, found as
/// the owner of the journal of the layer a copy was made from.
package protocol PresentedHitTesting: AnyObject {
    /// The hit test from `copy`, the copy of node `node` that the presentation `stamp` made (`p` in the copy's
    /// superlayer's space): `.some(hit)` — the copy hit or `nil` — while `copy` is that node's copy in the
    /// tree's latest presentation, else `nil` (the caller walks the copies instead).
    func hitTest(_ p: CGPoint, from copy: Layer, node: Int, stamp: Int) -> Layer??
}

/// Where a presentation copy came from: its node in the tree that presented it, and which presentation.
package struct PresentedNode {
    package let node: Int
    package let stamp: Int

    package init(node: Int, stamp: Int) {
        self.node = node
        self.stamp = stamp
    }
}
