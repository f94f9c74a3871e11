// The SoA peer loops: what a caller who keeps structure-of-arrays data gets from plain C. A transform array of n
// matrices is 16 planes of n doubles (plane k holds element k, CATransform3D order: m11, m12, …, m44), points are
// x, y (and z) planes, layer records CAMATH_BASELINE_LAYER planes, rectangles x, y, width, height planes.
// Included by the variant files as body.h is; every lane is independent, so the loops vectorise across matrices.
#include "CAMathBaselines.h"

// clang-format reads (k) * n as a cast:
// clang-format off
#define E(p, k) p[(size_t)(k) * n + i]
// clang-format on

/// One matrix product C = A·B, each element a row of A times a column of B, left to right.
#define CONCAT_BODY(A, B, C) \
    for (int r = 0; r < 4; r++) \
        for (int c = 0; c < 4; c++) \
            C(4 * r + c) = A(4 * r) * B(c) + A(4 * r + 1) * B(4 + c) + A(4 * r + 2) * B(8 + c) + A(4 * r + 3) * B(12 + c);

#define SA(k) E(a, k)
#define SB(k) E(b, k)
#define SO(k) E(out, k)
#define ONE(k) one[k]

void SUFFIX(camath_baseline_concat_soa)(const double *restrict a, const double *restrict b, double *restrict out, size_t n) {
    for (size_t i = 0; i < n; i++) { CONCAT_BODY(SA, SB, SO) }
}

void SUFFIX(camath_baseline_concat_soa_by_one)(const double *restrict a, const double *restrict one, double *restrict out, size_t n) {
    for (size_t i = 0; i < n; i++) { CONCAT_BODY(SA, ONE, SO) }
}

void SUFFIX(camath_baseline_concat_soa_one_by)(const double *restrict one, const double *restrict b, double *restrict out, size_t n) {
    for (size_t i = 0; i < n; i++) { CONCAT_BODY(ONE, SB, SO) }
}

#undef SA
#undef SB
#undef SO
#undef ONE

void SUFFIX(camath_baseline_invert_soa)(const double *restrict t, double *restrict out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        double m[16];
        for (int k = 0; k < 16; k++) m[k] = E(t, k);
        double s0 = m[0] * m[5] - m[4] * m[1], s1 = m[0] * m[6] - m[4] * m[2], s2 = m[0] * m[7] - m[4] * m[3];
        double s3 = m[1] * m[6] - m[5] * m[2], s4 = m[1] * m[7] - m[5] * m[3], s5 = m[2] * m[7] - m[6] * m[3];
        double c5 = m[10] * m[15] - m[14] * m[11], c4 = m[9] * m[15] - m[13] * m[11], c3 = m[9] * m[14] - m[13] * m[10];
        double c2 = m[8] * m[15] - m[12] * m[11], c1 = m[8] * m[14] - m[12] * m[10], c0 = m[8] * m[13] - m[12] * m[9];
        double d = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0;
        // clang-format off
        E(out, 0) = QUOT(m[5] * c5 - m[6] * c4 + m[7] * c3, d);   E(out, 1) = QUOT(-m[1] * c5 + m[2] * c4 - m[3] * c3, d);
        E(out, 2) = QUOT(m[13] * s5 - m[14] * s4 + m[15] * s3, d); E(out, 3) = QUOT(-m[9] * s5 + m[10] * s4 - m[11] * s3, d);
        E(out, 4) = QUOT(-m[4] * c5 + m[6] * c2 - m[7] * c1, d);  E(out, 5) = QUOT(m[0] * c5 - m[2] * c2 + m[3] * c1, d);
        E(out, 6) = QUOT(-m[12] * s5 + m[14] * s2 - m[15] * s1, d); E(out, 7) = QUOT(m[8] * s5 - m[10] * s2 + m[11] * s1, d);
        E(out, 8) = QUOT(m[4] * c4 - m[5] * c2 + m[7] * c0, d);   E(out, 9) = QUOT(-m[0] * c4 + m[1] * c2 - m[3] * c0, d);
        E(out, 10) = QUOT(m[12] * s4 - m[13] * s2 + m[15] * s0, d); E(out, 11) = QUOT(-m[8] * s4 + m[9] * s2 - m[11] * s0, d);
        E(out, 12) = QUOT(-m[4] * c3 + m[5] * c1 - m[6] * c0, d); E(out, 13) = QUOT(m[0] * c3 - m[1] * c1 + m[2] * c0, d);
        E(out, 14) = QUOT(-m[12] * s3 + m[13] * s1 - m[14] * s0, d); E(out, 15) = QUOT(m[8] * s3 - m[9] * s1 + m[10] * s0, d);
        // clang-format on
    }
}

void SUFFIX(camath_baseline_invert_affine_soa)(const double *restrict t, double *restrict out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        double m[16];
        for (int k = 0; k < 16; k++) m[k] = E(t, k);
        double a00 = m[5] * m[10] - m[6] * m[9], a01 = m[2] * m[9] - m[1] * m[10], a02 = m[1] * m[6] - m[2] * m[5];
        double a10 = m[6] * m[8] - m[4] * m[10], a11 = m[0] * m[10] - m[2] * m[8], a12 = m[2] * m[4] - m[0] * m[6];
        double a20 = m[4] * m[9] - m[5] * m[8], a21 = m[1] * m[8] - m[0] * m[9], a22 = m[0] * m[5] - m[1] * m[4];
        double d = m[0] * a00 + m[1] * a10 + m[2] * a20;
        double R[9] = {QUOT(a00, d), QUOT(a01, d), QUOT(a02, d), QUOT(a10, d), QUOT(a11, d),
                       QUOT(a12, d), QUOT(a20, d), QUOT(a21, d), QUOT(a22, d)};
        for (int row = 0; row < 3; row++) {
            E(out, 4 * row) = R[3 * row];
            E(out, 4 * row + 1) = R[3 * row + 1];
            E(out, 4 * row + 2) = R[3 * row + 2];
            E(out, 4 * row + 3) = 0;
        }
        for (int j = 0; j < 3; j++) E(out, 12 + j) = -(m[12] * R[j] + m[13] * R[3 + j] + m[14] * R[6 + j]);
        E(out, 15) = 1;
    }
}

void SUFFIX(camath_baseline_points3_soa)(const double *restrict m, const double *restrict p, double *restrict out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        double x = E(p, 0), y = E(p, 1), z = E(p, 2);
        double X = x * m[0] + y * m[4] + z * m[8] + m[12], Y = x * m[1] + y * m[5] + z * m[9] + m[13];
        double Z = x * m[2] + y * m[6] + z * m[10] + m[14], W = x * m[3] + y * m[7] + z * m[11] + m[15];
        // clang-format off
        E(out, 0) = QUOT(X, W); E(out, 1) = QUOT(Y, W); E(out, 2) = QUOT(Z, W);
        // clang-format on
    }
}

void SUFFIX(camath_baseline_points2_soa)(const double *restrict h, const double *restrict p, double *restrict out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        double x = E(p, 0), y = E(p, 1), W = x * h[2] + y * h[5] + h[8];
        E(out, 0) = QUOT(x * h[0] + y * h[3] + h[6], W);
        E(out, 1) = QUOT(x * h[1] + y * h[4] + h[7], W);
    }
}

void SUFFIX(camath_baseline_frames_soa)(const double *restrict layers, double *restrict out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        double w = E(layers, 0), h = E(layers, 1), u0 = -E(layers, 2) * w, v0 = -E(layers, 3) * h, z = -E(layers, 4);
        double m[16];
        for (int k = 0; k < 16; k++) m[k] = E(layers, 7 + k);
        double us[4] = {u0, u0 + w, u0 + w, u0}, vs[4] = {v0, v0, v0 + h, v0 + h};
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
        E(out, 0) = minX + E(layers, 5);
        E(out, 1) = minY + E(layers, 6);
        E(out, 2) = maxX - minX;
        E(out, 3) = maxY - minY;
    }
}

#undef E
#undef CONCAT_BODY
