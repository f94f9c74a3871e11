@_spi(Benchmarks) import CAMath
@_spi(Benchmarks) import _CAMathCatalogue
import Foundation

/// The `churn` scene: a still tree of N layers (``LayerScene/tree(layers:animated:mix:every:)``, no animations) on
/// which every frame adds a one-second `position` animation to N/100 leaves and removes the one it added to the N/100
/// leaves four frames earlier, in one committed transaction, then renders (`RenderTree.render`, one thread): 1e3
/// animations added and 1e3 removed per frame at 1e5 layers, about 4·N/100 animated at once. Each frame is timed on
/// its own, so the report holds the slowest frame beside the median (the goal: ≤ 2 ms, none over 3× the median).
extension LayerScene {
    static func churn(_ n: Int) throws -> ([SceneContender], () throws -> String?) {
        let scene = try ChurningTree(layers: n)
        let contenders = [SceneContender(name: "render-tree", threads: 1, timesEachCall: true) { try scene.frame() }]
        let check: () throws -> String? = {
            let checked = try ChurningTree(layers: n)
            for _ in 0..<12 { try checked.frame() }
            let t = checked.latestTime
            guard checked.renderTree.presented.geometries == LayerScene.referencePresentation(of: checked.root, at: t).geometries else {
                return "presented geometries differ from the reference"
            }
            return checked.renderTree.preparations == 1 ? nil : "the tree was prepared again \(checked.renderTree.preparations - 1) times"
        }
        return (contenders, check)
    }

    /// A still tree whose leaves take and lose animations frame after frame.
    final class ChurningTree: @unchecked Sendable {
        let root: Layer
        let renderTree: RenderTree
        private let leaves: [Layer]
        private let buffers: RenderBuffers
        private let perFrame: Int
        private var frameIndex = 0
        private(set) var latestTime = 0.0
        /// Frames an animation stays before it is removed.
        private let lifetime = 4

        init(layers n: Int) throws {
            root = LayerScene.tree(layers: n, animated: false)
            leaves = LayerTree.layers(of: root).filter { $0.sublayers == nil }
            perFrame = max(1, n / 100)
            renderTree = try RenderTree(root: root, options: BatchOptions(threads: 1))
            buffers = RenderBuffers(count: renderTree.count)
        }

        /// The leaves of frame `f`'s window (wrapping around).
        private func window(_ f: Int) -> [Layer] {
            let start = f * perFrame
            return (start..<start + perFrame).map { leaves[$0 % leaves.count] }
        }

        /// One frame: the adds and removals, committed, then the render at the next 1/120 s.
        func frame() throws {
            let t = 0.5 + Double(frameIndex) / 120
            LayerTransaction.begin()
            LayerTransaction.setDisableActions(true)
            for layer in window(frameIndex) {
                let move = BasicAnimation(keyPath: "position")
                move.toValue = CGPoint(x: layer.position.x + 4, y: layer.position.y - 3)
                move.duration = 1
                layer.add(move, forKey: "churn", atMediaTime: t)
            }
            if frameIndex >= lifetime { for layer in window(frameIndex - lifetime) { layer.removeAnimation(forKey: "churn") } }
            LayerTransaction.commit()
            LayerTransaction.flush()
            try renderTree.render(atMediaTime: t, into: buffers.output)
            latestTime = t
            frameIndex += 1
        }
    }
}
