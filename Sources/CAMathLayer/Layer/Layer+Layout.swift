import CAMathCore
import Foundation

// The rules behind Layer's open layout methods: what a bounds size change triggers, autoresizing, and
// layoutIfNeeded's walk (the LayoutRules article).

extension Layer {
    /// Appends `constraint` to ``constraints`` (marking the superlayer as needing layout).
    public func addConstraint(_ constraint: LayoutConstraint) {
        constraints = (constraints ?? []) + [constraint]
    }

    /// A bounds size change: mark for layout, then resize the sublayers at once.
    func boundsSizeDidChange(from oldSize: CGSize) {
        setNeedsLayout()
        resizeSublayers(withOldSize: oldSize)
    }

    /// ``resize(withOldSuperlayerSize:)``'s default.
    func autoresize(oldSuperlayerSize oldSize: CGSize) {
        guard let parent = superlayer,
            let rect = LayerAutoresizing.resizedFrame(
                frame, mask: autoresizingMask, oldSuperlayerSize: oldSize,
                newSuperlayerSize: parent.bounds.size)
        else { return }
        frame = rect
    }

    /// ``layoutIfNeeded()``'s default. A layer whose `layoutSublayers()` is running on this thread (a layout that
    /// asks for layout again) is not laid out again: it stays marked for the next pass.
    func layOutMarkedSubtree() {
        var top = self
        while let up = top.superlayer, up.layoutIsPending { top = up }
        var pending = [top]
        let stack = TransactionStack.current
        while let layer = pending.popLast() {
            if layer.layoutIsPending, stack.callbacks.beginLayout(of: ObjectIdentifier(layer)) {
                layer.layoutIsPending = false
                layer.layoutSublayers()
                stack.callbacks.endLayout()
            }
            pending.append(contentsOf: (layer.sublayers ?? []).reversed())
        }
    }
}
