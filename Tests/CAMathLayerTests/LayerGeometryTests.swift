import CAMathCore
import CAMathLayer
import _CAMathTestSupport
import Foundation
import Testing

@Suite struct LayerGeometryTests {
    @Test func anchorIncludesBoundsOrigin() {
        let g = LayerGeometry(bounds: CGRect(x: 10, y: 20, width: 100, height: 50), anchorPoint: CGPoint(x: 0.25, y: 1), anchorPointZ: 3)
        #expect(g.anchorInBounds == SIMD3(35, 70, 3))
    }

    @Test func superlayerMapPlacesTheAnchorAtPosition() {
        let g = LayerGeometry(bounds: CGRect(x: 10, y: 20, width: 100, height: 50), position: CGPoint(x: 200, y: 300))
        let h = g.levelMap(superlayer: nil)
        #expect(h.mapUp(SIMD2(60, 45)) == SIMD2(200, 300)) // the anchor (bx + 50, by + 25)
        #expect(h.mapUp(SIMD2(10, 20)) == SIMD2(150, 275)) // bounds origin → frame origin
    }

    @Test func geometryFlippedFlipsAndTwiceCancels() {
        var child = LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 100, height: 50), position: CGPoint(x: 50, y: 25))
        child.isGeometryFlipped = true
        let h = child.levelMap(superlayer: nil)
        #expect(h.mapUp(SIMD2(0, 0)) == SIMD2(0, 50))
        #expect(h.mapUp(SIMD2(0, 50)) == SIMD2(0, 0))
        #expect(child.frame == CGRect(x: 0, y: 0, width: 100, height: 50))
        let parent = Layer(
            geometry: LayerGeometry(
                bounds: CGRect(x: 0, y: 0, width: 100, height: 50),
                position: CGPoint(x: 50, y: 25), isGeometryFlipped: true))
        let inner = Layer(geometry: child)
        parent.addSublayer(inner)
        #expect(inner.convert(CGPoint(x: 10, y: 5), to: nil) == CGPoint(x: 10, y: 5))
    }

    @Test func sublayerTransformActsAboutTheSuperlayersAnchor() {
        let superlayer = LayerGeometry(
            bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 50),
            sublayerTransform: Transform3D(scaleX: 2, y: 2, z: 1))
        let child = LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 60, y: 50))
        // The child's anchor lands at (60, 50); scaling by 2 about (50, 50) moves it to (70, 50).
        #expect(child.levelMap(superlayer: superlayer).mapUp(SIMD2(5, 5)) == SIMD2(70, 50))
        #expect(child.levelMap(superlayer: nil).mapUp(SIMD2(5, 5)) == SIMD2(60, 50))
    }

    @Test func frameRules() {
        var g = LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 100, height: 50), position: CGPoint(x: 200, y: 300))
        #expect(g.frame == CGRect(x: 150, y: 275, width: 100, height: 50))
        g.bounds.origin = CGPoint(x: 11, y: 22); g.zPosition = 17; g.anchorPointZ = 25; g.isGeometryFlipped = true
        #expect(g.frame == CGRect(x: 150, y: 275, width: 100, height: 50))
        g.anchorPoint = CGPoint(x: 2, y: -1)
        #expect(g.frame == CGRect(x: 0, y: 350, width: 100, height: 50))
        let empty = LayerGeometry(position: CGPoint(x: 10, y: 20))
        #expect(empty.frame == CGRect(x: 10, y: 20, width: 0, height: 0))
        let negative = LayerGeometry(bounds: CGRect(x: 0, y: 0, width: -100, height: 50), position: CGPoint(x: 0, y: 0))
        #expect(negative.frame == CGRect(x: -50, y: -25, width: 100, height: 50))
    }

    @Test func frameClipsBehindTheEye() {
        var p = Transform3D.identity
        p.m34 = -1.0 / 500
        var g = LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 50))
        g.transform = Transform3D(translationX: 0, y: 0, z: 600).concatenating(p)
        #expect(g.frame.isNull)
        g.transform = Transform3D.identity.replacing(0, with: .nan)
        #expect(g.frame.origin.x.isNaN && g.frame.size.height.isNaN)
        // Half the layer behind the eye: the visible half is finite, bounded by W ≥ 1/16384.
        var tilt = Transform3D(rotationAngle: .pi / 3, x: 0, y: 1, z: 0)
        var q = Transform3D.identity
        q.m34 = -1.0 / 50
        tilt = tilt.concatenating(q)
        g.transform = tilt
        g.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        let f = g.frame
        #expect(f.origin.x.isFinite && f.size.width.isFinite && f.size.height <= 100 * 16384 + 1)
    }

    @Test func setFrameRules() {
        var g = LayerGeometry()
        g.setFrame(CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(g.bounds == CGRect(x: 0, y: 0, width: 100, height: 50) && g.position == CGPoint(x: 60, y: 45))
        g.transform = Transform3D(scaleX: 2, y: 4, z: 1)
        g.setFrame(CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(g.bounds.size == CGSize(width: 50, height: 12.5) && g.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
        let before = g
        g.setFrame(CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1))
        g.setFrame(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1))
        g.setFrame(.null)
        #expect(g == before)
        g.transform = Transform3D.identity.replacing(0, with: .infinity)
        let nonFinite = g
        g.setFrame(CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(g == nonFinite)
        var singular = LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 7, height: 9))
        singular.transform = Transform3D(scaleX: 0, y: 1, z: 1)
        singular.setFrame(CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(singular.bounds.size == CGSize(width: 7, height: 9) && singular.position == CGPoint(x: 60, y: 45))
        var rotated = LayerGeometry()
        rotated.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        rotated.setFrame(CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(abs(rotated.bounds.width - 50) < 1e-12 && abs(rotated.bounds.height - 100) < 1e-12)
        #expect(rotated.position == CGPoint(x: 50, y: 25))
        var perspective = LayerGeometry()
        perspective.transform.m34 = -0.002 // not affine: A = identity
        perspective.setFrame(CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(perspective.bounds.size == CGSize(width: 100, height: 50))
    }

    @Test func containsIsHalfOpenOnBounds() {
        let g = LayerGeometry(bounds: CGRect(x: 10, y: 10, width: 100, height: 100))
        #expect(g.contains(CGPoint(x: 10, y: 10)) && g.contains(CGPoint(x: 109.99, y: 50)))
        #expect(!g.contains(CGPoint(x: 110, y: 50)) && !g.contains(CGPoint(x: 50, y: 110)) && !g.contains(CGPoint(x: 5, y: 50)))
        #expect(!g.contains(CGPoint(x: CGFloat.nan, y: 50)))
        #expect(!LayerGeometry().contains(.zero))
        let negative = LayerGeometry(bounds: CGRect(x: 10, y: 10, width: -10, height: -10))
        #expect(negative.contains(CGPoint(x: 0, y: 0)) && !negative.contains(CGPoint(x: 10, y: 10)))
    }

    @Test func affineTransformIsIdentityUnlessAffine() {
        var g = LayerGeometry()
        g.setAffineTransform(Transform2D(a: 2, b: 3, c: 4, d: 5, tx: 6, ty: 7))
        #expect(g.transform == Transform3D(Transform2D(a: 2, b: 3, c: 4, d: 5, tx: 6, ty: 7)))
        #expect(g.affineTransform() == Transform2D(a: 2, b: 3, c: 4, d: 5, tx: 6, ty: 7))
        for t in [
            Transform3D(scaleX: 1, y: 1, z: 2), Transform3D(rotationAngle: 0.3, x: 1, y: 0, z: 0),
            Transform3D(translationX: 0, y: 0, z: 5)
        ] {
            g.transform = t
            #expect(g.affineTransform() == .identity)
        }
    }
}
