// Lane-loop kernels used at every level: each lane computes the reference's operations in the
// reference's order — in an exact build without fusing, so whatever width the compiler vectorises them to
// for a level's KERNEL_ATTR, the results are the reference's bits (a fast build: precision.h). Included by
// each level's .c file with KERNEL_ATTR and KERNEL(name) defined.
#include "precision.h"
#include "kernels.h"
#include "point_guard.h"
#include <float.h>
#include <math.h>
#include <string.h>

static inline int lane_finite(double x) { return fabs(x) <= DBL_MAX; }
/// The inverses' determinant test: a normal number (not 0, subnormal, ∞ or NaN).
static inline int lane_normal(double x) { return (fabs(x) >= DBL_MIN) & (fabs(x) <= DBL_MAX); }

// The lane loops of the planes kernels and the frames ask for vectorisation on x86-64, where at -O2 (SwiftPM's
// release flags) the cost model may otherwise decline them (a constant count below 16 too: LANE_BLOCKS' last step);
// on aarch64 they are left to the cost model, which declines the inverse's for two-lane NEON (a declined
// request would be a -Wpass-failed warning in every aarch64 build). The bits are the same either way. They
// ask for one vector per step, so that the step is KERNEL_LANES (doubles per vector, from the level file; 1
// at the portable level): the cost model would interleave four AVX-512 steps of the 2-D map, 10-20 % slower.
#if defined(__x86_64__)
#define LANE_LOOP _Pragma("clang loop vectorize(enable) interleave_count(1)")
#else
#define LANE_LOOP
#endif
#ifndef KERNEL_LANES
#define KERNEL_LANES 1
#endif

// Runs BLOCK(start, count), a lane loop over lanes [start, start + count) of planes, on [0, n) without the
// scalar remainder the compiler leaves after its vector loop: lanes [0, n − n mod KERNEL_LANES), then, when
// KERNEL_LANES does not divide n, the last KERNEL_LANES lanes again (a constant-count call: one vector step).
// Running a lane twice writes the same values twice: no output overlaps an input. At N = 100 an AVX-512 loop's
// four remainder lanes had cost about a vector step each (a scalar lane's divisions queue one by one): the
// fast planes inverse's time per element fell by 16 % (C harness).
#define LANE_BLOCKS(n, BLOCK) LANE_BLOCKS_OF(KERNEL_LANES, n, BLOCK)
/// The same for a loop whose vector step is `step` lanes.
#define LANE_BLOCKS_OF(step, n, BLOCK) \
    do { \
        const size_t laneBody = (n) < (step) ? (n) : (n) / (step) * (step); \
        BLOCK(0, laneBody); \
        if (laneBody < (n)) BLOCK((n) - (step), step); \
    } while (0)

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
    for (size_t start = 0; start < n; start += CAMATH_POINT_BLOCK) {
        size_t m = n - start < CAMATH_POINT_BLOCK ? n - start : CAMATH_POINT_BLOCK;
        if (KERNEL(points2_finite)(p + 2 * start, m)) KERNEL(map_points2_affine_lanes)(h, p + 2 * start, out + 2 * start, m);
        else KERNEL(map_points2_any)(h, p + 2 * start, out + 2 * start, m);
    }
}

// Whether a corner's coordinate is one the kernel may return: finite in an exact build; in a fast one well
// inside the finite range too (point_guard.h: near the top, X·(1/W) and X/W may round across it apart).
#if defined(CAMATH_FAST)
#define FRAME_COORDINATE_OK(q) (fabs(q) < CAMATH_POINT_RESULT_LIMIT)
#else
#define FRAME_COORDINATE_OK(q) lane_finite(q)
#endif

// Corner k of the frame rule (CAMathLayer's *Layer geometry* article, *frame*): X, Y, W of (u, v, z) through the transform, then the point
// (X/W, Y/W) folded into the box in corner order, as BoundingBox does.
// clang-format reads (u) * m11 as a cast:
// clang-format off
#define FRAME_CORNER(u, v) \
    do { \
        double X = (u) * m11 + (v) * m21 + z * m31 + m41; \
        double Y = (u) * m12 + (v) * m22 + z * m32 + m42; \
        double W = (u) * m14 + (v) * m24 + z * m34 + m44; \
        double rw = CAMATH_RECIPROCAL(W), qx = CAMATH_QUOTIENT(X, W, rw), qy = CAMATH_QUOTIENT(Y, W, rw); \
        ok &= (W >= eps) & FRAME_COORDINATE_OK(qx) & FRAME_COORDINATE_OK(qy); \
        minX = qx < minX ? qx : minX; \
        maxX = qx > maxX ? qx : maxX; \
        minY = qy < minY ? qy : minY; \
        maxY = qy > maxY ? qy : maxY; \
    } while (0)
// clang-format on

// Never fused, at either precision (as the 2-D map, above): the fast build only multiplies by reciprocals.
// Field f (x, y, w, h) of layer i goes to out[f · fieldStep + i · layerStep]: (1, 4) for records, (the plane, 1)
// for planes; constants after inlining, so each form is its own loop. The output never overlaps the columns (they
// are CAMathBatch's own: a plan's, or a block gathered into scratch), so the loop needs no overlap checks.
static inline KERNEL_ATTR __attribute__((always_inline)) void
KERNEL(frames_lanes)(const double *const *c, double *restrict out, size_t fieldStep, size_t layerStep, uint8_t *restrict slow, size_t n) {
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

// Lanes [s, s + count) of both forms: the 19 columns shifted to lane s (LANE_BLOCKS).
#define FRAMES_BLOCK(s, count, fieldStep, layerStep) \
    do { \
        const double *shifted[19]; \
        for (int k = 0; k < 19; k++) shifted[k] = c[k] + (s); \
        KERNEL(frames_lanes)(shifted, out + (s) * (layerStep), fieldStep, layerStep, slow + (s), count); \
    } while (0)

KERNEL_ATTR void KERNEL(frames)(const double *const *c, double *out, uint8_t *slow, size_t n) {
#define FRAMES_RECORDS(s, count) FRAMES_BLOCK(s, count, 1, 4)
    LANE_BLOCKS(n, FRAMES_RECORDS);
#undef FRAMES_RECORDS
}

KERNEL_ATTR void KERNEL(frames_planes)(const double *const *c, double *out, size_t outPlane, uint8_t *slow, size_t n) {
#define FRAMES_PLANES(s, count) FRAMES_BLOCK(s, count, outPlane, 1)
    LANE_BLOCKS(n, FRAMES_PLANES);
#undef FRAMES_PLANES
}
#undef FRAMES_BLOCK

// The interpolation (transform_lanes.h) has a fast form: its slerp by polynomials, fused (a fast build
// defines nothing else there).
#include "invert_formula.h"
#include "transform_lanes.h"

// The hit test, autoresizing, the decompositions, the timing curves and springs have no fast form: a fused
// edge test could move a point across a layer's edge, autoresizing is additions, divisions and roundings
// with nothing to fuse, and the others take branches (a decomposition's verdict, a curve's Newton steps)
// that fusing could change.
#if !defined(CAMATH_FAST)
// One block of `lanes` points (8, 16 or CAMATH_HIT_BLOCK, a constant after inlining, so every lane loop has
// a fixed trip count); lanes past n hold NaN points, which no node accepts. The scratch layout is
// CAMATH_HIT_BLOCK lanes per row whatever `lanes` is.
static inline KERNEL_ATTR __attribute__((always_inline)) void
KERNEL(hit_test_lanes)(const camath_hit_tree *tree, const double *points, int64_t *hits, size_t n, double *scratch, const int lanes) {
    double px[CAMATH_HIT_BLOCK], py[CAMATH_HIT_BLOCK];
    int64_t hit[CAMATH_HIT_BLOCK];
    for (int l = 0; l < lanes; l++) {
        px[l] = (size_t)l < n ? points[2 * l] : NAN;
        py[l] = (size_t)l < n ? points[2 * l + 1] : NAN;
        hit[l] = -1;
    }
    for (size_t i = 0; i < tree->count; i++) {
        double *restrict qx = scratch + 3 * CAMATH_HIT_BLOCK * i, *restrict qy = qx + CAMATH_HIT_BLOCK,
                         *restrict alive = qy + CAMATH_HIT_BLOCK;
        int32_t parent = tree->parent[i];
        if (!tree->enterable[i]) {
            i = (size_t)tree->subtreeEnd[i] - 1;
            continue;
        }
        // The parent's lanes (or the input points for the root), copied so the lane loop cannot alias.
        double sx[CAMATH_HIT_BLOCK], sy[CAMATH_HIT_BLOCK], parentAlive[CAMATH_HIT_BLOCK];
        for (int l = 0; l < lanes; l++) {
            const double *p = scratch + 3 * CAMATH_HIT_BLOCK * (size_t)(parent < 0 ? 0 : parent);
            sx[l] = parent < 0 ? px[l] : p[l];
            sy[l] = parent < 0 ? py[l] : p[CAMATH_HIT_BLOCK + l];
            parentAlive[l] = parent < 0 ? (double)(lane_finite(px[l]) & lane_finite(py[l])) : p[2 * CAMATH_HIT_BLOCK + l];
        }
        const double *inv = tree->inverse + 9 * i, *fw = tree->forwardWeight + 3 * i, *box = tree->box + 4 * i;
        const double i11 = inv[0], i12 = inv[1], i13 = inv[2], i21 = inv[3], i22 = inv[4], i23 = inv[5];
        const double i31 = inv[6], i32 = inv[7], i33 = inv[8], f13 = fw[0], f23 = fw[1], f33 = fw[2];
        const double minX = box[0], maxX = box[1], minY = box[2], maxY = box[3];
        const int masks = tree->masks[i];
        int any = 0;
        for (int l = 0; l < lanes; l++) {
            double X = sx[l], Y = sy[l];
            double xh = X * i11 + Y * i21 + i31, yh = X * i12 + Y * i22 + i32, wh = X * i13 + Y * i23 + i33;
            double x = xh / wh, y = yh / wh;
            int ok = (parentAlive[l] != 0) & lane_finite(x) & lane_finite(y) & (x * f13 + y * f23 + f33 > 0);
            int inside = (minX <= x) & (x < maxX) & (minY <= y) & (y < maxY);
            ok = masks ? ok & inside : ok;
            qx[l] = x;
            qy[l] = y;
            alive[l] = ok;
            hit[l] = ok & inside ? (int64_t)i : hit[l];
            any |= ok;
        }
        if (any == 0) i = (size_t)tree->subtreeEnd[i] - 1;
    }
    for (size_t l = 0; l < n; l++) hits[l] = hit[l];
}

// One axis of CALayer's autoresizing rule (CAMathLayer's LayerAutoresizing.axis, operation for operation):
// `bits` holds the min margin (bit 0), the extent (bit 1) and the max margin (bit 2); an axis with no change
// or no bit keeps (o, e).
static inline void autoresize_axis(double o, double e, double old, double nw, uint32_t bits, double *ro, double *re) {
    const int minMargin = bits & 1, sizable = (bits >> 1) & 1, maxMargin = (bits >> 2) & 1;
    const double delta = nw - old;
    const int touched = (delta != 0) & ((bits & 7) != 0);
    const int margins = minMargin + maxMargin;
    const double extentShare = sizable ? (margins > 0 ? delta / 3 : delta) : 0;
    const double marginShare = margins > 0 ? (delta - extentShare) / (double)margins : 0;
    const double before = minMargin ? o + marginShare : o;
    const double after = maxMargin ? ((old - o) - e) + marginShare : (old - o) - e;
    const double x = floor(before);
    const double w = ceil((nw - x) - after);
    *ro = touched ? x : o;
    *re = touched ? w : e;
}

// CALayer's autoresizing of n frames (x, y, w, h, 4 doubles apart) with their masks, for one superlayer
// size change (finite sizes: the caller checks them). A lane with a non-finite component keeps its frame.
KERNEL_ATTR void KERNEL(autoresize)(const double *frames, const uint32_t *masks, double oldW, double oldH, double newW, double newH,
                                    double *out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const double x = frames[4 * i], y = frames[4 * i + 1], w = frames[4 * i + 2], h = frames[4 * i + 3];
        const int finite = lane_finite(x) & lane_finite(y) & lane_finite(w) & lane_finite(h);
        double nx, nw, ny, nh;
        autoresize_axis(x, w, oldW, newW, masks[i], &nx, &nw);
        autoresize_axis(y, h, oldH, newH, masks[i] >> 3, &ny, &nh);
        out[4 * i] = finite ? nx : x;
        out[4 * i + 1] = finite ? ny : y;
        out[4 * i + 2] = finite ? nw : w;
        out[4 * i + 3] = finite ? nh : h;
    }
}

#include "animation_lanes.h"

// A small batch (a few touches) runs 8 or 16 lanes, not 32: every node's work scales with the lanes.
KERNEL_ATTR void KERNEL(hit_test_block)(const camath_hit_tree *tree, const double *points, int64_t *hits, size_t n, double *scratch) {
    if (n <= 8) KERNEL(hit_test_lanes)(tree, points, hits, n, scratch, 8);
    else if (n <= 16) KERNEL(hit_test_lanes)(tree, points, hits, n, scratch, 16);
    else KERNEL(hit_test_lanes)(tree, points, hits, n, scratch, CAMATH_HIT_BLOCK);
}
#endif

// The structure-of-arrays kernels.
#include "planes.h"
