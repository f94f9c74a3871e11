// The AoS peer loops, written as a user would (restrict pointers: no output aliases an input). Included by the
// variant files with SUFFIX(name), QUOT(x, d) (x/d: a true division, or x times 1/d, one reciprocal per
// divisor) and the fp contract pragma set.
#include "CAMathBaselines.h"

void SUFFIX(camath_baseline_concat)(const double *restrict a, size_t aStep, const double *restrict b, size_t bStep, double *restrict out,
                                    size_t n) {
    for (size_t m = 0; m < n; m++) {
        const double *A = a + aStep * m, *B = b + bStep * m;
        double C[16];
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 4; j++)
                C[4 * i + j] = A[4 * i] * B[j] + A[4 * i + 1] * B[4 + j] + A[4 * i + 2] * B[8 + j] + A[4 * i + 3] * B[12 + j];
        for (int k = 0; k < 16; k++) out[16 * m + k] = C[k];
    }
}

void SUFFIX(camath_baseline_invert)(const double *restrict t, double *restrict out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const double *m = t + 16 * i;
        double s0 = m[0] * m[5] - m[4] * m[1], s1 = m[0] * m[6] - m[4] * m[2], s2 = m[0] * m[7] - m[4] * m[3];
        double s3 = m[1] * m[6] - m[5] * m[2], s4 = m[1] * m[7] - m[5] * m[3], s5 = m[2] * m[7] - m[6] * m[3];
        double c5 = m[10] * m[15] - m[14] * m[11], c4 = m[9] * m[15] - m[13] * m[11], c3 = m[9] * m[14] - m[13] * m[10];
        double c2 = m[8] * m[15] - m[12] * m[11], c1 = m[8] * m[14] - m[12] * m[10], c0 = m[8] * m[13] - m[12] * m[9];
        double d = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0;
        double *o = out + 16 * i;
        // clang-format off
        o[0] = QUOT(m[5] * c5 - m[6] * c4 + m[7] * c3, d);   o[1] = QUOT(-m[1] * c5 + m[2] * c4 - m[3] * c3, d);
        o[2] = QUOT(m[13] * s5 - m[14] * s4 + m[15] * s3, d); o[3] = QUOT(-m[9] * s5 + m[10] * s4 - m[11] * s3, d);
        o[4] = QUOT(-m[4] * c5 + m[6] * c2 - m[7] * c1, d);  o[5] = QUOT(m[0] * c5 - m[2] * c2 + m[3] * c1, d);
        o[6] = QUOT(-m[12] * s5 + m[14] * s2 - m[15] * s1, d); o[7] = QUOT(m[8] * s5 - m[10] * s2 + m[11] * s1, d);
        o[8] = QUOT(m[4] * c4 - m[5] * c2 + m[7] * c0, d);   o[9] = QUOT(-m[0] * c4 + m[1] * c2 - m[3] * c0, d);
        o[10] = QUOT(m[12] * s4 - m[13] * s2 + m[15] * s0, d); o[11] = QUOT(-m[8] * s4 + m[9] * s2 - m[11] * s0, d);
        o[12] = QUOT(-m[4] * c3 + m[5] * c1 - m[6] * c0, d); o[13] = QUOT(m[0] * c3 - m[1] * c1 + m[2] * c0, d);
        o[14] = QUOT(-m[12] * s3 + m[13] * s1 - m[14] * s0, d); o[15] = QUOT(m[8] * s3 - m[9] * s1 + m[10] * s0, d);
        // clang-format on
    }
}

void SUFFIX(camath_baseline_invert_affine)(const double *restrict t, double *restrict out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const double *m = t + 16 * i;
        double a00 = m[5] * m[10] - m[6] * m[9], a01 = m[2] * m[9] - m[1] * m[10], a02 = m[1] * m[6] - m[2] * m[5];
        double a10 = m[6] * m[8] - m[4] * m[10], a11 = m[0] * m[10] - m[2] * m[8], a12 = m[2] * m[4] - m[0] * m[6];
        double a20 = m[4] * m[9] - m[5] * m[8], a21 = m[1] * m[8] - m[0] * m[9], a22 = m[0] * m[5] - m[1] * m[4];
        double d = m[0] * a00 + m[1] * a10 + m[2] * a20;
        double R[9] = {QUOT(a00, d), QUOT(a01, d), QUOT(a02, d), QUOT(a10, d), QUOT(a11, d),
                       QUOT(a12, d), QUOT(a20, d), QUOT(a21, d), QUOT(a22, d)};
        double *o = out + 16 * i;
        for (int row = 0; row < 3; row++) {
            o[4 * row] = R[3 * row];
            o[4 * row + 1] = R[3 * row + 1];
            o[4 * row + 2] = R[3 * row + 2];
            o[4 * row + 3] = 0;
        }
        for (int j = 0; j < 3; j++) o[12 + j] = -(m[12] * R[j] + m[13] * R[3 + j] + m[14] * R[6 + j]);
        o[15] = 1;
    }
}

void SUFFIX(camath_baseline_points3)(const double *restrict m, const double *restrict p, double *restrict out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        double x = p[4 * i], y = p[4 * i + 1], z = p[4 * i + 2];
        double X = x * m[0] + y * m[4] + z * m[8] + m[12], Y = x * m[1] + y * m[5] + z * m[9] + m[13];
        double Z = x * m[2] + y * m[6] + z * m[10] + m[14], W = x * m[3] + y * m[7] + z * m[11] + m[15];
        out[4 * i] = QUOT(X, W);
        out[4 * i + 1] = QUOT(Y, W);
        out[4 * i + 2] = QUOT(Z, W);
        out[4 * i + 3] = 1;
    }
}

void SUFFIX(camath_baseline_points2)(const double *restrict h, const double *restrict p, double *restrict out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        double x = p[2 * i], y = p[2 * i + 1];
        double W = x * h[2] + y * h[5] + h[8];
        out[2 * i] = QUOT(x * h[0] + y * h[3] + h[6], W);
        out[2 * i + 1] = QUOT(x * h[1] + y * h[4] + h[7], W);
    }
}

void SUFFIX(camath_baseline_frames)(const double *restrict layers, double *restrict out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const double *l = layers + CAMATH_BASELINE_LAYER * i, *m = l + 7;
        double u0 = -l[2] * l[0], v0 = -l[3] * l[1], z = -l[4];
        double us[4] = {u0, u0 + l[0], u0 + l[0], u0}, vs[4] = {v0, v0, v0 + l[1], v0 + l[1]};
        double minX = __builtin_inf(), minY = __builtin_inf(), maxX = -__builtin_inf(), maxY = -__builtin_inf();
        for (int k = 0; k < 4; k++) {
            double u = us[k], v = vs[k];
            double W = u * m[3] + v * m[7] + z * m[11] + m[15];
            double x = QUOT(u * m[0] + v * m[4] + z * m[8] + m[12], W), y = QUOT(u * m[1] + v * m[5] + z * m[9] + m[13], W);
            minX = x < minX ? x : minX;
            maxX = x > maxX ? x : maxX;
            minY = y < minY ? y : minY;
            maxY = y > maxY ? y : maxY;
        }
        out[4 * i] = minX + l[5];
        out[4 * i + 1] = minY + l[6];
        out[4 * i + 2] = maxX - minX;
        out[4 * i + 3] = maxY - minY;
    }
}

// One node of the flat hit-test loop over all n points: (X, Y) `step` doubles apart (the points, or the parent's
// planes), its alive flags (NULL: the root's, from the points' finiteness); writes the node's x, y and alive
// planes and updates hits.
static inline __attribute__((always_inline)) void SUFFIX(hit_test_node)(const double *restrict X, const double *restrict Y, size_t step,
                                                                        const double *restrict parentAlive, const double *restrict h,
                                                                        uint8_t flags, int64_t node, double *restrict out,
                                                                        int64_t *restrict hits, size_t n) {
    const double *fw = h + 9, *box = h + 12;
    double *restrict qx = out, *restrict qy = out + n, *restrict qa = out + 2 * n;
    for (size_t p = 0; p < n; p++) {
        const double x0 = X[p * step], y0 = Y[p * step];
        const int before = parentAlive ? parentAlive[p] != 0 : __builtin_isfinite(x0) & __builtin_isfinite(y0);
        const double W = x0 * h[2] + y0 * h[5] + h[8];
        const double x = QUOT(x0 * h[0] + y0 * h[3] + h[6], W), y = QUOT(x0 * h[1] + y0 * h[4] + h[7], W);
        const int ok = before & (flags & 1) & __builtin_isfinite(x) & __builtin_isfinite(y) & (x * fw[0] + y * fw[1] + fw[2] > 0);
        const int inside = (box[0] <= x) & (x < box[1]) & (box[2] <= y) & (y < box[3]);
        const int alive = (flags & 2) ? ok & inside : ok;
        qx[p] = x;
        qy[p] = y;
        qa[p] = alive;
        hits[p] = alive & inside ? node : hits[p];
    }
}

// The loop a user writes for many hit tests against one tree: no pruning, every node for every point, node by
// node in pre-order (the points in the inner loop, so it vectorises), each point mapped down from its parent's, a
// masking node's misses killing its subtree (the reference's rule). scratch: 3 planes of n doubles per node.
void SUFFIX(camath_baseline_hit_test)(const int32_t *restrict parent, const uint8_t *restrict flags, const double *restrict nodes,
                                      size_t count, const double *restrict points, int64_t *restrict hits, double *restrict scratch,
                                      size_t n) {
    for (size_t p = 0; p < n; p++) hits[p] = -1;
    for (size_t i = 0; i < count; i++) {
        const double *h = nodes + CAMATH_BASELINE_NODE * i;
        double *out = scratch + 3 * n * i;
        if (parent[i] < 0) {
            SUFFIX(hit_test_node)(points, points + 1, 2, NULL, h, flags[i], (int64_t)i, out, hits, n);
        } else {
            const double *from = scratch + 3 * n * (size_t)parent[i];
            SUFFIX(hit_test_node)(from, from + n, 1, from + 2 * n, h, flags[i], (int64_t)i, out, hits, n);
        }
    }
}
