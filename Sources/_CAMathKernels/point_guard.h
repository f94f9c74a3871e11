// What the fast point maps fall back to. The contract keeps the reference's special values (the same NaN and
// infinities) at either precision wherever |W| > 1e-3 (ExactnessBudget: nearer 0 nothing is compared). Fused, a
// sum can stay finite where the reference's overflowed (the
// unrounded product inside a fused multiply-add cannot overflow), so the fused 3-D map hands back to the exact
// formula every lane whose inputs could make a product overflow (coordinates above camath_point_input_limit of
// the matrix); the 2-D map and the frames do not fuse. And a reciprocal can overflow, or x·(1/w) and x/w round
// across the top of the range apart, so all of them redo a result that is not well inside the finite range
// (2^1020 or more, or NaN). Such lanes are rare in real data; the check is a few vector compares per block
// (the AoS kernels), or one sum of squares per call (the planes kernels: CAMATH_POINT_BLOCK_LIMIT).
#ifndef CAMATH_POINT_GUARD_H
#define CAMATH_POINT_GUARD_H
#include <math.h>
#include <stddef.h>
#include "_CAMathKernels.h"

/// A result coordinate at or above this is recomputed exactly.
#define CAMATH_POINT_RESULT_LIMIT 0x1p1020
/// Whether the 3×3 homography h's third column is (0, 0, 1), either zero's sign: the map of a point whose coordinates
/// are finite then divides by exactly 1.
static inline int camath_homography_is_affine(const double *h) { return (h[2] == 0) & (h[5] == 0) & (h[8] == 1); }

/// Whether the 4×4 matrix m's fourth column is (0, 0, 0, 1), either zero's sign: the map of a point then has
/// W = ((x·±0 + y·±0) + z·±0) + 1, which is exactly 1 where x, y and z are finite and NaN elsewhere.
static inline int camath_transform_is_affine(const double *m) { return (m[3] == 0) & (m[7] == 0) & (m[11] == 0) & (m[15] == 1); }

/// A coordinate Q of a 3-D point map over W: as the build divides (CAMATH_QUOTIENT, precision.h), or, where the map
/// is affine (W exactly 1 or NaN), Q·W — Q/1 and Q·1 are Q bit for bit, and a NaN W makes NaN either way — so an
/// affine map divides nothing. `affine` is a constant in every caller, which instantiates its loop for both values
/// (in an exact build: a fast one hands affine maps to the exact kernels, CAMATH_AFFINE_POINTS).
#define CAMATH_POINT_QUOTIENT(affine, Q, W, rw) ((affine) ? (Q) * (W) : CAMATH_QUOTIENT(Q, W, rw))

/// What a 3-D map does with an affine map: `exact` in an exact build (its loop with CAMATH_POINT_QUOTIENT's
/// `affine` = 1); in a fast build `fast`, the exact kernel — with no division left, fusing saves nothing and the fast
/// guard costs (camath-bench, Zen 5, 1e3 points: exact 3362–3468 Mops/s on planes, fast 2523–2616).
#if defined(CAMATH_FAST)
#define CAMATH_AFFINE_POINTS(exact, fast) fast
#else
#define CAMATH_AFFINE_POINTS(exact, fast) exact
#endif

/// A sum of non-negative terms, which the compiler may evaluate in any order (across vector lanes, in a
/// tree): every order rounds to at least each term, and a NaN or ∞ term makes it NaN or ∞.
static inline double camath_unordered_sum(double sum, double term) {
#pragma clang fp reassociate(on) contract(off)
    return sum + term;
}

/// Σ|m_k| over `count` matrix entries, a bound on the largest (NaN when one is), in four partial sums (a
/// chain of 16 dependent adds would cost more than a short map).
static inline double camath_point_entry_sum(const double *m, size_t count) {
    double part[4] = {0, 0, 0, 0};
    for (size_t k = 0; k < count; k++) part[k % 4] += fabs(m[k]);
    return (part[0] + part[1]) + (part[2] + part[3]);
}

/// The largest input coordinate whose products with `count` matrix entries can neither overflow nor sum past
/// the finite range: 2^1021 / max(1, Σ|m|), or −1 (every lane exact) when Σ|m| is 2^1022 or more or NaN.
static inline double camath_point_input_limit(const double *m, size_t count) {
    const double sum = camath_point_entry_sum(m, count);
    return sum <= 0x1p1022 ? 0x1p1021 / (sum > 1 ? sum : 1) : -1;
}

/// A block of fast 3-D lanes needs no lane recomputed when Σ over its lanes of (x² + y² + z²)·scale +
/// (qx² + qy² + qz²) — summed in any order, each lane's part fused as the compiler likes — is below this,
/// with scale = max(1, 4·2^1000 / limit²) for the limit above (∞ when it is −1). Each term is then below it:
/// every result coordinate is below 2^500, far inside the range, and x² + y² + z² is below limit²/4, so
/// |x| + |y| + |z| ≤ √3·limit/2 < limit. A NaN or ∞ anywhere fails the test. Squares cost less than
/// magnitudes and compares, and one sum per block replaces a mask per lane; a block that fails (results
/// beyond 2^500, inputs near the limit, or a special value) has its lanes tested one by one. The scale is at
/// least 1 because a smaller one would make typical squares subnormal (a microcode assist per operation on
/// x86-64); a larger one only tightens the bound. The 2-D map, never fused, sums the results' part alone.
#define CAMATH_POINT_BLOCK_LIMIT 0x1p1000

/// That scale, computed from Σ|m| without a division: 4·2^1000 / limit² = (Σ|m|·2^-520)², which is 1 or less
/// below Σ|m| = 2^520 (where the square could be subnormal: an assist, so it is clamped before squaring).
static inline double camath_point_block_scale(const double *m, size_t count) {
    const double sum = camath_point_entry_sum(m, count), root = sum > 0x1p520 ? sum * 0x1p-520 : 1;
    return sum <= 0x1p1022 ? root * root : __builtin_inf();
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
static inline void camath_redo_points3(const double *m, unsigned redo, int lanes, const double *x, const double *y, const double *z,
                                       double *qx, double *qy, double *qz) {
    for (int k = 0; k < lanes; k++) {
        if (!(redo >> k & 1)) continue;
        double q[3];
        camath_map_point3_exact(m, x[k], y[k], z[k], q);
        qx[k] = q[0];
        qy[k] = q[1];
        qz[k] = q[2];
    }
}

/// Whether a fast lane with inputs (x, y, z) and result (qx, qy, qz) must be recomputed exactly. Sums of
/// magnitudes bound each coordinate's and are NaN when one is: two compares decide, with no branch.
static inline int camath_point_needs_exact(double x, double y, double z, double qx, double qy, double qz, double limit) {
    return !(fabs(x) + fabs(y) + fabs(z) <= limit) | !(fabs(qx) + fabs(qy) + fabs(qz) < CAMATH_POINT_RESULT_LIMIT);
}
#endif
