import CAMathCore
import _CAMathTestSupport
import Testing

@Suite struct Rect2DTests {
    @Test func nullAndInfinite() {
        #expect(Rect2D.null.isNull && Rect2D(x: 0, y: .infinity, width: 1, height: 1).isNull)
        #expect(!Rect2D(x: -.infinity, y: 0, width: 1, height: 1).isNull)
        #expect(Rect2D.infinite.isInfinite && !Rect2D(x: 0, y: 0, width: 1, height: 1).isInfinite)
        #expect(Rect2D.infinite.width == .greatestFiniteMagnitude && Rect2D.infinite.x == -.greatestFiniteMagnitude / 2)
    }

    @Test func standardizeFlipsNegativeSizesOnly() {
        #expect(Rect2D(x: 10, y: 20, width: -5, height: 6).standardized == Rect2D(x: 5, y: 20, width: 5, height: 6))
        #expect(Rect2D(x: 10, y: 20, width: 5, height: -6).standardized == Rect2D(x: 10, y: 14, width: 5, height: 6))
        let n = Rect2D(x: 1, y: 2, width: .nan, height: 3).standardized
        #expect(n.x == 1 && n.width.isNaN)
    }

    @Test func cornersAreInTheSpecsOrder() {
        let c = Rect2D(x: 1, y: 2, width: -3, height: 4).corners
        #expect([c.0, c.1, c.2, c.3] == [SIMD2(-2, 2), SIMD2(1, 2), SIMD2(1, 6), SIMD2(-2, 6)])
    }

    @Test func containsIsHalfOpen() {
        let r = Rect2D(x: 0, y: 0, width: 100, height: 50)
        #expect(r.contains(SIMD2(0, 0)) && r.contains(SIMD2(99.999, 49.999)))
        #expect(!r.contains(SIMD2(100, 10)) && !r.contains(SIMD2(10, 50)) && !r.contains(SIMD2(-1e-300, 0)))
        #expect(Rect2D(x: 10, y: 10, width: -10, height: -10).contains(SIMD2(0, 0)))
        #expect(!Rect2D(x: 0, y: 0, width: 0, height: 10).contains(SIMD2(0, 0)))
        #expect(!Rect2D.null.contains(SIMD2(.infinity, .infinity)))
        #expect(!r.contains(SIMD2(.nan, 1)) && !Rect2D(x: .nan, y: 0, width: 1, height: 1).contains(SIMD2(0, 0)))
        #expect(Rect2D.infinite.contains(SIMD2(0, 0)))
    }

    @Test func boundingBoxRules() {
        #expect(BoundingBox().rect == .null)
        var box = BoundingBox()
        box.add(SIMD2(3, -1)); box.add(SIMD2(-2, 4)); box.add(SIMD2(0, 0))
        #expect(box.rect == Rect2D(x: -2, y: -1, width: 5, height: 5))
        box.add(SIMD2(.nan, 0))
        let r = box.rect
        #expect(r.x.isNaN && r.y.isNaN && r.width.isNaN && r.height.isNaN)
        var infinite = BoundingBox()
        infinite.add(SIMD2(-.infinity, 0)); infinite.add(SIMD2(.infinity, 1))
        #expect(infinite.rect.x == -.infinity && infinite.rect.width == .infinity && infinite.rect.height == 1)
        var single = BoundingBox()
        single.add(SIMD2(.infinity, 2))
        #expect(single.rect.x == .infinity && single.rect.width.isNaN)
    }
}
