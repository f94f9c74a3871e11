import CAMathCore
import _CAMathTestSupport
import Testing

@Suite struct Transform3DConcatenationTests {
    @Test func concatAppliesTheFirstOperandFirst() {
        let tr = Transform3D(translationX: 10, y: 0, z: 0), sc = Transform3D(scaleX: 2, y: 2, z: 2)
        #expect(tr.concatenating(sc).m41 == 20)
        #expect(sc.concatenating(tr).m41 == 10)
        let p = SIMD3<Double>(1, 2, 3)
        #expect(tr.concatenating(sc).mapPoint(p) == sc.mapPoint(tr.mapPoint(p)))
    }

    @Test func concatMatchesTheLoopOracleBitForBit() {
        let a = Transform3D(elements: (1...16).map { Double($0) * 0.1 + 1e-3 })!
        let b = Transform3D(elements: (1...16).map { 1 / Double($0 + 2) })!
        #expect(a.concatenating(b).matches(loopConcat(a, b)))
    }

    @Test func translateIsConcatOfATranslationBeforeTheTransform() {
        let t = Transform3D(scaleX: 2, y: 2, z: 2)
        #expect(t.translatedBy(x: 10, y: 0, z: 0).m41 == 20)
        let general = Transform3D(elements: (1...16).map { Double($0) })!
        #expect(general.translatedBy(x: 5, y: 6, z: 7) == Transform3D(translationX: 5, y: 6, z: 7).concatenating(general))
    }

    @Test func scaleIsConcatOfAScaleBeforeTheTransform() {
        let t = Transform3D(translationX: 10, y: 0, z: 0)
        #expect(t.scaledBy(x: 2, y: 2, z: 2).m41 == 10)
        let general = Transform3D(elements: (1...16).map { Double($0) })!
        #expect(general.scaledBy(x: 2, y: -3, z: 0.5) == Transform3D(scaleX: 2, y: -3, z: 0.5).concatenating(general))
    }

    @Test func rotateIsConcatOfARotationBeforeTheTransform() {
        let general = Transform3D(elements: (1...16).map { Double($0) })!
        let r = Transform3D(rotationAngle: 0.4, x: 1, y: 2, z: 3)
        #expect(general.rotated(by: 0.4, x: 1, y: 2, z: 3) == r.concatenating(general))
    }

    @Test func rotateWithAZeroAxisReturnsTheTransformUnchanged() {
        let t = Transform3D(translationX: 1, y: 2, z: 3).replacing(5, with: .nan)
        #expect(t.rotated(by: 0.5, x: 0, y: -0.0, z: 0).matches(t))
    }

    @Test func translateAndScaleTouchOnlyTheirRows() {
        let t = Transform3D(elements: [Double.nan, .infinity, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])!
        let translated = t.translatedBy(x: 0, y: 0, z: 0)
        #expect(Array(translated.elements[0..<12]).elementsEqual(t.elements[0..<12], by: { exact($0, $1) }))
        let scaled = t.scaledBy(x: 1, y: 1, z: 1)
        #expect(Array(scaled.elements[12..<16]).elementsEqual(t.elements[12..<16], by: { exact($0, $1) }))
        #expect(scaled.elements[4..<12].elementsEqual(t.elements[4..<12], by: { exact($0, $1) }))
    }
}
