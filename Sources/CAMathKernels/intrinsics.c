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
static void map_points3_avx2(const double *mm, const double *p, double *out, size_t n) {
    __m256d r1 = _mm256_loadu_pd(mm), r2 = _mm256_loadu_pd(mm + 4), r3 = _mm256_loadu_pd(mm + 8), r4 = _mm256_loadu_pd(mm + 12);
    for (size_t i = 0; i < n; i++) {
        const double *q = p + 4 * i;
        __m256d h = _mm256_mul_pd(_mm256_broadcast_sd(q), r1);
        h = _mm256_add_pd(h, _mm256_mul_pd(_mm256_broadcast_sd(q + 1), r2));
        h = _mm256_add_pd(h, _mm256_mul_pd(_mm256_broadcast_sd(q + 2), r3));
        h = _mm256_add_pd(h, r4);
        __m256d w = _mm256_permute4x64_pd(h, 0xFF);
        _mm256_storeu_pd(out + 4 * i, _mm256_div_pd(h, w));
    }
}

// ---- AVX-512: two points per zmm. (A two-rows-per-zmm concat needs 8 lane-crossing shuffles per
// matrix and measured 30 % slower than the AVX2 kernel on Zen 5, so concat stops at AVX2.) ----

__attribute__((target("avx512f")))
static void map_points3_avx512(const double *mm, const double *p, double *out, size_t n) {
    const __m512i ix = _mm512_set_epi64(4, 4, 4, 4, 0, 0, 0, 0), iy = _mm512_set_epi64(5, 5, 5, 5, 1, 1, 1, 1);
    const __m512i iz = _mm512_set_epi64(6, 6, 6, 6, 2, 2, 2, 2), iw = _mm512_set_epi64(7, 7, 7, 7, 3, 3, 3, 3);
    __m512d r1 = _mm512_broadcast_f64x4(_mm256_loadu_pd(mm)), r2 = _mm512_broadcast_f64x4(_mm256_loadu_pd(mm + 4));
    __m512d r3 = _mm512_broadcast_f64x4(_mm256_loadu_pd(mm + 8)), r4 = _mm512_broadcast_f64x4(_mm256_loadu_pd(mm + 12));
    size_t i = 0;
    for (; i + 2 <= n; i += 2) {
        __m512d q = _mm512_loadu_pd(p + 4 * i);
        __m512d h = _mm512_mul_pd(_mm512_permutexvar_pd(ix, q), r1);
        h = _mm512_add_pd(h, _mm512_mul_pd(_mm512_permutexvar_pd(iy, q), r2));
        h = _mm512_add_pd(h, _mm512_mul_pd(_mm512_permutexvar_pd(iz, q), r3));
        h = _mm512_add_pd(h, r4);
        _mm512_storeu_pd(out + 4 * i, _mm512_div_pd(h, _mm512_permutexvar_pd(iw, h)));
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
