@_spi(Benchmarks) import CAMath
import Foundation

/// The `reshape` scene: `ui-frame`'s tree of N animated layers (``LayerScene/tree(layers:animated:mix:every:)``)
/// whose shape changes every frame — N/1000 leaves (at least one) removed and as many new leaves added, each with a
/// `transform.rotation.z` spinner and a `position` move, in one committed transaction — then rendered
/// (`RenderTree.render`, one thread); beside the same frame on a tree whose shape stays (`still`). Each frame is
/// timed on its own, for the slowest. A change of shape re-reads the tree's shape and keeps the records of the layers
/// that stay: cost follows the layers, not their animations.
extension LayerScene {
    static func reshape(_ n: Int) throws -> ([SceneContender], () throws -> String?) {
        let changing = try ReshapingTree(layers: n), still = try ReshapingTree(layers: n)
        let contenders = [
            SceneContender(name: "render-tree", threads: 1, timesEachCall: true) { try changing.frame(reshaping: true) },
            SceneContender(name: "still", threads: 1, timesEachCall: true) { try still.frame(reshaping: false) }
        ]
        let check: () throws -> String? = {
            let checked = try ReshapingTree(layers: n)
            for _ in 0..<6 { try checked.frame(reshaping: true) }
            let t = checked.latestTime
            return checked.renderTree.presented.geometries == LayerScene.referencePresentation(of: checked.root, at: t).geometries
                ? nil : "presented geometries differ from the reference"
        }
        return (contenders, check)
    }

    /// An animated tree whose groups lose their oldest leaf and gain a new one frame after frame.
    final class ReshapingTree: @unchecked Sendable {
        let root: Layer
        let renderTree: RenderTree
        private let groups: [Layer]
        private let buffers: RenderBuffers
        private let perFrame: Int
        private var frameIndex = 0
        private(set) var latestTime = 0.0

        init(layers n: Int) throws {
            root = LayerScene.tree(layers: n, animated: true)
            groups = root.sublayers ?? []
            perFrame = max(1, n / 1000)
            renderTree = try RenderTree(root: root, options: BatchOptions(threads: 1))
            buffers = RenderBuffers(count: renderTree.count)
        }

        /// One frame: with `reshaping`, the removals and additions, committed; then the render at the next 1/120 s.
        func frame(reshaping: Bool) throws {
            let t = 0.5 + Double(frameIndex % 1100) / 120
            if reshaping {
                LayerTransaction.begin()
                LayerTransaction.setDisableActions(true)
                for k in 0..<perFrame {
                    let group = groups[(frameIndex * perFrame + k) % groups.count]
                    group.sublayers?.first?.removeFromSuperlayer()
                    let leaf = Layer()
                    leaf.bounds = CGRect(x: 0, y: 0, width: 9, height: 9)
                    leaf.position = CGPoint(x: 5 + Double(frameIndex % 10) * 10, y: 5 + Double(k % 10) * 10)
                    let spin = BasicAnimation(keyPath: "transform.rotation.z")
                    spin.fromValue = 0.0; spin.toValue = 2 * Double.pi; spin.duration = 1; spin.repeatCount = .infinity
                    let move = BasicAnimation(keyPath: "position")
                    move.toValue = CGPoint(x: leaf.position.x + 3, y: leaf.position.y + 2); move.duration = 10
                    leaf.add(spin, forKey: "spin", atMediaTime: t)
                    leaf.add(move, forKey: "move", atMediaTime: t)
                    group.addSublayer(leaf)
                }
                LayerTransaction.commit()
                LayerTransaction.flush()
            }
            try renderTree.render(atMediaTime: t, into: buffers.output)
            latestTime = t
            frameIndex += 1
        }
    }
}
