@_spi(Benchmarks) import CAMath
import Foundation

/// The `implicit-commit` scene: every layer of the tree (``LayerScene/tree(layers:animated:)``, no animations,
/// committed) changes `position` and `transform` inside one transaction, so 2N implicit animations are created and
/// committed; then frames are presented. Its contenders, each on its own manual clock and render tree:
/// - `explicit-frame`, `implicit-frame`: one frame — the clock moves 1/60 s, `FrameHook.run()` (flush, lifecycle
///   scan), `RenderTree.render` into caller buffers — over the 2N animations added explicitly (basic animations with
///   from and to values, actions disabled) or implicitly (the built-in actions);
/// - `explicit-commit`, `implicit-commit`: one transaction of 2N changes and its commit, with the values flipping
///   between two states;
/// - `implicit-commit-update`: the same and the render tree's update to it (the next frame's extra work: every
///   layer's animations recorded again);
/// - `implicit-few-update`: one layer in a hundred changes, committed, and the render tree's update (those layers'
///   animations recorded again).
/// The goals: `implicit-commit` ÷ 2N ≤ 2 µs per animation, `implicit-frame` ≤ 1.5 × `explicit-frame`.
extension LayerScene {
    static func implicitCommit(_ n: Int) throws -> ([SceneContender], () throws -> String?) {
        let implicitFrames = try AnimatedTree(layers: n, implicit: true)
        let explicitFrames = try AnimatedTree(layers: n, implicit: false)
        let implicitCommits = try AnimatedTree(layers: n, implicit: true)
        let explicitCommits = try AnimatedTree(layers: n, implicit: false)
        let updatedCommits = try AnimatedTree(layers: n, implicit: true)
        let fewCommits = try AnimatedTree(layers: n, implicit: true)
        let contenders = [
            SceneContender(name: "explicit-frame", threads: 1) { try explicitFrames.frame() },
            SceneContender(name: "implicit-frame", threads: 1) { try implicitFrames.frame() },
            SceneContender(name: "explicit-commit", threads: 1) { try explicitCommits.change(updating: false) },
            SceneContender(name: "implicit-commit", threads: 1) { try implicitCommits.change(updating: false) },
            SceneContender(name: "implicit-commit-update", threads: 1) { try updatedCommits.change(updating: true) },
            SceneContender(name: "implicit-few-update", threads: 1) { try fewCommits.change(updating: true, every: 100) }
        ]
        let check: () throws -> String? = {
            let a = try AnimatedTree(layers: n, implicit: true), b = try AnimatedTree(layers: n, implicit: false)
            for _ in 0..<3 {
                try a.frame()
                try b.frame()
                guard a.buffers.transforms.elementsEqual(b.buffers.transforms), a.buffers.frames.elementsEqual(b.buffers.frames) else {
                    return "implicit and explicit animations present differently"
                }
            }
            let moved = a.layers.filter { $0.animationKeys() == ["position", "transform"] }.count
            return moved == n ? nil : "\(n - moved) layers lack their implicit animations"
        }
        return (contenders, check)
    }

    /// A committed tree with a render tree and a manual clock, whose layers all move by implicit or explicit
    /// animations; `change()` makes a new transaction of them, `frame()` presents one frame.
    final class AnimatedTree: @unchecked Sendable {
        let clock = MediaClock(startTime: 1)
        let layers: [Layer]
        let renderTree: RenderTree
        let buffers: RenderBuffers
        let implicit: Bool
        private var flipped = false, first = 0
        private let timing = TimingFunction(name: .default)

        init(layers n: Int, implicit: Bool) throws {
            self.implicit = implicit
            let root = LayerScene.tree(layers: n, animated: false)
            layers = LayerTree.layers(of: root)
            renderTree = try RenderTree(root: root, options: BatchOptions(threads: 1))
            buffers = RenderBuffers(count: layers.count)
            try change(updating: true)
        }

        /// One transaction: every layer (or every `every`-th, starting at a rotating one) moves to the other of its
        /// two states (animated over 1e6 s, so frames never end the animations), committed; then, when `updating`,
        /// the render tree's update.
        func change(updating: Bool, every: Int = 1) throws {
            flipped.toggle()
            first = (first + 1) % every
            try MediaClock.withCurrent(clock) {
                LayerTransaction.flush()
                LayerTransaction.begin()
                LayerTransaction.setAnimationDuration(1e6)
                if !implicit { LayerTransaction.setDisableActions(true) }
                let dx: CGFloat = flipped ? 3 : -3, angle = flipped ? 1.1 : 0.1
                for layer in stride(from: first, to: layers.count, by: every).map({ layers[$0] }) {
                    let position = CGPoint(x: layer.position.x + dx, y: layer.position.y)
                    let transform = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1)
                    if !implicit {
                        let move = BasicAnimation(keyPath: "position"), spin = BasicAnimation(keyPath: "transform")
                        (move.fromValue, move.toValue, spin.fromValue, spin.toValue) = (
                            layer.position, position, layer.transform, transform
                        )
                        (move.timingFunction, spin.timingFunction) = (timing, timing)
                        layer.add(move, forKey: "position")
                        layer.add(spin, forKey: "transform")
                    }
                    layer.position = position
                    layer.transform = transform
                }
                LayerTransaction.commit()
                if updating { try renderTree.update(atMediaTime: clock.now) }
            }
        }

        /// One frame, 1/60 s after the previous one.
        func frame() throws {
            try MediaClock.withCurrent(clock) {
                clock.advance(by: 1.0 / 60)
                FrameHook.run()
                try renderTree.render(atMediaTime: clock.now, into: buffers.output)
            }
        }
    }
}
