// Concat with AVX-512F intrinsics, two rows of a product per zmm: rows (i, i + 1) of a·b are
// Σk [a(i, k) ×4 | a(i + 1, k) ×4]·[b row k | b row k], the multiplier made from rows i and i + 1 of a (one
// load) by an in-lane permute that spreads element k over each 256-bit half, and each row of b loaded into
// both halves. The reference's multiplies and adds in the reference's order, as separate instructions
// (precision.h): CAMathCore's bits, at either precision (the fast tables hold this kernel too: kernels.h).
// Per matrix that is 8 multiplies, 6 adds and up to 8 permutes, where the AVX2 body issues 16 multiplies
// and 12 adds: on a core with full-width 512-bit units the multiplies bind both bodies, and this one is faster
// (camath-bench, Zen 5, 1e3 matrices, Mops/s: pairwise 358–372 → 488–493, many by one 450–457 → 555–580, one by
// many 359–367 → 722–751). A shared a (one by many) has its 8 multipliers made once per call; the other shapes
// permute per matrix, which on cores where 512-bit permutes share a port with the multipliers (Intel) or 512-bit
// arithmetic is split in two (Zen 4) would cost more than it saves: there they run the AVX2 body
// (camath_cpu_is_full_width_512()), as many by one does beyond the caches. Included by the AVX-512 level's exact
// file with KERNEL_ATTR, KERNEL(name), KERNEL_AVX2(name) and CONCAT_FULL_WIDTH defined.
#include "precision.h"
#include "kernels.h"
#include "intrinsics.h"

// Matrices whose a and out (256 bytes each) fit in a 1 MiB L2.
#define CONCAT_CACHED_MATRICES 4096

// Element k of each 256-bit half of x, spread over that half.
#define CONCAT_SPREAD(x, k) _mm512_permutex_pd(x, 0x55 * (k))

/// Rows (i, i + 1) of the product from the four multipliers of rows (i, i + 1) of a and b's rows in both halves.
KERNEL_ATTR static inline __m512d KERNEL(concat_rows2)(__m512d m0, __m512d m1, __m512d m2, __m512d m3, const __m512d *b) {
    return m0 * b[0] + m1 * b[1] + m2 * b[2] + m3 * b[3];
}

/// b's four rows, each in both halves of a zmm.
KERNEL_ATTR static inline void KERNEL(concat_load_b)(const double *B, __m512d *b) {
    for (int k = 0; k < 4; k++) b[k] = _mm512_broadcast_f64x4(_mm256_loadu_pd(B + 4 * k));
}

/// C = A·B for one matrix, all of A and B read before C is written (out may alias either).
KERNEL_ATTR static inline void KERNEL(concat_one512)(const double *A, const __m512d *b, double *C) {
    const __m512d a01 = _mm512_loadu_pd(A), a23 = _mm512_loadu_pd(A + 8);
    const __m512d r01 = KERNEL(concat_rows2)(CONCAT_SPREAD(a01, 0), CONCAT_SPREAD(a01, 1), CONCAT_SPREAD(a01, 2), CONCAT_SPREAD(a01, 3), b);
    const __m512d r23 = KERNEL(concat_rows2)(CONCAT_SPREAD(a23, 0), CONCAT_SPREAD(a23, 1), CONCAT_SPREAD(a23, 2), CONCAT_SPREAD(a23, 3), b);
    _mm512_storeu_pd(C, r01);
    _mm512_storeu_pd(C + 8, r23);
}

KERNEL_ATTR void KERNEL(concat)(const double *a, size_t aStep, const double *b, size_t bStep, double *out, size_t n) {
    __m512d rows[4];
    if (aStep == 0) { // one shared A (read once, before any output is written): its multipliers stay in registers
        const __m512d a01 = _mm512_loadu_pd(a), a23 = _mm512_loadu_pd(a + 8);
        const __m512d m0 = CONCAT_SPREAD(a01, 0), m1 = CONCAT_SPREAD(a01, 1), m2 = CONCAT_SPREAD(a01, 2), m3 = CONCAT_SPREAD(a01, 3);
        const __m512d m4 = CONCAT_SPREAD(a23, 0), m5 = CONCAT_SPREAD(a23, 1), m6 = CONCAT_SPREAD(a23, 2), m7 = CONCAT_SPREAD(a23, 3);
        for (size_t m = 0; m < n; m++) {
            KERNEL(concat_load_b)(b + bStep * m, rows);
            const __m512d r01 = KERNEL(concat_rows2)(m0, m1, m2, m3, rows), r23 = KERNEL(concat_rows2)(m4, m5, m6, m7, rows);
            _mm512_storeu_pd(out + 16 * m, r01);
            _mm512_storeu_pd(out + 16 * m + 8, r23);
        }
        return;
    }
    // Many by one beyond the caches runs the AVX2 body: streamed, its per-matrix permutes no longer pay, and the
    // 512-bit loads and stores cost more (camath-bench, Zen 5, 1e5 matrices: 247–283 Mops/s against 296–305 for
    // the AVX2 body; in cache 555–580 against 450–457).
    const int streamed = bStep == 0 && n > CONCAT_CACHED_MATRICES;
    if (!CONCAT_FULL_WIDTH || streamed) {
        KERNEL_AVX2(concat)(a, aStep, b, bStep, out, n);
        return;
    }
    if (bStep == 0) { // one shared B (read once, before any output is written)
        KERNEL(concat_load_b)(b, rows);
        for (size_t m = 0; m < n; m++) KERNEL(concat_one512)(a + aStep * m, rows, out + 16 * m);
        return;
    }
    for (size_t m = 0; m < n; m++) {
        KERNEL(concat_load_b)(b + bStep * m, rows);
        KERNEL(concat_one512)(a + aStep * m, rows, out + 16 * m);
    }
}
#undef CONCAT_SPREAD
#undef CONCAT_CACHED_MATRICES
