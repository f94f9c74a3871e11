/// An unevaluated sum `hi + lo` of two doubles with `|lo| ≤ ulp(hi)/2` (when normalised): about 106 bits,
/// enough to carry the argument reductions and the quotients of ``Elementary`` without a rounding of their own.
///
/// The error-free transformations below use plain additions and products only (Dekker's splitting instead of a
/// fused multiply-add), so they give the same bits on every platform.
struct DoubleDouble {
    var hi: Double
    var lo: Double

    /// `a + b` exactly (Knuth's two-sum; any magnitudes).
    @inline(__always)
    static func sum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        let bb = s - a
        return DoubleDouble(hi: s, lo: (a - (s - bb)) + (b - bb))
    }

    /// `a + b` exactly when `|a| ≥ |b|` or `a = 0` (Dekker's fast two-sum).
    @inline(__always)
    static func fastSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        return DoubleDouble(hi: s, lo: b - (s - a))
    }

    /// `a · b` exactly when no partial product overflows or underflows (Dekker's product over Veltkamp's
    /// 26 + 27-bit halves).
    @inline(__always)
    static func product(_ a: Double, _ b: Double) -> DoubleDouble {
        let p = a * b
        let (ah, al) = halves(a), (bh, bl) = halves(b)
        return DoubleDouble(hi: p, lo: ((ah * bh - p) + ah * bl + al * bh) + al * bl)
    }

    /// Veltkamp's split of `a` into a high half of 26 bits and the exact rest.
    @inline(__always)
    static func halves(_ a: Double) -> (Double, Double) {
        let c = 134_217_729.0 * a
        let h = c - (c - a)
        return (h, a - h)
    }

}
