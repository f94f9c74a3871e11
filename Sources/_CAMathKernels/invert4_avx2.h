// Inverses 4 at a time in ymm registers: 4 AoS matrices are transposed in registers (four 4×4
// transposes) into 16 vectors, CAMATH_INVERSE_* runs on whole vectors (each lane performs exactly the
// scalar operations), singular lanes are blended back to their input, and the result is transposed
// back; the last n mod 4 matrices go to the portable kernels. Included with KERNEL_ATTR and KERNEL(name)
// defined. The AVX-512 level's exact inverses are this body too on Intel and Zen 4, built with AVX-512VL's 32
// registers (level_avx512_inverses.c): there an exact inverse waits on a divider that takes the same time per lane
// at either width, and on Intel cores 256-bit arithmetic has three ports where 512-bit has two. Measured on an Intel Xeon
// (family 6, model 207) against the C loop with true divisions, in one process: general 1.13-1.31x for this
// build, 0.89-1.16x for invert8_avx512.h's, 0.96-1.13x for the AVX2 build; affine 1.09-1.51x, 0.84-1.29x and
// 0.99-1.17x.
#define CAMATH_UNFUSED
#include "precision.h"
#undef CAMATH_UNFUSED
#include "kernels.h"
#include "intrinsics.h"
#include "invert_formula.h"
#include <float.h>

KERNEL_ATTR static inline void KERNEL(transpose)(__m256d *r) {
    __m256d t0 = _mm256_unpacklo_pd(r[0], r[1]), t1 = _mm256_unpackhi_pd(r[0], r[1]);
    __m256d t2 = _mm256_unpacklo_pd(r[2], r[3]), t3 = _mm256_unpackhi_pd(r[2], r[3]);
    r[0] = _mm256_permute2f128_pd(t0, t2, 0x20);
    r[1] = _mm256_permute2f128_pd(t1, t3, 0x20);
    r[2] = _mm256_permute2f128_pd(t0, t2, 0x31);
    r[3] = _mm256_permute2f128_pd(t1, t3, 0x31);
}

/// m[k] = element k of the 4 matrices at t (row q of all four is one 4×4 block).
KERNEL_ATTR static inline void KERNEL(load)(const double *t, __m256d m[16]) {
    for (int q = 0; q < 4; q++) {
        __m256d b[4];
        for (int l = 0; l < 4; l++) b[l] = _mm256_loadu_pd(t + 16 * l + 4 * q);
        KERNEL(transpose)(b);
        for (int j = 0; j < 4; j++) m[4 * q + j] = b[j];
    }
}

KERNEL_ATTR static inline void KERNEL(store)(const __m256d r[16], double *out) {
    for (int q = 0; q < 4; q++) {
        __m256d b[4] = {r[4 * q], r[4 * q + 1], r[4 * q + 2], r[4 * q + 3]};
        KERNEL(transpose)(b);
        for (int l = 0; l < 4; l++) _mm256_storeu_pd(out + 16 * l + 4 * q, b[l]);
    }
}

/// Lanes (all-ones) where every one of the 16 vectors is finite: x·0 is 0 for finite x, NaN otherwise,
/// summed as a tree (any order gives the same NaN-ness; the dependency chain stays 4 adds deep).
KERNEL_ATTR static inline __m256d KERNEL(allFinite)(const __m256d x[16]) {
    __m256d zero = _mm256_setzero_pd(), p[16];
    for (int k = 0; k < 16; k++) p[k] = x[k] * zero;
    for (int width = 8; width >= 1; width /= 2)
        for (int k = 0; k < width; k++) p[k] = p[k] + p[k + width];
    return _mm256_cmp_pd(p[0], p[0], _CMP_ORD_Q);
}

/// Inverts the 4 matrices in m into r; returns the singular lanes as bits, whose r the caller restores to the
/// input (restore: blending the input back here kept all 16 input vectors live through the formula). The verdict
/// is proven from the inputs (CAMATH_INVERSE_BOUND_SCALE); only a block with a lane the bound leaves open tests
/// its quotients.
KERNEL_ATTR static inline __attribute__((always_inline)) int KERNEL(block)(const __m256d m[16], __m256d r[16], int affine) {
    const __m256d m11 = m[0], m12 = m[1], m13 = m[2], m14 = m[3], m21 = m[4], m22 = m[5], m23 = m[6], m24 = m[7];
    const __m256d m31 = m[8], m32 = m[9], m33 = m[10], m34 = m[11], m41 = m[12], m42 = m[13], m43 = m[14], m44 = m[15];
    const __m256d magnitude = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7fffffffffffffffLL));
    __m256d d, sum[16];
    for (int k = 0; k < 16; k++) sum[k] = _mm256_and_pd(m[k], magnitude);
    for (int width = 8; width >= 1; width /= 2)
        for (int k = 0; k < width; k++) sum[k] = sum[k] + sum[k + width];
    if (affine) {
#define INVERT4_ZERO(k) r[k] = _mm256_setzero_pd()
        CAMATH_INVERSE_AFFINE(__m256d, CAMATH_INVERSE_INTO_R, INVERT4_ZERO);
#undef INVERT4_ZERO
        d = det;
    } else {
        CAMATH_INVERSE_GENERAL(__m256d, CAMATH_INVERSE_INTO_R);
        d = det;
    }
    (void)m14;
    (void)m24;
    (void)m34;
    (void)m44;
    const __m256d a = _mm256_and_pd(d, magnitude);
    const __m256d normal =
        _mm256_and_pd(_mm256_cmp_pd(a, _mm256_set1_pd(DBL_MIN), _CMP_GE_OQ), _mm256_cmp_pd(a, _mm256_set1_pd(DBL_MAX), _CMP_LE_OQ));
    const __m256d proven =
        _mm256_and_pd(normal, _mm256_cmp_pd(sum[0] * sum[0] * sum[0] * _mm256_set1_pd(CAMATH_INVERSE_BOUND_SCALE), a, _CMP_LE_OQ));
    if (_mm256_movemask_pd(proven) == 0xF) return 0;
    // Non-finite input needs no test of its own (see invert8_avx512.h): it makes det not normal or some r non-finite.
    return ~_mm256_movemask_pd(_mm256_and_pd(normal, KERNEL(allFinite)(r))) & 0xF;
}

/// Lanes `bad` (bits) of r get their matrices back, reloaded from t (read before the block's output is stored,
/// so an inverse in place still finds its input).
KERNEL_ATTR static inline void KERNEL(restore)(const double *t, int bad, __m256d r[16]) {
    __m256d m[16];
    KERNEL(load)(t, m);
    const __m256d refused = _mm256_castsi256_pd(
        _mm256_set_epi64x(-(long long)((bad >> 3) & 1), -(long long)((bad >> 2) & 1), -(long long)((bad >> 1) & 1), -(long long)(bad & 1)));
    for (int k = 0; k < 16; k++) r[k] = _mm256_blendv_pd(r[k], m[k], refused);
}

static inline void KERNEL(mask)(uint8_t *singular, int bad) {
    if (!singular) return;
    for (int l = 0; l < 4; l++) singular[l] = (uint8_t)((bad >> l) & 1);
}

// How many matrices ahead the loops ask for their inputs (8 blocks: 2 KB). Division-bound, a block waits so long on
// the divider that the hardware prefetcher alone fell behind beyond the caches (C harness, Zen 5, exact AVX-512:
// 1e5 matrices 154 → 172 Mops/s, 1e6 71 → 117; 1e3 unchanged, 193–197).
#define CAMATH_INVERT_PREFETCH 32

KERNEL_ATTR void KERNEL(invert)(const double *t, double *out, uint8_t *singular, size_t n) {
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256d m[16], r[16];
        camath_prefetch(t + 16 * (i + CAMATH_INVERT_PREFETCH), 16 * 4 * sizeof(double));
        KERNEL(load)(t + 16 * i, m);
        int bad = KERNEL(block)(m, r, 0);
        if (bad) KERNEL(restore)(t + 16 * i, bad, r);
        KERNEL(store)(r, out + 16 * i);
        KERNEL(mask)(singular ? singular + i : 0, bad);
    }
    if (i < n) KERNEL_PORTABLE(invert)(t + 16 * i, out + 16 * i, singular ? singular + i : 0, n - i);
}

KERNEL_ATTR void KERNEL(invert_affine)(const double *t, double *out, uint8_t *singular, uint8_t *notAffine, size_t n) {
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256d m[16], r[16];
        camath_prefetch(t + 16 * (i + CAMATH_INVERT_PREFETCH), 16 * 4 * sizeof(double));
        KERNEL(load)(t + 16 * i, m);
        __m256d affine = _mm256_and_pd(
            _mm256_and_pd(_mm256_cmp_pd(m[3], _mm256_setzero_pd(), _CMP_EQ_OQ), _mm256_cmp_pd(m[7], _mm256_setzero_pd(), _CMP_EQ_OQ)),
            _mm256_and_pd(_mm256_cmp_pd(m[11], _mm256_setzero_pd(), _CMP_EQ_OQ), _mm256_cmp_pd(m[15], _mm256_set1_pd(1), _CMP_EQ_OQ)));
        // A block with any non-affine lane goes to the caller's general path as a whole.
        int general = _mm256_movemask_pd(affine) != 0xF;
        for (int l = 0; l < 4; l++) notAffine[i + l] = (uint8_t)general;
        if (general) continue;
        int bad = KERNEL(block)(m, r, 1);
        if (bad) KERNEL(restore)(t + 16 * i, bad, r);
        KERNEL(store)(r, out + 16 * i);
        KERNEL(mask)(singular ? singular + i : 0, bad);
    }
    if (i < n) KERNEL_PORTABLE(invert_affine)(t + 16 * i, out + 16 * i, singular ? singular + i : 0, notAffine + i, n - i);
}
