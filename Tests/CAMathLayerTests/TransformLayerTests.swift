import CAMathCore
import CAMathLayer
import Foundation
import Testing

/// Transform layers: sublayers keep their depth until a layer that flattens projects them.
///
/// The scene: a root `R` (200 × 200, its space is root space) whose `sublayerTransform` has the
/// perspective `m34 = −1/500` about its centre; in it a container `T` over the same area; in `T` a
/// 20 × 20 layer `A` at `(150, 100)` lifted by `zPosition = 100`. When `T` is a transform layer, `A`
/// keeps its z, so the perspective scales it by `500 / (500 − 100) = 1.25` about `R`'s centre: its
/// centre lands at `100 + 50 · 1.25 = 162.5`. When `T` flattens, `A`'s z is lost in `T`'s plane and it
/// lands at `150`, unscaled.
@Suite struct TransformLayerTests {
    struct Scene {
        let root = Layer(), container: Layer, lifted = Layer()

        init(transformLayer: Bool) {
            container = transformLayer ? TransformLayer() : Layer()
            root.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
            root.position = CGPoint(x: 100, y: 100)
            var perspective = Transform3D.identity
            perspective.m34 = -1.0 / 500
            root.sublayerTransform = perspective
            container.bounds = root.bounds
            container.position = CGPoint(x: 100, y: 100)
            lifted.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            lifted.position = CGPoint(x: 150, y: 100)
            lifted.zPosition = 100
            root.addSublayer(container)
            container.addSublayer(lifted)
        }
    }

    @Test func aTransformLayerKeepsItsSublayersDepth() {
        let kept = Scene(transformLayer: true), flattened = Scene(transformLayer: false)
        #expect(close(kept.lifted.convert(CGPoint(x: 10, y: 10), to: kept.root), CGPoint(x: 162.5, y: 100)))
        #expect(close(kept.lifted.convert(CGPoint(x: 0, y: 0), to: kept.root), CGPoint(x: 150, y: 87.5)))
        #expect(
            close(kept.lifted.convert(CGRect(x: 0, y: 0, width: 20, height: 20), to: nil), CGRect(x: 150, y: 87.5, width: 25, height: 25)))
        #expect(close(flattened.lifted.convert(CGPoint(x: 10, y: 10), to: flattened.root), CGPoint(x: 150, y: 100)))
        // Back down: the root-space point lands where it came from.
        #expect(close(kept.lifted.convert(CGPoint(x: 162.5, y: 100), from: kept.root), CGPoint(x: 10, y: 10)))
        #expect(close(kept.lifted.convert(CGPoint(x: 150, y: 87.5), from: nil), CGPoint(x: 0, y: 0)))
        // frame is in the superlayer's space and ignores the superlayers' transforms either way.
        #expect(kept.lifted.frame == CGRect(x: 140, y: 90, width: 20, height: 20))
    }

    @Test func hitTestingFollowsTheProjectedLayerAndNeverReturnsTheTransformLayer() {
        let kept = Scene(transformLayer: true), flattened = Scene(transformLayer: false)
        #expect(kept.root.hitTest(CGPoint(x: 170, y: 100)) === kept.lifted) // inside [150, 175)
        #expect(kept.root.hitTest(CGPoint(x: 145, y: 100)) === kept.root) // left of the projected layer
        #expect(flattened.root.hitTest(CGPoint(x: 145, y: 100)) === flattened.lifted) // [140, 160) unprojected
        #expect(flattened.root.hitTest(CGPoint(x: 50, y: 50)) === flattened.container)
        #expect(kept.root.hitTest(CGPoint(x: 50, y: 50)) === kept.root) // T covers it but is never hit
        // Called on the transform layer itself: its sublayers, with the point in its superlayer's space.
        #expect(kept.container.hitTest(CGPoint(x: 170, y: 100)) === kept.lifted)
        #expect(kept.container.hitTest(CGPoint(x: 50, y: 50)) == nil)
    }

    @Test func aTransformLayerIgnoresMasksToBoundsButNotHidden() {
        let scene = Scene(transformLayer: true)
        scene.container.bounds = CGRect(x: 0, y: 0, width: 10, height: 10) // far from the lifted layer
        scene.container.position = CGPoint(x: 5, y: 5)
        scene.container.masksToBounds = true
        let p = scene.lifted.convert(CGPoint(x: 10, y: 10), to: scene.root)
        #expect(scene.root.hitTest(p) === scene.lifted)
        scene.container.isHidden = true
        #expect(scene.root.hitTest(p) === scene.root)
    }

    @Test func transformLayersStayTransformLayersAndChainsCompose() {
        let t = TransformLayer()
        #expect(!t.geometry.flattensSublayers)
        t.geometry = LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(!t.geometry.flattensSublayers)
        #expect(!TransformLayer(layer: Layer()).geometry.flattensSublayers)
        #expect(!TransformLayer(geometry: LayerGeometry(), name: "t").geometry.flattensSublayers)

        // Two nested transform layers compose in the same order as one: F(A)·(F(T1)·F(T2)).
        let scene = Scene(transformLayer: true)
        let inner = TransformLayer()
        inner.transform = Transform3D(rotationAngle: 0.4, x: 0, y: 1, z: 0)
        inner.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        inner.position = CGPoint(x: 100, y: 100)
        scene.container.addSublayer(inner)
        inner.addSublayer(scene.lifted)
        let f = { (l: Layer) in l.geometry.transformToSuperlayer(l.superlayer?.geometry) }
        let composed = f(scene.lifted).concatenating(f(inner).concatenating(f(scene.container)))
        let expected = Homography(composed).mapPoint(SIMD2(3, 4))
        #expect(scene.lifted.convert(CGPoint(x: 3, y: 4), to: scene.root).simd == expected)
        // Siblings inside a transform layer convert through the plane that flattens them.
        let sibling = Layer()
        sibling.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        sibling.position = CGPoint(x: 60, y: 60)
        inner.addSublayer(sibling)
        let viaRoot = sibling.convert(scene.lifted.convert(CGPoint(x: 3, y: 4), to: scene.root), from: scene.root)
        #expect(scene.lifted.convert(CGPoint(x: 3, y: 4), to: sibling) == viaRoot)
    }

    @Test func theSnapshotAgreesWithTheLayers() {
        let scene = Scene(transformLayer: true)
        let tree = LayerTree(root: scene.root)
        for p in [CGPoint(x: 170, y: 100), CGPoint(x: 145, y: 100), CGPoint(x: 50, y: 50), CGPoint(x: 162, y: 90)] {
            let hit = scene.root.hitTest(p)
            #expect(tree.hitTest(p) == hit.map { h in [scene.root, scene.container, scene.lifted].firstIndex { $0 === h }! })
        }
        #expect(close(tree.convert(CGPoint(x: 10, y: 10), from: 2, to: nil), CGPoint(x: 162.5, y: 100)))
    }

    /// Within 1e-9 (the perspective's −1/500 is not a binary fraction).
    func close(_ a: CGPoint, _ b: CGPoint) -> Bool { abs(a.x - b.x) <= 1e-9 && abs(a.y - b.y) <= 1e-9 }

    func close(_ a: CGRect, _ b: CGRect) -> Bool {
        close(a.origin, b.origin) && close(CGPoint(x: a.width, y: a.height), CGPoint(x: b.width, y: b.height))
    }
}
