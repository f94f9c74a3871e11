extension Elementary {
    /// The angle of the point `(x, y)` in `[−π, π]`, within 1 ulp of the true value (<doc:ElementaryFunctions>).
    ///
    /// Special values as C99 Annex F: `atan2(±0, +0) = ±0`, `atan2(±0, −0) = ±π`, `atan2(±0, x<0) = ±π`,
    /// `atan2(y≠0, ±0) = ±π/2`, `atan2(±y, +∞) = ±0` and `atan2(±y, −∞) = ±π` for finite `y`,
    /// `atan2(±∞, finite) = ±π/2`, `atan2(±∞, +∞) = ±π/4`, `atan2(±∞, −∞) = ±3π/4`; NaN in, NaN out.
    /// Cost: about 60 additions and products and three divisions.
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return x + y }
        let angle: Double
        if y == 0 {
            angle = x.sign == .minus ? pi : 0
        } else if x.isInfinite {
            angle = y.isInfinite ? (x < 0 ? threeQuarterPi : quarterPi) : (x < 0 ? pi : 0)
        } else if y.isInfinite || x == 0 {
            angle = halfPi
        } else {
            let a = firstQuadrantAngle(y: y.magnitude, x: x.magnitude)
            if x > 0 {
                angle = a.hi + a.lo
            } else {
                let d = DoubleDouble.sum(pi, -a.hi)
                angle = d.hi + ((d.lo + piTail) - a.lo)
            }
        }
        return y.sign == .minus ? -angle : angle
    }

    /// The arc tangent in `[−π/2, π/2]`: the bits of `atan2(x, 1)`.
    public static func atan(_ x: Double) -> Double { atan2(x, 1) }

    /// The angle in `(0, π/2)` of `(x, y)` for finite positive `x` and `y`, as an unrounded `hi + lo`. Beyond
    /// a ratio of 2⁶⁰ either way the angle is `y/x` or `π/2 − x/y` to well below an ulp; between, `y` and `x`
    /// are scaled by one power of two that puts `x` near 1 and ``atanKernel(y:x:)`` does the rest.
    static func firstQuadrantAngle(y: Double, x: Double) -> DoubleDouble {
        let q = y / x
        if q > 0x1p60 { return DoubleDouble(hi: halfPi, lo: halfPiTail - x / y) }
        if q < 0x1p-60 { return DoubleDouble(hi: q, lo: 0) }
        let exponent = Int(truncatingIfNeeded: x.bitPattern >> 52) - 1023
        let s = Double(bitPattern: UInt64(1023 - min(max(exponent, -1000), 1000)) << 52)
        return atanKernel(y: y * s, x: x * s, quotient: q)
    }

    /// `atan(y/x)` for positive `y`, `x` near 1 with `2⁻⁶⁰ ≤ y/x = quotient ≤ 2⁶⁰`. With `c` the nearest of
    /// `0, 1/2, 1, 3/2, ∞` below `y/x` (breaks at 7/16, 11/16, 19/16, 39/16), `atan(y/x) = atan c + atan u`
    /// with `u = (y − c·x)/(x + c·y)` (`−x/y` for `c = ∞`), numerator and denominator exact as double-doubles;
    /// `u` is one rounded quotient and `δ` its remainder, `atan(u + δ) ≈ u + u³·A(u²) + δ(1 − u²)`.
    static func atanKernel(y: Double, x: Double, quotient t: Double) -> DoubleDouble {
        let (a, b, baseHi, baseLo): (Double, Double, Double, Double) =
            t < 0x1.cp-2
            ? (0, 0, 0, 0)
            : t < 0x1.6p-1
                ? (0.5, 0, 0x1.dac670561bb4fp-2, 0x1.a2b7f222f65e2p-56)
                : t < 0x1.3p0
                    ? (1, 0, quarterPi, 0x1.1a62633145c07p-55)
                    : t < 0x1.38p1
                        ? (1, 0.5, 0x1.f730bd281f69bp-1, 0x1.007887af0cbbdp-56)
                        : (0, 0, halfPi, halfPiTail)
        let (numHi, numLo, denHi, denLo): (Double, Double, Double, Double)
        if t < 0x1.38p1 {
            let cx = DoubleDouble.fastSum(a * x, b * x), cy = DoubleDouble.fastSum(a * y, b * y)
            let n = DoubleDouble.sum(y, -cx.hi), d = DoubleDouble.sum(x, cy.hi)
            (numHi, numLo, denHi, denLo) = (n.hi, n.lo - cx.lo, d.hi, d.lo + cy.lo)
        } else {
            (numHi, numLo, denHi, denLo) = (-x, 0, y, 0)
        }
        let u = numHi / denHi
        let p = DoubleDouble.product(u, denHi)
        let delta = (((numHi - p.hi) - p.lo) + (numLo - u * denLo)) / denHi
        let z = u * u
        let k = atanCoefficients
        let poly =
            k.0 + z
            * (k.1 + z * (k.2 + z * (k.3 + z * (k.4 + z * (k.5 + z * (k.6 + z * (k.7 + z * (k.8 + z * (k.9 + z * (k.10 + z * k.11))))))))))
        let small = (u * z) * poly + (delta - delta * z)
        let s = DoubleDouble.fastSum(baseHi, u)
        return DoubleDouble(hi: s.hi, lo: s.lo + (small + baseLo))
    }

    /// The arc sine in `[−π/2, π/2]`, within 1 ulp (<doc:ElementaryFunctions>). `asin(±0) = ±0`,
    /// `asin(±1) = ±π/2`, `|x| > 1` or NaN → NaN. Cost: about 30 additions and products; beyond `|x| = 1/2` a
    /// square root and a division more.
    public static func asin(_ x: Double) -> Double {
        let ax = x.magnitude
        guard ax <= 1 else { return .nan }
        if ax < 0x1p-27 { return x }
        if ax < 0.5 { return x + (x * (x * x)) * asinPolynomial(x * x) }
        let (s, tail) = arcSineOfHalfComplement(ax)
        let h = DoubleDouble.fastSum(halfPi, -(s + s))
        let angle = h.hi + (h.lo + (halfPiTail - (tail + tail)))
        return x < 0 ? -angle : angle
    }

    /// The arc cosine in `[0, π]`, within 1 ulp (<doc:ElementaryFunctions>). `acos(1) = +0`, `acos(−1) = π`,
    /// `|x| > 1` or NaN → NaN. Cost: as ``asin(_:)``.
    public static func acos(_ x: Double) -> Double {
        let ax = x.magnitude
        guard ax <= 1 else { return .nan }
        if ax < 0.5 {
            let h = DoubleDouble.fastSum(halfPi, -x)
            return h.hi + (h.lo + (halfPiTail - (x * (x * x)) * asinPolynomial(x * x)))
        }
        let (s, tail) = arcSineOfHalfComplement(ax)
        if x > 0 { return 2 * (s + tail) }
        let h = DoubleDouble.fastSum(pi, -(s + s))
        return h.hi + (h.lo + (piTail - (tail + tail)))
    }

    /// For `1/2 ≤ a ≤ 1`, `asin √((1 − a)/2) = s + tail` with `s` the rounded square root: `asin a =
    /// π/2 − 2(s + tail)`, `acos a = 2(s + tail)`. The square root's rounding error enters `tail` exactly
    /// enough (`(z − s²)/2s`, `s²` as a double-double).
    @inline(__always)
    static func arcSineOfHalfComplement(_ a: Double) -> (s: Double, tail: Double) {
        let z = (1 - a) * 0.5
        let s = z.squareRoot()
        let ss = DoubleDouble.product(s, s)
        let correction = s == 0 ? 0 : ((z - ss.hi) - ss.lo) / (s + s)
        return (s, correction + (s * z) * asinPolynomial(z))
    }

    /// `(asin r − r)/r³` at `z = r²` for `0 ≤ z ≤ 1/4`.
    @inline(__always)
    static func asinPolynomial(_ z: Double) -> Double {
        let c = asinCoefficients
        return c.0 + z
            * (c.1 + z
                * (c.2 + z
                    * (c.3 + z
                        * (c.4 + z
                            * (c.5 + z
                                * (c.6 + z
                                    * (c.7 + z
                                        * (c.8
                                            + z * (c.9 + z * (c.10 + z * (c.11 + z * c.12)))))))))))
    }
}
