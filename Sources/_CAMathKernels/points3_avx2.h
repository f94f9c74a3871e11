// 3-D point maps with AVX2 intrinsics: four points per step, transposed to SoA in registers so four points
// cost three ymm divisions (x/w, y/w, z/w), not four; the reference's multiplies and adds in order (fused,
// and one reciprocal of W, in a fast build: precision.h). Points are (x, y, z, pad) records; only x, y, z are written (a strided caller's fourth double is
// its own), with a 16-byte and an 8-byte store per record: a masked ymm store is microcoded on AMD cores.
// The last n mod 4 points take one ymm per point. Included with KERNEL_ATTR and KERNEL(name).
#include "precision.h"
#include "kernels.h"
#include "intrinsics.h"
#include "point_guard.h"

// One point per ymm: (x, y, z, 1)·m as a row, then (X, Y, Z)/W (in a fast build, the exact formula for a
// lane point_guard.h names).
static inline KERNEL_ATTR __attribute__((always_inline)) void KERNEL(map_point3_single)(const double *mm, const __m256d *r, double limit,
                                                                                        const double *q, double *o, const int affine) {
    __m256d h = _mm256_broadcast_sd(q) * r[0] + _mm256_broadcast_sd(q + 1) * r[1] + _mm256_broadcast_sd(q + 2) * r[2] + r[3];
    __m256d w = _mm256_permute4x64_pd(h, 0xFF), rw = CAMATH_RECIPROCAL(w);
    __m256d p = CAMATH_POINT_QUOTIENT(affine, h, w, rw);
#if defined(CAMATH_FAST)
    double v[4];
    _mm256_storeu_pd(v, p);
    if (camath_point_needs_exact(q[0], q[1], q[2], v[0], v[1], v[2], limit)) {
        camath_map_point3_exact(mm, q[0], q[1], q[2], o);
        return;
    }
#else
    (void)mm;
    (void)limit;
#endif
    _mm_storeu_pd(o, _mm256_castpd256_pd128(p));
    _mm_store_sd(o + 2, _mm256_extractf128_pd(p, 1));
}

#if defined(CAMATH_FAST)
// The lanes of a block that point_guard.h hands to the exact formula: a bit per lane.
static inline KERNEL_ATTR int KERNEL(unsafe_lanes4)(__m256d x, __m256d y, __m256d z, __m256d qx, __m256d qy, __m256d qz, __m256d limit) {
    const __m256d magnitude = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7FFFFFFFFFFFFFFF)), big = _mm256_set1_pd(CAMATH_POINT_RESULT_LIMIT);
    __m256d in = _mm256_and_pd(x, magnitude) + _mm256_and_pd(y, magnitude) + _mm256_and_pd(z, magnitude);
    __m256d out = _mm256_and_pd(qx, magnitude) + _mm256_and_pd(qy, magnitude) + _mm256_and_pd(qz, magnitude);
    __m256d ok = _mm256_and_pd(_mm256_cmp_pd(in, limit, _CMP_LE_OQ), _mm256_cmp_pd(out, big, _CMP_LT_OQ));
    return ~_mm256_movemask_pd(ok) & 0xF;
}

// Recomputes the lanes of `unsafe` exactly, from the block's inputs (still in registers: out may be the input).
static inline KERNEL_ATTR void KERNEL(redo_lanes4)(const double *mm, int unsafe, __m256d x, __m256d y, __m256d z, __m256d *qx, __m256d *qy,
                                                   __m256d *qz) {
    double xs[4], ys[4], zs[4], ox[4], oy[4], oz[4];
    _mm256_storeu_pd(xs, x);
    _mm256_storeu_pd(ys, y);
    _mm256_storeu_pd(zs, z);
    _mm256_storeu_pd(ox, *qx);
    _mm256_storeu_pd(oy, *qy);
    _mm256_storeu_pd(oz, *qz);
    camath_redo_points3(mm, (unsigned)unsafe, 4, xs, ys, zs, ox, oy, oz);
    *qx = _mm256_loadu_pd(ox);
    *qy = _mm256_loadu_pd(oy);
    *qz = _mm256_loadu_pd(oz);
}
#endif

/// The map of points [0, n); `affine` (a constant after inlining) as in CAMATH_POINT_QUOTIENT.
static inline KERNEL_ATTR __attribute__((always_inline)) void KERNEL(map_points3_loop)(const double *mm, const double *p, double *out,
                                                                                       size_t n, const int affine) {
    const __m256d rows[4] = {_mm256_loadu_pd(mm), _mm256_loadu_pd(mm + 4), _mm256_loadu_pd(mm + 8), _mm256_loadu_pd(mm + 12)};
    __m256d m[16];
    for (int k = 0; k < 16; k++) m[k] = _mm256_set1_pd(mm[k]);
    const double limit = camath_point_input_limit(mm, 16);
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        const double *q = p + 4 * i;
        __m256d r0 = _mm256_loadu_pd(q), r1 = _mm256_loadu_pd(q + 4), r2 = _mm256_loadu_pd(q + 8), r3 = _mm256_loadu_pd(q + 12);
        __m256d t0 = _mm256_unpacklo_pd(r0, r1), t1 = _mm256_unpackhi_pd(r0, r1); // x0 x1 z0 z1 | y0 y1 · ·
        __m256d t2 = _mm256_unpacklo_pd(r2, r3), t3 = _mm256_unpackhi_pd(r2, r3); // x2 x3 z2 z3 | y2 y3 · ·
        __m256d x = _mm256_permute2f128_pd(t0, t2, 0x20), z = _mm256_permute2f128_pd(t0, t2, 0x31);
        __m256d y = _mm256_permute2f128_pd(t1, t3, 0x20);
        // The reference's order: x·m1j + y·m2j + z·m3j + m4j, left to right.
        __m256d X = x * m[0] + y * m[4] + z * m[8] + m[12], Y = x * m[1] + y * m[5] + z * m[9] + m[13];
        __m256d Z = x * m[2] + y * m[6] + z * m[10] + m[14], W = x * m[3] + y * m[7] + z * m[11] + m[15];
        __m256d rw = CAMATH_RECIPROCAL(W);
        __m256d qx = CAMATH_POINT_QUOTIENT(affine, X, W, rw), qy = CAMATH_POINT_QUOTIENT(affine, Y, W, rw);
        __m256d qz = CAMATH_POINT_QUOTIENT(affine, Z, W, rw);
#if defined(CAMATH_FAST)
        int unsafe = KERNEL(unsafe_lanes4)(x, y, z, qx, qy, qz, _mm256_set1_pd(limit));
        if (unsafe) KERNEL(redo_lanes4)(mm, unsafe, x, y, z, &qx, &qy, &qz);
#endif
        __m256d a = _mm256_unpacklo_pd(qx, qy), b = _mm256_unpackhi_pd(qx, qy); // x0 y0 x2 y2 | x1 y1 x3 y3
        __m256d c = _mm256_unpackhi_pd(qz, qz); // z1 z1 z3 z3
        double *o = out + 4 * i;
        _mm_storeu_pd(o, _mm256_castpd256_pd128(a));
        _mm_store_sd(o + 2, _mm256_castpd256_pd128(qz));
        _mm_storeu_pd(o + 4, _mm256_castpd256_pd128(b));
        _mm_store_sd(o + 6, _mm256_castpd256_pd128(c));
        _mm_storeu_pd(o + 8, _mm256_extractf128_pd(a, 1));
        _mm_store_sd(o + 10, _mm256_extractf128_pd(qz, 1));
        _mm_storeu_pd(o + 12, _mm256_extractf128_pd(b, 1));
        _mm_store_sd(o + 14, _mm256_extractf128_pd(c, 1));
    }
    for (; i < n; i++) KERNEL(map_point3_single)(mm, rows, limit, p + 4 * i, out + 4 * i, affine);
}

KERNEL_ATTR void KERNEL(map_points3)(const double *mm, const double *p, double *out, size_t n) {
    if (!camath_transform_is_affine(mm)) KERNEL(map_points3_loop)(mm, p, out, n, 0);
    else CAMATH_AFFINE_POINTS(KERNEL(map_points3_loop)(mm, p, out, n, 1), KERNEL_EXACT(map_points3)(mm, p, out, n));
}
