// Hand-vectorised concat and 3-D point kernels. Multiplies and adds are separate instructions in the
// reference's order (fp contract off), so every result equals CAMathCore's to the bit.
#pragma clang fp contract(off)
#include "CAMathKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

// ---- AVX2: one matrix row (4 doubles) per ymm ----

__attribute__((target("avx2")))
static inline __m256d row_times_avx2(const double *a, __m256d b0, __m256d b1, __m256d b2, __m256d b3) {
    __m256d r = _mm256_mul_pd(_mm256_broadcast_sd(a), b0);
    r = _mm256_add_pd(r, _mm256_mul_pd(_mm256_broadcast_sd(a + 1), b1));
    r = _mm256_add_pd(r, _mm256_mul_pd(_mm256_broadcast_sd(a + 2), b2));
    return _mm256_add_pd(r, _mm256_mul_pd(_mm256_broadcast_sd(a + 3), b3));
}

/// C = A·B for one matrix, all of A read before C is written (out may alias A).
__attribute__((target("avx2")))
static inline void concat_one_avx2(const double *A, __m256d b0, __m256d b1, __m256d b2, __m256d b3, double *C) {
    __m256d r0 = row_times_avx2(A, b0, b1, b2, b3), r1 = row_times_avx2(A + 4, b0, b1, b2, b3);
    __m256d r2 = row_times_avx2(A + 8, b0, b1, b2, b3), r3 = row_times_avx2(A + 12, b0, b1, b2, b3);
    _mm256_storeu_pd(C, r0); _mm256_storeu_pd(C + 4, r1); _mm256_storeu_pd(C + 8, r2); _mm256_storeu_pd(C + 12, r3);
}

__attribute__((target("avx2")))
static void concat_avx2(const double *a, size_t aStep, const double *b, size_t bStep, double *out, size_t n) {
    if (bStep == 0) {  // one shared B: its rows stay in registers (the compiler cannot hoist them: out may alias b)
        __m256d b0 = _mm256_loadu_pd(b), b1 = _mm256_loadu_pd(b + 4), b2 = _mm256_loadu_pd(b + 8), b3 = _mm256_loadu_pd(b + 12);
        for (size_t m = 0; m < n; m++) concat_one_avx2(a + aStep * m, b0, b1, b2, b3, out + 16 * m);
        return;
    }
    for (size_t m = 0; m < n; m++) {
        const double *B = b + bStep * m;
        concat_one_avx2(a + aStep * m, _mm256_loadu_pd(B), _mm256_loadu_pd(B + 4), _mm256_loadu_pd(B + 8),
                        _mm256_loadu_pd(B + 12), out + 16 * m);
    }
}

__attribute__((target("avx2")))
// Points are (x, y, z, pad) records; only x, y, z are written (a strided caller's fourth double is its own).
static void map_points3_avx2(const double *mm, const double *p, double *out, size_t n) {
    __m256d r1 = _mm256_loadu_pd(mm), r2 = _mm256_loadu_pd(mm + 4), r3 = _mm256_loadu_pd(mm + 8), r4 = _mm256_loadu_pd(mm + 12);
    const __m256i xyz = _mm256_set_epi64x(0, -1, -1, -1);
    for (size_t i = 0; i < n; i++) {
        const double *q = p + 4 * i;
        __m256d h = _mm256_mul_pd(_mm256_broadcast_sd(q), r1);
        h = _mm256_add_pd(h, _mm256_mul_pd(_mm256_broadcast_sd(q + 1), r2));
        h = _mm256_add_pd(h, _mm256_mul_pd(_mm256_broadcast_sd(q + 2), r3));
        h = _mm256_add_pd(h, r4);
        __m256d w = _mm256_permute4x64_pd(h, 0xFF);
        _mm256_maskstore_pd(out + 4 * i, xyz, _mm256_div_pd(h, w));
    }
}

// ---- AVX-512: eight points per step in SoA form, so each point costs three divisions (x/w, y/w, z/w),
// not four. (A two-rows-per-zmm concat needs 8 lane-crossing shuffles per matrix and measured 30 %
// slower than the AVX2 kernel on Zen 5, so concat stops at AVX2.) ----

__attribute__((target("avx512f")))
static void map_points3_avx512(const double *mm, const double *p, double *out, size_t n) {
    const __m512d m11 = _mm512_set1_pd(mm[0]), m12 = _mm512_set1_pd(mm[1]), m13 = _mm512_set1_pd(mm[2]), m14 = _mm512_set1_pd(mm[3]);
    const __m512d m21 = _mm512_set1_pd(mm[4]), m22 = _mm512_set1_pd(mm[5]), m23 = _mm512_set1_pd(mm[6]), m24 = _mm512_set1_pd(mm[7]);
    const __m512d m31 = _mm512_set1_pd(mm[8]), m32 = _mm512_set1_pd(mm[9]), m33 = _mm512_set1_pd(mm[10]), m34 = _mm512_set1_pd(mm[11]);
    const __m512d m41 = _mm512_set1_pd(mm[12]), m42 = _mm512_set1_pd(mm[13]), m43 = _mm512_set1_pd(mm[14]), m44 = _mm512_set1_pd(mm[15]);
    // Gather: lanes [x0 x1 x2 x3 y0 y1 y2 y3] and [z0 z1 z2 z3 …] from two vectors of two records each.
    const __m512i gxy = _mm512_set_epi64(13, 9, 5, 1, 12, 8, 4, 0), gz = _mm512_set_epi64(14, 10, 6, 2, 14, 10, 6, 2);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        const double *q = p + 4 * i;
        __m512d a = _mm512_loadu_pd(q), b = _mm512_loadu_pd(q + 8), c = _mm512_loadu_pd(q + 16), d = _mm512_loadu_pd(q + 24);
        __m512d xy03 = _mm512_permutex2var_pd(a, gxy, b), xy47 = _mm512_permutex2var_pd(c, gxy, d);
        __m512d z03 = _mm512_permutex2var_pd(a, gz, b), z47 = _mm512_permutex2var_pd(c, gz, d);
        __m512d x = _mm512_shuffle_f64x2(xy03, xy47, 0x44), y = _mm512_shuffle_f64x2(xy03, xy47, 0xEE);
        __m512d z = _mm512_shuffle_f64x2(z03, z47, 0x44);
        // The reference's order: x·m1j + y·m2j + z·m3j + m4j, left to right, no fusing.
        __m512d X = x * m11 + y * m21 + z * m31 + m41, Y = x * m12 + y * m22 + z * m32 + m42;
        __m512d Z = x * m13 + y * m23 + z * m33 + m43, W = x * m14 + y * m24 + z * m34 + m44;
        __m512d qx = X / W, qy = Y / W, qz = Z / W;
        // Scatter: records 2k and 2k+1 as [qx qy qz · qx qy qz ·], stored without the fourth doubles.
        for (int k = 0; k < 4; k++) {
            const __m512i pair = _mm512_set_epi64(0, 0, 9 + 2 * k, 2 * k + 1, 0, 0, 8 + 2 * k, 2 * k);
            const __m512i withZ = _mm512_set_epi64(0, 9 + 2 * k, 5, 4, 0, 8 + 2 * k, 1, 0);
            __m512d rec = _mm512_permutex2var_pd(_mm512_permutex2var_pd(qx, pair, qy), withZ, qz);
            _mm512_mask_storeu_pd(out + 4 * i + 8 * k, 0x77, rec);
        }
    }
    if (i < n) map_points3_avx2(mm, p + 4 * i, out + 4 * i, n - i);
}
#endif

void camath_concat_pairwise(int isa, const double *a, const double *b, double *out, size_t n) {
#if defined(__x86_64__)
    if (isa >= CAMATH_ISA_AVX2) { concat_avx2(a, 16, b, 16, out, n); return; }
#endif
    (void)isa; (void)a; (void)b; (void)out; (void)n;
}

void camath_concat_by_one(int isa, const double *a, const double *b, double *out, size_t n) {
#if defined(__x86_64__)
    if (isa >= CAMATH_ISA_AVX2) { concat_avx2(a, 16, b, 0, out, n); return; }
#endif
    (void)isa; (void)a; (void)b; (void)out; (void)n;
}

void camath_concat_one_by(int isa, const double *a, const double *b, double *out, size_t n) {
#if defined(__x86_64__)
    if (isa >= CAMATH_ISA_AVX2) { concat_avx2(a, 0, b, 16, out, n); return; }
#endif
    (void)isa; (void)a; (void)b; (void)out; (void)n;
}

void camath_map_points3(int isa, const double *m, const double *points, double *out, size_t n) {
#if defined(__x86_64__)
    if (isa >= CAMATH_ISA_AVX512) { map_points3_avx512(m, points, out, n); return; }
    if (isa >= CAMATH_ISA_AVX2) { map_points3_avx2(m, points, out, n); return; }
#endif
    (void)isa; (void)m; (void)points; (void)out; (void)n;
}
