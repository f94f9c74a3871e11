// Inverses of 8 matrices at a time with AVX-512F: the 8 AoS matrices are transposed in registers (two
// 8×8 transposes) into 16 vectors, CAMATH_INVERSE_* runs on whole vectors (each lane performs exactly
// the scalar operations), singular lanes are blended back to their input, and the result is transposed
// back; the last n mod 8 matrices go to the portable kernels. Included with KERNEL_ATTR and
// KERNEL(name) defined: by the fast AVX-512 level, and built exact for the exact level where 512-bit units run at
// full width (level_avx512_inverses.c; elsewhere invert4_avx2.h's body built with AVX-512VL measured faster).
#define CAMATH_UNFUSED
#include "precision.h"
#undef CAMATH_UNFUSED
#include "kernels.h"
#include "intrinsics.h"
#include "invert_formula.h"
#include <float.h>

/// In-place transpose of an 8×8 block of doubles held in r[0..7] (row i = r[i]).
KERNEL_ATTR static inline void KERNEL(transpose8)(__m512d r[8]) {
    __m512d t[8], u[8];
    for (int i = 0; i < 4; i++) {
        t[2 * i] = _mm512_unpacklo_pd(r[2 * i], r[2 * i + 1]);
        t[2 * i + 1] = _mm512_unpackhi_pd(r[2 * i], r[2 * i + 1]);
    }
    u[0] = _mm512_shuffle_f64x2(t[0], t[2], 0x88);
    u[1] = _mm512_shuffle_f64x2(t[0], t[2], 0xDD);
    u[2] = _mm512_shuffle_f64x2(t[1], t[3], 0x88);
    u[3] = _mm512_shuffle_f64x2(t[1], t[3], 0xDD);
    u[4] = _mm512_shuffle_f64x2(t[4], t[6], 0x88);
    u[5] = _mm512_shuffle_f64x2(t[4], t[6], 0xDD);
    u[6] = _mm512_shuffle_f64x2(t[5], t[7], 0x88);
    u[7] = _mm512_shuffle_f64x2(t[5], t[7], 0xDD);
    r[0] = _mm512_shuffle_f64x2(u[0], u[4], 0x88);
    r[4] = _mm512_shuffle_f64x2(u[0], u[4], 0xDD);
    r[1] = _mm512_shuffle_f64x2(u[2], u[6], 0x88);
    r[5] = _mm512_shuffle_f64x2(u[2], u[6], 0xDD);
    r[2] = _mm512_shuffle_f64x2(u[1], u[5], 0x88);
    r[6] = _mm512_shuffle_f64x2(u[1], u[5], 0xDD);
    r[3] = _mm512_shuffle_f64x2(u[3], u[7], 0x88);
    r[7] = _mm512_shuffle_f64x2(u[3], u[7], 0xDD);
}

/// Loads 8 matrices as 16 element vectors m[k] = element k of matrices 0..7.
KERNEL_ATTR static inline void KERNEL(load8)(const double *t, __m512d m[16]) {
    for (int l = 0; l < 8; l++) {
        m[l] = _mm512_loadu_pd(t + 16 * l);
        m[8 + l] = _mm512_loadu_pd(t + 16 * l + 8);
    }
    KERNEL(transpose8)(m);
    KERNEL(transpose8)(m + 8);
}

/// Stores 16 element vectors back as 8 matrices.
KERNEL_ATTR static inline void KERNEL(store8)(__m512d r[16], double *out) {
    KERNEL(transpose8)(r);
    KERNEL(transpose8)(r + 8);
    for (int l = 0; l < 8; l++) {
        _mm512_storeu_pd(out + 16 * l, r[l]);
        _mm512_storeu_pd(out + 16 * l + 8, r[8 + l]);
    }
}

KERNEL_ATTR static inline __mmask8 KERNEL(normal8)(__m512d x) {
    __m512d a = _mm512_abs_pd(x);
    return _mm512_cmp_pd_mask(a, _mm512_set1_pd(DBL_MIN), _CMP_GE_OQ) & _mm512_cmp_pd_mask(a, _mm512_set1_pd(DBL_MAX), _CMP_LE_OQ);
}

/// Lanes where every one of the 16 vectors is finite: x·0 is 0 for finite x and NaN for ±∞ or NaN,
/// summed as a tree (any order gives the same NaN-ness; a tree keeps the dependency chain 4 adds deep).
KERNEL_ATTR static inline __mmask8 KERNEL(allFinite8)(const __m512d x[16]) {
    __m512d zero = _mm512_setzero_pd(), p[16];
    for (int k = 0; k < 16; k++) p[k] = x[k] * zero;
    for (int width = 8; width >= 1; width /= 2)
        for (int k = 0; k < width; k++) p[k] = p[k] + p[k + width];
    return _mm512_cmp_pd_mask(p[0], p[0], _CMP_ORD_Q);
}

/// The inverse of 8 loaded matrices into r; returns the mask of singular lanes, whose r the caller restores to
/// the input (restore8): blending the input back here kept all 16 input vectors live to the end of the formula,
/// and the loop spilled. The verdict is proven from the inputs (CAMATH_INVERSE_BOUND_SCALE); only a block with a
/// lane the bound leaves open tests its quotients.
KERNEL_ATTR static inline __attribute__((always_inline)) __mmask8 KERNEL(invert8)(const __m512d m[16], __m512d r[16], int affine) {
    const __m512d m11 = m[0], m12 = m[1], m13 = m[2], m14 = m[3], m21 = m[4], m22 = m[5], m23 = m[6], m24 = m[7];
    const __m512d m31 = m[8], m32 = m[9], m33 = m[10], m34 = m[11], m41 = m[12], m42 = m[13], m43 = m[14], m44 = m[15];
    __m512d d, a[16];
    for (int k = 0; k < 16; k++) a[k] = _mm512_abs_pd(m[k]);
    for (int width = 8; width >= 1; width /= 2)
        for (int k = 0; k < width; k++) a[k] = a[k] + a[k + width];
    if (affine) {
#define INVERT8_ZERO(k) r[k] = _mm512_setzero_pd()
        CAMATH_INVERSE_AFFINE(__m512d, CAMATH_INVERSE_INTO_R, INVERT8_ZERO);
#undef INVERT8_ZERO
        d = det;
    } else {
        CAMATH_INVERSE_GENERAL(__m512d, CAMATH_INVERSE_INTO_R);
        d = det;
    }
    (void)m14;
    (void)m24;
    (void)m34;
    (void)m44;
    // The reference also refuses non-finite input; here that needs no test of its own: every element
    // enters a minor that multiplies into det (general formula), or, for m41…m43 of the affine formula,
    // into a cofactor of the last row, so a NaN/±∞ input makes det not normal or some r non-finite.
    const __mmask8 normal = KERNEL(normal8)(d);
    const __mmask8 proven =
        normal & _mm512_cmp_pd_mask(a[0] * a[0] * a[0] * _mm512_set1_pd(CAMATH_INVERSE_BOUND_SCALE), _mm512_abs_pd(d), _CMP_LE_OQ);
    if (proven == 0xFF) return 0;
    return (__mmask8) ~(normal & KERNEL(allFinite8)(r));
}

/// Lanes `bad` of r get their matrices back, reloaded from t (read before the block's output is stored, so an
/// inverse in place still finds its input).
KERNEL_ATTR static inline void KERNEL(restore8)(const double *t, __mmask8 bad, __m512d r[16]) {
    __m512d m[16];
    KERNEL(load8)(t, m);
    for (int k = 0; k < 16; k++) r[k] = _mm512_mask_blend_pd(bad, r[k], m[k]);
}

static inline void KERNEL(store_mask)(uint8_t *singular, __mmask8 bad) {
    if (!singular) return;
    for (int l = 0; l < 8; l++) singular[l] = (uint8_t)((bad >> l) & 1);
}

// How many matrices ahead the loops ask for their inputs (4 blocks, 2 KB), as invert4_avx2.h's.
#define INVERT8_PREFETCH 32

KERNEL_ATTR void KERNEL(invert)(const double *t, double *out, uint8_t *singular, size_t n) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m512d m[16], r[16];
        camath_prefetch(t + 16 * (i + INVERT8_PREFETCH), 16 * 8 * sizeof(double));
        KERNEL(load8)(t + 16 * i, m);
        __mmask8 bad = KERNEL(invert8)(m, r, 0);
        if (bad) KERNEL(restore8)(t + 16 * i, bad, r);
        KERNEL(store8)(r, out + 16 * i);
        KERNEL(store_mask)(singular ? singular + i : 0, bad);
    }
    if (i < n) KERNEL_PORTABLE(invert)(t + 16 * i, out + 16 * i, singular ? singular + i : 0, n - i);
}

KERNEL_ATTR void KERNEL(invert_affine)(const double *t, double *out, uint8_t *singular, uint8_t *notAffine, size_t n) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m512d m[16], r[16];
        camath_prefetch(t + 16 * (i + INVERT8_PREFETCH), 16 * 8 * sizeof(double));
        KERNEL(load8)(t + 16 * i, m);
        __mmask8 general = (__mmask8) ~(
            _mm512_cmp_pd_mask(m[3], _mm512_setzero_pd(), _CMP_EQ_OQ) & _mm512_cmp_pd_mask(m[7], _mm512_setzero_pd(), _CMP_EQ_OQ) &
            _mm512_cmp_pd_mask(m[11], _mm512_setzero_pd(), _CMP_EQ_OQ) & _mm512_cmp_pd_mask(m[15], _mm512_set1_pd(1), _CMP_EQ_OQ));
        // A block with any non-affine lane goes to the caller's general path as a whole.
        for (int l = 0; l < 8; l++) notAffine[i + l] = general != 0;
        if (general) continue;
        __mmask8 bad = KERNEL(invert8)(m, r, 1);
        if (bad) KERNEL(restore8)(t + 16 * i, bad, r);
        KERNEL(store8)(r, out + 16 * i);
        KERNEL(store_mask)(singular ? singular + i : 0, bad);
    }
    if (i < n) KERNEL_PORTABLE(invert_affine)(t + 16 * i, out + 16 * i, singular ? singular + i : 0, notAffine + i, n - i);
}
#undef INVERT8_PREFETCH
