import CAMathCore
import _CAMathTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct Transform3DConstructorTests {
    @Test func translationFillsRowFour() {
        let t = Transform3D(translationX: 2, y: 3, z: 4)
        #expect(t.elements == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 2, 3, 4, 1])
    }

    @Test func scaleFillsTheDiagonal() {
        #expect(Transform3D(scaleX: 2, y: 3, z: 4).elements == [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1])
    }

    @Test func defaultInitIsZeroAndIdentityIsIdentity() {
        #expect(Transform3D().elements.allSatisfy { $0 == 0 })
        #expect(Transform3D.identity.isIdentity)
        #expect(!Transform3D().isIdentity)
    }

    @Test func elementsRoundTripAndRejectWrongCounts() {
        let e = (1...16).map(Double.init)
        #expect(Transform3D(elements: e)!.elements == e)
        #expect(Transform3D(elements: [1, 2, 3]) == nil)
        #expect(Transform3D(elements: [Double](repeating: 0, count: 17)) == nil)
    }

    @Test func descriptionPrintsFourRows() {
        let d = Transform3D(translationX: 2, y: 3, z: 4).description
        #expect(d == "[1.0, 0.0, 0.0, 0.0]\n[0.0, 1.0, 0.0, 0.0]\n[0.0, 0.0, 1.0, 0.0]\n[2.0, 3.0, 4.0, 1.0]")
    }

    @Test func rotationAboutZMapsXToY() {
        let r = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        #expect(r.m12 == 1 && r.m21 == -1)
        let p = r.mapPoint(SIMD3(1, 0, 0))
        #expect(abs(p.x) < 1e-15 && p.y == 1 && p.z == 0)
    }

    @Test func rotationAboutXMapsYToZAndAboutYMapsXToMinusZ() {
        let rx = Transform3D(rotationAngle: .pi / 2, x: 1, y: 0, z: 0)
        #expect(rx.m23 == 1 && rx.m32 == -1)
        let ry = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0)
        #expect(ry.m13 == -1 && ry.m31 == 1)
    }

    @Test(arguments: [0.0, 0.3, 1, .pi / 3, .pi / 2, 2.9, .pi, -1.7, 100, 1e10])
    func axisAlignedRotationsAreStructurallyExact(angle: Double) {
        let c = cos(angle), s = sin(angle)
        let z = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1)
        #expect(z.elements == [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        #expect(z.isAffine)
        let x = Transform3D(rotationAngle: angle, x: 1, y: 0, z: 0)
        #expect(x.elements == [1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, 0, 0, 0, 1])
        let y = Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0)
        #expect(y.elements == [c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1])
    }

    @Test func zeroAxisIsIdentityWhateverTheAngle() {
        for angle in [1.0, .nan, .infinity, 0] {
            for axis in [SIMD3<Double>(0, 0, 0), SIMD3(-0.0, 0, -0.0), SIMD3(-0.0, -0.0, -0.0)] {
                #expect(Transform3D(rotationAngle: angle, x: axis.x, y: axis.y, z: axis.z).matches(.identity))
            }
        }
    }

    @Test func nonFiniteArgumentsGiveANaNRotationBlock() {
        let cases: [(Double, Double, Double, Double)] = [
            (.nan, 0, 0, 1), (.infinity, 1, 0, 0), (1, .nan, 0, 0), (1, 0, .infinity, 0), (1, 0, 0, -.infinity)
        ]
        for (a, x, y, z) in cases {
            let r = Transform3D(rotationAngle: a, x: x, y: y, z: z).elements
            for i in [0, 1, 2, 4, 5, 6, 8, 9, 10] { #expect(r[i].isNaN) }
            let fixed: [Double] = [r[3], r[7], r[11], r[12], r[13], r[14], r[15]]
            #expect(fixed == [0, 0, 0, 0, 0, 0, 1])
        }
    }

    @Test func tinyAndHugeAxesAreValidDirections() {
        let unit = Transform3D(rotationAngle: 0.7, x: 0, y: 0, z: 1)
        for k in [1e-200, Double.leastNonzeroMagnitude, 1e300, Double.greatestFiniteMagnitude] {
            #expect(Transform3D(rotationAngle: 0.7, x: 0, y: 0, z: k) == unit)
        }
        let diagonal = Transform3D(rotationAngle: 0.7, x: 1, y: 1, z: 1)
        let tiny = Transform3D(rotationAngle: 0.7, x: 1e-170, y: 1e-170, z: 1e-170)
        #expect(tiny == diagonal)
        let huge = Transform3D(rotationAngle: 0.7, x: 1e308, y: 1e308, z: 1e308)
        #expect(huge == diagonal)
    }

    @Test func generalAxisMatchesTheRodriguesFormula() {
        let a = 2 * Double.pi / 3 // rotation about (1,1,1) by 120° permutes the axes: x→y→z→x
        let r = Transform3D(rotationAngle: a, x: 1, y: 1, z: 1)
        let expected: [Double] = [0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1]
        #expect(r.maxDifference(to: Transform3D(elements: expected)!) < 1e-15)
    }

    @Test func affineConstructorCopiesBitForBit() {
        let a = Transform2D(a: -0.0, b: .nan, c: 3, d: .leastNonzeroMagnitude, tx: .infinity, ty: 6)
        let t = Transform3D(a)
        #expect(exact(t.m11, -0.0) && t.m12.isNaN && t.m21 == 3 && exact(t.m22, .leastNonzeroMagnitude))
        #expect(t.m41 == .infinity && t.m42 == 6)
        #expect([t.m13, t.m14, t.m23, t.m24, t.m31, t.m32, t.m34, t.m43] == [0, 0, 0, 0, 0, 0, 0, 0])
        #expect(t.m33 == 1 && t.m44 == 1)
    }

    @Test func quaternionMatrixMatchesRotation() {
        let angle = 0.9, axis = SIMD3<Double>(0.48, -0.6, 0.64) // unit axis
        let q = Quaternion(x: axis.x * sin(angle / 2), y: axis.y * sin(angle / 2), z: axis.z * sin(angle / 2), w: cos(angle / 2))
        let fromQ = Transform3D(rotation: q)
        let direct = Transform3D(rotationAngle: angle, x: axis.x, y: axis.y, z: axis.z)
        #expect(fromQ.maxDifference(to: direct) < 1e-15)
        #expect(Transform3D(rotation: .identity) == .identity)
    }
}
