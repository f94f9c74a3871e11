// Concat with AVX2 intrinsics, one matrix row (4 doubles) per ymm: out = a·b with the reference's
// multiplies and adds in the reference's order, as separate instructions (precision.h), so every result
// is CAMathCore's bits — at either precision: the fast tables hold it too (kernels.h). Included by an
// exact level's .c file with KERNEL_ATTR and KERNEL(name) defined.
#include "precision.h"
#include "kernels.h"
#include "intrinsics.h"

KERNEL_ATTR static inline __m256d KERNEL(row_times)(const double *a, __m256d b0, __m256d b1, __m256d b2, __m256d b3) {
    return _mm256_broadcast_sd(a) * b0 + _mm256_broadcast_sd(a + 1) * b1 + _mm256_broadcast_sd(a + 2) * b2 +
           _mm256_broadcast_sd(a + 3) * b3;
}

/// C = A·B for one matrix, all of A read before C is written (out may alias A).
KERNEL_ATTR static inline void KERNEL(concat_one)(const double *A, __m256d b0, __m256d b1, __m256d b2, __m256d b3, double *C) {
    __m256d r0 = KERNEL(row_times)(A, b0, b1, b2, b3), r1 = KERNEL(row_times)(A + 4, b0, b1, b2, b3);
    __m256d r2 = KERNEL(row_times)(A + 8, b0, b1, b2, b3), r3 = KERNEL(row_times)(A + 12, b0, b1, b2, b3);
    _mm256_storeu_pd(C, r0);
    _mm256_storeu_pd(C + 4, r1);
    _mm256_storeu_pd(C + 8, r2);
    _mm256_storeu_pd(C + 12, r3);
}

KERNEL_ATTR void KERNEL(concat)(const double *a, size_t aStep, const double *b, size_t bStep, double *out, size_t n) {
    if (bStep == 0) { // one shared B: its rows stay in registers (the compiler cannot hoist them: out may alias b)
        __m256d b0 = _mm256_loadu_pd(b), b1 = _mm256_loadu_pd(b + 4), b2 = _mm256_loadu_pd(b + 8), b3 = _mm256_loadu_pd(b + 12);
        for (size_t m = 0; m < n; m++) KERNEL(concat_one)(a + aStep * m, b0, b1, b2, b3, out + 16 * m);
        return;
    }
    for (size_t m = 0; m < n; m++) {
        const double *B = b + bStep * m;
        // clang-format off
        KERNEL(concat_one)(a + aStep * m, _mm256_loadu_pd(B), _mm256_loadu_pd(B + 4), _mm256_loadu_pd(B + 8),
                           _mm256_loadu_pd(B + 12), out + 16 * m);
        // clang-format on
    }
}
