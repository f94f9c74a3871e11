import CAMathCore
import _CAMathTestSupport
import Testing

@Suite struct Transform3DInversionTests {
    @Test func identityAndPureTranslationsInvertExactly() {
        #expect(Transform3D.identity.inverted().matches(.identity))
        for (x, y, z) in [(10.0, 20.0, 30.0), (0.1, -1e300, 3e-300), (-7, 0, Double.leastNormalMagnitude.nextDown)] {
            let t = Transform3D(translationX: x, y: y, z: z)
            let inv = t.inverted()
            #expect(inv == Transform3D(translationX: -x, y: -y, z: -z))
        }
    }

    @Test func diagonalScalesInvert() {
        #expect(Transform3D(scaleX: 2, y: 4, z: 0.5).inverted() == Transform3D(scaleX: 0.5, y: 0.25, z: 2))
        let inv = Transform3D(scaleX: 0.01, y: 0.01, z: 0.01).inverted() // GNUstep's 1e-4 threshold refuses this
        #expect(abs(inv.m11 - 100) < 1e-12 && abs(inv.m22 - 100) < 1e-12 && abs(inv.m33 - 100) < 1e-12)
    }

    @Test func generalInverseIsAnInverse() {
        let t = Transform3D(elements: [2, 1, 0, 0.5, -1, 3, 1, 0, 0, 2, 4, -0.002, 5, 6, 7, 1])!
        let product = t.concatenating(t.inverted())
        #expect(product.maxDifference(to: .identity) < 1e-13)
    }

    @Test func singularMatricesComeBackUnchanged() {
        let zeroDiagonal = Transform3D(scaleX: 0, y: 0, z: 1)
        #expect(zeroDiagonal.inverted().matches(zeroDiagonal))
        #expect(zeroDiagonal.invertedIfPossible() == nil)
        let rankTwo = Transform3D(elements: [1, 2, 3, 4, 2, 4, 6, 8, 0, 0, 1, 0, 0, 0, 0, 1])!
        #expect(rankTwo.inverted().matches(rankTwo))
    }

    @Test func subnormalDeterminantIsRefused() {
        let t = Transform3D(scaleX: 1e-103, y: 1e-103, z: 1e-103) // det = 1e-309, subnormal
        #expect(t.inverted().matches(t))
        let normal = Transform3D(scaleX: 1e-102, y: 1e-102, z: 1e-102) // det = 1e-306, normal
        #expect(normal.invertedIfPossible() != nil)
    }

    @Test func overflowingResultIsRefused() {
        // det = 1e-300 is normal, but the inverse holds 1e300·1e300 = ∞ terms.
        let t = Transform3D(elements: [1e-300, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1e300, 0, 0, 1])!
        #expect(t.inverted().matches(t))
    }

    @Test func nonFiniteElementsAreRefusedInEveryPosition() {
        for i in 0..<16 {
            for v in SpecialValues.nonFinite {
                let t = Transform3D.identity.replacing(i, with: v)
                #expect(t.inverted().matches(t), "position \(i), value \(v)")
            }
        }
    }
}
