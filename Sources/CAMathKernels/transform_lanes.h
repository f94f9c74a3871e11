// Decomposition, recomposition and interpolation lane by lane (CAMathCore's Unmatrix, decomposed2D,
// Transform3D(_:rotation:), Quaternion.slerp): the reference's operations in the reference's order, its
// branches as selects, its transcendental steps through elementary.h. Included by lanes.h (exact builds
// only). A parts record is CAMATH_PARTS doubles: translation 3, scale 3, skew 3, perspective 4, rotation 3,
// quaternion 4 (CAMathCore's Transform3D.Decomposition, field by field).
#include "elementary.h"

#define TL_INLINE static inline __attribute__((always_inline))

TL_INLINE void tl_identity(double *r) {
    for (int i = 0; i < 16; i++) r[i] = (i % 5 == 0) ? 1.0 : 0.0;
}

// r = a·b (Transform3D.concatenating): each entry a left-to-right sum of four products.
TL_INLINE void tl_concat(const double *a, const double *b, double *r) {
    double t[16];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            t[4 * i + j] = a[4 * i] * b[j] + a[4 * i + 1] * b[4 + j] + a[4 * i + 2] * b[8 + j] + a[4 * i + 3] * b[12 + j];
    for (int i = 0; i < 16; i++) r[i] = t[i];
}

// Transform3D(rotationAngle:x:y:z:).
TL_INLINE void tl_rotation(double angle, double x, double y, double z, double *r, int *slow) {
    tl_identity(r);
    double k = fmax(fmax(fabs(x), fabs(y)), fabs(z));
    double ux = x / k, uy = y / k, uz = z / k;
    double length = el_sqrt(ux * ux + uy * uy + uz * uz);
    ux = ux / length; uy = uy / length; uz = uz / length;
    double s, c;
    el_sincos(angle, &s, &c, slow);
    double oneMinusC = 1 - c;
    double e[9] = {
        ux * ux + (1 - ux * ux) * c, (ux * uy) * oneMinusC + uz * s, (ux * uz) * oneMinusC - uy * s,
        (ux * uy) * oneMinusC - uz * s, uy * uy + (1 - uy * uy) * c, (uy * uz) * oneMinusC + ux * s,
        (ux * uz) * oneMinusC + uy * s, (uy * uz) * oneMinusC - ux * s, uz * uz + (1 - uz * uz) * c };
    int zeroAxis = (x == 0) & (y == 0) & (z == 0);
    int finite = el_finite(angle) & el_finite(x) & el_finite(y) & el_finite(z);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            r[4 * i + j] = zeroAxis ? r[4 * i + j] : finite ? e[3 * i + j] : NAN;
}

// Transform3D(rotation: q).
TL_INLINE void tl_quaternion_rotation(const double *q, double *r) {
    double x = q[0], y = q[1], z = q[2], w = q[3];
    tl_identity(r);
    r[0] = 1 - 2 * (y * y + z * z); r[1] = 2 * (x * y + z * w); r[2] = 2 * (x * z - y * w);
    r[4] = 2 * (x * y - z * w); r[5] = 1 - 2 * (x * x + z * z); r[6] = 2 * (y * z + x * w);
    r[8] = 2 * (x * z + y * w); r[9] = 2 * (y * z - x * w); r[10] = 1 - 2 * (x * x + y * y);
}

TL_INLINE double tl_dot(const double *u, const double *v) { return u[0] * v[0] + u[1] * v[1] + u[2] * v[2]; }

TL_INLINE void tl_euler(const double *r1, const double *r2, const double *r3, double *e);
TL_INLINE void tl_quaternion(const double *r1, const double *r2, const double *r3, double *q);

// The 3-D decomposition (Unmatrix, eulerAngles, quaternion) into p; returns 1 when decomposable.
// testAlways: interpolation's rule (the perspective-free part must be invertible even without perspective).
// parts: CAMATH_EULER and/or CAMATH_QUATERNION, a constant after inlining; a rotation left out is written 0.
TL_INLINE int tl_decompose3(const double *m, int testAlways, const int parts, double zero, double *p) {
    int ok = m[15] != 0;
    for (int i = 0; i < 16; i++) ok &= el_finite(m[i]);
    double w = m[15], n[16];
    for (int i = 0; i < 16; i++) n[i] = m[i] / w;
    for (int i = 0; i < 16; i++) ok &= el_finite(n[i]);
    int hasPerspective = (n[3] != 0) | (n[7] != 0) | (n[11] != 0);
    double m11 = n[0], m12 = n[1], m13 = n[2], m14 = 0, m21 = n[4], m22 = n[5], m23 = n[6], m24 = 0;
    double m31 = n[8], m32 = n[9], m33 = n[10], m34 = 0, m41 = n[12], m42 = n[13], m43 = n[14], m44 = 1;
    double q[16];
    CAMATH_INVERSE_GENERAL(double, q);
    int invertible = (fabs(det) >= DBL_MIN) & (fabs(det) <= DBL_MAX);
    for (int i = 0; i < 16; i++) invertible &= el_finite(q[i]);
    ok &= (!(hasPerspective | testAlways)) | invertible;
    for (int i = 0; i < 4; i++) {
        double v = q[4 * i] * n[3] + q[4 * i + 1] * n[7] + q[4 * i + 2] * n[11] + q[4 * i + 3] * n[15];
        double none = i == 3 ? 1.0 : 0.0;
        p[9 + i] = hasPerspective ? v : none;
    }
    p[0] = m41; p[1] = m42; p[2] = m43;
    double r1[3] = { m11, m12, m13 }, r2[3] = { m21, m22, m23 }, r3[3] = { m31, m32, m33 };
    double sx = el_sqrt(tl_dot(r1, r1));
    for (int i = 0; i < 3; i++) r1[i] = sx != 0 ? r1[i] / sx : r1[i];
    double kxy = tl_dot(r1, r2);
    for (int i = 0; i < 3; i++) r2[i] = r2[i] - kxy * r1[i];
    double sy = el_sqrt(tl_dot(r2, r2));
    for (int i = 0; i < 3; i++) r2[i] = sy != 0 ? r2[i] / sy : r2[i];
    kxy = sy != 0 ? kxy / sy : 0;
    double kxz = tl_dot(r1, r3);
    for (int i = 0; i < 3; i++) r3[i] = r3[i] - kxz * r1[i];
    double kyz = tl_dot(r2, r3);
    for (int i = 0; i < 3; i++) r3[i] = r3[i] - kyz * r2[i];
    double sz = el_sqrt(tl_dot(r3, r3));
    for (int i = 0; i < 3; i++) r3[i] = sz != 0 ? r3[i] / sz : r3[i];
    kxz = sz != 0 ? kxz / sz : 0;
    kyz = sz != 0 ? kyz / sz : 0;
    double cr[3] = { r2[1] * r3[2] - r2[2] * r3[1], r2[2] * r3[0] - r2[0] * r3[2], r2[0] * r3[1] - r2[1] * r3[0] };
    int flip = tl_dot(r1, cr) < 0;
    p[3] = flip ? -sx : sx; p[4] = flip ? -sy : sy; p[5] = flip ? -sz : sz;
    // The reference negates rows as Swift's SIMD prefix minus does: 0 − x, so +0 stays +0.
    for (int i = 0; i < 3; i++) {
        r1[i] = flip ? 0 - r1[i] : r1[i]; r2[i] = flip ? 0 - r2[i] : r2[i]; r3[i] = flip ? 0 - r3[i] : r3[i];
    }
    p[6] = kxy; p[7] = kxz; p[8] = kyz;
    if (!(parts & CAMATH_EULER)) {
        p[13] = zero; p[14] = zero; p[15] = zero;
    } else {
        tl_euler(r1, r2, r3, p + 13);
    }
    if (!(parts & CAMATH_QUATERNION)) {
        p[16] = zero; p[17] = zero; p[18] = zero; p[19] = zero;
    } else {
        tl_quaternion(r1, r2, r3, p + 16);
    }
    return ok;
}

// Euler angles (rx, ry, rz) of the rotation rows (Unmatrix.eulerAngles).
TL_INLINE void tl_euler(const double *r1, const double *r2, const double *r3, double *e) {
    double clamped = -r1[2];
    clamped = clamped < -1 ? -1 : clamped;
    clamped = 1 < clamped ? 1 : clamped;
    int free = el_sqrt(r1[0] * r1[0] + r1[1] * r1[1]) > 1e-12;
    e[0] = free ? el_atan2(r2[2], r3[2]) : el_atan2(-r3[1], r2[1]);
    e[1] = el_asin(clamped);
    e[2] = free ? el_atan2(r1[1], r1[0]) : 0;
}

// The quaternion of the rotation rows (Unmatrix.quaternion): one square root and one formula, its numerators
// picked per branch.
TL_INLINE void tl_quaternion(const double *r1, const double *r2, const double *r3, double *q) {
    double tr = r1[0] + r2[1] + r3[2];
    int byTrace = 1 + tr > 0.001, byX = (r1[0] >= r2[1]) & (r1[0] >= r3[2]), byY = r2[1] >= r3[2];
    double sx1 = byX ? 1 : -1, sy1 = byX ? -1 : byY ? 1 : -1, sz1 = byX | byY ? -1 : 1;
    double radicand = byTrace ? 1 + tr : ((1 + sx1 * r1[0]) + sy1 * r2[1]) + sz1 * r3[2];
    double r = el_sqrt(radicand), twoR = 2 * r, half = r / 2;
    double A = r2[2] - r3[1], B = r3[0] - r1[2], C = r1[1] - r2[0];
    double D = r2[0] + r1[1], E = r3[0] + r1[2], F = r3[1] + r2[2];
    double nx = byTrace ? A : byX ? 0 : byY ? D : E;
    double ny = byTrace ? B : byX ? D : byY ? 0 : F;
    double nz = byTrace ? C : byX ? E : byY ? F : 0;
    double nw = byTrace ? 0 : byX ? A : byY ? B : C;
    int byOther = !byTrace, byOtherY = byOther & !byX;
    q[0] = (byOther & byX) ? half : nx / twoR;
    q[1] = (byOtherY & byY) ? half : ny / twoR;
    q[2] = (byOtherY & !byY) ? half : nz / twoR;
    q[3] = byTrace ? half : nw / twoR;
}

// The 2-D decomposition (decomposed2D): its eight free values; the rest of the record is constant
// (tz = 0, sz = 1, kxz = kyz = 0, perspective (0, 0, 0, 1), rx = ry = 0, qx = qy = 0).
typedef struct { double tx, ty, sx, sy, kxy, angle, qz, qw; int ok; } tl_planar;

TL_INLINE tl_planar tl_decompose2(const double *m, int *slow) {
    double a = m[0], b = m[1], c = m[4], d = m[5];
    double det = a * d - b * c;
    int ok = (m[15] != 0) & (fabs(det) >= DBL_MIN) & (fabs(det) <= DBL_MAX);
    for (int i = 0; i < 16; i++) ok &= el_finite(m[i]);
    int negative = det < 0, aBelowD = a < d;
    double sx = (negative & aBelowD) ? -1.0 : 1.0, sy = (negative & !aBelowD) ? -1.0 : 1.0;
    sx = sx * el_sqrt(a * a + b * b);
    a = a / sx; b = b / sx;
    double k = a * c + b * d;
    c = c - a * k; d = d - b * k;
    sy = sy * el_sqrt(c * c + d * d);
    tl_planar r;
    r.angle = el_atan2(b, a);
    el_sincos(r.angle / 2, &r.qz, &r.qw, slow);
    r.tx = m[12]; r.ty = m[13]; r.sx = sx; r.sy = sy; r.kxy = k / sy; r.ok = ok;
    return r;
}

// Writes the parts record of a planar decomposition, or keeps p's where `keep` (a lane of another rule).
// zero and one are 0.0 and 1.0 read through a volatile by the caller, once per call: with literal constants
// the compiler turns the record's runs of zeros into a memset call, which no lane loop can vectorise.
TL_INLINE void tl_store_planar(tl_planar v, int keep, double zero, double one, double *p) {
#define TL_PUT(j, value) p[j] = keep ? p[j] : (value)
    TL_PUT(0, v.tx); TL_PUT(1, v.ty); TL_PUT(2, zero); TL_PUT(3, v.sx); TL_PUT(4, v.sy); TL_PUT(5, one);
    TL_PUT(6, v.kxy); TL_PUT(7, zero); TL_PUT(8, zero); TL_PUT(9, zero); TL_PUT(10, zero); TL_PUT(11, zero);
    TL_PUT(12, one); TL_PUT(13, zero); TL_PUT(14, zero); TL_PUT(15, v.angle); TL_PUT(16, zero); TL_PUT(17, zero);
    TL_PUT(18, v.qz); TL_PUT(19, v.qw);
#undef TL_PUT
}

// Transform3D(parts, rotation:): Sc·K·R·Tr·P left to right.
TL_INLINE void tl_recompose(const double *p, int quaternion, double *out, int *slow) {
    double m[16], f[16];
    tl_identity(m);
    m[0] = p[3]; m[5] = p[4]; m[10] = p[5];
    tl_identity(f);
    f[4] = p[6]; f[8] = p[7]; f[9] = p[8];
    tl_concat(m, f, m);
    if (quaternion) {
        tl_quaternion_rotation(p + 16, f);
        tl_concat(m, f, m);
    } else {
        tl_rotation(p[13], 1, 0, 0, f, slow);
        tl_concat(m, f, m);
        tl_rotation(p[14], 0, 1, 0, f, slow);
        tl_concat(m, f, m);
        tl_rotation(p[15], 0, 0, 1, f, slow);
        tl_concat(m, f, m);
    }
    tl_identity(f);
    f[12] = p[0]; f[13] = p[1]; f[14] = p[2];
    tl_concat(m, f, m);
    tl_identity(f);
    f[3] = p[9]; f[7] = p[10]; f[11] = p[11]; f[15] = p[12];
    tl_concat(m, f, out);
}

// Quaternion.slerp(to:fraction:) from a toward b into out.
TL_INLINE void tl_slerp(const double *a, const double *b, double t, double *out, int *slow) {
    double d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    int negate = d < 0;
    double s[4];
    for (int i = 0; i < 4; i++) s[i] = negate ? -a[i] : a[i];
    d = negate ? -d : d;
    d = 1 < d ? 1 : d;
    double sh = el_sqrt(1 - d * d);
    double h = el_acos(d);
    double wa = el_sin((1 - t) * h, slow) / sh, wb = el_sin(t * h, slow) / sh;
    for (int i = 0; i < 4; i++) out[i] = sh < 1e-5 ? a[i] : s[i] * wa + b[i] * wb;
}

// The decomposition loops, `parts` a constant after inlining (one instantiation per combination).
TL_INLINE void tl_decompose_all(const double *restrict t, const uint8_t *restrict methods, int method, const int parts,
                                double *restrict records, uint8_t *restrict status, size_t n) {
    volatile double opaqueZero = 0.0, opaqueOne = 1.0;
    const double zero = opaqueZero, one = opaqueOne;
    if (!methods && method != 2) {
        for (size_t i = 0; i < n; i++)
            status[i] = (uint8_t)!tl_decompose3(t + 16 * i, method == 1, parts, zero, records + CAMATH_PARTS * i);
    } else if (!methods) {
        for (size_t i = 0; i < n; i++) {
            int slow = 0;
            tl_planar v = tl_decompose2(t + 16 * i, &slow);
            tl_store_planar(v, 0, zero, one, records + CAMATH_PARTS * i);
            status[i] = (uint8_t)((slow << 1) | ((!slow) & (!v.ok)));
        }
    } else {
        for (size_t i = 0; i < n; i++) {
            int slow = 0, two = methods[i] == 2;
            int ok3 = tl_decompose3(t + 16 * i, methods[i] == 1, parts, zero, records + CAMATH_PARTS * i);
            tl_planar v = tl_decompose2(t + 16 * i, &slow);
            tl_store_planar(v, !two, zero, one, records + CAMATH_PARTS * i);
            int rare = two & slow, bad = (two & !v.ok) | (!two & !ok3);
            status[i] = (uint8_t)((rare << 1) | ((!rare) & bad));
        }
    }
}

/// Decompositions: records of t[i] by methods[i] (or `method` when methods is NULL; 0 key paths, 1 the 3-D
/// interpolation rule, 2 the 2-D one); status[i] = 0 decomposed, 1 undecomposable, 2 needs the reference.
/// `parts` (CAMATH_EULER, CAMATH_QUATERNION) says which rotations the 3-D rule computes. One method for all
/// runs that rule alone; mixed methods run both rules in every lane and pick.
KERNEL_ATTR void KERNEL(decompose)(const double *restrict t, const uint8_t *restrict methods, int method, int parts,
                                   double *restrict records, uint8_t *restrict status, size_t n) {
    switch (parts & (CAMATH_EULER | CAMATH_QUATERNION)) {
    case 0: tl_decompose_all(t, methods, method, 0, records, status, n); break;
    case CAMATH_EULER: tl_decompose_all(t, methods, method, CAMATH_EULER, records, status, n); break;
    case CAMATH_QUATERNION: tl_decompose_all(t, methods, method, CAMATH_QUATERNION, records, status, n); break;
    default: tl_decompose_all(t, methods, method, CAMATH_EULER | CAMATH_QUATERNION, records, status, n); break;
    }
}

/// Recompositions of parts (Euler angles, or the quaternion when `quaternion` is 1); slow[i] = 1 where a
/// sine or cosine needs the long reduction.
KERNEL_ATTR void KERNEL(recompose)(const double *parts, int quaternion, double *out, uint8_t *slow, size_t n) {
    for (size_t i = 0; i < n; i++) {
        int s = 0;
        tl_recompose(parts + CAMATH_PARTS * i, quaternion, out + 16 * i, &s);
        slow[i] = (uint8_t)s;
    }
}

/// Interpolation's steps 5–6 for parts a[i], b[i] at fraction t: translation, scale, skew and perspective
/// `x + (y − x)·t`, the quaternions slerped, recomposed with the quaternion; slow[i] as recompose.
KERNEL_ATTR void KERNEL(interpolate)(const double *a, const double *b, double t, double *out, uint8_t *slow, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const double *pa = a + CAMATH_PARTS * i, *pb = b + CAMATH_PARTS * i;
        double p[CAMATH_PARTS];
        for (int j = 0; j < 16; j++) p[j] = pa[j] + (pb[j] - pa[j]) * t;
        int s = 0;
        tl_slerp(pa + 16, pb + 16, t, p + 16, &s);
        tl_recompose(p, 1, out + 16 * i, &s);
        slow[i] = (uint8_t)s;
    }
}
