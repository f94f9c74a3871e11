// The reference's own algorithms as a user would port them to plain C: the decomposition (Graphics Gems II
// "unmatrix": perspective, translation, Gram–Schmidt scale and shear, Euler angles and quaternion), the rotation.z
// key path read and written through it, and matrix interpolation (2-D or 3-D decomposition, lerp, slerp,
// quaternion recomposition). The same steps in the same order of operations, true divisions, with libm's asin,
// atan2, acos, sin, cos and sqrt where CAMath has its own: so the outputs differ from the reference only in the
// last bits of those functions (and by contraction in the FMA build). Included by the variant files as body.h is.
#include <math.h>
#include <string.h>
#include "CAMathBaselines.h"

static int SUFFIX(finite16)(const double *m) {
    for (int k = 0; k < 16; k++)
        if (!isfinite(m[k])) return 0;
    return 1;
}

/// c = a·b (row vectors), each element left to right; c may not alias a or b.
static void SUFFIX(mul)(const double *a, const double *b, double *c) {
    for (int r = 0; r < 4; r++)
        for (int j = 0; j < 4; j++)
            c[4 * r + j] = a[4 * r] * b[j] + a[4 * r + 1] * b[4 + j] + a[4 * r + 2] * b[8 + j] + a[4 * r + 3] * b[12 + j];
}

/// m = m·b.
static void SUFFIX(mul_right)(double *m, const double *b) {
    double c[16];
    SUFFIX(mul)(m, b, c);
    memcpy(m, c, sizeof c);
}

static const double identity16[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

/// The inverse by Laplace minors, each element divided by the determinant; 0 (no inverse) for a non-finite
/// input, a determinant that is not normal, or a non-finite result.
static int SUFFIX(inverse)(const double *m, double *o) {
    if (!SUFFIX(finite16)(m)) return 0;
    double s0 = m[0] * m[5] - m[4] * m[1], s1 = m[0] * m[6] - m[4] * m[2], s2 = m[0] * m[7] - m[4] * m[3];
    double s3 = m[1] * m[6] - m[5] * m[2], s4 = m[1] * m[7] - m[5] * m[3], s5 = m[2] * m[7] - m[6] * m[3];
    double c0 = m[8] * m[13] - m[12] * m[9], c1 = m[8] * m[14] - m[12] * m[10], c2 = m[8] * m[15] - m[12] * m[11];
    double c3 = m[9] * m[14] - m[13] * m[10], c4 = m[9] * m[15] - m[13] * m[11], c5 = m[10] * m[15] - m[14] * m[11];
    double d = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0;
    if (!isnormal(d)) return 0;
    o[0] = (m[5] * c5 - m[6] * c4 + m[7] * c3) / d;
    o[1] = (-m[1] * c5 + m[2] * c4 - m[3] * c3) / d;
    o[2] = (m[13] * s5 - m[14] * s4 + m[15] * s3) / d;
    o[3] = (-m[9] * s5 + m[10] * s4 - m[11] * s3) / d;
    o[4] = (-m[4] * c5 + m[6] * c2 - m[7] * c1) / d;
    o[5] = (m[0] * c5 - m[2] * c2 + m[3] * c1) / d;
    o[6] = (-m[12] * s5 + m[14] * s2 - m[15] * s1) / d;
    o[7] = (m[8] * s5 - m[10] * s2 + m[11] * s1) / d;
    o[8] = (m[4] * c4 - m[5] * c2 + m[7] * c0) / d;
    o[9] = (-m[0] * c4 + m[1] * c2 - m[3] * c0) / d;
    o[10] = (m[12] * s4 - m[13] * s2 + m[15] * s0) / d;
    o[11] = (-m[8] * s4 + m[9] * s2 - m[11] * s0) / d;
    o[12] = (-m[4] * c3 + m[5] * c1 - m[6] * c0) / d;
    o[13] = (m[0] * c3 - m[1] * c1 + m[2] * c0) / d;
    o[14] = (-m[12] * s3 + m[13] * s1 - m[14] * s0) / d;
    o[15] = (m[8] * s3 - m[9] * s1 + m[10] * s0) / d;
    return SUFFIX(finite16)(o);
}

static double SUFFIX(dot3)(const double *u, const double *v) { return u[0] * v[0] + u[1] * v[1] + u[2] * v[2]; }

/// The 3-D decomposition into d (CAMATH_BASELINE_DECOMPOSITION doubles, see the header); `always`: the
/// perspective-free part must be invertible even without perspective (interpolation's rule). 0: undecomposable.
static int SUFFIX(decompose3)(const double *m, int always, double *d) {
    if (!SUFFIX(finite16)(m) || m[15] == 0) return 0;
    double w = m[15], n[16], pm[16];
    for (int k = 0; k < 16; k++) n[k] = m[k] / w;
    if (!SUFFIX(finite16)(n)) return 0;
    int perspective = n[3] != 0 || n[7] != 0 || n[11] != 0;
    memcpy(pm, n, sizeof pm);
    pm[3] = 0;
    pm[7] = 0;
    pm[11] = 0;
    pm[15] = 1;
    double *p = d + 9;
    p[0] = 0;
    p[1] = 0;
    p[2] = 0;
    p[3] = 1;
    if (perspective || always) {
        double q[16];
        if (!SUFFIX(inverse)(pm, q)) return 0;
        if (perspective)
            for (int r = 0; r < 4; r++) p[r] = q[4 * r] * n[3] + q[4 * r + 1] * n[7] + q[4 * r + 2] * n[11] + q[4 * r + 3] * n[15];
    }
    d[0] = pm[12];
    d[1] = pm[13];
    d[2] = pm[14];
    double r1[3] = {pm[0], pm[1], pm[2]}, r2[3] = {pm[4], pm[5], pm[6]}, r3[3] = {pm[8], pm[9], pm[10]};
    double sx = sqrt(SUFFIX(dot3)(r1, r1));
    if (sx != 0)
        for (int k = 0; k < 3; k++) r1[k] = r1[k] / sx;
    double kxy = SUFFIX(dot3)(r1, r2);
    for (int k = 0; k < 3; k++) r2[k] = r2[k] - kxy * r1[k];
    double sy = sqrt(SUFFIX(dot3)(r2, r2));
    if (sy != 0) {
        for (int k = 0; k < 3; k++) r2[k] = r2[k] / sy;
        kxy = kxy / sy;
    } else {
        kxy = 0;
    }
    double kxz = SUFFIX(dot3)(r1, r3);
    for (int k = 0; k < 3; k++) r3[k] = r3[k] - kxz * r1[k];
    double kyz = SUFFIX(dot3)(r2, r3);
    for (int k = 0; k < 3; k++) r3[k] = r3[k] - kyz * r2[k];
    double sz = sqrt(SUFFIX(dot3)(r3, r3));
    if (sz != 0) {
        for (int k = 0; k < 3; k++) r3[k] = r3[k] / sz;
        kxz = kxz / sz;
        kyz = kyz / sz;
    } else {
        kxz = 0;
        kyz = 0;
    }
    double c[3] = {r2[1] * r3[2] - r2[2] * r3[1], r2[2] * r3[0] - r2[0] * r3[2], r2[0] * r3[1] - r2[1] * r3[0]};
    if (SUFFIX(dot3)(r1, c) < 0) {
        sx = -sx;
        sy = -sy;
        sz = -sz;
        for (int k = 0; k < 3; k++) {
            r1[k] = -r1[k];
            r2[k] = -r2[k];
            r3[k] = -r3[k];
        }
    }
    d[3] = sx;
    d[4] = sy;
    d[5] = sz;
    d[6] = kxy;
    d[7] = kxz;
    d[8] = kyz;
    double *e = d + 13, *q = d + 16;
    double clamped = -r1[2] < -1 ? -1 : -r1[2] > 1 ? 1 : -r1[2];
    e[1] = asin(clamped);
    if (sqrt(r1[0] * r1[0] + r1[1] * r1[1]) > 1e-12) {
        e[0] = atan2(r2[2], r3[2]);
        e[2] = atan2(r1[1], r1[0]);
    } else {
        e[0] = atan2(-r3[1], r2[1]);
        e[2] = 0;
    }
    double tr = r1[0] + r2[1] + r3[2];
    if (1 + tr > 0.001) {
        double r = sqrt(1 + tr);
        q[0] = (r2[2] - r3[1]) / (2 * r);
        q[1] = (r3[0] - r1[2]) / (2 * r);
        q[2] = (r1[1] - r2[0]) / (2 * r);
        q[3] = r / 2;
    } else if (r1[0] >= r2[1] && r1[0] >= r3[2]) {
        double r = sqrt(1 + r1[0] - r2[1] - r3[2]);
        q[0] = r / 2;
        q[1] = (r2[0] + r1[1]) / (2 * r);
        q[2] = (r3[0] + r1[2]) / (2 * r);
        q[3] = (r2[2] - r3[1]) / (2 * r);
    } else if (r2[1] >= r3[2]) {
        double r = sqrt(1 - r1[0] + r2[1] - r3[2]);
        q[0] = (r2[0] + r1[1]) / (2 * r);
        q[1] = r / 2;
        q[2] = (r3[1] + r2[2]) / (2 * r);
        q[3] = (r3[0] - r1[2]) / (2 * r);
    } else {
        double r = sqrt(1 - r1[0] - r2[1] + r3[2]);
        q[0] = (r3[0] + r1[2]) / (2 * r);
        q[1] = (r3[1] + r2[2]) / (2 * r);
        q[2] = r / 2;
        q[3] = (r1[1] - r2[0]) / (2 * r);
    }
    return 1;
}

/// The 2-D decomposition of interpolation (affine transforms): rotation about z only. 0: undecomposable.
static int SUFFIX(decompose2)(const double *m, double *d) {
    double a = m[0], b = m[1], c = m[4], dd = m[5];
    double det = a * dd - b * c;
    if (!SUFFIX(finite16)(m) || m[15] == 0 || !isnormal(det)) return 0;
    double sx = 1, sy = 1;
    if (det < 0) {
        if (a < dd) sx = -1;
        else sy = -1;
    }
    sx = sx * sqrt(a * a + b * b);
    a = a / sx;
    b = b / sx;
    double k = a * c + b * dd;
    c = c - a * k;
    dd = dd - b * k;
    sy = sy * sqrt(c * c + dd * dd);
    double angle = atan2(b, a), half = angle / 2;
    double values[CAMATH_BASELINE_DECOMPOSITION] = {m[12], m[13], 0, sx, sy, 1,     k / sy, 0, 0,         0,
                                                    0,     0,     1, 0,  0,  angle, 0,      0, sin(half), cos(half)};
    memcpy(d, values, sizeof values);
    return 1;
}

/// The rotation by `angle` about the unit axis (x, y, z), as the reference's constructor writes it.
static void SUFFIX(rotation)(double angle, double x, double y, double z, double *m) {
    double s = sin(angle), c = cos(angle), oneMinusC = 1 - c;
    memcpy(m, identity16, sizeof identity16);
    m[0] = x * x + (1 - x * x) * c;
    m[1] = (x * y) * oneMinusC + z * s;
    m[2] = (x * z) * oneMinusC - y * s;
    m[4] = (x * y) * oneMinusC - z * s;
    m[5] = y * y + (1 - y * y) * c;
    m[6] = (y * z) * oneMinusC + x * s;
    m[8] = (x * z) * oneMinusC + y * s;
    m[9] = (y * z) * oneMinusC - x * s;
    m[10] = z * z + (1 - z * z) * c;
}

/// Sc(s)·K·R·Tr(t)·P, each product a whole 4×4 concatenation; R from the Euler angles or from the quaternion.
static void SUFFIX(recompose)(const double *d, int quaternion, double *out) {
    double m[16], f[16];
    memcpy(m, identity16, sizeof m);
    m[0] = d[3];
    m[5] = d[4];
    m[10] = d[5];
    memcpy(f, identity16, sizeof f);
    f[4] = d[6];
    f[8] = d[7];
    f[9] = d[8];
    SUFFIX(mul_right)(m, f);
    if (quaternion) {
        double x = d[16], y = d[17], z = d[18], w = d[19];
        memcpy(f, identity16, sizeof f);
        f[0] = 1 - 2 * (y * y + z * z);
        f[1] = 2 * (x * y + z * w);
        f[2] = 2 * (x * z - y * w);
        f[4] = 2 * (x * y - z * w);
        f[5] = 1 - 2 * (x * x + z * z);
        f[6] = 2 * (y * z + x * w);
        f[8] = 2 * (x * z + y * w);
        f[9] = 2 * (y * z - x * w);
        f[10] = 1 - 2 * (x * x + y * y);
        SUFFIX(mul_right)(m, f);
    } else {
        SUFFIX(rotation)(d[13], 1, 0, 0, f);
        SUFFIX(mul_right)(m, f);
        SUFFIX(rotation)(d[14], 0, 1, 0, f);
        SUFFIX(mul_right)(m, f);
        SUFFIX(rotation)(d[15], 0, 0, 1, f);
        SUFFIX(mul_right)(m, f);
    }
    memcpy(f, identity16, sizeof f);
    f[12] = d[0];
    f[13] = d[1];
    f[14] = d[2];
    SUFFIX(mul_right)(m, f);
    memcpy(f, identity16, sizeof f);
    f[3] = d[9];
    f[7] = d[10];
    f[11] = d[11];
    f[15] = d[12];
    SUFFIX(mul)(m, f, out);
}

void SUFFIX(camath_baseline_decompose)(const double *restrict t, double *restrict out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        double *d = out + (CAMATH_BASELINE_DECOMPOSITION + 1) * i;
        d[CAMATH_BASELINE_DECOMPOSITION] = SUFFIX(decompose3)(t + 16 * i, 0, d);
    }
}

void SUFFIX(camath_baseline_rotation_z)(const double *restrict t, double *restrict out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        double d[CAMATH_BASELINE_DECOMPOSITION];
        out[i] = SUFFIX(decompose3)(t + 16 * i, 0, d) ? d[15] : 0;
    }
}

void SUFFIX(camath_baseline_set_rotation_z)(const double *restrict t, const double *restrict angles, double *restrict out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        double d[CAMATH_BASELINE_DECOMPOSITION];
        if (!isfinite(angles[i]) || !SUFFIX(decompose3)(t + 16 * i, 0, d)) {
            memcpy(out + 16 * i, t + 16 * i, 16 * sizeof(double));
            continue;
        }
        d[15] = angles[i];
        SUFFIX(recompose)(d, 0, out + 16 * i);
    }
}

static int SUFFIX(affine)(const double *m) {
    return m[2] == 0 && m[3] == 0 && m[6] == 0 && m[7] == 0 && m[8] == 0 && m[9] == 0 && m[11] == 0 && m[14] == 0 && m[10] == 1 &&
           m[15] == 1;
}

static void SUFFIX(interpolate)(const double *a, const double *b, double t, double *out) {
    if (!isfinite(t)) {
        for (int k = 0; k < 16; k++) out[k] = NAN;
        return;
    }
    if (t == 0 || t == 1) {
        memcpy(out, t == 0 ? a : b, 16 * sizeof(double));
        return;
    }
    if (memcmp(a, identity16, sizeof identity16) == 0 && memcmp(b, identity16, sizeof identity16) == 0) {
        memcpy(out, identity16, sizeof identity16);
        return;
    }
    double da[CAMATH_BASELINE_DECOMPOSITION], db[CAMATH_BASELINE_DECOMPOSITION], d[CAMATH_BASELINE_DECOMPOSITION];
    int planar = SUFFIX(affine)(a) && SUFFIX(affine)(b);
    if (!(planar ? SUFFIX(decompose2)(a, da) && SUFFIX(decompose2)(b, db) : SUFFIX(decompose3)(a, 1, da) && SUFFIX(decompose3)(b, 1, db))) {
        memcpy(out, t < 0.5 ? a : b, 16 * sizeof(double));
        return;
    }
    for (int k = 0; k < 16; k++) d[k] = da[k] + (db[k] - da[k]) * t;
    const double *qa = da + 16, *qb = db + 16;
    double sign = 1, dot = qa[0] * qb[0] + qa[1] * qb[1] + qa[2] * qb[2] + qa[3] * qb[3];
    if (dot < 0) {
        sign = -1;
        dot = -dot;
    }
    dot = dot < 1 ? dot : 1;
    double sh = sqrt(1 - dot * dot);
    if (sh < 1e-5) {
        memcpy(d + 16, qa, 4 * sizeof(double));
    } else {
        double h = acos(dot), wa = sin((1 - t) * h) / sh, wb = sin(t * h) / sh;
        for (int k = 0; k < 4; k++) d[16 + k] = (sign * qa[k]) * wa + qb[k] * wb;
    }
    SUFFIX(recompose)(d, 1, out);
}

void SUFFIX(camath_baseline_blend)(const double *restrict a, const double *restrict b, double t, double *restrict out, size_t n) {
    for (size_t i = 0; i < n; i++) SUFFIX(interpolate)(a + 16 * i, b + 16 * i, t, out + 16 * i);
}
