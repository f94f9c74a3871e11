/// The constants of ``Elementary``, derived with mpmath by `scripts/elementary/coefficients.py`, which prints
/// each one in this spelling (exact hexadecimal doubles). _CAMathKernels' `elementary.h` holds the same values.
extension Elementary {
    /// π/2 = `halfPi + halfPiTail` to about 107 bits; π likewise.
    static let halfPi = 0x1.921fb54442d18p+0, halfPiTail = 0x1.1a62633145c07p-54
    static let pi = 0x1.921fb54442d18p+1, piTail = 0x1.1a62633145c07p-53
    /// 2/π rounded, to estimate the quadrant of an angle.
    static let twoOverPi = 0x1.45f306dc9c883p-1
    /// π/2 = `halfPi1 + halfPi2 + halfPi3 + halfPi4` to 152 bits: three parts of 33 significant bits (so `k` times
    /// each is exact for `|k| < 2²⁰`) and a last of 53.
    static let halfPi1 = 0x1.921fb54400000p+0, halfPi2 = 0x1.0b4611a600000p-34
    static let halfPi3 = 0x1.3198a2e000000p-69, halfPi4 = 0x1.b839a252049c1p-104
    /// `1.5 · 2⁵²`: adding it rounds a double below 2⁵¹ in magnitude to an integer held in the low bits.
    static let roundingShifter = 0x1.8p52
    /// The largest |x| reduced with the 152-bit π/2 above; larger arguments use the 1 216 bits of 2/π.
    static let mediumReductionLimit = 0x1p19

    /// `(sin r − r)/r³` as a polynomial in `z = r²` on `[0, (π/4)²]`, constant term first (fit error 1.2e-20).
    static let sinCoefficients: (Double, Double, Double, Double, Double, Double, Double) = (
        -0x1.5555555555555p-3, 0x1.1111111111110p-7, -0x1.a01a01a019938p-13, 0x1.71de3a546095bp-19,
        -0x1.ae645412c560cp-26, 0x1.61217f0b800d5p-33, -0x1.ab17d404de5b3p-41
    )
    /// `(cos r − 1 + r²/2)/r⁴` in `z = r²` on `[0, (π/4)²]` (fit error 6.4e-22).
    static let cosCoefficients: (Double, Double, Double, Double, Double, Double, Double) = (
        0x1.5555555555555p-5, -0x1.6c16c16c16c16p-10, 0x1.a01a01a019d0ap-16, -0x1.27e4fb7712d65p-22,
        0x1.1eed8deb97a97p-29, -0x1.9394ba0cd6ed5p-37, 0x1.ab785b00b4646p-45
    )
    /// `(atan u − u)/u³` in `z = u²` on `[0, (7/16)²]` (fit error 3.9e-18).
    static let atanCoefficients: (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double) = (
        -0x1.5555555555555p-2, 0x1.99999999998c5p-3, -0x1.2492492485503p-3, 0x1.c71c71bd2b8bcp-4,
        -0x1.745d154c84f7ap-4, 0x1.3b1375ce5bdc6p-4, -0x1.110c9ce7b0572p-4, 0x1.e170800a46210p-5,
        -0x1.ab59b417b2d3fp-5, 0x1.7001816fd063fp-5, -0x1.0f62bba6a2558p-5, 0x1.e4167464d3de8p-7
    )
    /// `(asin r − r)/r³` in `z = r²` on `[0, 1/4]` (fit error 1.5e-17).
    static let asinCoefficients: (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double) =
        (
            0x1.5555555555556p-3, 0x1.3333333332ecap-4, 0x1.6db6db6e31f13p-5, 0x1.f1c71c1db0623p-6,
            0x1.6e8bb1c8209a2p-6, 0x1.1c4d35cf95421p-6, 0x1.c9cf07674736ap-7, 0x1.782651caa6547p-7,
            0x1.52420b04b37bep-7, 0x1.65a9c4dfcf8b2p-8, 0x1.1d189408314eep-6, -0x1.e6aaa8a0a04ccp-7,
            0x1.d72b2bc8155f8p-6
        )
    /// π/4 and 3π/4, the angles of atan2(±∞, ±∞).
    static let quarterPi = 0x1.921fb54442d18p-1, threeQuarterPi = 0x1.2d97c7f3321d2p+1

    /// 2/π to 1 216 bits after the binary point, most significant word first, preceded by one word of zeros
    /// (the bits before the point), for the reduction of huge arguments.
    static let twoOverPiBits: [UInt64] = [
        0x0000000000000000,
        0xA2F9836E4E441529, 0xFC2757D1F534DDC0, 0xDB6295993C439041,
        0xFE5163ABDEBBC561, 0xB7246E3A424DD2E0, 0x06492EEA09D1921C,
        0xFE1DEB1CB129A73E, 0xE88235F52EBB4484, 0xE99C7026B45F7E41,
        0x3991D639835339F4, 0x9C845F8BBDF9283B, 0x1FF897FFDE05980F,
        0xEF2F118B5A0A6D1F, 0x6D367ECF27CB09B7, 0x4F463F669E5FEA2D,
        0x7527BAC7EBE5F17B, 0x3D0739F78A5292EA, 0x6BFB5FB11F8D5D08,
        0x56033046FC7B6BAB
    ]
}
