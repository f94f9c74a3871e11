// 3-D point maps with AVX-512F intrinsics: eight points per step in SoA form, so each point costs three
// divisions (x/w, y/w, z/w), not four; the reference's multiplies and adds in order (fused, and one
// reciprocal of W, in a fast build: precision.h). The last n mod 8
// points go to the AVX2 kernel (KERNEL_AVX2(map_points3)). Records as in points3_avx2.h: the fourth
// double is never written. Included with KERNEL_ATTR, KERNEL(name) and KERNEL_AVX2(name) defined.
#include "precision.h"
#include "kernels.h"
#include "intrinsics.h"
#include "point_guard.h"

#if defined(CAMATH_FAST)
// The lanes of a block that point_guard.h hands to the exact formula, recomputed from the block's inputs
// (still in registers: out may be the input).
static inline KERNEL_ATTR void KERNEL(guard_lanes8)(const double *mm, double limit, __m512d x, __m512d y, __m512d z, __m512d *qx,
                                                    __m512d *qy, __m512d *qz) {
    const __m512d lim = _mm512_set1_pd(limit), big = _mm512_set1_pd(CAMATH_POINT_RESULT_LIMIT);
    __m512d in = _mm512_abs_pd(x) + _mm512_abs_pd(y) + _mm512_abs_pd(z), out = _mm512_abs_pd(*qx) + _mm512_abs_pd(*qy) + _mm512_abs_pd(*qz);
    __mmask8 ok = _mm512_cmp_pd_mask(in, lim, _CMP_LE_OQ) & _mm512_cmp_pd_mask(out, big, _CMP_LT_OQ);
    if (ok == 0xFF) return;
    double xs[8], ys[8], zs[8], ox[8], oy[8], oz[8];
    _mm512_storeu_pd(xs, x);
    _mm512_storeu_pd(ys, y);
    _mm512_storeu_pd(zs, z);
    _mm512_storeu_pd(ox, *qx);
    _mm512_storeu_pd(oy, *qy);
    _mm512_storeu_pd(oz, *qz);
    camath_redo_points3(mm, (unsigned)(~ok & 0xFF), 8, xs, ys, zs, ox, oy, oz);
    *qx = _mm512_loadu_pd(ox);
    *qy = _mm512_loadu_pd(oy);
    *qz = _mm512_loadu_pd(oz);
}
#endif

/// The map of points [0, n); `affine` (a constant after inlining) as in CAMATH_POINT_QUOTIENT.
static inline KERNEL_ATTR __attribute__((always_inline)) void KERNEL(map_points3_loop)(const double *mm, const double *p, double *out,
                                                                                       size_t n, const int affine) {
#if defined(CAMATH_FAST)
    const double limit = camath_point_input_limit(mm, 16);
#endif
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
        __m512d rw = CAMATH_RECIPROCAL(W);
        __m512d qx = CAMATH_POINT_QUOTIENT(affine, X, W, rw), qy = CAMATH_POINT_QUOTIENT(affine, Y, W, rw);
        __m512d qz = CAMATH_POINT_QUOTIENT(affine, Z, W, rw);
#if defined(CAMATH_FAST)
        KERNEL(guard_lanes8)(mm, limit, x, y, z, &qx, &qy, &qz);
#endif
        // Scatter: records 2k and 2k+1 as [qx qy qz · qx qy qz ·], stored without the fourth doubles.
        for (int k = 0; k < 4; k++) {
            const __m512i pair = _mm512_set_epi64(0, 0, 9 + 2 * k, 2 * k + 1, 0, 0, 8 + 2 * k, 2 * k);
            const __m512i withZ = _mm512_set_epi64(0, 9 + 2 * k, 5, 4, 0, 8 + 2 * k, 1, 0);
            __m512d rec = _mm512_permutex2var_pd(_mm512_permutex2var_pd(qx, pair, qy), withZ, qz);
            _mm512_mask_storeu_pd(out + 4 * i + 8 * k, 0x77, rec);
        }
    }
    if (i < n) KERNEL_AVX2(map_points3)(mm, p + 4 * i, out + 4 * i, n - i);
}

KERNEL_ATTR void KERNEL(map_points3)(const double *mm, const double *p, double *out, size_t n) {
    if (!camath_transform_is_affine(mm)) KERNEL(map_points3_loop)(mm, p, out, n, 0);
    else CAMATH_AFFINE_POINTS(KERNEL(map_points3_loop)(mm, p, out, n, 1), KERNEL_EXACT(map_points3)(mm, p, out, n));
}
