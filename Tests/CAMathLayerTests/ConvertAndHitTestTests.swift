import CAMathCore
import CAMathLayer
import _CAMathTestSupport
import Foundation
import Testing

@Suite struct ConvertAndHitTestTests {
    /// root (0,0,200,200) at (100,100) ⊃ a (0,0,100,100) at (50,50) rotated 90° ⊃ b (0,0,10,10) at (5,5).
    func tree() -> (root: Layer, a: Layer, b: Layer) {
        let root = Layer(
            geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 200, height: 200), position: CGPoint(x: 100, y: 100)), name: "root")
        let a = Layer(
            geometry: LayerGeometry(
                bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 50),
                transform: Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)), name: "a")
        let b = Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 5, y: 5)), name: "b")
        root.addSublayer(a)
        a.addSublayer(b)
        return (root, a, b)
    }

    @Test func convertToSelfIsExactlyTheIdentity() {
        let (_, a, _) = tree()
        for p in [CGPoint(x: 0.1, y: 1e300), CGPoint(x: CGFloat.nan, y: 2), CGPoint(x: -0.0, y: CGFloat.infinity)] {
            let q = a.convert(p, to: a)
            #expect(exact(Double(q.x), Double(p.x)) && exact(Double(q.y), Double(p.y)))
        }
        let r = CGRect(x: 0.1, y: 0.2, width: -0.3, height: 0.7)
        #expect(a.convert(r, to: a) == r && a.convert(r, from: a) == r)
    }

    @Test func convertUpDownAndAcrossTrees() {
        let (root, a, b) = tree()
        // b's origin: b's anchor (5,5) at a's (5,5) → b (0,0) = a (0,0); a rotates 90° about (50,50).
        let inRoot = b.convert(CGPoint(x: 0, y: 0), to: root)
        #expect(abs(inRoot.x - 100) < 1e-12 && abs(inRoot.y - 0) < 1e-12)
        let back = b.convert(inRoot, from: root)
        #expect(abs(back.x) < 1e-12 && abs(back.y) < 1e-12)
        // to: nil goes through the root itself: root (0,0) is at (0,0) in root space.
        let rootSpace = b.convert(CGPoint(x: 0, y: 0), to: nil)
        #expect(abs(rootSpace.x - 100) < 1e-12 && abs(rootSpace.y) < 1e-12)
        let fromRootSpace = b.convert(rootSpace, from: nil)
        #expect(abs(fromRootSpace.x) < 1e-12 && abs(fromRootSpace.y) < 1e-12)
        // A detached layer converts as a root of its own.
        let other = Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 105, y: 5)))
        let across = b.convert(CGPoint(x: 0, y: 0), to: other)
        #expect(abs(across.x - 0) < 1e-12 && abs(across.y - 0) < 1e-12)
        #expect(a.convert(CGRect.null, to: root).isNull)
    }

    @Test func convertThroughASingularLevelIsNaN() {
        let (root, a, b) = tree()
        a.transform = Transform3D(scaleX: 0, y: 1, z: 1)
        let down = b.convert(CGPoint(x: 1, y: 1), from: root)
        #expect(down.x.isNaN && down.y.isNaN)
        let up = b.convert(CGPoint(x: 1, y: 1), to: root)
        #expect(up.x.isFinite) // the forward map exists; only the back-map is singular
    }

    @Test func hitTestOrderAndPruning() {
        let (root, a, b) = tree()
        // root's superlayer space = root space here (position = anchor).
        #expect(root.hitTest(CGPoint(x: 96, y: 4))?.name == "b")
        #expect(root.hitTest(CGPoint(x: 60, y: 60))?.name == "a")
        #expect(root.hitTest(CGPoint(x: 150, y: 150))?.name == "root")
        #expect(root.hitTest(CGPoint(x: 250, y: 50)) == nil)
        b.isHidden = true
        #expect(root.hitTest(CGPoint(x: 96, y: 4))?.name == "a")
        b.isHidden = false
        b.position = CGPoint(x: 120, y: 20) // outside a (x ≥ 100), still hit without masksToBounds
        let outside = b.convert(CGPoint(x: 5, y: 5), to: root)
        #expect(root.hitTest(outside)?.name == "b")
        a.masksToBounds = true
        #expect(root.hitTest(outside)?.name == "root")
        #expect(root.hitTest(CGPoint(x: CGFloat.nan, y: 5)) == nil && root.hitTest(CGPoint(x: CGFloat.infinity, y: 5)) == nil)
    }

    @Test func hitTestSkipsEdgeOnAndBehindTheEyeLayers() {
        let (root, a, _) = tree()
        a.transform = Transform3D(elements: [0, 0, -1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1])!
        #expect(root.hitTest(CGPoint(x: 50, y: 50))?.name == "root")
        var p = Transform3D.identity
        p.m34 = -1.0 / 500
        a.transform = Transform3D(translationX: 0, y: 0, z: 600).concatenating(p)
        #expect(root.hitTest(CGPoint(x: 50, y: 50))?.name == "root")
        a.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0) // not exactly edge-on: finite, but huge
        #expect(root.hitTest(CGPoint(x: 60, y: 50))?.name == "root")
        #expect(a.convert(CGPoint(x: 60, y: 50), from: root).x > 1e16)
    }

    @Test func hitTestIgnoresZPositionAndKeepsSublayerOrder() {
        let p = Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 50)))
        let back = Layer(
            geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 50, y: 50), zPosition: 10),
            name: "back")
        let front = Layer(
            geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 50, height: 50), position: CGPoint(x: 50, y: 50)), name: "front")
        p.sublayers = [back, front]
        #expect(p.hitTest(CGPoint(x: 50, y: 50))?.name == "front")
    }
}
