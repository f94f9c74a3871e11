@_spi(Benchmarks) import CAMath
import Foundation

extension BatchCatalogue {
    /// Origins and sizes at the rounding functions' edges (halves, signed zeros, the last fractions below 2⁵²
    /// and beyond them), where the autoresizing rule floors each origin and ceils each extent.
    static let roundingEdges: [Double] = [
        -0.0, 0.3, -0.3, 0.5, -0.5, -0.7, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
        0x1p52 - 0.5, -(0x1p52 - 0.5), 0x1p51 + 0.5, 0x1p52, -0x1p53 - 2
    ]
    static let sizeChanges: [(CGSize, CGSize)] = [
        (CGSize(width: 1000, height: 800), CGSize(width: 1280, height: 720)),
        (CGSize(width: 100, height: 100), CGSize(width: 50, height: 25)),
        (CGSize(width: 100, height: 100), CGSize(width: 100, height: 100)),
        (CGSize(width: 0.3, height: 1e300), CGSize(width: 1e-300, height: -7.5))
    ]
    static var adversarialTrees: [LayerTree] {
        [LayerTree(root: Adversarial.tree()), LayerTree(root: Adversarial.chain(depth: 40).root), affineAdversarialTree]
    }
    /// The adversarial tree with every transform's column 4 set to (±0, ±0, ±0, 1), the zeros' signs varying: its
    /// special values (in bounds, anchors, positions and the other entries) reach the frame kernels' affine blocks,
    /// whose corners multiply by W = 1 instead of dividing, which must not change a bit.
    static var affineAdversarialTree: LayerTree {
        let root = Adversarial.tree()
        for (i, layer) in LayerTree.layers(of: root).enumerated() {
            var t = layer.transform
            (t.m14, t.m24, t.m34, t.m44) = (i % 2 == 0 ? 0 : -0.0, i % 3 == 0 ? -0.0 : 0, i % 5 == 0 ? -0.0 : 0, 1)
            layer.transform = t
        }
        return LayerTree(root: root)
    }

    static let layerEntries: [CatalogueEntry] = [
        CatalogueEntry(
            "frames", .frames, kernel: "frames",
            generate: { s, n in
                frames(CatalogueInputs.tree(&s, count: n))
            }, adversarial: { adversarialTrees.map(frames) }),
        CatalogueEntry(
            "frames (planes)", .frames, kernel: "frames_planes",
            generate: { s, n in
                framePlanes(CatalogueInputs.tree(&s, count: n))
            }, adversarial: { adversarialTrees.map(framePlanes) }),
        CatalogueEntry(
            "hit test", .hitTest, kernel: "hit_test_block",
            generate: { s, n in
                let tree = CatalogueInputs.tree(&s, count: max(1, n / 2))
                return hitTest(draw(4 * n, &s) { s in CGPoint(x: s.value(in: -100...900), y: s.value(in: -100...700)) }, tree)
            },
            adversarial: {
                let grid = stride(from: -50.0, through: 450, by: 12.5).flatMap { x in
                    stride(from: -50.0, through: 350, by: 25).map { CGPoint(x: x, y: $0) }
                }
                let points = Adversarial.points + grid
                return adversarialTrees.map { hitTest(points, $0) }
            }),
        CatalogueEntry(
            "autoresize", .autoresize, kernel: "autoresize",
            generate: { s, n in
                let frames = draw(n, &s) { CatalogueInputs.frame(&$0) }
                let masks = draw(n, &s) { s in AutoresizingMask(rawValue: UInt32(s.int(below: 64)) | (s.int(below: 13) == 0 ? 0xC0 : 0)) }
                let (old, new) = s.pick(sizeChanges)
                return autoresize(frames, masks, old, new)
            },
            adversarial: {
                let edgeFrames = roundingEdges.flatMap { v in
                    [CGRect(x: v, y: -v, width: 10, height: 20), CGRect(x: 1, y: 2, width: v, height: -v)]
                }
                let frames = Adversarial.rects + edgeFrames
                let masks =
                    Adversarial.rects.indices.map { AutoresizingMask(rawValue: UInt32($0 % 64)) }
                    + edgeFrames.indices.map { $0 % 2 == 0 ? [.layerWidthSizable, .layerHeightSizable] : AutoresizingMask(rawValue: 63) }
                return sizeChanges.map { autoresize(frames, masks, $0.0, $0.1) }
            })
    ]

    static func frames(_ tree: LayerTree) -> CatalogueCase {
        CatalogueCase(
            "frames", .frames, count: tree.count, reference: tree.geometries.map(\.frame).exactnessValues,
            budget: { tree.geometries.flatMap(ExactnessBudget.frame) }
        ) { options throws(BatchError) in
            try Batch.frames(of: tree, options: options).exactnessValues
        }
    }

    /// The planes form from a plan: its value form, then its `inout` form into planes that share their memory with
    /// another value (which must keep its rectangles).
    static func framePlanes(_ tree: LayerTree) -> CatalogueCase {
        let reference = tree.geometries.map(\.frame).exactnessValues
        return CatalogueCase(
            "frames (planes)", .frames, count: tree.count, reference: reference + reference, isPlanes: true,
            budget: {
                let b = tree.geometries.flatMap(ExactnessBudget.frame); return b + b
            }
        ) { options throws(BatchError) in
            let plan = FramePlan(tree), kept = RectPlanes(repeatElement(CGRect(x: 1, y: 2, width: 3, height: 4), count: tree.count))
            var shared = kept
            try plan.frames(into: &shared, options: options)
            guard kept.allSatisfy({ $0 == CGRect(x: 1, y: 2, width: 3, height: 4) }) else { return [] }
            return try Array(plan.framePlanes(options: options)).exactnessValues + Array(shared).exactnessValues
        }
    }

    static func hitTest(_ points: [CGPoint], _ tree: LayerTree) -> CatalogueCase {
        CatalogueCase("hit test", .hitTest, count: points.count, reference: points.map { Double(tree.hitTest($0) ?? -1) }) {
            options throws(BatchError) in
            // A miss compares as −1.
            try Batch.hitTest(points, in: tree, options: options).map { Double($0 ?? -1) }
        }
    }

    static func autoresize(_ frames: [CGRect], _ masks: [AutoresizingMask], _ old: CGSize, _ new: CGSize) -> CatalogueCase {
        let reference = zip(frames, masks).map {
            LayerAutoresizing.resizedFrame($0, mask: $1, oldSuperlayerSize: old, newSuperlayerSize: new) ?? $0
        }
        return CatalogueCase("autoresize", .autoresize, count: frames.count, reference: reference.exactnessValues) {
            options throws(BatchError) in
            try Batch.autoresize(frames, masks: masks, oldSuperlayerSize: old, newSuperlayerSize: new, options: options).exactnessValues
        }
    }
}
