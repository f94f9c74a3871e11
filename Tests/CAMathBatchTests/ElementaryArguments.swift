@_spi(Testing) import CAMath
import _CAMathTestSupport
import PropertyBased

/// Arguments for CAMath's elementary functions that take every branch of their code: special values,
/// subnormals and the largest doubles, neighbours of the multiples of π/2 (and the worst case known for
/// reduction) for sin and cos, of ±1, ±1/2 and 2⁻²⁷ for asin and acos, and for atan2 ratios next to its
/// reduction points and 2^±60, every sign combination, and seeded random arguments over the whole range.
enum ElementaryArguments {
    static func of(_ function: ElementaryLaneFunction) -> (x: [Double], y: [Double]) {
        var rng = Xoshiro(seed: (UInt64(function.rawValue) + 71, 72, 73, 74))
        let special: [Double] = [
            0, -0.0, .infinity, -.infinity, .nan, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
            .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1, -1
        ]
        func neighbours(_ v: Double, _ k: Int = 3) -> [Double] {
            var out = [v], up = v, down = v
            for _ in 0..<k { up = up.nextUp; down = down.nextDown; out += [up, down] }
            return out
        }
        func logUniform(_ exponents: ClosedRange<Int>) -> Double {
            Double(
                sign: Bool.random(using: &rng) ? .minus : .plus, exponent: Int.random(in: exponents, using: &rng),
                significand: Double.random(in: 1..<2, using: &rng))
        }
        switch function {
        case .sin, .cos:
            var x = special + neighbours(6381956970095103 * 0x1p797) + neighbours(0x1p19) + neighbours(0x1p-27)
            for k in [1, 2, 3, 4, 5, 100, 1000, 100_000, 333_000] {
                x += neighbours(Double(k) * .pi / 2) + neighbours(-Double(k) * .pi / 2)
            }
            x += (0..<600).map { _ in Double.random(in: -10...10, using: &rng) } + (0..<600).map { _ in logUniform(-1074...1023) }
            return (x, x.map { _ in 0 })
        case .asin, .acos:
            var x = special + [1.0000000000000002, -1.0000000000000002]
            for v in [1.0, -1.0, 0.5, -0.5, 0x1p-27, -0x1p-27, 0.4375] { x += neighbours(v) }
            x += (0..<800).map { _ in Double.random(in: -1...1, using: &rng) } + (0..<200).map { _ in logUniform(-1074...(-1)) }
            return (x, x.map { _ in 0 })
        case .atan2:
            var x: [Double] = [], y: [Double] = []
            for a in special { for b in special { x.append(a); y.append(b) } }
            for ratio in [7.0 / 16, 11.0 / 16, 19.0 / 16, 39.0 / 16, 1, 0x1p60, 0x1p-60] {
                for r in neighbours(ratio, 2) {
                    for (sy, sx) in [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)] {
                        let b = logUniform(-1000...1000)
                        x.append(sy * b * r); y.append(sx * b)
                    }
                }
            }
            for _ in 0..<800 { x.append(logUniform(-1074...1023)); y.append(logUniform(-1074...1023)) }
            for _ in 0..<400 { x.append(Double.random(in: -2...2, using: &rng)); y.append(Double.random(in: -2...2, using: &rng)) }
            return (x, y)
        }
    }
}
