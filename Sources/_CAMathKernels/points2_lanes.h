// The 2-D point map in lanes, at both precisions.
// Included by the level files, with KERNEL_ATTR and KERNEL(name) defined (and CAMATH_FAST in a fast build).
#include "lane_helpers.h"
#include "precision.h"

// Points [0, n) of p through h into out, in lanes. Never fused, at either precision: the fast build only
// multiplies by the reciprocal of W (fused, an overflowed product could come back finite, and guarding the
// inputs against that cost a third of the loop), so the one lane whose special values can differ from the
// reference's is a result at the top of the range (X·(1/W) and X/W round across it apart) or a reciprocal that
// overflows.
static inline __attribute__((always_inline)) void KERNEL(map_points2_lanes)(const double *h, const double *p, double *out, size_t n) {
#pragma clang fp contract(off)
    const double h11 = h[0], h12 = h[1], h13 = h[2], h21 = h[3], h22 = h[4], h23 = h[5], h31 = h[6], h32 = h[7], h33 = h[8];
    for (size_t i = 0; i < n; i++) {
        double x = p[2 * i], y = p[2 * i + 1];
        double X = x * h11 + y * h21 + h31, Y = x * h12 + y * h22 + h32, W = x * h13 + y * h23 + h33;
        double rw = CAMATH_RECIPROCAL(W);
        out[2 * i] = CAMATH_QUOTIENT(X, W, rw);
        out[2 * i + 1] = CAMATH_QUOTIENT(Y, W, rw);
    }
}

#if defined(CAMATH_FAST)
// Redoes exactly, from the inputs p, the results in out that lie at the top of the range or are not finite.
static inline __attribute__((always_inline)) void KERNEL(map_points2_guard)(const double *h, const double *p, double *out, size_t n) {
    int any = 0;
    for (size_t i = 0; i < 2 * n; i += 2) any |= !(fabs(out[i]) + fabs(out[i + 1]) < CAMATH_POINT_RESULT_LIMIT);
    if (!any) return;
    for (size_t i = 0; i < n; i++) {
        if (!(fabs(out[2 * i]) + fabs(out[2 * i + 1]) < CAMATH_POINT_RESULT_LIMIT))
            camath_map_point2_exact(h, p[2 * i], p[2 * i + 1], out + 2 * i);
    }
}
#endif

/// The map of every homography, in both builds.
static inline __attribute__((always_inline)) void KERNEL(map_points2_any)(const double *h, const double *p, double *out, size_t n) {
#if defined(CAMATH_FAST)
    if (!(out < p + 2 * n && p < out + 2 * n)) {
        KERNEL(map_points2_lanes)(h, p, out, n);
        KERNEL(map_points2_guard)(h, p, out, n);
        return;
    }
    // In place: blocks of 64 through scratch, so the inputs are still there for the lanes to redo.
    double scratch[2 * 64];
    for (size_t start = 0; start < n; start += 64) {
        size_t m = n - start < 64 ? n - start : 64;
        KERNEL(map_points2_lanes)(h, p + 2 * start, scratch, m);
        KERNEL(map_points2_guard)(h, p + 2 * start, scratch, m);
        memcpy(out + 2 * start, scratch, sizeof(double) * 2 * m);
    }
#else
    KERNEL(map_points2_lanes)(h, p, out, n);
#endif
}

/// X and Y alone of (x, y, 1)·h, for an h whose third column is (0, 0, 1) — either zero's sign: where x and y are
/// finite, x·h13 + y·h23 + h33 is (±0 ± 0) + 1 = 1 exactly, so the quotients X / 1 and X·(1/1) are X, bit for bit.
/// Returns whether every coordinate was finite (else the results of the other points are still X and Y, and the
/// caller maps them again with the division).
#if KERNEL_LANES >= 8
static inline __attribute__((always_inline)) int KERNEL(map_points2_affine_lanes)(const double *h, const double *p, double *out, size_t n) {
#pragma clang fp contract(off)
    const double h11 = h[0], h12 = h[1], h21 = h[3], h22 = h[4], h31 = h[6], h32 = h[7];
    int bad = 0;
    LANE_LOOP for (size_t i = 0; i < n; i++) {
        double x = p[2 * i], y = p[2 * i + 1];
        bad |= !lane_finite(x) | !lane_finite(y);
        out[2 * i] = x * h11 + y * h21 + h31;
        out[2 * i + 1] = x * h12 + y * h22 + h32;
    }
    return !bad;
}
#else
// Two points a vector, as they lie: (x0, y0, x1, y1) times (h11, h12, h11, h12) with x spread in place, plus y
// spread times (h21, h22, …), plus (h31, h32, …) — each lane the loop above's operations, with no shuffle across
// 128-bit halves. The lane loop deinterleaves x and y and interleaves the results again: on Zen 3 (AVX2) it ran
// at 0.55 times this body's speed at 1e3 points, 0.6 at 1e5 (C harness). The AVX-512 level keeps the lane loop
// (measured at the peers' speed on Zen 5; this body is not measured there). A point is finite when x − x is 0.
static inline __attribute__((always_inline)) int KERNEL(map_points2_affine_lanes)(const double *h, const double *p, double *out, size_t n) {
#pragma clang fp contract(off)
    typedef double pairs __attribute__((vector_size(32)));
    typedef long long pair_mask __attribute__((vector_size(32)));
    const pairs a = {h[0], h[1], h[0], h[1]}, b = {h[3], h[4], h[3], h[4]}, c = {h[6], h[7], h[6], h[7]};
    pair_mask bad = {0, 0, 0, 0};
    size_t i = 0;
    for (; i + 2 <= n; i += 2) {
        pairs v;
        memcpy(&v, p + 2 * i, sizeof v);
        pairs x = __builtin_shufflevector(v, v, 0, 0, 2, 2), y = __builtin_shufflevector(v, v, 1, 1, 3, 3);
        bad |= (v - v) != 0;
        pairs r = x * a + y * b + c;
        memcpy(out + 2 * i, &r, sizeof r);
    }
    int finite = !(bad[0] | bad[1] | bad[2] | bad[3]);
    if (i < n) {
        double x = p[2 * i], y = p[2 * i + 1];
        finite &= lane_finite(x) & lane_finite(y);
        out[2 * i] = x * a[0] + y * b[0] + c[0];
        out[2 * i + 1] = x * a[1] + y * b[1] + c[1];
    }
    return finite;
}
#endif

/// Whether every coordinate of points [0, n) of p is finite.
static inline __attribute__((always_inline)) int KERNEL(points2_finite)(const double *p, size_t n) {
    int finite = 1;
    for (size_t i = 0; i < 2 * n; i++) finite &= lane_finite(p[i]);
    return finite;
}

KERNEL_ATTR void KERNEL(map_points2)(const double *h, const double *p, double *out, size_t n) {
    if (!camath_homography_is_affine(h)) {
        KERNEL(map_points2_any)(h, p, out, n);
        return;
    }
    // Apart from the inputs: one pass without the division; a non-finite coordinate anywhere (where W is NaN) maps
    // them all again.
    if (!(out < p + 2 * n && p < out + 2 * n)) {
        if (!KERNEL(map_points2_affine_lanes)(h, p, out, n)) KERNEL(map_points2_any)(h, p, out, n);
        return;
    }
    // In place: blocks whose coordinates are all finite skip the division; each block's inputs are checked before its
    // outputs are written.
    for (size_t start = 0; start < n; start += CAMATH_BLOCK) {
        size_t m = n - start < CAMATH_BLOCK ? n - start : CAMATH_BLOCK;
        if (KERNEL(points2_finite)(p + 2 * start, m)) KERNEL(map_points2_affine_lanes)(h, p + 2 * start, out + 2 * start, m);
        else KERNEL(map_points2_any)(h, p + 2 * start, out + 2 * start, m);
    }
}
