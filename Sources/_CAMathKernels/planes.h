// Structure-of-arrays kernels ("planes"), used at every level: a transform array is 16 planes — plane k holds
// element k (CATransform3D order) of every transform, `plane` doubles after plane k − 1 — and a point array 3 or 2
// planes (x, y, z). Each is a loop over lanes with no shuffle at all, which the compiler vectorises to the level's
// width (KERNEL_ATTR); each lane performs the reference's operations in the reference's order — in an exact build
// without fusing, so the results are the reference's bits (a fast build: precision.h). The output planes never
// overlap the inputs (the contract in _CAMathKernels.h: CAMathBatch's plane types are values, so a call cannot pass
// one array as both), which the loops declare with restrict. Included by lanes.h, after its own kernels.
#include "kernels.h"
#include "invert_formula.h"
#include "point_guard.h"

#define PLANE(p, k, stride) ((p)[(size_t)(k) * (stride) + i])

#if !defined(CAMATH_FAST)  // the fast tables hold the exact concat (kernels.h)
#include "precision.h"

/// One shape of the planes concat: a or b is one shared matrix (16 doubles) when its flag is set, so its
/// elements stay in registers.
static inline __attribute__((always_inline)) void KERNEL(concat_planes_shape)(const double *restrict a, size_t ap, int aShared,
                                                                              const double *restrict b, size_t bp, int bShared,
                                                                              double *restrict out, size_t op, size_t n) {
    for (size_t i = 0; i < n; i++) {
        double A[16], B[16];
        for (int k = 0; k < 16; k++) {
            A[k] = aShared ? a[k] : PLANE(a, k, ap);
            B[k] = bShared ? b[k] : PLANE(b, k, bp);
        }
        for (int r = 0; r < 4; r++)
            for (int c = 0; c < 4; c++)
                PLANE(out, 4 * r + c, op) = A[4 * r] * B[c] + A[4 * r + 1] * B[4 + c] + A[4 * r + 2] * B[8 + c] + A[4 * r + 3] * B[12 + c];
    }
}

KERNEL_ATTR void KERNEL(concat_planes)(const double *a, size_t aPlane, const double *b, size_t bPlane, double *out, size_t outPlane,
                                       size_t n) {
    if (aPlane == 0) KERNEL(concat_planes_shape)(a, 0, 1, b, bPlane, 0, out, outPlane, n);
    else if (bPlane == 0) KERNEL(concat_planes_shape)(a, aPlane, 0, b, 0, 1, out, outPlane, n);
    else KERNEL(concat_planes_shape)(a, aPlane, 0, b, bPlane, 0, out, outPlane, n);
}
#endif

// The inverses never fuse, in a fast build either (CAMATH_UNFUSED in precision.h).
#define CAMATH_UNFUSED
#include "precision.h"
#undef CAMATH_UNFUSED

/// The reference's general inverse per lane; a lane the reference refuses (a non-finite element, a determinant
/// that is not normal, a non-finite result) gets its input back and singular[i] = 1.
static inline __attribute__((always_inline)) void KERNEL(invert_planes_lanes)(const double *restrict t, size_t tp, double *restrict out,
                                                                              size_t op, uint8_t *restrict singular, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const double m11 = PLANE(t, 0, tp), m12 = PLANE(t, 1, tp), m13 = PLANE(t, 2, tp), m14 = PLANE(t, 3, tp);
        const double m21 = PLANE(t, 4, tp), m22 = PLANE(t, 5, tp), m23 = PLANE(t, 6, tp), m24 = PLANE(t, 7, tp);
        const double m31 = PLANE(t, 8, tp), m32 = PLANE(t, 9, tp), m33 = PLANE(t, 10, tp), m34 = PLANE(t, 11, tp);
        const double m41 = PLANE(t, 12, tp), m42 = PLANE(t, 13, tp), m43 = PLANE(t, 14, tp), m44 = PLANE(t, 15, tp);
        const double m[16] = {m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44};
        double r[16];
        CAMATH_INVERSE_GENERAL(double, r);
        int ok = fabs(det) >= DBL_MIN && fabs(det) <= DBL_MAX;
        for (int k = 0; k < 16; k++) ok &= lane_finite(m[k]) & lane_finite(r[k]);
        for (int k = 0; k < 16; k++) PLANE(out, k, op) = ok ? r[k] : m[k];
        if (singular) singular[i] = (uint8_t)!ok;
    }
}

KERNEL_ATTR void KERNEL(invert_planes)(const double *t, size_t tPlane, double *out, size_t outPlane, uint8_t *singular, size_t n) {
    KERNEL(invert_planes_lanes)(t, tPlane, out, outPlane, singular, n);
}

#include "precision.h"

/// (x, y, z, 1)·m divided by W per lane, then in a fast build the lanes point_guard.h names redone exactly.
static inline __attribute__((always_inline)) void KERNEL(map_points3_planes_lanes)(const double *m, const double *restrict p, size_t pp,
                                                                                   double *restrict out, size_t op, size_t n) {
    const double m11 = m[0], m12 = m[1], m13 = m[2], m14 = m[3], m21 = m[4], m22 = m[5], m23 = m[6], m24 = m[7];
    const double m31 = m[8], m32 = m[9], m33 = m[10], m34 = m[11], m41 = m[12], m42 = m[13], m43 = m[14], m44 = m[15];
    for (size_t i = 0; i < n; i++) {
        const double x = PLANE(p, 0, pp), y = PLANE(p, 1, pp), z = PLANE(p, 2, pp);
        const double X = x * m11 + y * m21 + z * m31 + m41, Y = x * m12 + y * m22 + z * m32 + m42;
        const double Z = x * m13 + y * m23 + z * m33 + m43, W = x * m14 + y * m24 + z * m34 + m44;
        const double rw = CAMATH_RECIPROCAL(W);
        PLANE(out, 0, op) = CAMATH_QUOTIENT(X, W, rw);
        PLANE(out, 1, op) = CAMATH_QUOTIENT(Y, W, rw);
        PLANE(out, 2, op) = CAMATH_QUOTIENT(Z, W, rw);
    }
}

KERNEL_ATTR void KERNEL(map_points3_planes)(const double *m, const double *points, size_t pointPlane, double *out, size_t outPlane,
                                            size_t n) {
    KERNEL(map_points3_planes_lanes)(m, points, pointPlane, out, outPlane, n);
#if defined(CAMATH_FAST)
    const double limit = camath_point_input_limit(m, 16);
    int any = 0;
    for (size_t i = 0; i < n; i++)
        any |= camath_point_needs_exact(PLANE(points, 0, pointPlane), PLANE(points, 1, pointPlane), PLANE(points, 2, pointPlane),
                                        PLANE(out, 0, outPlane), PLANE(out, 1, outPlane), PLANE(out, 2, outPlane), limit);
    if (!any) return;
    for (size_t i = 0; i < n; i++) {
        const double x = PLANE(points, 0, pointPlane), y = PLANE(points, 1, pointPlane), z = PLANE(points, 2, pointPlane);
        if (!camath_point_needs_exact(x, y, z, PLANE(out, 0, outPlane), PLANE(out, 1, outPlane), PLANE(out, 2, outPlane), limit)) continue;
        double q[3];
        camath_map_point3_exact(m, x, y, z, q);
        for (int k = 0; k < 3; k++) PLANE(out, k, outPlane) = q[k];
    }
#endif
}

/// (x, y, 1)·h divided by W per lane. Never fused, at either precision (as the AoS 2-D map: lanes.h); a fast
/// build multiplies by the reciprocal of W and redoes exactly a result that is not well inside the finite range.
static inline __attribute__((always_inline)) void KERNEL(map_points2_planes_lanes)(const double *h, const double *restrict p, size_t pp,
                                                                                   double *restrict out, size_t op, size_t n) {
#pragma clang fp contract(off)
    const double h11 = h[0], h12 = h[1], h13 = h[2], h21 = h[3], h22 = h[4], h23 = h[5], h31 = h[6], h32 = h[7], h33 = h[8];
    for (size_t i = 0; i < n; i++) {
        const double x = PLANE(p, 0, pp), y = PLANE(p, 1, pp);
        const double X = x * h11 + y * h21 + h31, Y = x * h12 + y * h22 + h32, W = x * h13 + y * h23 + h33;
        const double rw = CAMATH_RECIPROCAL(W);
        PLANE(out, 0, op) = CAMATH_QUOTIENT(X, W, rw);
        PLANE(out, 1, op) = CAMATH_QUOTIENT(Y, W, rw);
    }
}

KERNEL_ATTR void KERNEL(map_points2_planes)(const double *h, const double *points, size_t pointPlane, double *out, size_t outPlane,
                                            size_t n) {
    KERNEL(map_points2_planes_lanes)(h, points, pointPlane, out, outPlane, n);
#if defined(CAMATH_FAST)
    int any = 0;
    for (size_t i = 0; i < n; i++) any |= !(fabs(PLANE(out, 0, outPlane)) + fabs(PLANE(out, 1, outPlane)) < CAMATH_POINT_RESULT_LIMIT);
    if (!any) return;
    for (size_t i = 0; i < n; i++) {
        if (fabs(PLANE(out, 0, outPlane)) + fabs(PLANE(out, 1, outPlane)) < CAMATH_POINT_RESULT_LIMIT) continue;
        double q[2];
        camath_map_point2_exact(h, PLANE(points, 0, pointPlane), PLANE(points, 1, pointPlane), q);
        PLANE(out, 0, outPlane) = q[0];
        PLANE(out, 1, outPlane) = q[1];
    }
#endif
}

#undef PLANE
