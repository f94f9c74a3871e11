// Lane-loop kernels, included once per instruction set by lanes_*.c with LANES_ATTR and LANES(name)
// defined; LANES_WITH_INVERT and LANES_WITH_TREE select the inverse and the frame/hit-test kernels
// (AVX-512 takes its inverse from invert_avx512.c instead, see lanes_dispatch.c). Each lane computes exactly the reference's operations in the reference's order (fp contract
// is off), so any vector width gives CAMathCore's bits.
#include "CAMathKernels.h"
#include <float.h>
#include <math.h>

#define BLOCK 8

static inline int lane_finite(double x) { return fabs(x) <= DBL_MAX; }
static inline int lane_normal(double x) { return fabs(x) >= DBL_MIN && fabs(x) <= DBL_MAX; }

#ifdef LANES_WITH_INVERT
LANES_ATTR void LANES(invert)(const double *t, double *out, uint8_t *singular, size_t n) {
    for (size_t base = 0; base < n; base += BLOCK) {
        size_t lanes = n - base < BLOCK ? n - base : BLOCK;
        double m[16][BLOCK], r[16][BLOCK];
        int bad[BLOCK];
        for (size_t l = 0; l < BLOCK; l++)
            for (int k = 0; k < 16; k++) m[k][l] = l < lanes ? t[16 * (base + l) + k] : (k % 5 == 0);
        for (int l = 0; l < BLOCK; l++) {
            double m11 = m[0][l], m12 = m[1][l], m13 = m[2][l], m14 = m[3][l];
            double m21 = m[4][l], m22 = m[5][l], m23 = m[6][l], m24 = m[7][l];
            double m31 = m[8][l], m32 = m[9][l], m33 = m[10][l], m34 = m[11][l];
            double m41 = m[12][l], m42 = m[13][l], m43 = m[14][l], m44 = m[15][l];
            int finite = 1;
            for (int k = 0; k < 16; k++) finite &= lane_finite(m[k][l]);
            double s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14;
            double s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14;
            double c0 = m31 * m42 - m41 * m32, c1 = m31 * m43 - m41 * m33, c2 = m31 * m44 - m41 * m34;
            double c3 = m32 * m43 - m42 * m33, c4 = m32 * m44 - m42 * m34, c5 = m33 * m44 - m43 * m34;
            double det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0;
            r[0][l] = (m22 * c5 - m23 * c4 + m24 * c3) / det;
            r[1][l] = (-m12 * c5 + m13 * c4 - m14 * c3) / det;
            r[2][l] = (m42 * s5 - m43 * s4 + m44 * s3) / det;
            r[3][l] = (-m32 * s5 + m33 * s4 - m34 * s3) / det;
            r[4][l] = (-m21 * c5 + m23 * c2 - m24 * c1) / det;
            r[5][l] = (m11 * c5 - m13 * c2 + m14 * c1) / det;
            r[6][l] = (-m41 * s5 + m43 * s2 - m44 * s1) / det;
            r[7][l] = (m31 * s5 - m33 * s2 + m34 * s1) / det;
            r[8][l] = (m21 * c4 - m22 * c2 + m24 * c0) / det;
            r[9][l] = (-m11 * c4 + m12 * c2 - m14 * c0) / det;
            r[10][l] = (m41 * s4 - m42 * s2 + m44 * s0) / det;
            r[11][l] = (-m31 * s4 + m32 * s2 - m34 * s0) / det;
            r[12][l] = (-m21 * c3 + m22 * c1 - m23 * c0) / det;
            r[13][l] = (m11 * c3 - m12 * c1 + m13 * c0) / det;
            r[14][l] = (-m41 * s3 + m42 * s1 - m43 * s0) / det;
            r[15][l] = (m31 * s3 - m32 * s1 + m33 * s0) / det;
            int resultFinite = 1;
            for (int k = 0; k < 16; k++) resultFinite &= lane_finite(r[k][l]);
            bad[l] = !(finite && lane_normal(det) && resultFinite);
        }
        for (size_t l = 0; l < lanes; l++) {
            double *o = out + 16 * (base + l);
            const double *src = bad[l] ? t + 16 * (base + l) : 0;
            for (int k = 0; k < 16; k++) o[k] = src ? src[k] : r[k][l];
            if (singular) singular[base + l] = (uint8_t)bad[l];
        }
    }
}

// The Laplace formula of `invert` with m14 = m24 = m34 = 0 and m44 = 1: the dropped terms are exact
// zeros (x·0, x·1, ±0 added), so every element equals the general formula's up to the sign of zero.
// notAffine[i] = 1 marks lanes whose column 4 is not (0, 0, 0, 1); they are left for the caller.
LANES_ATTR void LANES(invert_affine)(const double *t, double *out, uint8_t *singular, uint8_t *notAffine, size_t n) {
    for (size_t base = 0; base < n; base += BLOCK) {
        size_t lanes = n - base < BLOCK ? n - base : BLOCK;
        double m[16][BLOCK], r[16][BLOCK];
        int bad[BLOCK], general[BLOCK];
        for (size_t l = 0; l < BLOCK; l++)
            for (int k = 0; k < 16; k++) m[k][l] = l < lanes ? t[16 * (base + l) + k] : (k % 5 == 0);
        for (int l = 0; l < BLOCK; l++) {
            double m11 = m[0][l], m12 = m[1][l], m13 = m[2][l];
            double m21 = m[4][l], m22 = m[5][l], m23 = m[6][l];
            double m31 = m[8][l], m32 = m[9][l], m33 = m[10][l];
            double m41 = m[12][l], m42 = m[13][l], m43 = m[14][l];
            general[l] = !((m[3][l] == 0) & (m[7][l] == 0) & (m[11][l] == 0) & (m[15][l] == 1));
            int finite = 1;
            for (int k = 0; k < 16; k++) finite &= lane_finite(m[k][l]);
            double s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s3 = m12 * m23 - m22 * m13;
            double c0 = m31 * m42 - m41 * m32, c1 = m31 * m43 - m41 * m33, c3 = m32 * m43 - m42 * m33;
            double det = s0 * m33 - s1 * m32 + s3 * m31;
            r[0][l] = (m22 * m33 - m23 * m32) / det;
            r[1][l] = (-m12 * m33 + m13 * m32) / det;
            r[2][l] = s3 / det;
            r[3][l] = 0;
            r[4][l] = (-m21 * m33 + m23 * m31) / det;
            r[5][l] = (m11 * m33 - m13 * m31) / det;
            r[6][l] = -s1 / det;
            r[7][l] = 0;
            r[8][l] = (m21 * m32 - m22 * m31) / det;
            r[9][l] = (-m11 * m32 + m12 * m31) / det;
            r[10][l] = s0 / det;
            r[11][l] = 0;
            r[12][l] = (-m21 * c3 + m22 * c1 - m23 * c0) / det;
            r[13][l] = (m11 * c3 - m12 * c1 + m13 * c0) / det;
            r[14][l] = (-m41 * s3 + m42 * s1 - m43 * s0) / det;
            r[15][l] = (m31 * s3 - m32 * s1 + m33 * s0) / det;
            int resultFinite = 1;
            for (int k = 0; k < 16; k++) resultFinite &= lane_finite(r[k][l]);
            bad[l] = !(finite && lane_normal(det) && resultFinite);
        }
        for (size_t l = 0; l < lanes; l++) {
            notAffine[base + l] = (uint8_t)general[l];
            if (general[l]) continue;
            double *o = out + 16 * (base + l);
            const double *src = bad[l] ? t + 16 * (base + l) : 0;
            for (int k = 0; k < 16; k++) o[k] = src ? src[k] : r[k][l];
            if (singular) singular[base + l] = (uint8_t)bad[l];
        }
    }
}

#endif

LANES_ATTR void LANES(map_points2)(const double *h, const double *p, double *out, size_t n) {
    const double h11 = h[0], h12 = h[1], h13 = h[2], h21 = h[3], h22 = h[4], h23 = h[5], h31 = h[6], h32 = h[7], h33 = h[8];
    for (size_t i = 0; i < n; i++) {
        double x = p[2 * i], y = p[2 * i + 1];
        double X = x * h11 + y * h21 + h31, Y = x * h12 + y * h22 + h32, W = x * h13 + y * h23 + h33;
        out[2 * i] = X / W;
        out[2 * i + 1] = Y / W;
    }
}

#ifdef LANES_WITH_TREE
// Corner k of the frame rule (SPEC §2.4): X, Y, W of (u, v, z) through the transform, then the point
// (X/W, Y/W) folded into the box in corner order, as BoundingBox does.
#define FRAME_CORNER(u, v) do { \
        double X = (u) * m11 + (v) * m21 + z * m31 + m41; \
        double Y = (u) * m12 + (v) * m22 + z * m32 + m42; \
        double W = (u) * m14 + (v) * m24 + z * m34 + m44; \
        double qx = X / W, qy = Y / W; \
        ok &= (W >= eps) & lane_finite(qx) & lane_finite(qy); \
        minX = qx < minX ? qx : minX; maxX = qx > maxX ? qx : maxX; \
        minY = qy < minY ? qy : minY; maxY = qy > maxY ? qy : maxY; \
    } while (0)

LANES_ATTR void LANES(frames)(const double *const *c, double *out, uint8_t *slow, size_t n) {
    const double eps = 1.0 / 16384;
    const double *cbw = c[0], *cbh = c[1], *cax = c[2], *cay = c[3], *caz = c[4], *cpx = c[5], *cpy = c[6];
    const double *c11 = c[7], *c21 = c[8], *c31 = c[9], *c41 = c[10], *c12 = c[11], *c22 = c[12], *c32 = c[13], *c42 = c[14];
    const double *c14 = c[15], *c24 = c[16], *c34 = c[17], *c44 = c[18];
    for (size_t i = 0; i < n; i++) {
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
        out[4 * i] = minX + px;
        out[4 * i + 1] = minY + py;
        out[4 * i + 2] = maxX - minX;
        out[4 * i + 3] = maxY - minY;
        slow[i] = (uint8_t)!ok;
    }
}

LANES_ATTR void LANES(hit_test_block)(const camath_hit_tree *tree, const double *points, int64_t *hits, size_t n, double *scratch) {
    double px[CAMATH_HIT_BLOCK], py[CAMATH_HIT_BLOCK];
    int64_t hit[CAMATH_HIT_BLOCK];
    for (int l = 0; l < CAMATH_HIT_BLOCK; l++) {
        px[l] = (size_t)l < n ? points[2 * l] : NAN;
        py[l] = (size_t)l < n ? points[2 * l + 1] : NAN;
        hit[l] = -1;
    }
    for (size_t i = 0; i < tree->count; i++) {
        double *restrict qx = scratch + 3 * CAMATH_HIT_BLOCK * i, *restrict qy = qx + CAMATH_HIT_BLOCK, *restrict alive = qy + CAMATH_HIT_BLOCK;
        int32_t parent = tree->parent[i];
        if (!tree->enterable[i]) { i = (size_t)tree->subtreeEnd[i] - 1; continue; }
        // The parent's lanes (or the input points for the root), copied so the lane loop cannot alias.
        double sx[CAMATH_HIT_BLOCK], sy[CAMATH_HIT_BLOCK], parentAlive[CAMATH_HIT_BLOCK];
        for (int l = 0; l < CAMATH_HIT_BLOCK; l++) {
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
        for (int l = 0; l < CAMATH_HIT_BLOCK; l++) {
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
#endif
