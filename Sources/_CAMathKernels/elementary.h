// CAMathCore's Elementary functions (sin, cos, atan2, asin, acos) for one lane: the same operations in the
// same order, so every lane returns the scalar reference's bits (exact build: precision.h turns fusing
// off). Branches are selects — every candidate is computed and the lane's own is picked — so a lane loop
// over these vectorises. The one path they leave out is the long reduction of sin and cos (|x| ≥ 2¹⁹):
// such a lane sets *slow and its caller hands the element to the reference. The constants are those of
// Elementary+Constants.swift (scripts/elementary/coefficients.py prints both spellings).
#ifndef CAMATH_ELEMENTARY_H
#define CAMATH_ELEMENTARY_H
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define CAMATH_EL_INLINE static inline __attribute__((always_inline))

#define EL_HALF_PI 0x1.921fb54442d18p+0
#define EL_HALF_PI_TAIL 0x1.1a62633145c07p-54
#define EL_PI 0x1.921fb54442d18p+1
#define EL_PI_TAIL 0x1.1a62633145c07p-53
#define EL_QUARTER_PI 0x1.921fb54442d18p-1
#define EL_THREE_QUARTER_PI 0x1.2d97c7f3321d2p+1

typedef struct {
    double hi, lo;
} camath_dd;

CAMATH_EL_INLINE double el_sqrt(double x) { return __builtin_elementwise_sqrt(x); }
CAMATH_EL_INLINE uint64_t el_bits(double x) {
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    return b;
}
CAMATH_EL_INLINE double el_from_bits(uint64_t b) {
    double x;
    memcpy(&x, &b, sizeof x);
    return x;
}
CAMATH_EL_INLINE int el_sign_minus(double x) { return (int)(el_bits(x) >> 63); }
CAMATH_EL_INLINE int el_finite(double x) { return fabs(x) <= DBL_MAX; }

CAMATH_EL_INLINE camath_dd dd_sum(double a, double b) {
    double s = a + b, bb = s - a;
    camath_dd r = {s, (a - (s - bb)) + (b - bb)};
    return r;
}
CAMATH_EL_INLINE camath_dd dd_fast_sum(double a, double b) {
    double s = a + b;
    camath_dd r = {s, b - (s - a)};
    return r;
}
CAMATH_EL_INLINE camath_dd dd_product(double a, double b) {
    double p = a * b;
    double ca = 134217729.0 * a, ah = ca - (ca - a), al = a - ah;
    double cb = 134217729.0 * b, bh = cb - (cb - b), bl = b - bh;
    camath_dd r = {p, ((ah * bh - p) + ah * bl + al * bh) + al * bl};
    return r;
}

// sin and cos on [−π/4, π/4] with the reduced argument's tail (Elementary.sinKernel, cosKernel).
CAMATH_EL_INLINE double el_sin_kernel(camath_dd r) {
    double z = r.hi * r.hi;
    // clang-format off
    double p = -0x1.5555555555555p-3 + z * (0x1.1111111111110p-7 + z * (-0x1.a01a01a019938p-13 + z * (0x1.71de3a546095bp-19
        + z * (-0x1.ae645412c560cp-26 + z * (0x1.61217f0b800d5p-33 + z * -0x1.ab17d404de5b3p-41)))));
    // clang-format on
    return r.hi + ((z * r.hi) * p + (r.lo - (0.5 * z) * r.lo));
}
CAMATH_EL_INLINE double el_cos_kernel(camath_dd r) {
    camath_dd zz = dd_product(r.hi, r.hi);
    double z = zz.hi;
    // clang-format off
    double p = 0x1.5555555555555p-5 + z * (-0x1.6c16c16c16c16p-10 + z * (0x1.a01a01a019d0ap-16 + z * (-0x1.27e4fb7712d65p-22
        + z * (0x1.1eed8deb97a97p-29 + z * (-0x1.9394ba0cd6ed5p-37 + z * 0x1.ab785b00b4646p-45)))));
    // clang-format on
    double hz = 0.5 * z, w = 1 - hz;
    return w + (((1 - w) - hz) + ((z * z) * p - (r.hi * r.lo + 0.5 * zz.lo)));
}

/// sin x and cos x (Elementary.sincos); *slow |= 1 for finite |x| ≥ 2¹⁹.
CAMATH_EL_INLINE void el_sincos(double x, double *sinx, double *cosx, int *slow) {
    double ax = fabs(x);
    *slow |= (ax >= 0x1p19) & (ax <= DBL_MAX);
    double shifted = x * 0x1.45f306dc9c883p-1 + 0x1.8p52;
    double k = shifted - 0x1.8p52;
    double r1 = x - k * 0x1.921fb54400000p+0;
    camath_dd a = dd_sum(r1, -(k * 0x1.0b4611a600000p-34));
    camath_dd b = dd_sum(a.hi, -(k * 0x1.3198a2e000000p-69));
    double tail = (a.lo + b.lo) - k * 0x1.b839a252049c1p-104;
    camath_dd r = dd_fast_sum(b.hi, tail);
    int q = (int)(el_bits(shifted) & 3);
    double s = el_sin_kernel(r), c = el_cos_kernel(r);
    double sv = (q & 1) ? c : s, cv = (q & 1) ? s : c;
    sv = (q & 2) ? -sv : sv;
    cv = ((q + 1) & 2) ? -cv : cv;
    int tiny = ax < 0x1p-27, finite = ax <= DBL_MAX;
    *sinx = !finite ? x - x : tiny ? x : sv;
    *cosx = !finite ? x - x : tiny ? 1 : cv;
}

CAMATH_EL_INLINE double el_sin(double x, int *slow) {
    double s, c;
    el_sincos(x, &s, &c, slow);
    return s;
}

// atan(y/x) for positive y, x near 1, 2⁻⁶⁰ ≤ t = y/x ≤ 2⁶⁰ (Elementary.atanKernel).
CAMATH_EL_INLINE camath_dd el_atan_kernel(double y, double x, double t) {
    int i0 = t < 0x1.cp-2, i1 = t < 0x1.6p-1, i2 = t < 0x1.3p0, i3 = t < 0x1.38p1;
    double a = i0 ? 0 : i1 ? 0.5 : i3 ? 1 : 0;
    double b = i2 ? 0 : i3 ? 0.5 : 0;
    double baseHi = i0 ? 0 : i1 ? 0x1.dac670561bb4fp-2 : i2 ? EL_QUARTER_PI : i3 ? 0x1.f730bd281f69bp-1 : EL_HALF_PI;
    double baseLo = i0 ? 0 : i1 ? 0x1.a2b7f222f65e2p-56 : i2 ? 0x1.1a62633145c07p-55 : i3 ? 0x1.007887af0cbbdp-56 : EL_HALF_PI_TAIL;
    camath_dd cx = dd_fast_sum(a * x, b * x), cy = dd_fast_sum(a * y, b * y);
    camath_dd n = dd_sum(y, -cx.hi), d = dd_sum(x, cy.hi);
    double numHi = i3 ? n.hi : -x, numLo = i3 ? n.lo - cx.lo : 0;
    double denHi = i3 ? d.hi : y, denLo = i3 ? d.lo + cy.lo : 0;
    double u = numHi / denHi;
    camath_dd p = dd_product(u, denHi);
    double delta = (((numHi - p.hi) - p.lo) + (numLo - u * denLo)) / denHi;
    double z = u * u;
    // clang-format off
    double poly = -0x1.5555555555555p-2 + z * (0x1.99999999998c5p-3 + z * (-0x1.2492492485503p-3 + z * (0x1.c71c71bd2b8bcp-4
        + z * (-0x1.745d154c84f7ap-4 + z * (0x1.3b1375ce5bdc6p-4 + z * (-0x1.110c9ce7b0572p-4 + z * (0x1.e170800a46210p-5
        + z * (-0x1.ab59b417b2d3fp-5 + z * (0x1.7001816fd063fp-5 + z * (-0x1.0f62bba6a2558p-5 + z * 0x1.e4167464d3de8p-7))))))))));
    // clang-format on
    double small = (u * z) * poly + (delta - delta * z);
    camath_dd s = dd_fast_sum(baseHi, u);
    camath_dd r = {s.hi, s.lo + (small + baseLo)};
    return r;
}

/// atan2(y, x) (Elementary.atan2).
CAMATH_EL_INLINE double el_atan2(double y, double x) {
    double ay = fabs(y), ax = fabs(x);
    double q = ay / ax;
    int64_t e = (int64_t)(el_bits(ax) >> 52) - 1023;
    e = e < -1000 ? -1000 : e > 1000 ? 1000 : e;
    double scale = el_from_bits((uint64_t)(1023 - e) << 52);
    camath_dd k = el_atan_kernel(ay * scale, ax * scale, q);
    int huge = q > 0x1p60, tiny = q < 0x1p-60;
    double hi = huge ? EL_HALF_PI : tiny ? q : k.hi;
    double lo = huge ? EL_HALF_PI_TAIL - ax / ay : tiny ? 0 : k.lo;
    camath_dd d = dd_sum(EL_PI, -hi);
    double angle = x > 0 ? hi + lo : d.hi + ((d.lo + EL_PI_TAIL) - lo);
    int xInfinite = ax > DBL_MAX, yInfinite = ay > DBL_MAX;
    angle = (y == 0)                 ? (el_sign_minus(x) ? EL_PI : 0)
            : xInfinite              ? (yInfinite ? (x < 0 ? EL_THREE_QUARTER_PI : EL_QUARTER_PI) : (x < 0 ? EL_PI : 0))
            : (yInfinite | (x == 0)) ? EL_HALF_PI
                                     : angle;
    angle = el_sign_minus(y) ? -angle : angle;
    return (isnan(x) | isnan(y)) ? x + y : angle;
}

CAMATH_EL_INLINE double el_asin_polynomial(double z) {
    // clang-format off
    return 0x1.5555555555556p-3 + z * (0x1.3333333332ecap-4 + z * (0x1.6db6db6e31f13p-5 + z * (0x1.f1c71c1db0623p-6
        + z * (0x1.6e8bb1c8209a2p-6 + z * (0x1.1c4d35cf95421p-6 + z * (0x1.c9cf07674736ap-7 + z * (0x1.782651caa6547p-7
        + z * (0x1.52420b04b37bep-7 + z * (0x1.65a9c4dfcf8b2p-8 + z * (0x1.1d189408314eep-6 + z * (-0x1.e6aaa8a0a04ccp-7
        + z * 0x1.d72b2bc8155f8p-6)))))))))));
    // clang-format on
}

// asin √((1 − a)/2) = s + tail for 1/2 ≤ a ≤ 1 (Elementary.arcSineOfHalfComplement).
CAMATH_EL_INLINE void el_half_complement(double a, double *s, double *tail) {
    double z = (1 - a) * 0.5;
    double r = el_sqrt(z);
    camath_dd ss = dd_product(r, r);
    double correction = r == 0 ? 0 : ((z - ss.hi) - ss.lo) / (r + r);
    *s = r;
    *tail = correction + (r * z) * el_asin_polynomial(z);
}

/// asin x (Elementary.asin).
CAMATH_EL_INLINE double el_asin(double x) {
    double ax = fabs(x), z = x * x;
    double small = x + (x * z) * el_asin_polynomial(z);
    double s, tail;
    el_half_complement(ax, &s, &tail);
    camath_dd h = dd_fast_sum(EL_HALF_PI, -(s + s));
    double big = h.hi + (h.lo + (EL_HALF_PI_TAIL - (tail + tail)));
    big = x < 0 ? -big : big;
    double r = ax < 0x1p-27 ? x : ax < 0.5 ? small : big;
    return ax <= 1 ? r : NAN;
}

/// acos x (Elementary.acos).
CAMATH_EL_INLINE double el_acos(double x) {
    double ax = fabs(x), z = x * x;
    camath_dd h0 = dd_fast_sum(EL_HALF_PI, -x);
    double small = h0.hi + (h0.lo + (EL_HALF_PI_TAIL - (x * z) * el_asin_polynomial(z)));
    double s, tail;
    el_half_complement(ax, &s, &tail);
    camath_dd h = dd_fast_sum(EL_PI, -(s + s));
    double big = x > 0 ? 2 * (s + tail) : h.hi + (h.lo + (EL_PI_TAIL - (tail + tail)));
    double r = ax < 0.5 ? small : big;
    return ax <= 1 ? r : NAN;
}

#endif
