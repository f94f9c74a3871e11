// What the fast point maps fall back to. The contract keeps the reference's special values (the same NaN and
// infinities) at either precision. Fused, a sum can stay finite where the reference's overflowed (the
// unrounded product inside a fused multiply-add cannot overflow), so the fused 3-D map hands back to the exact
// formula every lane whose inputs could make a product overflow (coordinates above camath_point_input_limit of
// the matrix); the 2-D map and the frames do not fuse. And a reciprocal can overflow, or x·(1/w) and x/w round
// across the top of the range apart, so all of them redo a result that is not well inside the finite range
// (2^1020 or more, or NaN). Such lanes are rare in real data; the check is a few vector compares per block.
#ifndef CAMATH_POINT_GUARD_H
#define CAMATH_POINT_GUARD_H
#include <math.h>
#include <stddef.h>

/// A result coordinate at or above this is recomputed exactly.
#define CAMATH_POINT_RESULT_LIMIT 0x1p1020

/// The largest input coordinate whose products with `count` matrix entries can neither overflow nor sum past
/// the finite range: 2^1021 / max(1, max |m|), or −1 (every lane exact) when an entry is 2^1022 or more or NaN.
static inline double camath_point_input_limit(const double *m, size_t count) {
    double largest = 1;
    for (size_t k = 0; k < count; k++) {
        double a = fabs(m[k]);
        if (!(a <= largest)) largest = a;  // NaN too
    }
    return largest <= 0x1p1022 ? 0x1p1021 / largest : -1;
}

/// (x, y, z, 1)·m divided by W, in the reference's order, never fused.
static inline void camath_map_point3_exact(const double *m, double x, double y, double z, double *q) {
#pragma clang fp contract(off)
    double X = x * m[0] + y * m[4] + z * m[8] + m[12], Y = x * m[1] + y * m[5] + z * m[9] + m[13];
    double Z = x * m[2] + y * m[6] + z * m[10] + m[14], W = x * m[3] + y * m[7] + z * m[11] + m[15];
    q[0] = X / W;
    q[1] = Y / W;
    q[2] = Z / W;
}

/// (x, y, 1)·h divided by W (a homography's 9 entries in row order), in the reference's order, never fused.
static inline void camath_map_point2_exact(const double *h, double x, double y, double *q) {
#pragma clang fp contract(off)
    double X = x * h[0] + y * h[3] + h[6], Y = x * h[1] + y * h[4] + h[7], W = x * h[2] + y * h[5] + h[8];
    q[0] = X / W;
    q[1] = Y / W;
}

/// Recomputes exactly, over the results (qx, qy, qz), the lanes of a block whose bit is set in `redo`, from
/// the lanes' inputs (x, y, z); the vector kernels store their registers to these arrays and load them back.
static inline void camath_redo_points3(const double *m, unsigned redo, int lanes, const double *x, const double *y,
                                       const double *z, double *qx, double *qy, double *qz) {
    for (int k = 0; k < lanes; k++) {
        if (!(redo >> k & 1)) continue;
        double q[3];
        camath_map_point3_exact(m, x[k], y[k], z[k], q);
        qx[k] = q[0]; qy[k] = q[1]; qz[k] = q[2];
    }
}

/// Whether a fast lane with inputs (x, y, z) and result (qx, qy, qz) must be recomputed exactly. Sums of
/// magnitudes bound each coordinate's and are NaN when one is: two compares decide, with no branch.
static inline int camath_point_needs_exact(double x, double y, double z, double qx, double qy, double qz, double limit) {
    return !(fabs(x) + fabs(y) + fabs(z) <= limit) | !(fabs(qx) + fabs(qy) + fabs(qz) < CAMATH_POINT_RESULT_LIMIT);
}
#endif
