@_spi(Benchmarks) import CAMath
import Foundation

/// The `scroll` scene: a list of N − 2 cells (320×44-point rows) under a `ScrollLayer` that
/// clips to a 320×640 viewport, scrolled every frame by 10 points (a 1 200 point-a-second fling at 120 Hz, back to
/// the top at the end) with actions disabled as scrolling code does, committed, then one frame of the UI: through the
/// render tree (`render`, every layer written; or `renderChanges` into kept buffers) or through `CALayer` (the
/// presentation, every presented layer's frame, 10 hit tests in the viewport). A scroll moves every cell in the
/// viewport's space, so every cell's world transform and frame change: cost follows the layers that moved.
extension LayerScene {
    static func scroll(_ n: Int) throws -> ([SceneContender], () throws -> String?) {
        let rendered = try ScrollingList(layers: n), changes = try ScrollingList(layers: n), objects = try ScrollingList(layers: n)
        let points = (0..<10).map { CGPoint(x: 20 + 31 * Double($0), y: 30 + 61 * Double($0)) }
        var sink = 0.0
        /// A frame of `list` through `CALayer`: the presentation and its hits (points in the window's space).
        func objectFrame(_ list: ScrollingList) throws -> (Layer, [Layer?]) {
            LayerScene.objectFrame(of: list.root, at: try list.scrollAndCommit(), hitting: points, sink: &sink)
        }
        let contenders = [
            SceneContender(name: "render-tree", threads: 1) { try rendered.frame(changesOnly: false) },
            SceneContender(name: "render-changes", threads: 1) { try changes.frame(changesOnly: true) },
            SceneContender(name: "calayer", threads: 1) { _ = try objectFrame(objects) }
        ]
        let check: () throws -> String? = {
            let whole = try ScrollingList(layers: n), kept = try ScrollingList(layers: n), copies = try ScrollingList(layers: n)
            for _ in 0..<7 {
                try whole.frame(changesOnly: false)
                try kept.frame(changesOnly: true)
                _ = try objectFrame(copies)
            }
            let t = try whole.scrollAndCommit()
            _ = try kept.scrollAndCommit()
            try whole.renderTree.render(atMediaTime: t, into: whole.buffers.output)
            _ = try kept.renderTree.renderChanges(atMediaTime: t, into: kept.buffers.output, changed: kept.buffers.changed)
            let (presented, hits) = try objectFrame(copies)
            let expected = LayerScene.referencePresentation(of: whole.root, at: t)
            if whole.renderTree.presented.geometries != expected.geometries {
                return "render-tree: presented geometries differ from the reference"
            }
            let frames = try Batch.frames(of: expected, options: .scalar)
            if Array(whole.buffers.frames) != frames { return "render-tree: written frames differ from the reference" }
            guard Array(kept.buffers.transforms) == Array(whole.buffers.transforms),
                Array(kept.buffers.frames) == Array(whole.buffers.frames)
            else {
                return "render-changes: the kept buffers differ from a whole render"
            }
            let order = LayerTree.layers(of: presented)
            for (p, hit) in zip(points, hits) where hit.flatMap({ h in order.firstIndex { $0 === h } }) != expected.hitTest(p) {
                return "calayer: a hit test differs from the reference"
            }
            for list in [whole, kept, copies] where list.renderTree.preparations != 1 { return "a scroll prepared the tree again" }
            return sink.isNaN ? "frames summed to NaN" : nil
        }
        return (contenders, check)
    }

    /// A window with a scrolling list of cells, scrolled a step per frame.
    final class ScrollingList: @unchecked Sendable {
        let root: Layer
        let renderTree: RenderTree
        let buffers: RenderBuffers
        private let list: ScrollLayer
        private let contentHeight: Double
        private var frameIndex = 0

        init(layers n: Int) throws {
            root = Layer()
            root.bounds = CGRect(x: 0, y: 0, width: 320, height: 700)
            root.position = CGPoint(x: 160, y: 350)
            list = ScrollLayer()
            list.scrollMode = .vertically
            list.masksToBounds = true
            list.bounds = CGRect(x: 0, y: 0, width: 320, height: 640)
            list.position = CGPoint(x: 160, y: 350)
            root.addSublayer(list)
            for k in 0..<max(0, n - 2) {
                let cell = Layer()
                cell.bounds = CGRect(x: 0, y: 0, width: 320, height: 44)
                cell.position = CGPoint(x: 160, y: 22 + 44 * Double(k))
                list.addSublayer(cell)
            }
            contentHeight = 44 * Double(max(0, n - 2))
            LayerTransaction.flush()
            renderTree = try RenderTree(root: root, options: BatchOptions(threads: 1))
            buffers = RenderBuffers(count: renderTree.count)
        }

        /// The next step of the fling, committed: the frame's media time.
        func scrollAndCommit() throws -> Double {
            let t = 0.5 + Double(frameIndex) / 120
            let y = (10 * Double(frameIndex)).truncatingRemainder(dividingBy: max(1, contentHeight - 640))
            LayerTransaction.begin()
            LayerTransaction.setDisableActions(true)
            list.scroll(to: CGPoint(x: 0, y: y))
            LayerTransaction.commit()
            LayerTransaction.flush()
            frameIndex += 1
            return t
        }

        /// One frame through the render tree: a scroll step, then `render` (or `renderChanges`).
        func frame(changesOnly: Bool) throws {
            let t = try scrollAndCommit()
            if changesOnly {
                _ = try renderTree.renderChanges(atMediaTime: t, into: buffers.output, changed: buffers.changed)
            } else {
                try renderTree.render(atMediaTime: t, into: buffers.output)
            }
        }
    }
}
