// The frame rule in lanes (records and planes), at both precisions.
// Included by the level files, with KERNEL_ATTR and KERNEL(name) defined (and CAMATH_FAST in a fast build).
#include "lane_helpers.h"
#include "precision.h"

// Whether a corner's coordinate is one the kernel may return: finite in an exact build; in a fast one well
// inside the finite range too (point_guard.h: near the top, X·(1/W) and X/W may round across it apart).
#if defined(CAMATH_FAST)
#define FRAME_COORDINATE_OK(q) (fabs(q) < CAMATH_POINT_RESULT_LIMIT)
#else
#define FRAME_COORDINATE_OK(q) lane_finite(q)
#endif

// Corner k of the frame rule (CAMathLayer's *Layer geometry* article, *frame*): X, Y, W of (u, v, z) through the transform, then the point
// (X/W, Y/W) folded into the box in corner order, as BoundingBox does. In an affine block (`affine`, a constant) W is
// exactly 1 where u, v and z are finite, so the point is (X, Y) and W is never computed (nor column 4 read): where one
// of them is not finite, X is not either (a non-finite coordinate times any entry is ±∞ or NaN), and the lane goes to
// the reference, as W = NaN would send it.
// clang-format reads (u) * m11 as a cast:
// clang-format off
#define FRAME_CORNER(u, v) \
    do { \
        double qx = (u) * m11 + (v) * m21 + z * m31 + m41; \
        double qy = (u) * m12 + (v) * m22 + z * m32 + m42; \
        if (!affine) { \
            double W = (u) * m14 + (v) * m24 + z * m34 + m44, rw = CAMATH_RECIPROCAL(W); \
            qx = CAMATH_QUOTIENT(qx, W, rw); \
            qy = CAMATH_QUOTIENT(qy, W, rw); \
            ok &= W >= eps; \
        } \
        ok &= FRAME_COORDINATE_OK(qx) & FRAME_COORDINATE_OK(qy); \
        minX = qx < minX ? qx : minX; \
        maxX = qx > maxX ? qx : maxX; \
        minY = qy < minY ? qy : minY; \
        maxY = qy > maxY ? qy : maxY; \
    } while (0)
// clang-format on

// Never fused, at either precision (as the 2-D map, above): the fast build only multiplies by reciprocals. `affine`
// (a constant after inlining) says every layer's column 4 is (0, 0, 0, 1): corners then skip W (FRAME_CORNER), bit for
// bit, in either build.
// Field f (x, y, w, h) of layer i goes to out[f · fieldStep + i · layerStep]: (1, 4) for records, (the plane, 1)
// for planes; constants after inlining, so each form is its own loop. The output never overlaps the columns (they
// are CAMathBatch's own: a plan's, or a block gathered into scratch), so the loop needs no overlap checks.
static inline KERNEL_ATTR __attribute__((always_inline)) void KERNEL(frames_lanes)(const double *const *c, double *restrict out,
                                                                                   size_t fieldStep, size_t layerStep,
                                                                                   uint8_t *restrict slow, size_t n, const int affine) {
#pragma clang fp contract(off)
    const double eps = 1.0 / 16384;
    const double *cbw = c[0], *cbh = c[1], *cax = c[2], *cay = c[3], *caz = c[4], *cpx = c[5], *cpy = c[6];
    const double *c11 = c[7], *c21 = c[8], *c31 = c[9], *c41 = c[10], *c12 = c[11], *c22 = c[12], *c32 = c[13], *c42 = c[14];
    const double *c14 = c[15], *c24 = c[16], *c34 = c[17], *c44 = c[18];
    LANE_LOOP for (size_t i = 0; i < n; i++) {
        double bw = cbw[i], bh = cbh[i], px = cpx[i], py = cpy[i];
        double m11 = c11[i], m21 = c21[i], m31 = c31[i], m41 = c41[i], m12 = c12[i], m22 = c22[i], m32 = c32[i], m42 = c42[i];
        double m14 = c14[i], m24 = c24[i], m34 = c34[i], m44 = c44[i];
        double u0 = -cax[i] * bw, v0 = -cay[i] * bh, z = -caz[i];
        double u1 = u0 + bw, v1 = v0 + bh;
        double minX = INFINITY, minY = INFINITY, maxX = -INFINITY, maxY = -INFINITY;
        int ok = 1;
        FRAME_CORNER(u0, v0);
        FRAME_CORNER(u1, v0);
        FRAME_CORNER(u1, v1);
        FRAME_CORNER(u0, v1);
        out[i * layerStep] = minX + px;
        out[fieldStep + i * layerStep] = minY + py;
        out[2 * fieldStep + i * layerStep] = maxX - minX;
        out[3 * fieldStep + i * layerStep] = maxY - minY;
        slow[i] = (uint8_t)!ok;
    }
}

/// Whether the column 4 of every layer of [0, n) is (0, 0, 0, 1), either zero's sign (columns 15–18). One pass over
/// four columns, where the divisions it can save are eight a layer (CAMathBatch calls the kernels on blocks of
/// CAMATH_BLOCK layers, so one layer in perspective costs its block the division, not the call).
static inline KERNEL_ATTR __attribute__((always_inline)) int KERNEL(frames_affine)(const double *const *c, size_t n) {
    const double *c14 = c[15], *c24 = c[16], *c34 = c[17], *c44 = c[18];
    size_t affine = 0; // a count, which the vectoriser takes as a reduction (an `&=` it does not)
    LANE_LOOP for (size_t i = 0; i < n; i++) affine += (c14[i] == 0) & (c24[i] == 0) & (c34[i] == 0) & (c44[i] == 1);
    return affine == n;
}

// Lanes [s, s + count) of both forms: the 19 columns shifted to lane s (LANE_BLOCKS).
#define FRAMES_BLOCK(s, count, fieldStep, layerStep, affine) \
    do { \
        const double *shifted[19]; \
        for (int k = 0; k < 19; k++) shifted[k] = c[k] + (s); \
        KERNEL(frames_lanes)(shifted, out + (s) * (layerStep), fieldStep, layerStep, slow + (s), count, affine); \
    } while (0)

KERNEL_ATTR void KERNEL(frames)(const double *const *c, double *out, uint8_t *slow, size_t n) {
#define FRAMES_RECORDS(s, count) FRAMES_BLOCK(s, count, 1, 4, 0)
#define FRAMES_RECORDS_AFFINE(s, count) FRAMES_BLOCK(s, count, 1, 4, 1)
    if (KERNEL(frames_affine)(c, n)) LANE_BLOCKS(n, FRAMES_RECORDS_AFFINE);
    else LANE_BLOCKS(n, FRAMES_RECORDS);
#undef FRAMES_RECORDS
#undef FRAMES_RECORDS_AFFINE
}

KERNEL_ATTR void KERNEL(frames_planes)(const double *const *c, double *out, size_t outPlane, uint8_t *slow, size_t n) {
#define FRAMES_PLANES(s, count) FRAMES_BLOCK(s, count, outPlane, 1, 0)
#define FRAMES_PLANES_AFFINE(s, count) FRAMES_BLOCK(s, count, outPlane, 1, 1)
    if (KERNEL(frames_affine)(c, n)) LANE_BLOCKS(n, FRAMES_PLANES_AFFINE);
    else LANE_BLOCKS(n, FRAMES_PLANES);
#undef FRAMES_PLANES
#undef FRAMES_PLANES_AFFINE
}
#undef FRAMES_BLOCK
