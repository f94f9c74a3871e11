// 3-D point maps with AVX2 intrinsics, one point per ymm: (x, y, z, 1)·m with the reference's multiplies
// and adds in order, then the three divisions by W. Points are (x, y, z, pad) records; only x, y, z are
// written (a strided caller's fourth double is its own). Included with KERNEL_ATTR and KERNEL(name).
#pragma clang fp contract(off)
#include "kernels.h"
#include "intrinsics.h"

KERNEL_ATTR void KERNEL(map_points3)(const double *mm, const double *p, double *out, size_t n) {
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
