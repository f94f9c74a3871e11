import CAMathCore
import _CAMathTestSupport
import PropertyBased
import Testing

/// The special values of C99 Annex F and the identities between CAMath's elementary functions
/// (accuracy: ElementaryOracleTests in CAMathWorkloadsTests).
@Suite struct ElementaryTests {
    static let pi = 0x1.921fb54442d18p+1, halfPi = 0x1.921fb54442d18p+0

    func same(_ a: Double, _ b: Double) -> Bool { a.isNaN ? b.isNaN : a.bitPattern == b.bitPattern }

    @Test func sineAndCosineSpecialValues() {
        #expect(same(Elementary.sin(0), 0) && same(Elementary.sin(-0.0), -0.0))
        #expect(Elementary.cos(0) == 1 && Elementary.cos(-0.0) == 1)
        for x in [Double.infinity, -.infinity, .nan] {
            #expect(Elementary.sin(x).isNaN && Elementary.cos(x).isNaN)
            #expect(Elementary.sincos(x).sin.isNaN && Elementary.sincos(x).cos.isNaN)
        }
        #expect(same(Elementary.sin(.leastNonzeroMagnitude), .leastNonzeroMagnitude))
        #expect(same(Elementary.sin(-.leastNonzeroMagnitude), -.leastNonzeroMagnitude))
    }

    @Test func arcTangentSpecialValues() {
        let cases: [(Double, Double, Double)] = [
            (0, 0, 0), (-0.0, 0, -0.0), (0, -0.0, Self.pi), (-0.0, -0.0, -Self.pi),
            (0, -1, Self.pi), (-0.0, -1, -Self.pi), (0, 1, 0), (-0.0, 1, -0.0),
            (1, 0, Self.halfPi), (1, -0.0, Self.halfPi), (-1, 0, -Self.halfPi), (-1, -0.0, -Self.halfPi),
            (1, .infinity, 0), (-1, .infinity, -0.0), (1, -.infinity, Self.pi), (-1, -.infinity, -Self.pi),
            (.infinity, 1, Self.halfPi), (-.infinity, -1, -Self.halfPi),
            (.infinity, .infinity, 0x1.921fb54442d18p-1), (-.infinity, .infinity, -0x1.921fb54442d18p-1),
            (.infinity, -.infinity, 0x1.2d97c7f3321d2p+1), (-.infinity, -.infinity, -0x1.2d97c7f3321d2p+1)
        ]
        for (y, x, expected) in cases { #expect(same(Elementary.atan2(y, x), expected), "atan2(\(y), \(x))") }
        #expect(Elementary.atan2(.nan, 1).isNaN && Elementary.atan2(1, .nan).isNaN)
        #expect(same(Elementary.atan(.infinity), Self.halfPi) && same(Elementary.atan(-0.0), -0.0))
    }

    @Test func arcSineAndArcCosineSpecialValues() {
        #expect(same(Elementary.asin(0), 0) && same(Elementary.asin(-0.0), -0.0))
        #expect(same(Elementary.asin(1), Self.halfPi) && same(Elementary.asin(-1), -Self.halfPi))
        #expect(same(Elementary.acos(1), 0) && same(Elementary.acos(-1), Self.pi))
        #expect(same(Elementary.acos(0), Self.halfPi) && same(Elementary.acos(-0.0), Self.halfPi))
        for x in [1.0000000000000002, -1.0000000000000002, .infinity, -.infinity, .nan] {
            #expect(Elementary.asin(x).isNaN && Elementary.acos(x).isNaN)
        }
    }

    @Test func sincosIsSineAndCosineAndAtanIsAtan2WithOne() {
        var g = Xoshiro(seed: (7, 1, 2, 3))
        for _ in 0..<20_000 {
            let x = Double(
                sign: Bool.random(using: &g) ? .minus : .plus,
                exponent: Int.random(in: -40...1023, using: &g), significand: Double.random(in: 1..<2, using: &g))
            let sc = Elementary.sincos(x)
            #expect(same(sc.sin, Elementary.sin(x)) && same(sc.cos, Elementary.cos(x)))
            #expect(same(Elementary.atan(x), Elementary.atan2(x, 1)))
        }
    }

    @Test func oddAndEvenSymmetry() {
        var g = Xoshiro(seed: (11, 1, 2, 3))
        for _ in 0..<20_000 {
            let x = Double.random(in: -1e6...1e6, using: &g), u = Double.random(in: -1...1, using: &g)
            #expect(same(Elementary.sin(-x), -Elementary.sin(x)) && same(Elementary.cos(-x), Elementary.cos(x)))
            #expect(same(Elementary.asin(-u), -Elementary.asin(u)) && same(Elementary.atan2(-u, x), -Elementary.atan2(u, x)))
        }
    }
}
