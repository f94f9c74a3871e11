@_spi(Benchmarks) import CAMath
@_spi(Benchmarks) import _CAMathCatalogue
import Foundation

/// The layer engine's workloads: what a UI framework and a renderer do with whole layer trees, timed through
/// `CALayer` (`Layer`) and through the render tree side by side, with a flat loop as the hit test's peer.
///
/// The tree of N layers is a root, ⌈(N−1)/100⌉ groups side by side and up to 99 leaves in a 10-column grid in
/// each; in `ui-frame` and `render-update` every layer has two basic animations (a `transform` rotation and a
/// `position` move, both ten seconds long), so each frame interpolates 2N animations; in `ui-frame-common` every
/// layer has the animations Apple code writes most (``Mix/common``).
package enum LayerScene: String, CaseIterable, Codable, Sendable {
    /// One UI frame: the presentation tree at t, every presented layer's frame, 100 hit tests on it.
    case uiFrame = "ui-frame"
    /// `ui-frame` with the common mix of animations: a `transform.rotation.z` spinner and a `position` move on every
    /// layer, an `opacity` fade on every fourth and a `bounds` change on every fourth other.
    case uiFrameCommon = "ui-frame-common"
    /// One renderer frame: `RenderTree.render` into caller buffers (two threads), beside its memory floor.
    case renderUpdate = "render-update"
    /// One `hitTest` on a 1e3-layer tree without animations: a point on a leaf and one that misses every leaf
    /// (it lands on a group and hits the root), beside a flat loop over precomputed inverses and the uncached walk.
    case hitTestObject = "hit-test-object"
    /// `hit-test-object` among N siblings: a root whose N − 1 sublayers are leaves in a 100-column grid (a hit on a
    /// leaf, and a miss between leaves that hits the root), beside the same walk through a render tree.
    case hitTestWide = "hit-test-wide"
    /// Making a render tree (`RenderTree(root:)`) for `ui-frame`'s tree of N layers and 2N animations.
    case renderTreeBuild = "render-tree-build"
    /// Transactions and implicit animations: 2N animations created by property changes and committed, then frames,
    /// beside the same animations added explicitly (``implicitCommit(_:)``).
    case implicitCommit = "implicit-commit"
    /// A mostly still UI: `render-update`'s frame (one thread) on N layers of which one in a hundred animates (a
    /// leaf in each group; the root and the groups stay still), and the same with `renderChanges` into kept buffers,
    /// beside the frame on a tree of N/100 layers that all animate: what the still ones cost.
    case staticTree = "static"
    /// Animations coming and going on a still tree: N/100 added and N/100 removed per frame, committed, then a
    /// render (``churn(_:)``).
    case churn = "churn"
    /// A list of N − 2 cells under a `ScrollLayer`, scrolled every frame with actions disabled, committed, then a frame
    /// through the render tree (`render`, `renderChanges`) or `CALayer` (``scroll(_:)``).
    case scroll = "scroll"
    /// `ui-frame`'s animated tree losing N/1000 leaves and gaining as many animated ones per frame, committed, then
    /// rendered, beside the same frame without the change of shape (``reshape(_:)``).
    case reshape = "reshape"

    /// Layer counts of a run: the default, `--full` (up to 1e5 and 1e6) or `--quick`.
    package func sizes(full: Bool, quick: Bool) -> [Int] {
        switch self {
        case .uiFrame, .uiFrameCommon: quick ? [100, 1_000] : full ? [100, 1_000, 10_000, 100_000] : [100, 1_000, 10_000]
        case .renderUpdate: quick ? [10_000] : full ? [10_000, 100_000, 1_000_000] : [10_000, 100_000]
        case .hitTestObject: [1_000]
        case .hitTestWide: [10_000]
        case .renderTreeBuild: quick ? [10_000] : full ? [10_000, 100_000, 1_000_000] : [10_000, 100_000]
        case .implicitCommit: quick ? [1_000] : [10_000]
        case .staticTree, .churn: quick ? [10_000] : [100_000]
        case .scroll, .reshape: quick ? [1_000] : [10_000]
        }
    }
}

/// One timed contender of a scene at one size.
package struct SceneContender {
    /// What is timed: `calayer`, `calayer-reference` (no render tree: the reference fold), `render-tree`,
    /// `calayer-hit`, `calayer-miss`, `flat-loop-hit`, `flat-loop-miss`, `uncached-hit`, `uncached-miss` (the
    /// walk without caches, `ObjectLayerHierarchy`: what `CALayer.hitTest` did before the caches).
    package let name: String
    /// Threads the contender's calls use.
    package let threads: Int
    /// Whether each call is timed on its own, for the slowest call (calls of a millisecond or more).
    package let timesEachCall: Bool
    /// What the scene's setup made resident, per layer, where it measured it.
    package let memory: SceneMemory?
    /// One call.
    package let run: () throws -> Void

    package init(name: String, threads: Int, timesEachCall: Bool = false, memory: SceneMemory? = nil, run: @escaping () throws -> Void) {
        (self.name, self.threads, self.timesEachCall, self.memory, self.run) = (name, threads, timesEachCall, memory, run)
    }
}

/// Heap bytes per layer a scene's setup added (the C allocator's count before and after): the layers with their
/// animations (`model`), and the render tree with its first frame (`engine`: mirror, records, presented tree,
/// outputs). Memory the kernel hands out outside the allocator (none here) is not counted.
package struct SceneMemory: Codable, Sendable, Equatable {
    package var modelBytesPerLayer: Double
    package var engineBytesPerLayer: Double
}

extension LayerScene {
    /// The animations each layer of an animated tree carries (all ten seconds long, added at media time 0).
    package enum Mix: Sendable {
        /// A whole-`transform` rotation and a `position` move.
        case wholeTransforms
        /// A `transform.rotation.z` spinner (a turn a second, repeating) and a `position` move on every layer; an
        /// `opacity` fade on layers 0, 4, 8, …, a `bounds` change on layers 2, 6, 10, ….
        case common
    }

    /// The tree described above, with `animated` layers carrying the animations of `mix` (added at media time 0):
    /// every layer, or with `every` k > 1 the layers k/2, k/2 + k, … of the tree's order (leaves, for k = 100:
    /// one in each group, so the root and the groups stay still).
    package static func tree(layers n: Int, animated: Bool, mix: Mix = .wholeTransforms, every: Int = 1) -> Layer {
        let root = Layer()
        let groups = max(1, (n - 1 + 99) / 100)
        root.bounds = CGRect(x: 0, y: 0, width: 100 * Double(groups), height: 1000)
        root.position = CGPoint(x: 50 * Double(groups), y: 500)
        var made = 1, all = [root]
        for g in 0..<groups where made < n {
            let group = Layer()
            group.bounds = CGRect(x: 0, y: 0, width: 100, height: 1000)
            group.position = CGPoint(x: 50 + 100 * Double(g), y: 500)
            root.addSublayer(group)
            made += 1
            all.append(group)
            for k in 0..<99 where made < n {
                let leaf = Layer()
                leaf.bounds = CGRect(x: 0, y: 0, width: 9, height: 9)
                leaf.position = CGPoint(x: 5 + Double(k % 10) * 10, y: 5 + Double(k / 10) * 10)
                leaf.transform = Transform3D(rotationAngle: 0.1, x: 0, y: 0, z: 1)
                group.addSublayer(leaf)
                made += 1
                all.append(leaf)
            }
        }
        // Committed, as a host's frame would: later changes of these layers animate implicitly.
        LayerTransaction.flush()
        guard animated else { return root }
        for (i, layer) in all.enumerated() where every == 1 || i % every == every / 2 {
            let spin: BasicAnimation
            switch mix {
            case .wholeTransforms:
                spin = BasicAnimation(keyPath: "transform")
                spin.fromValue = layer.transform
                spin.toValue = Transform3D(rotationAngle: 1.1, x: 0, y: 0, z: 1)
                spin.duration = 10
            case .common:
                spin = BasicAnimation(keyPath: "transform.rotation.z")
                spin.fromValue = 0.0
                spin.toValue = 2 * Double.pi
                spin.duration = 1
                spin.repeatCount = .infinity
                if i % 4 == 0 {
                    let fade = BasicAnimation(keyPath: "opacity")
                    fade.fromValue = 1.0; fade.toValue = 0.25; fade.duration = 10
                    layer.add(fade, forKey: "fade", atMediaTime: 0)
                } else if i % 4 == 2 {
                    let grow = BasicAnimation(keyPath: "bounds")
                    grow.toValue = layer.bounds.insetBy(dx: -2, dy: -1); grow.duration = 10
                    layer.add(grow, forKey: "grow", atMediaTime: 0)
                }
            }
            let move = BasicAnimation(keyPath: "position")
            move.fromValue = layer.position
            move.toValue = CGPoint(x: layer.position.x + 3, y: layer.position.y + 2)
            move.duration = 10
            layer.add(spin, forKey: "spin", atMediaTime: 0)
            layer.add(move, forKey: "move", atMediaTime: 0)
        }
        return root
    }

    /// A UI frame through `CALayer`: `root`'s presentation at `t`, every presented layer's frame (summed into `sink`),
    /// and the hit tests of `points` on it.
    static func objectFrame(of root: Layer, at t: Double, hitting points: [CGPoint], sink: inout Double) -> (Layer, [Layer?]) {
        let presented = root.presentation(at: t)!
        var stack = [presented]
        while let layer = stack.popLast() {
            sink += Double(layer.frame.origin.x + layer.frame.origin.y)
            if let s = layer.sublayers { stack += s }
        }
        return (presented, points.map { presented.hitTest($0) })
    }

    /// The reference's presentation of `root`'s tree at `t` (the layers' own fold, their render tree set aside), as a
    /// flattened tree: what every scene's check compares a render tree's `presented` with.
    static func referencePresentation(of root: Layer, at t: Double) -> LayerTree {
        Layer.withoutRenderTree(root) { LayerTree(root: root.presentation(at: t)!) }
    }

    /// 100 points over the tree's extent (seeded), in the root's superlayer space.
    static func points(over root: Layer) -> [CGPoint] {
        var s = SeededGenerator(seed: 7)
        let w = Double(root.bounds.width)
        return (0..<100).map { _ in CGPoint(x: Double.random(in: -10...(w + 10), using: &s), y: Double.random(in: -10...1010, using: &s)) }
    }

    /// The contenders at `n` layers, and a check that they agree (their answers, compared where they overlap:
    /// `nil` when they do, else what differs). The media time moves by 1/120 s per call, through the
    /// animations' ten seconds.
    package func contenders(layers n: Int) throws -> (contenders: [SceneContender], check: () throws -> String?) {
        switch self {
        case .uiFrame: return try Self.uiFrame(n, mix: .wholeTransforms)
        case .uiFrameCommon: return try Self.uiFrame(n, mix: .common)
        case .renderUpdate: return try Self.renderUpdate(n)
        case .hitTestObject: return try Self.hitTestObject(n, wide: false)
        case .hitTestWide: return try Self.hitTestObject(n, wide: true)
        case .renderTreeBuild: return try Self.renderTreeBuild(n)
        case .implicitCommit: return try Self.implicitCommit(n)
        case .staticTree: return try Self.staticTree(n)
        case .churn: return try Self.churn(n)
        case .scroll: return try Self.scroll(n)
        case .reshape: return try Self.reshape(n)
        }
    }

    /// A frame clock: 1/120 s per tick, wrapping within the animations' ten seconds.
    final class Clock: @unchecked Sendable {
        private var tick = 0
        func next() -> Double { tick = (tick + 1) % 1100; return 0.5 + Double(tick) / 120 }
    }

    private static func uiFrame(_ n: Int, mix: Mix) throws -> ([SceneContender], () throws -> String?) {
        let objectRoot = tree(layers: n, animated: true, mix: mix), referenceRoot = tree(layers: n, animated: true, mix: mix)
        let renderRoot = tree(layers: n, animated: true, mix: mix)
        let objectTree = try RenderTree(root: objectRoot, options: BatchOptions(threads: 1))
        let renderTree = try RenderTree(root: renderRoot, options: BatchOptions(threads: 1))
        let points = points(over: renderRoot)
        let buffers = RenderBuffers(count: renderTree.count)
        let clock = Clock()
        var sink = 0.0
        func objectFrame(_ root: Layer, at t: Double) -> (Layer, [Layer?]) {
            Self.objectFrame(of: root, at: t, hitting: points, sink: &sink)
        }
        var contenders = [
            // The render tree stays attached to objectRoot's layers while the closure holds it.
            SceneContender(name: "calayer", threads: 1) { [objectTree] in _ = (objectTree, objectFrame(objectRoot, at: clock.next())) },
            SceneContender(name: "render-tree", threads: 1) {
                try renderTree.render(atMediaTime: clock.next(), into: buffers.output)
                for p in points { sink += Double(renderTree.hitTest(p) ?? 0) }
            }
        ]
        if n <= 1_000 {
            contenders.append(SceneContender(name: "calayer-reference", threads: 1) { _ = objectFrame(referenceRoot, at: clock.next()) })
        }
        let check: () throws -> String? = {
            let t = 2.5
            let (presented, hits) = objectFrame(objectRoot, at: t)
            let (expected, expectedHits) = objectFrame(referenceRoot, at: t)
            if LayerTree(root: presented).geometries != LayerTree(root: expected).geometries {
                return "calayer: presented geometries differ from the reference"
            }
            let order = LayerTree.layers(of: presented), referenceOrder = LayerTree.layers(of: expected)
            if order.map(\.opacity) != referenceOrder.map(\.opacity) { return "calayer: presented opacities differ from the reference" }
            func index(_ layer: Layer?, in layers: [Layer]) -> Int? { layer.flatMap { x in layers.firstIndex { $0 === x } } }
            for (h, e) in zip(hits, expectedHits) where index(h, in: order) != index(e, in: referenceOrder) {
                return "calayer: a hit test differs from the reference"
            }
            try renderTree.render(atMediaTime: t, into: buffers.output)
            if renderTree.presented.geometries != LayerTree(root: expected).geometries { return "render-tree: presented geometries differ" }
            if Array(buffers.output.opacities) != referenceOrder.map(\.opacity) { return "render-tree: presented opacities differ" }
            for (p, e) in zip(points, expectedHits) where renderTree.hitTest(p) != index(e, in: referenceOrder) {
                return "render-tree: a hit test differs from the reference"
            }
            return sink.isNaN ? "frames summed to NaN" : nil
        }
        return (contenders, check)
    }

    private static func renderUpdate(_ n: Int) throws -> ([SceneContender], () throws -> String?) {
        // The heap the layers with their animations take, and the render tree after its first frame.
        let start = ProcessMemory.allocatedBytes()
        let root = tree(layers: n, animated: true)
        let threads = Batch.processorCount
        let built = ProcessMemory.allocatedBytes()
        let renderTree = try RenderTree(root: root, options: BatchOptions(threads: threads))
        let buffers = RenderBuffers(count: renderTree.count)
        let clock = Clock()
        try renderTree.render(atMediaTime: clock.next(), into: buffers.output)
        let rendered = ProcessMemory.allocatedBytes()
        var memory: SceneMemory?
        if let start, let built, let rendered {
            memory = SceneMemory(modelBytesPerLayer: (built - start) / Double(n), engineBytesPerLayer: (rendered - built) / Double(n))
        }
        let contenders = [
            SceneContender(name: "render-tree", threads: threads, memory: memory) {
                try renderTree.render(atMediaTime: clock.next(), into: buffers.output)
            }
        ]
        let check: () throws -> String? = {
            try firstWrongFrame(of: renderTree, into: buffers).map { "frame of layer \($0) differs from the reference" }
        }
        return (contenders, check)
    }

    /// A frame of `renderTree` at media time 1.25 into `buffers`: the first layer whose written frame is not the
    /// reference's (`Batch.frames` on the scalar path over the presented tree), or `nil`.
    private static func firstWrongFrame(of renderTree: RenderTree, into buffers: RenderBuffers) throws -> Int? {
        try renderTree.render(atMediaTime: 1.25, into: buffers.output)
        let frames = try Batch.frames(of: renderTree.presented, options: .scalar)
        return (0..<renderTree.count).first { frames[$0] != buffers.frames[$0] }
    }

    private static func staticTree(_ n: Int) throws -> ([SceneContender], () throws -> String?) {
        let mostlyStill = try RenderTree(root: tree(layers: n, animated: true, every: 100), options: BatchOptions(threads: 1))
        let changesOnly = try RenderTree(root: tree(layers: n, animated: true, every: 100), options: BatchOptions(threads: 1))
        let animatedAlone = try RenderTree(root: tree(layers: max(1, n / 100), animated: true), options: BatchOptions(threads: 1))
        let stillBuffers = RenderBuffers(count: mostlyStill.count), aloneBuffers = RenderBuffers(count: animatedAlone.count)
        let changesBuffers = RenderBuffers(count: changesOnly.count)
        let clock = Clock(), changesClock = Clock()
        var sink = 0
        let contenders = [
            SceneContender(name: "render-tree", threads: 1) {
                try mostlyStill.render(atMediaTime: clock.next(), into: stillBuffers.output)
            },
            // A renderer that keeps its buffers: only what changed is written.
            SceneContender(name: "render-changes", threads: 1) {
                sink &+= try changesOnly.renderChanges(
                    atMediaTime: changesClock.next(), into: changesBuffers.output, changed: changesBuffers.changed)
            },
            SceneContender(name: "animated-alone", threads: 1) {
                try animatedAlone.render(atMediaTime: clock.next(), into: aloneBuffers.output)
            }
        ]
        let check: () throws -> String? = {
            for (name, renderTree, buffers) in [("render-tree", mostlyStill, stillBuffers), ("animated-alone", animatedAlone, aloneBuffers)]
            {
                if let i = try firstWrongFrame(of: renderTree, into: buffers) {
                    return "\(name): frame of layer \(i) differs from the reference"
                }
            }
            // The kept buffers after a few frames of changes hold what a whole render writes.
            var changed = 0
            for t in [1.0, 1.5, 1.25] {
                changed = try changesOnly.renderChanges(atMediaTime: t, into: changesBuffers.output, changed: changesBuffers.changed)
            }
            guard changed > 0 else { return "render-changes: no layer changed between two frames" }
            guard Array(changesBuffers.transforms) == Array(stillBuffers.transforms),
                Array(changesBuffers.frames) == Array(stillBuffers.frames),
                Array(changesBuffers.opacities) == Array(stillBuffers.opacities), Array(changesBuffers.hidden) == Array(stillBuffers.hidden)
            else {
                return "render-changes: the kept buffers differ from a whole render"
            }
            return sink < 0 ? "render-changes: a negative count" : nil
        }
        return (contenders, check)
    }

    private static func renderTreeBuild(_ n: Int) throws -> ([SceneContender], () throws -> String?) {
        let root = tree(layers: n, animated: true)
        // Each call makes a render tree and lets it go (its layers leave its journal): what replacing one costs.
        let contenders = [
            SceneContender(name: "render-tree", threads: 1) { _ = try RenderTree(root: root, options: BatchOptions(threads: 1)) }
        ]
        let check: () throws -> String? = {
            let renderTree = try RenderTree(root: root, options: BatchOptions(threads: 1))
            try renderTree.update(atMediaTime: 1.25)
            return renderTree.presented.geometries == referencePresentation(of: root, at: 1.25).geometries
                ? nil : "the built tree's presentation differs from the reference"
        }
        return (contenders, check)
    }

    /// Bytes a render update must move per layer at least: the model geometry read and the presented one
    /// written, its level map, its world transform (double), its frame, the two animations' prepared records
    /// (224 bytes each) and the output (64 + 4 + 1 + 32 bytes).
    package static let renderUpdateBytesPerLayer =
        2 * MemoryLayout<LayerGeometry>.stride + MemoryLayout<LevelMap>.stride
        + MemoryLayout<Transform3D>.stride + MemoryLayout<CGRect>.stride + 2 * 224 + 64 + 4 + 1 + 32

    /// A root of `n` layers: N − 1 leaves of 9×9 points in a 100-column grid, 10 points apart.
    static func wideTree(layers n: Int) -> Layer {
        let root = Layer()
        root.bounds = CGRect(x: 0, y: 0, width: 1000, height: 10 * Double((n + 98) / 100))
        root.position = CGPoint(x: 500, y: root.bounds.height / 2)
        for k in 0..<max(0, n - 1) {
            let leaf = Layer()
            leaf.bounds = CGRect(x: 0, y: 0, width: 9, height: 9)
            leaf.position = CGPoint(x: 5 + Double(k % 100) * 10, y: 5 + Double(k / 100) * 10)
            root.addSublayer(leaf)
        }
        LayerTransaction.flush()
        return root
    }

    private static func hitTestObject(_ n: Int, wide: Bool) throws -> ([SceneContender], () throws -> String?) {
        let root = wide ? wideTree(layers: n) : tree(layers: n, animated: false)
        let flat = FlatHitTest(LayerTree(root: root))
        let order = LayerTree.layers(of: root)
        // Wide: the middle row's leaf in column 50, and the gap at its corner (inside the root, outside every leaf).
        let row = Double((n - 1) / 200)
        let hit = wide ? CGPoint(x: 503, y: 10 * row + 5) : CGPoint(x: 456, y: 47)
        let miss = wide ? CGPoint(x: 510, y: 10 * row + 10) : CGPoint(x: 55, y: 999)
        var found: Layer?, index: Int?
        let uncached = ObjectLayerHierarchy<Layer>()
        let renderRoot = wide ? wideTree(layers: n) : tree(layers: n, animated: false)
        let renderTree = try RenderTree(root: renderRoot, options: BatchOptions(threads: 1))
        try renderTree.update(atMediaTime: 0)
        var contenders = [
            SceneContender(name: "calayer-hit", threads: 1) { found = root.hitTest(hit) },
            SceneContender(name: "flat-loop-hit", threads: 1) { index = flat.hitTest(hit) },
            SceneContender(name: "uncached-hit", threads: 1) { found = uncached.hitTest(hit, in: root) },
            SceneContender(name: "calayer-miss", threads: 1) { found = root.hitTest(miss) },
            SceneContender(name: "flat-loop-miss", threads: 1) { index = flat.hitTest(miss) },
            SceneContender(name: "uncached-miss", threads: 1) { found = uncached.hitTest(miss, in: root) }
        ]
        if wide {
            contenders += [
                SceneContender(name: "render-tree-hit", threads: 1) { index = renderTree.hitTest(hit) },
                SceneContender(name: "render-tree-miss", threads: 1) { index = renderTree.hitTest(miss) }
            ]
        }
        let check: () throws -> String? = {
            let reference = ObjectLayerHierarchy<Layer>()
            for p in [hit, miss] {
                found = root.hitTest(p)
                index = flat.hitTest(p)
                let expected = reference.hitTest(p, in: root)
                if found !== expected { return "calayer: hitTest(\(p)) differs from the reference" }
                if index.map({ order[$0] }) !== expected { return "flat loop: hitTest(\(p)) differs from the reference" }
                if wide && renderTree.hitTest(p) != index { return "render tree: hitTest(\(p)) differs from the reference" }
            }
            if wide && (root.hitTest(hit) === root || root.hitTest(miss) !== root) {
                return "the hit point should hit a leaf and the miss the root"
            }
            return nil
        }
        return (contenders, check)
    }
}

/// The hit test's peer: every layer's back-map precomputed, then one flat loop in the tree's order that maps the
/// point down through each layer's inverse from its parent's point and keeps the last layer whose bounds contain
/// it (masks, hidden layers and transform layers left out: the scene's tree has none).
final class FlatHitTest: @unchecked Sendable {
    let parents: [Int]
    let inverses: [Homography]
    let boxes: [Rect2D]
    var scratch: [SIMD2<Double>]

    init(_ tree: LayerTree) {
        parents = tree.parents
        inverses = tree.levelMaps.map { $0.inverse ?? Homography(.identity) }
        boxes = tree.geometries.map { Rect2D($0.bounds).standardized }
        scratch = [SIMD2<Double>](repeating: .zero, count: tree.count)
    }

    func hitTest(_ p: CGPoint) -> Int? {
        var found: Int?
        scratch.withUnsafeMutableBufferPointer { q in
            for i in 0..<parents.count {
                let from = parents[i] < 0 ? p.simd : q[parents[i]]
                let r = inverses[i].mapPoint(from)
                q[i] = r
                let b = boxes[i]
                if b.x <= r.x && r.x < b.x + b.width && b.y <= r.y && r.y < b.y + b.height { found = i }
            }
        }
        return found
    }
}

/// Output buffers of a render tree of `count` layers, allocated once.
final class RenderBuffers: @unchecked Sendable {
    let transforms: UnsafeMutableBufferPointer<SIMD4<Float>>
    let opacities: UnsafeMutableBufferPointer<Float>
    let hidden: UnsafeMutableBufferPointer<Bool>
    let frames: UnsafeMutableBufferPointer<CGRect>
    /// The indices `renderChanges` lists.
    let changed: UnsafeMutableBufferPointer<Int>

    init(count: Int) {
        transforms = .allocate(capacity: 4 * count); transforms.initialize(repeating: .zero)
        opacities = .allocate(capacity: count); opacities.initialize(repeating: 0)
        hidden = .allocate(capacity: count); hidden.initialize(repeating: false)
        frames = .allocate(capacity: count); frames.initialize(repeating: .zero)
        changed = .allocate(capacity: count); changed.initialize(repeating: 0)
    }

    deinit { transforms.deallocate(); opacities.deallocate(); hidden.deallocate(); frames.deallocate(); changed.deallocate() }

    var output: RenderOutput { RenderOutput(transforms: transforms, opacities: opacities, hidden: hidden, frames: frames) }
}
