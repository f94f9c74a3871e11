// Structure-of-arrays kernels ("planes"), used at every level: a transform array is 16 planes — plane k holds
// element k (CATransform3D order) of every transform, `plane` doubles after plane k − 1 — and a point array 3 or 2
// planes (x, y, z). Each is a loop over lanes with no shuffle at all, which the compiler vectorises to the level's
// width (KERNEL_ATTR); each lane performs the reference's operations in the reference's order — in an exact build
// without fusing, so the results are the reference's bits (a fast build: precision.h). The output planes never
// overlap the inputs (the contract in _CAMathKernels.h: CAMathBatch's plane types are values, so a call cannot pass
// one array as both), which the loops declare with restrict. Included by the level files.
#include "lane_helpers.h"
#include "invert_formula.h"
#include <string.h>
#include "point_guard.h"

#define PLANE(p, k, stride) ((p)[(size_t)(k) * (stride) + i])

#if !defined(CAMATH_FAST) // the fast tables hold the exact concat (kernels.h)
#include "precision.h"

// Element (r, c) of a·b, the reference's sum left to right; A(k) and B(k) name element k of each operand.
#define PLANES_PRODUCT(A, B, r, c) \
    PLANE(out, 4 * (r) + (c), op) = \
        A(4 * (r)) * B(c) + A(4 * (r) + 1) * B(4 + (c)) + A(4 * (r) + 2) * B(8 + (c)) + A(4 * (r) + 3) * B(12 + (c))
#define PLANES_ROW(A, B, r) \
    PLANES_PRODUCT(A, B, r, 0); \
    PLANES_PRODUCT(A, B, r, 1); \
    PLANES_PRODUCT(A, B, r, 2); \
    PLANES_PRODUCT(A, B, r, 3)
#define PLANES_CONCAT(A, B) \
    PLANES_ROW(A, B, 0); \
    PLANES_ROW(A, B, 1); \
    PLANES_ROW(A, B, 2); \
    PLANES_ROW(A, B, 3)
#define PLANES_A(k) PLANE(a, k, ap)
#define PLANES_B(k) PLANE(b, k, bp)
#define PLANES_SHARED(k) s[k]

/// The three shapes, each its own loop: a shared operand (16 doubles) is read once, into registers.
static inline __attribute__((always_inline)) void KERNEL(concat_planes_pairwise)(const double *restrict a, size_t ap,
                                                                                 const double *restrict b, size_t bp, double *restrict out,
                                                                                 size_t op, size_t n) {
    LANE_LOOP for (size_t i = 0; i < n; i++) { PLANES_CONCAT(PLANES_A, PLANES_B); }
}

static inline __attribute__((always_inline)) void KERNEL(concat_planes_by_one)(const double *restrict a, size_t ap,
                                                                               const double *restrict shared, double *restrict out,
                                                                               size_t op, size_t n) {
    double s[16];
    memcpy(s, shared, sizeof s);
    LANE_LOOP for (size_t i = 0; i < n; i++) { PLANES_CONCAT(PLANES_A, PLANES_SHARED); }
}

static inline __attribute__((always_inline)) void KERNEL(concat_planes_one_by)(const double *restrict shared, const double *restrict b,
                                                                               size_t bp, double *restrict out, size_t op, size_t n) {
    double s[16];
    memcpy(s, shared, sizeof s);
    LANE_LOOP for (size_t i = 0; i < n; i++) { PLANES_CONCAT(PLANES_SHARED, PLANES_B); }
}

KERNEL_ATTR void KERNEL(concat_planes)(const double *a, size_t aPlane, const double *b, size_t bPlane, double *out, size_t outPlane,
                                       size_t n) {
#define CONCAT_ONE_BY(s, c) KERNEL(concat_planes_one_by)(a, b + (s), bPlane, out + (s), outPlane, c)
#define CONCAT_BY_ONE(s, c) KERNEL(concat_planes_by_one)(a + (s), aPlane, b, out + (s), outPlane, c)
#define CONCAT_PAIRWISE(s, c) KERNEL(concat_planes_pairwise)(a + (s), aPlane, b + (s), bPlane, out + (s), outPlane, c)
    if (aPlane == 0) LANE_BLOCKS(n, CONCAT_ONE_BY);
    else if (bPlane == 0) LANE_BLOCKS(n, CONCAT_BY_ONE);
    else LANE_BLOCKS(n, CONCAT_PAIRWISE);
#undef CONCAT_ONE_BY
#undef CONCAT_BY_ONE
#undef CONCAT_PAIRWISE
}
#undef PLANES_PRODUCT
#undef PLANES_ROW
#undef PLANES_CONCAT
#undef PLANES_A
#undef PLANES_B
#undef PLANES_SHARED
#endif

// The inverses never fuse, in a fast build either (CAMATH_UNFUSED in precision.h).
#define CAMATH_UNFUSED
#include "precision.h"
#undef CAMATH_UNFUSED

/// Lane i's inverse by the reference's formula — or, where `affine` (a constant after inlining) says column 4 is
/// (0, 0, 0, 1), the reduced formula (invert_formula.h), equal to it up to the sign of zero — each entry stored to out
/// as soon as it is divided (a loop that gathered the 16 into an array first spilled its numerators and ran 10–20 %
/// slower); returns det, and in *sum the sum of the elements' magnitudes (CAMATH_INVERSE_BOUND_SCALE).
static inline __attribute__((always_inline)) double KERNEL(invert_plane_lane)(const double *restrict t, size_t tp, double *restrict out,
                                                                              size_t op, size_t i, double *sum, const int affine) {
    const double m11 = PLANE(t, 0, tp), m12 = PLANE(t, 1, tp), m13 = PLANE(t, 2, tp), m14 = PLANE(t, 3, tp);
    const double m21 = PLANE(t, 4, tp), m22 = PLANE(t, 5, tp), m23 = PLANE(t, 6, tp), m24 = PLANE(t, 7, tp);
    const double m31 = PLANE(t, 8, tp), m32 = PLANE(t, 9, tp), m33 = PLANE(t, 10, tp), m34 = PLANE(t, 11, tp);
    const double m41 = PLANE(t, 12, tp), m42 = PLANE(t, 13, tp), m43 = PLANE(t, 14, tp), m44 = PLANE(t, 15, tp);
    *sum = ((fabs(m11) + fabs(m12)) + (fabs(m13) + fabs(m14))) + ((fabs(m21) + fabs(m22)) + (fabs(m23) + fabs(m24))) +
           (((fabs(m31) + fabs(m32)) + (fabs(m33) + fabs(m34))) + ((fabs(m41) + fabs(m42)) + (fabs(m43) + fabs(m44))));
#define INVERT_PLANE_ENTRY(k, x) PLANE(out, k, op) = CAMATH_QUOTIENT(x, det, rdet)
#define INVERT_PLANE_ZERO(k) PLANE(out, k, op) = 0.0
    if (affine) {
        CAMATH_INVERSE_AFFINE(double, INVERT_PLANE_ENTRY, INVERT_PLANE_ZERO);
        return det;
    }
#undef INVERT_PLANE_ZERO
    CAMATH_INVERSE_GENERAL(double, INVERT_PLANE_ENTRY);
#undef INVERT_PLANE_ENTRY
    return det;
}

/// The verdict on lane i whose inverse is in `out`: 1 where the reference inverts — a normal det (every element
/// enters det through a product with a minor, so a NaN or infinite element makes det NaN or infinite: the
/// reference's finite-input test too) and every entry finite.
static inline __attribute__((always_inline)) int KERNEL(invert_plane_verdict)(const double *restrict out, size_t op, size_t i, double det) {
    int ok = lane_normal(det);
    for (int k = 0; k < 16; k++) ok &= lane_finite(PLANE(out, k, op));
    return ok;
}

// The exact inverse waits on the divider: a level whose narrower vectors keep it busier (AVX-512: Intel issues
// 256-bit arithmetic on three ports, 512-bit on two; level_avx512_inverses.c) names that loop, its step and its target.
#ifndef KERNEL_DIVIDE_LOOP
#define KERNEL_DIVIDE_LOOP LANE_LOOP
#define KERNEL_DIVIDE_LANES KERNEL_LANES
#define KERNEL_DIVIDE_ATTR KERNEL_ATTR
#endif

/// Every lane's inverse stored as computed (no input kept live for a select: on two-operand AVX2 registers that
/// spilled half the loop), and singular[i] with `mask` set where the bound does not prove the lane invertible;
/// returns whether some lane is so marked.
static inline __attribute__((always_inline)) int KERNEL(invert_planes_lanes)(const double *restrict t, size_t tp, double *restrict out,
                                                                             size_t op, uint8_t *restrict singular, const int mask,
                                                                             size_t n, const int affine) {
    int unproven = 0;
    KERNEL_DIVIDE_LOOP for (size_t i = 0; i < n; i++) {
        double sum;
        const double det = KERNEL(invert_plane_lane)(t, tp, out, op, i, &sum, affine);
        const int proven = lane_normal(det) & (sum * sum * sum * CAMATH_INVERSE_BOUND_SCALE <= fabs(det));
        unproven |= !proven;
        if (mask) singular[i] = (uint8_t)!proven;
    }
    return unproven;
}

/// The lanes; then, where some lane was not proven invertible, each such lane's verdict by the exact test of its
/// entries, its input copied back where refused.
static inline KERNEL_DIVIDE_ATTR __attribute__((always_inline)) void
KERNEL(invert_planes_body)(const double *t, size_t tPlane, double *out, size_t outPlane, uint8_t *singular, size_t n, const int affine) {
    int unproven = 0;
#define INVERT_MASKED(s, c) unproven |= KERNEL(invert_planes_lanes)(t + (s), tPlane, out + (s), outPlane, singular + (s), 1, c, affine)
#define INVERT_UNMASKED(s, c) unproven |= KERNEL(invert_planes_lanes)(t + (s), tPlane, out + (s), outPlane, NULL, 0, c, affine)
    if (singular) LANE_BLOCKS_OF(KERNEL_DIVIDE_LANES, n, INVERT_MASKED);
    else LANE_BLOCKS_OF(KERNEL_DIVIDE_LANES, n, INVERT_UNMASKED);
#undef INVERT_MASKED
#undef INVERT_UNMASKED
    if (!unproven) return;
    for (size_t i = 0; i < n; i++) {
        if (singular && !singular[i]) continue;
        double sum;
        const double det = KERNEL(invert_plane_lane)(t, tPlane, out, outPlane, i, &sum, affine);
        const int ok = KERNEL(invert_plane_verdict)(out, outPlane, i, det);
        if (singular) singular[i] = (uint8_t)!ok;
        if (ok) continue;
        for (int k = 0; k < 16; k++) PLANE(out, k, outPlane) = PLANE(t, k, tPlane);
    }
}

KERNEL_DIVIDE_ATTR void KERNEL(invert_planes)(const double *t, size_t tPlane, double *out, size_t outPlane, uint8_t *singular, size_t n) {
    KERNEL(invert_planes_body)(t, tPlane, out, outPlane, singular, n, 0);
}

/// Whether column 4 of every transform of [0, n) is (0, 0, 0, 1), either zero's sign (planes 3, 7, 11, 15), in one
/// vectorised pass (a count: the vectoriser does not take an `&=` reduction).
static inline KERNEL_ATTR __attribute__((always_inline)) int KERNEL(planes_affine)(const double *t, size_t tp, size_t n) {
    size_t affine = 0;
    LANE_LOOP for (size_t i = 0; i < n; i++) {
        affine += (PLANE(t, 3, tp) == 0) & (PLANE(t, 7, tp) == 0) & (PLANE(t, 11, tp) == 0) & (PLANE(t, 15, tp) == 1);
    }
    return affine == n;
}

/// The reduced formula for each block of CAMATH_BLOCK transforms that is all affine, the general one for the others
/// (its bits are the reference's, which the reduced formula matches up to the sign of zero). Blocks, not the call:
/// CAMathBatch's thread chunks start at multiples of CAMATH_BLOCK, so which formula an element gets — the sign of
/// its zeros — never depends on the thread count. A fast build runs the general formula: with one division per
/// element the reduced loop no longer saves the divider's time, and it ran slower beyond the L1 (C harness, Zen 5,
/// fast, Mops/s: 100 elements 656–668 against 547–556, 1e3 504–507 against 525–533, 1e5 240–249 against 319–336;
/// exact: 283–306 against 254–261, 1e5 231 against 209–215).
KERNEL_DIVIDE_ATTR void KERNEL(invert_affine_planes)(const double *t, size_t tPlane, double *out, size_t outPlane, uint8_t *singular,
                                                     size_t n) {
#if defined(CAMATH_FAST)
    KERNEL(invert_planes_body)(t, tPlane, out, outPlane, singular, n, 0);
#else
    for (size_t start = 0; start < n; start += CAMATH_BLOCK) {
        const size_t m = n - start < CAMATH_BLOCK ? n - start : CAMATH_BLOCK;
        const double *bt = t + start;
        double *bo = out + start;
        uint8_t *bs = singular ? singular + start : NULL;
        if (KERNEL(planes_affine)(bt, tPlane, m)) KERNEL(invert_planes_body)(bt, tPlane, bo, outPlane, bs, m, 1);
        else KERNEL(invert_planes_body)(bt, tPlane, bo, outPlane, bs, m, 0);
    }
#endif
}

#include "precision.h"

/// (x, y, z, 1)·m divided by W per lane (`affine`, a constant, as in CAMATH_POINT_QUOTIENT). A fast build also
/// returns the block sum of point_guard.h (the exact one returns 0 and never reads scale).
static inline __attribute__((always_inline)) double KERNEL(map_points3_planes_lanes)(const double *m, const double *restrict p, size_t pp,
                                                                                     double *restrict out, size_t op, size_t n,
                                                                                     double scale, const int affine) {
    const double m11 = m[0], m12 = m[1], m13 = m[2], m14 = m[3], m21 = m[4], m22 = m[5], m23 = m[6], m24 = m[7];
    const double m31 = m[8], m32 = m[9], m33 = m[10], m34 = m[11], m41 = m[12], m42 = m[13], m43 = m[14], m44 = m[15];
    double sum = 0;
    LANE_LOOP for (size_t i = 0; i < n; i++) {
        const double x = PLANE(p, 0, pp), y = PLANE(p, 1, pp), z = PLANE(p, 2, pp);
        const double X = x * m11 + y * m21 + z * m31 + m41, Y = x * m12 + y * m22 + z * m32 + m42;
        const double Z = x * m13 + y * m23 + z * m33 + m43, W = x * m14 + y * m24 + z * m34 + m44;
        const double rw = CAMATH_RECIPROCAL(W);
        const double qx = CAMATH_POINT_QUOTIENT(affine, X, W, rw), qy = CAMATH_POINT_QUOTIENT(affine, Y, W, rw);
        const double qz = CAMATH_POINT_QUOTIENT(affine, Z, W, rw);
        PLANE(out, 0, op) = qx;
        PLANE(out, 1, op) = qy;
        PLANE(out, 2, op) = qz;
#if defined(CAMATH_FAST)
        sum = camath_unordered_sum(sum, (x * x + y * y + z * z) * scale + (qx * qx + qy * qy + qz * qz));
#endif
    }
    (void)scale;
    return sum;
}

KERNEL_ATTR void KERNEL(map_points3_planes)(const double *m, const double *points, size_t pointPlane, double *out, size_t outPlane,
                                            size_t n) {
#if defined(CAMATH_FAST)
    if (camath_transform_is_affine(m)) {
        KERNEL_EXACT(map_points3_planes)(m, points, pointPlane, out, outPlane, n); // as CAMATH_AFFINE_POINTS (point_guard.h)
        return;
    }
    const double scale = camath_point_block_scale(m, 16);
    double sum = 0;
#define MAP_POINTS3(s, c) sum += KERNEL(map_points3_planes_lanes)(m, points + (s), pointPlane, out + (s), outPlane, c, scale, 0)
    LANE_BLOCKS(n, MAP_POINTS3);
    if (sum < CAMATH_POINT_BLOCK_LIMIT) return;
    const double limit = camath_point_input_limit(m, 16);
    for (size_t i = 0; i < n; i++) {
        const double x = PLANE(points, 0, pointPlane), y = PLANE(points, 1, pointPlane), z = PLANE(points, 2, pointPlane);
        if (!camath_point_needs_exact(x, y, z, PLANE(out, 0, outPlane), PLANE(out, 1, outPlane), PLANE(out, 2, outPlane), limit)) continue;
        double q[3];
        camath_map_point3_exact(m, x, y, z, q);
        for (int k = 0; k < 3; k++) PLANE(out, k, outPlane) = q[k];
    }
#else
#define MAP_POINTS3(s, c) KERNEL(map_points3_planes_lanes)(m, points + (s), pointPlane, out + (s), outPlane, c, 0, 0)
#define MAP_POINTS3_AFFINE(s, c) KERNEL(map_points3_planes_lanes)(m, points + (s), pointPlane, out + (s), outPlane, c, 0, 1)
    if (camath_transform_is_affine(m)) LANE_BLOCKS(n, MAP_POINTS3_AFFINE);
    else LANE_BLOCKS(n, MAP_POINTS3);
#endif
#undef MAP_POINTS3
#undef MAP_POINTS3_AFFINE
}

/// (x, y, 1)·h divided by W per lane. Never fused, at either precision (as the AoS 2-D map: points2_lanes.h); a fast
/// build multiplies by the reciprocal of W, returns the results' part of point_guard.h's block sum
/// (Σ qx² + qy²: unfused, the inputs need no bound), and redoes exactly, when it fails, each result that is
/// not well inside the finite range (the exact build returns 0).
static inline __attribute__((always_inline)) double KERNEL(map_points2_planes_lanes)(const double *h, const double *restrict p, size_t pp,
                                                                                     double *restrict out, size_t op, size_t n) {
#pragma clang fp contract(off)
    const double h11 = h[0], h12 = h[1], h13 = h[2], h21 = h[3], h22 = h[4], h23 = h[5], h31 = h[6], h32 = h[7], h33 = h[8];
    double sum = 0;
    LANE_LOOP for (size_t i = 0; i < n; i++) {
        const double x = PLANE(p, 0, pp), y = PLANE(p, 1, pp);
        const double X = x * h11 + y * h21 + h31, Y = x * h12 + y * h22 + h32, W = x * h13 + y * h23 + h33;
        const double rw = CAMATH_RECIPROCAL(W), qx = CAMATH_QUOTIENT(X, W, rw), qy = CAMATH_QUOTIENT(Y, W, rw);
        PLANE(out, 0, op) = qx;
        PLANE(out, 1, op) = qy;
#if defined(CAMATH_FAST)
        sum = camath_unordered_sum(sum, qx * qx + qy * qy);
#endif
    }
    return sum;
}

/// The planes map of every homography, in both builds.
static inline __attribute__((always_inline)) void KERNEL(map_points2_planes_any)(const double *h, const double *points, size_t pointPlane,
                                                                                 double *out, size_t outPlane, size_t n) {
    double sum = 0;
#define MAP_POINTS2(s, c) sum += KERNEL(map_points2_planes_lanes)(h, points + (s), pointPlane, out + (s), outPlane, c)
    LANE_BLOCKS(n, MAP_POINTS2);
#undef MAP_POINTS2
    if (sum < CAMATH_POINT_BLOCK_LIMIT) return;
    for (size_t i = 0; i < n; i++) {
        if (fabs(PLANE(out, 0, outPlane)) + fabs(PLANE(out, 1, outPlane)) < CAMATH_POINT_RESULT_LIMIT) continue;
        double q[2];
        camath_map_point2_exact(h, PLANE(points, 0, pointPlane), PLANE(points, 1, pointPlane), q);
        PLANE(out, 0, outPlane) = q[0];
        PLANE(out, 1, outPlane) = q[1];
    }
}

/// X and Y alone, where W is exactly 1 (points2_lanes.h: `map_points2_affine_lanes`), for lanes [0, n) of the planes; returns
/// whether every coordinate was finite.
static inline __attribute__((always_inline)) int
KERNEL(map_points2_planes_affine_lanes)(const double *h, const double *restrict p, size_t pp, double *restrict out, size_t op, size_t n) {
#pragma clang fp contract(off)
    const double h11 = h[0], h12 = h[1], h21 = h[3], h22 = h[4], h31 = h[6], h32 = h[7];
    int bad = 0;
    LANE_LOOP for (size_t i = 0; i < n; i++) {
        const double x = PLANE(p, 0, pp), y = PLANE(p, 1, pp);
        bad |= !lane_finite(x) | !lane_finite(y);
        PLANE(out, 0, op) = x * h11 + y * h21 + h31;
        PLANE(out, 1, op) = x * h12 + y * h22 + h32;
    }
    return !bad;
}

KERNEL_ATTR void KERNEL(map_points2_planes)(const double *h, const double *points, size_t pointPlane, double *out, size_t outPlane,
                                            size_t n) {
    // As the AoS map (points2_lanes.h): for an affine h, one pass without the division, and the full map again when a
    // coordinate is not finite (the planes never overlap).
    int finite = camath_homography_is_affine(h);
    if (finite) {
#define MAP_POINTS2(s, c) finite &= KERNEL(map_points2_planes_affine_lanes)(h, points + (s), pointPlane, out + (s), outPlane, c)
        LANE_BLOCKS(n, MAP_POINTS2);
#undef MAP_POINTS2
    }
    if (!finite) KERNEL(map_points2_planes_any)(h, points, pointPlane, out, outPlane, n);
}

#undef PLANE
