import CAMathCore
import _CAMathTestSupport
import Testing

@Suite struct HomographyTests {
    @Test func homographyTakesRowsAndColumnsOneTwoFour() {
        let m = Transform3D(elements: (1...16).map(Double.init))!
        #expect(Homography(m) == Homography(h11: 1, h12: 2, h13: 4, h21: 5, h22: 6, h23: 8, h31: 13, h32: 14, h33: 16))
    }

    @Test func forwardMapDividesByW() {
        var m = Transform3D(translationX: 10, y: 20, z: 0)
        #expect(Homography(m).mapPoint(SIMD2(1, 2)) == SIMD2(11, 22))
        m.m14 = 0.5
        let h = Homography(m)
        #expect(h.forwardWeight(SIMD2(2, 0)) == 2)
        #expect(h.mapPoint(SIMD2(2, 0)) == SIMD2(6, 10))
    }

    @Test func backMapInvertsTheForwardMap() {
        var m = Transform3D(rotationAngle: 0.5, x: 0, y: 1, z: 0)
        m.m34 = -1.0 / 500
        m = m.concatenating(Transform3D(translationX: 3, y: -4, z: 0))
        let h = Homography(m)
        let p = SIMD2<Double>(12.5, -7.25)
        let back = h.backMapPoint(h.mapPoint(p))
        #expect(abs(back.x - p.x) < 1e-12 && abs(back.y - p.y) < 1e-12)
    }

    @Test func edgeOnLayerIsSingularButRotationByPiOverTwoIsNot() {
        let edgeOn = Transform3D(elements: [0, 0, -1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1])!
        #expect(Homography(edgeOn).determinant == 0)
        #expect(Homography(edgeOn).inverted() == nil)
        let back = Homography(edgeOn).backMapPoint(SIMD2(1, 1))
        #expect(back.x.isNaN && back.y.isNaN)
        let nearly = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0)
        let q = Homography(nearly).backMapPoint(SIMD2(1, 1))
        #expect(q.x.isFinite && abs(q.x) > 1e15)
    }

    @Test func singularityRules() {
        #expect(Homography(Transform3D.identity.replacing(0, with: .nan)).inverted() == nil)
        #expect(Homography(Transform3D.identity.replacing(12, with: .infinity)).inverted() == nil)
        #expect(Homography(Transform3D(scaleX: 1e-160, y: 1e-160, z: 1)).inverted() == nil) // det 1e-320
        #expect(Homography(Transform3D(scaleX: 1e-150, y: 1e-150, z: 1)).inverted() != nil) // det 1e-300
        let overflowing = Homography(h11: 1e-300, h12: 0, h13: 0, h21: 0, h22: 1, h23: 0, h31: 1e300, h32: 0, h33: 1)
        #expect(overflowing.inverted() == nil)
    }
}
