extension Elementary {
    /// Payne and Hanek's reduction for `2¹⁹ ≤ |x| < ∞`: `x·2/π` with `x = m·2^(e−52)` needs only the 192 bits of
    /// 2/π whose products with `m` land between 2¹ and 2⁻¹⁸⁹ (the earlier ones give multiples of 4, the later ones
    /// less than 2⁻¹³⁶); the product's two integer bits are `k mod 4`, its fraction (rounded to the nearest
    /// integer, so in `[−½, ½]`) times π/2 is `r`.
    static func largeReduction(_ x: Double) -> (quadrant: Int, r: DoubleDouble) {
        let m = x.significandBitPattern | (1 << 52)
        let first = 63 + Int(x.exponent) - 54
        let (word, shift) = (first / 64, first % 64)
        func window(_ i: Int) -> UInt64 {
            let high = twoOverPiBits[word + i] << UInt64(shift)
            return shift == 0 ? high : high | twoOverPiBits[word + i + 1] >> UInt64(64 - shift)
        }
        let (w0, w1, w2) = (window(0), window(1), window(2))
        // m · (w0, w1, w2) as four words p3 p2 p1 p0; p3 is never needed (multiples of 4).
        let (h2, l2) = m.multipliedFullWidth(by: w2)
        let (h1, l1) = m.multipliedFullWidth(by: w1)
        let (_, l0) = m.multipliedFullWidth(by: w0)
        let (p1, c1) = h2.addingReportingOverflow(l1)
        let p2 = h1 &+ l0 &+ (c1 ? 1 : 0)
        var k = Int(truncatingIfNeeded: (p2 >> 61) & 3)
        // The fraction's 189 bits, left-aligned in three words.
        var f = (p2 << 3 | p1 >> 61, p1 << 3 | l2 >> 61, l2 << 3)
        var negative = false
        if f.0 >> 63 == 1 {
            k += 1
            negative = true
            f = (~f.0, ~f.1, ~f.2)
            let (f2, c2) = f.2.addingReportingOverflow(1)
            let (f1, c3) = f.1.addingReportingOverflow(c2 ? 1 : 0)
            f = (f.0 &+ (c3 ? 1 : 0), f1, f2)
        }
        // Normalise so the fraction's leading one is the top bit, then take 64 + 64 bits as a double-double.
        let lz = f.0 == 0 ? 64 + f.1.leadingZeroBitCount : f.0.leadingZeroBitCount
        if lz >= 64 { f = (f.1, f.2, 0) }
        let s = UInt64(lz % 64)
        let top = s == 0 ? f.0 : f.0 << s | f.1 >> (64 - s)
        let next = s == 0 ? f.1 : f.1 << s | f.2 >> (64 - s)
        let scale = Double(sign: .plus, exponent: -64 - lz, significand: 1)
        let topHigh = top & ~0x7FF
        let fh = Double(topHigh) * scale
        let fl = (Double(top & 0x7FF) + Double(next) * 0x1p-64) * scale
        let product = DoubleDouble.product(fh, halfPi)
        var r = DoubleDouble.fastSum(product.hi, product.lo + (fh * halfPiTail + fl * halfPi))
        if negative != (x < 0) { r = DoubleDouble(hi: -r.hi, lo: -r.lo) }
        return (x < 0 ? (4 - k) & 3 : k & 3, r)
    }
}
