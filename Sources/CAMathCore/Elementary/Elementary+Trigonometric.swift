extension Elementary {
    /// The sine of `x` radians, within 1 ulp of the true value for every double (<doc:ElementaryFunctions>).
    ///
    /// `sin(±0) = ±0`, `sin(±∞) = NaN`, `sin(NaN) = NaN`. Cost: about 30 additions and products for
    /// `|x| < 2¹⁹`; a 1 216-bit reduction beyond.
    public static func sin(_ x: Double) -> Double {
        guard x.isFinite else { return x - x }
        if x.magnitude < 0x1p-27 { return x }
        let (k, r) = reduced(x)
        let v = k & 1 == 0 ? sinKernel(r) : cosKernel(r)
        return k & 2 == 0 ? v : -v
    }

    /// The cosine of `x` radians, within 1 ulp of the true value for every double (<doc:ElementaryFunctions>).
    ///
    /// `cos(±0) = 1`, `cos(±∞) = NaN`, `cos(NaN) = NaN`. Cost: as ``sin(_:)``.
    public static func cos(_ x: Double) -> Double {
        guard x.isFinite else { return x - x }
        if x.magnitude < 0x1p-27 { return 1 }
        let (k, r) = reduced(x)
        let v = k & 1 == 0 ? cosKernel(r) : sinKernel(r)
        return (k + 1) & 2 == 0 ? v : -v
    }

    /// `(sin x, cos x)` with one argument reduction: the same bits as ``sin(_:)`` and ``cos(_:)``.
    public static func sincos(_ x: Double) -> (sin: Double, cos: Double) {
        guard x.isFinite else { return (x - x, x - x) }
        if x.magnitude < 0x1p-27 { return (x, 1) }
        let (k, r) = reduced(x)
        let s = sinKernel(r), c = cosKernel(r)
        let (sv, cv) = k & 1 == 0 ? (s, c) : (c, s)
        return (k & 2 == 0 ? sv : -sv, (k + 1) & 2 == 0 ? cv : -cv)
    }

    /// `x = k·π/2 + r` with `|r| ≲ π/4` as a double-double and `k mod 4`, for finite `x`: Cody and Waite's
    /// subtraction of a 152-bit π/2 in exact steps below ``mediumReductionLimit``, ``largeReduction(_:)`` above.
    static func reduced(_ x: Double) -> (quadrant: Int, r: DoubleDouble) {
        if x.magnitude >= mediumReductionLimit { return largeReduction(x) }
        let shifted = x * twoOverPi + roundingShifter
        let k = shifted - roundingShifter
        let r1 = x - k * halfPi1
        let a = DoubleDouble.sum(r1, -(k * halfPi2))
        let b = DoubleDouble.sum(a.hi, -(k * halfPi3))
        let tail = (a.lo + b.lo) - k * halfPi4
        return (Int(truncatingIfNeeded: shifted.bitPattern & 3), DoubleDouble.fastSum(b.hi, tail))
    }

    /// `sin(r.hi + r.lo)` for `|r| ≤ π/4`: `r + r³·S(r²)`, the tail entering as `r.lo·cos r ≈ r.lo·(1 − r²/2)`.
    @inline(__always)
    static func sinKernel(_ r: DoubleDouble) -> Double {
        let z = r.hi * r.hi
        let c = sinCoefficients
        let p = c.0 + z * (c.1 + z * (c.2 + z * (c.3 + z * (c.4 + z * (c.5 + z * c.6)))))
        return r.hi + ((z * r.hi) * p + (r.lo - (0.5 * z) * r.lo))
    }

    /// `cos(r.hi + r.lo)` for `|r| ≤ π/4`: `1 − r²/2 + r⁴·C(r²) − r.hi·r.lo`, with `1 − r²/2` carried exactly
    /// (`r²` as a double-double, the rounding of `1 − hz` recovered).
    @inline(__always)
    static func cosKernel(_ r: DoubleDouble) -> Double {
        let zz = DoubleDouble.product(r.hi, r.hi)
        let z = zz.hi
        let c = cosCoefficients
        let p = c.0 + z * (c.1 + z * (c.2 + z * (c.3 + z * (c.4 + z * (c.5 + z * c.6)))))
        let hz = 0.5 * z
        let w = 1 - hz
        return w + (((1 - w) - hz) + ((z * z) * p - (r.hi * r.lo + 0.5 * zz.lo)))
    }
}
