@_spi(Benchmarks) import CAMathBatch
import CAMathCore
import _CAMathTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct Transform2DTests {
    let t = Transform2D(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)

    @Test func constructors() {
        #expect(Transform2D(translationX: 3, y: 4) == Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: 4))
        #expect(Transform2D(scaleX: 3, y: 4) == Transform2D(a: 3, b: 0, c: 0, d: 4, tx: 0, ty: 0))
        let r = Transform2D(rotationAngle: 0.3)
        #expect(r == Transform2D(a: cos(0.3), b: sin(0.3), c: -sin(0.3), d: cos(0.3), tx: 0, ty: 0))
        #expect(Transform2D().elements == [0, 0, 0, 0, 0, 0])
        #expect(Transform2D.identity.isIdentity && !t.isIdentity)
        #expect(t.description == "[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]")
    }

    @Test func concatenationAppliesTheFirstOperandFirst() {
        let scale = Transform2D(scaleX: 2, y: 3), move = Transform2D(translationX: 5, y: 7)
        #expect(scale.concatenating(move) == Transform2D(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: 7))
        #expect(move.concatenating(scale) == Transform2D(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 21))
        let p = SIMD2<Double>(1, 1)
        #expect(scale.concatenating(move).mapPoint(p) == move.mapPoint(scale.mapPoint(p)))
    }

    @Test func modifiersPreMultiply() {
        #expect(t.translatedBy(x: 7, y: 8) == Transform2D(a: 1, b: 2, c: 3, d: 4, tx: 36, ty: 52))
        #expect(t.translatedBy(x: 7, y: 8) == Transform2D(translationX: 7, y: 8).concatenating(t))
        #expect(t.scaledBy(x: 7, y: 8) == Transform2D(a: 7, b: 14, c: 24, d: 32, tx: 5, ty: 6))
        #expect(t.scaledBy(x: 7, y: 8) == Transform2D(scaleX: 7, y: 8).concatenating(t))
        #expect(t.rotated(by: 0.7) == Transform2D(rotationAngle: 0.7).concatenating(t))
    }

    @Test func inversion() {
        #expect(Transform2D(translationX: 10, y: 20).inverted() == Transform2D(translationX: -10, y: -20))
        #expect(Transform2D.identity.inverted() == .identity)
        let inv = t.inverted()
        let product = t.concatenating(inv)
        #expect(zip(product.elements, Transform2D.identity.elements).allSatisfy { abs($0 - $1) < 1e-14 })
        let singular = Transform2D(a: 1, b: 2, c: 2, d: 4, tx: 1, ty: 1)
        #expect(singular.inverted().matches(singular, .bitwiseUpToSignOfZero) && singular.invertedIfPossible() == nil)
        let tiny = Transform2D(a: 1e-160, b: 0, c: 0, d: 1e-160, tx: 0, ty: 0) // det 1e-320, subnormal
        #expect(tiny.inverted() == tiny)
        let overflowing = Transform2D(a: 1e-300, b: 0, c: 0, d: 1, tx: 1e300, ty: 0)
        #expect(overflowing.inverted() == overflowing)
        for i in 0..<6 {
            for v in SpecialValues.nonFinite {
                var e = Transform2D.identity.elements
                e[i] = v
                let n = Transform2D(elements: e)
                #expect(n.inverted().matches(n, .bitwiseUpToSignOfZero), "position \(i)")
            }
        }
    }

    @Test func pointSizeAndRect() {
        #expect(Transform2D(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: 7).mapPoint(SIMD2(1, 1)) == SIMD2(7, 10))
        let r90 = Transform2D(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
        let s = r90.mapSize(width: 100, height: 50)
        #expect(s.width == -50 && s.height == 100)
        #expect(t.mapSize(width: 1, height: 0) == (width: 1, height: 2))
        let box = r90.mapRect(Rect2D(x: 0, y: 0, width: 10, height: 20))
        #expect(box == Rect2D(x: -20, y: 0, width: 20, height: 10))
        let negative = Transform2D.identity.mapRect(Rect2D(x: 10, y: 20, width: -5, height: -5))
        #expect(negative == Rect2D(x: 5, y: 15, width: 5, height: 5))
    }

    @Test func rectSpecialValues() {
        let r90 = Transform2D(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
        #expect(r90.mapRect(.null) == .null)
        #expect(Transform2D(scaleX: 2, y: 2).mapRect(.infinite) == .infinite)
        let nanRect = Transform2D(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).mapRect(Rect2D(x: 0, y: 0, width: 1, height: 1))
        #expect(nanRect.x.isNaN && nanRect.y.isNaN && nanRect.width.isNaN && nanRect.height.isNaN)
        let infinite = Transform2D(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0).mapRect(Rect2D(x: 1, y: 0, width: 1, height: 1))
        #expect(infinite.x == .infinity && infinite.width.isNaN && infinite.y == 0 && infinite.height == 1)
        let zeroTimesInfinity = Transform2D(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0).mapRect(Rect2D(x: 0, y: 0, width: 1, height: 1))
        #expect(zeroTimesInfinity.x.isNaN)
    }
}
