import CAMathCore
import CAMathLayer
import _CAMathTestSupport
import Foundation
import Testing

/// The layers' cached maps and hit regions never change an answer: random changes interleaved with queries,
/// every answer compared bit for bit with the uncached reference (`LayerMutationScript`).
@Suite struct CachedGeometryTests {
    @Test(arguments: 0..<48)
    func mutationsAndQueriesMatchTheUncachedReference(seed: UInt64) {
        var script = LayerMutationScript(source: SeededSource(seed: seed), count: 4 + Int(seed % 29))
        let problem = script.run(steps: 1500)
        #expect(problem == nil, "seed \(seed): \(problem ?? "")")
    }

    /// The same with a layer of many sublayers, which hit tests ask through an index of their regions.
    @Test(arguments: 0..<16)
    func mutationsAmongManySiblingsMatchTheUncachedReference(seed: UInt64) {
        var script = LayerMutationScript(source: SeededSource(seed: 1000 + seed), count: 440 + Int(seed * 7 % 90), wide: true)
        #expect((script.layers[0].sublayers?.count ?? 0) >= SublayerRegionIndex.minimumCount)
        let problem = script.run(steps: 600)
        #expect(problem == nil, "seed \(seed): \(problem ?? "")")
    }

    /// Hit tests skip subtrees by their regions: a tree of 10 groups of 99 leaves answers like the full walk at
    /// a grid of points over it, leaves and gaps alike, after its groups move.
    @Test func pruningAnswersLikeTheFullWalk() {
        let root = Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 1000, height: 1000), position: CGPoint(x: 500, y: 500)))
        for g in 0..<10 {
            let group = Layer(
                geometry: LayerGeometry(
                    bounds: CGRect(x: 0, y: 0, width: 100, height: 990), position: CGPoint(x: 50 + 100 * Double(g), y: 495)))
            group.transform = Transform3D(rotationAngle: 0.01 * Double(g), x: 0, y: 0, z: 1)
            for k in 0..<99 {
                group.addSublayer(
                    Layer(
                        geometry: LayerGeometry(
                            bounds: CGRect(x: 0, y: 0, width: 9, height: 9),
                            position: CGPoint(x: 5 + Double(k % 10) * 10, y: 5 + Double(k / 10) * 10))))
            }
            root.addSublayer(group)
        }
        let reference = ObjectLayerHierarchy<Layer>()
        for pass in 0..<2 {
            for x in stride(from: -10.0, through: 1010, by: 29.3) {
                for y in stride(from: -10.0, through: 1010, by: 23.9) {
                    let p = CGPoint(x: x, y: y)
                    #expect(root.hitTest(p) === reference.hitTest(p, in: root), "pass \(pass) at \(p)")
                }
            }
            for group in root.sublayers! { group.position.y += 3.25 }
        }
    }

    /// A sublayer held elsewhere outlives its superlayer: a root from then on, its conversions, hit tests and region no
    /// longer read the superlayer's sublayer transform it had cached (found by fuzz-layer-mutations: a NaN payload of the
    /// freed superlayer's transform was still in the child's map).
    @Test func aSublayerOutlivingItsSuperlayerForgetsIt() {
        let child = Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 40, height: 30), position: CGPoint(x: 20, y: 15)))
        let grandchild = Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 5, y: 5)))
        child.addSublayer(grandchild)
        let reference = ObjectLayerHierarchy<Layer>()
        let p = CGPoint(x: 12.5, y: 7.25)
        do {
            let parent = Layer(
                geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 50)))
            parent.sublayerTransform = Transform3D(scaleX: 3, y: 0.5, z: 1).concatenating(Transform3D(translationX: 7, y: -4, z: 0))
            parent.addSublayer(child)
            // Cached under the parent: the maps, the regions.
            #expect(child.convert(p, to: nil) == reference.convert(p, from: child, to: nil))
            #expect(child.hitTest(CGPoint(x: 60, y: 0)) === reference.hitTest(CGPoint(x: 60, y: 0), in: child))
        }
        // The parent is gone; the child is a root.
        #expect(child.superlayer == nil)
        for q in [p, CGPoint(x: 3, y: 4), CGPoint(x: 60, y: 0)] {
            let converted = child.convert(q, to: nil), expected = reference.convert(q, from: child, to: nil)
            #expect(
                Double(converted.x).bitPattern == Double(expected.x).bitPattern
                    && Double(converted.y).bitPattern == Double(expected.y).bitPattern,
                "convert \(q): \(converted), reference \(expected)")
            #expect(child.hitTest(q) === reference.hitTest(q, in: child), "hit test \(q)")
        }
        #expect(grandchild.convert(p, to: nil) == reference.convert(p, from: grandchild, to: nil))
    }

    @Test func aFrameIsReadOnceUntilTheGeometryChanges() {
        let layer = Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 10, height: 20), position: CGPoint(x: 5, y: 5)))
        #expect(layer.frame == CGRect(x: 0, y: -5, width: 10, height: 20))
        layer.transform = Transform3D(scaleX: 2, y: 1, z: 1)
        #expect(layer.frame == CGRect(x: -5, y: -5, width: 20, height: 20))
        layer.anchorPoint = .zero
        #expect(layer.frame == CGRect(x: 5, y: 5, width: 20, height: 20))
    }

    @Test func aCycleIsIgnored() {
        let a = Layer(), b = Layer(), c = Layer()
        a.addSublayer(b)
        b.addSublayer(c)
        c.addSublayer(a)
        c.insertSublayer(a, at: 0)
        c.insertSublayer(b, below: nil)
        c.insertSublayer(c, above: nil)
        b.sublayers = [c, a]
        c.addSublayer(Layer())
        c.replaceSublayer(c.sublayers![0], with: a)
        #expect(a.superlayer == nil && b.superlayer === a && c.superlayer === b)
        #expect(a.sublayers == [b] && b.sublayers == [c] && c.sublayers?.count == 1)
    }
}
