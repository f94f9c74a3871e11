import CAMathCore
import _CAMathTestSupport
import Testing

@Suite struct Transform3DPredicateTests {
    @Test func identityIsExact() {
        #expect(Transform3D.identity.isIdentity)
        #expect(Transform3D.identity.replacing(1, with: -0.0).replacing(14, with: -0.0).isIdentity)
        #expect(!Transform3D.identity.replacing(0, with: 1.0.nextUp).isIdentity)
        #expect(!Transform3D.identity.replacing(3, with: .leastNonzeroMagnitude).isIdentity)
        #expect(!Transform3D.identity.replacing(15, with: .nan).isIdentity)
    }

    @Test func equalityIsExactElementWise() {
        let a = Transform3D(scaleX: 2, y: 2, z: 2)
        #expect(a == Transform3D(scaleX: 2, y: 2, z: 2))
        #expect(a != Transform3D(translationX: 10, y: 0, z: 0))
        let n = Transform3D.identity.replacing(0, with: .nan)
        #expect(n != n)
        #expect(Transform3D.identity.replacing(4, with: -0.0) == .identity)
        #expect(Transform3D.identity.replacing(4, with: -0.0).hashValue == Transform3D.identity.hashValue)
    }

    @Test func affinePredicateFollowsTheTenEntries() {
        #expect(Transform3D.identity.isAffine)
        #expect(Transform3D(Transform2D(a: 2, b: 3, c: 4, d: 5, tx: 6, ty: 7)).isAffine)
        #expect(Transform3D(rotationAngle: 1, x: 0, y: 0, z: 1).isAffine)
        #expect(!Transform3D(rotationAngle: 1, x: 1, y: 0, z: 0).isAffine)
        #expect(!Transform3D(scaleX: 1, y: 1, z: 2).isAffine)
        #expect(!Transform3D(translationX: 0, y: 0, z: 5).isAffine)
        for i in [2, 3, 6, 7, 8, 9, 11, 14] {
            #expect(!Transform3D.identity.replacing(i, with: 1e-300).isAffine, "position \(i)")
            #expect(!Transform3D.identity.replacing(i, with: .nan).isAffine, "position \(i)")
            #expect(Transform3D.identity.replacing(i, with: -0.0).isAffine, "position \(i)")
        }
        for i in [10, 15] {
            #expect(!Transform3D.identity.replacing(i, with: 1.0.nextUp).isAffine)
        }
        for i in [0, 1, 4, 5, 12, 13] {
            #expect(Transform3D.identity.replacing(i, with: .nan).isAffine, "free position \(i)")
        }
    }

    @Test func affineBridgeCopiesEvenWhenNotAffine() {
        let t = Transform3D(elements: (1...16).map(Double.init))!
        #expect(t.affineTransform == Transform2D(a: 1, b: 2, c: 5, d: 6, tx: 13, ty: 14))
        let a = Transform2D(a: 2, b: 3, c: 4, d: 5, tx: 6, ty: 7)
        #expect(Transform3D(a).affineTransform == a)
    }

    @Test func pointMappingDividesByW() {
        let t = Transform3D(elements: [2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 3, 0, 3, 5, 1, 1])!
        #expect(t.mapPoint(SIMD3(4, 3, 2)) == SIMD3(11, 8, 7))
        var p = Transform3D.identity
        p.m34 = -0.5
        #expect(p.mapPoint(SIMD3(2, 4, 1)) == SIMD3(4, 8, 2))
        #expect(p.mapHomogeneous(SIMD3(2, 4, 1)) == SIMD4(2, 4, 1, 0.5))
        let w0 = Transform3D.identity.replacing(15, with: 0)
        let r = w0.mapPoint(SIMD3(1, 2, 0))
        #expect(r.x == .infinity && r.y == .infinity && r.z.isNaN)
    }
}
