// Decomposition, recomposition and interpolation lane by lane (CAMathCore's Unmatrix, decomposed2D,
// Transform3D(_:rotation:), Quaternion.slerp): the reference's operations in the reference's order, its
// branches as selects, its transcendental steps through elementary.h. Included by the level files (and by
// animation_lanes.h, which uses its lane blocks); a fast build
// (precision.h) defines only the interpolation, with the fast slerp below. A record is CAMATH_PARTS
// doubles: translation 3, scale 3, skew 3, perspective 4, rotation 3, quaternion 4 (CAMathCore's
// Transform3D.Decomposition, field by field), stored field-major: field f of element i at
// records[f·stride + i], so every lane loop reads and writes records with plain vector loads and stores.
// The interpolation reads pair records instead (CAMATH_PAIR_FIELDS doubles each, pair by pair): what a
// frame needs of a pair, its slerp's constants included, in one run of memory.
// The kernels run blocks of TL_W elements: a block's matrices are transposed into lane arrays, each stage
// is one lane loop of fixed trip count (few live values, so few spills), and the results are transposed
// back.
#ifndef CAMATH_TRANSFORM_LANES_H
#define CAMATH_TRANSFORM_LANES_H
#include "lane_helpers.h"
#include "precision.h"
#include "invert_formula.h"
#include "elementary.h"

#define TL_INLINE static inline __attribute__((always_inline))
// Loops over a matrix's or a record's fields are unrolled in full, so each lane loop is one straight body the
// vectoriser can take (at -O2, SwiftPM's release level for C, it otherwise sees nested loops and declines).
#define TL_FIELDS _Pragma("clang loop unroll(full)") for

TL_INLINE void tl_identity(double *r) {
    TL_FIELDS (int i = 0; i < 16; i++) r[i] = (i % 5 == 0) ? 1.0 : 0.0;
}

// r = a·b (Transform3D.concatenating): each entry a left-to-right sum of four products.
TL_INLINE void tl_concat(const double *a, const double *b, double *r) {
    double t[16];
    TL_FIELDS (int i = 0; i < 4; i++)
        TL_FIELDS (int j = 0; j < 4; j++)
            t[4 * i + j] = a[4 * i] * b[j] + a[4 * i + 1] * b[4 + j] + a[4 * i + 2] * b[8 + j] + a[4 * i + 3] * b[12 + j];
    TL_FIELDS (int i = 0; i < 16; i++) r[i] = t[i];
}

// Transform3D(rotationAngle:x:y:z:).
TL_INLINE void tl_rotation(double angle, double x, double y, double z, double *r, int *slow) {
    tl_identity(r);
    double k = fmax(fmax(fabs(x), fabs(y)), fabs(z));
    double ux = x / k, uy = y / k, uz = z / k;
    double length = el_sqrt(ux * ux + uy * uy + uz * uz);
    ux = ux / length;
    uy = uy / length;
    uz = uz / length;
    double s, c;
    el_sincos(angle, &s, &c, slow);
    double oneMinusC = 1 - c;
    double e[9] = {ux * ux + (1 - ux * ux) * c,    (ux * uy) * oneMinusC + uz * s, (ux * uz) * oneMinusC - uy * s,
                   (ux * uy) * oneMinusC - uz * s, uy * uy + (1 - uy * uy) * c,    (uy * uz) * oneMinusC + ux * s,
                   (ux * uz) * oneMinusC + uy * s, (uy * uz) * oneMinusC - ux * s, uz * uz + (1 - uz * uz) * c};
    int zeroAxis = (x == 0) & (y == 0) & (z == 0);
    int finite = el_finite(angle) & el_finite(x) & el_finite(y) & el_finite(z);
    TL_FIELDS (int i = 0; i < 3; i++)
        TL_FIELDS (int j = 0; j < 3; j++) r[4 * i + j] = zeroAxis ? r[4 * i + j] : finite ? e[3 * i + j] : NAN;
}

// Transform3D(rotation: q).
TL_INLINE void tl_quaternion_rotation(const double *q, double *r) {
    double x = q[0], y = q[1], z = q[2], w = q[3];
    tl_identity(r);
    // clang-format off
    r[0] = 1 - 2 * (y * y + z * z); r[1] = 2 * (x * y + z * w); r[2] = 2 * (x * z - y * w);
    r[4] = 2 * (x * y - z * w); r[5] = 1 - 2 * (x * x + z * z); r[6] = 2 * (y * z + x * w);
    r[8] = 2 * (x * z + y * w); r[9] = 2 * (y * z - x * w); r[10] = 1 - 2 * (x * x + y * y);
    // clang-format on
}

#include "recompose_reduced.h"

TL_INLINE double tl_dot(const double *u, const double *v) { return u[0] * v[0] + u[1] * v[1] + u[2] * v[2]; }

// The perspective-free part's inverse of the divided matrix n (m44 = 1), its verdict and the perspective into
// persp[0…3] (the record's p[9…12]). Returns 0 where the lane needs the inverse — an m14, m24 or m34 other than
// 0, or testAlways: interpolation's rule that the part be invertible even without perspective — and it does not
// exist.
TL_INLINE int tl_unmatrix_perspective(const double *n, int testAlways, double *persp) {
    int hasPerspective = (n[3] != 0) | (n[7] != 0) | (n[11] != 0);
    double m11 = n[0], m12 = n[1], m13 = n[2], m14 = 0, m21 = n[4], m22 = n[5], m23 = n[6], m24 = 0;
    double m31 = n[8], m32 = n[9], m33 = n[10], m34 = 0, m41 = n[12], m42 = n[13], m43 = n[14], m44 = 1;
    double q[16];
#define TL_INVERSE_ENTRY(k, x) q[k] = CAMATH_QUOTIENT(x, det, rdet)
    CAMATH_INVERSE_GENERAL(double, TL_INVERSE_ENTRY);
#undef TL_INVERSE_ENTRY
    int invertible = lane_normal(det);
    TL_FIELDS (int i = 0; i < 16; i++) invertible &= el_finite(q[i]);
    TL_FIELDS (int i = 0; i < 4; i++) {
        double v = q[4 * i] * n[3] + q[4 * i + 1] * n[7] + q[4 * i + 2] * n[11] + q[4 * i + 3] * n[15];
        double none = i == 3 ? 1.0 : 0.0;
        persp[i] = hasPerspective ? v : none;
    }
    return (!(hasPerspective | testAlways)) | invertible;
}

// Unmatrix: the 3-D decomposition's steps before the angles into p[0…12] and the rotation rows r1, r2, r3 into
// rows[0…8]; returns 1 when decomposable. unitW (a constant after inlining): m44 is known to be 1. perspective
// (a constant after inlining): the perspective step here, with testAlways; without it the perspective is
// (0, 0, 0, 1) and the caller runs the step on the lanes that need it (tl_perspective_queue).
TL_INLINE int tl_unmatrix(const double *m, int testAlways, const int unitW, const int perspective, double *p, double *rows) {
    int ok = m[15] != 0;
    TL_FIELDS (int i = 0; i < 16; i++) ok &= el_finite(m[i]);
    double w = m[15], n[16];
    // x/1 is x, bit for bit (NaN, ±∞ and −0 included): a block whose m44 are all 1 skips the 16 divisions.
    TL_FIELDS (int i = 0; i < 16; i++) n[i] = unitW ? m[i] : m[i] / w;
    TL_FIELDS (int i = 0; i < 16; i++) ok &= el_finite(n[i]);
    double m11 = n[0], m12 = n[1], m13 = n[2], m21 = n[4], m22 = n[5], m23 = n[6];
    double m31 = n[8], m32 = n[9], m33 = n[10], m41 = n[12], m42 = n[13], m43 = n[14];
    if (perspective) ok &= tl_unmatrix_perspective(n, testAlways, p + 9);
    else
        TL_FIELDS (int i = 0; i < 4; i++) p[9 + i] = i == 3 ? 1.0 : 0.0;
    p[0] = m41;
    p[1] = m42;
    p[2] = m43;
    double r1[3] = {m11, m12, m13}, r2[3] = {m21, m22, m23}, r3[3] = {m31, m32, m33};
    double sx = el_sqrt(tl_dot(r1, r1));
    TL_FIELDS (int i = 0; i < 3; i++) r1[i] = sx != 0 ? r1[i] / sx : r1[i];
    double kxy = tl_dot(r1, r2);
    TL_FIELDS (int i = 0; i < 3; i++) r2[i] = r2[i] - kxy * r1[i];
    double sy = el_sqrt(tl_dot(r2, r2));
    TL_FIELDS (int i = 0; i < 3; i++) r2[i] = sy != 0 ? r2[i] / sy : r2[i];
    kxy = sy != 0 ? kxy / sy : 0;
    double kxz = tl_dot(r1, r3);
    TL_FIELDS (int i = 0; i < 3; i++) r3[i] = r3[i] - kxz * r1[i];
    double kyz = tl_dot(r2, r3);
    TL_FIELDS (int i = 0; i < 3; i++) r3[i] = r3[i] - kyz * r2[i];
    double sz = el_sqrt(tl_dot(r3, r3));
    TL_FIELDS (int i = 0; i < 3; i++) r3[i] = sz != 0 ? r3[i] / sz : r3[i];
    kxz = sz != 0 ? kxz / sz : 0;
    kyz = sz != 0 ? kyz / sz : 0;
    double cr[3] = {r2[1] * r3[2] - r2[2] * r3[1], r2[2] * r3[0] - r2[0] * r3[2], r2[0] * r3[1] - r2[1] * r3[0]};
    int flip = tl_dot(r1, cr) < 0;
    p[3] = flip ? -sx : sx;
    p[4] = flip ? -sy : sy;
    p[5] = flip ? -sz : sz;
    // The reference negates rows as Swift's SIMD prefix minus does: 0 − x, so +0 stays +0.
    TL_FIELDS (int i = 0; i < 3; i++) {
        r1[i] = flip ? 0 - r1[i] : r1[i];
        r2[i] = flip ? 0 - r2[i] : r2[i];
        r3[i] = flip ? 0 - r3[i] : r3[i];
    }
    p[6] = kxy;
    p[7] = kxz;
    p[8] = kyz;
    TL_FIELDS (int i = 0; i < 3; i++) {
        rows[i] = r1[i];
        rows[3 + i] = r2[i];
        rows[6 + i] = r3[i];
    }
    return ok;
}

// Euler angles (rx, ry, rz) of the rotation rows (Unmatrix.eulerAngles).
// `angles` (CAMATH_ROTATION_X, _Y, _Z; a constant after inlining) says which to compute; the others keep e's.
TL_INLINE void tl_euler(const double *r1, const double *r2, const double *r3, const int angles, double *e) {
    double clamped = -r1[2];
    clamped = clamped < -1 ? -1 : clamped;
    clamped = 1 < clamped ? 1 : clamped;
    int free = el_sqrt(r1[0] * r1[0] + r1[1] * r1[1]) > 1e-12;
    // atan2 is a function of its arguments alone: picking them first is the reference's branch with one call.
    if (angles & CAMATH_ROTATION_X) e[0] = el_atan2(free ? r2[2] : -r3[1], free ? r3[2] : r2[1]);
    if (angles & CAMATH_ROTATION_Y) e[1] = el_asin(clamped);
    if (angles & CAMATH_ROTATION_Z) e[2] = free ? el_atan2(r1[1], r1[0]) : 0;
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
typedef struct {
    double tx, ty, sx, sy, kxy, angle, qz, qw;
    int ok;
} tl_planar;

TL_INLINE tl_planar tl_decompose2(const double *m, int *slow) {
    double a = m[0], b = m[1], c = m[4], d = m[5];
    double det = a * d - b * c;
    int ok = (m[15] != 0) & (fabs(det) >= DBL_MIN) & (fabs(det) <= DBL_MAX);
    TL_FIELDS (int i = 0; i < 16; i++) ok &= el_finite(m[i]);
    int negative = det < 0, aBelowD = a < d;
    double sx = (negative & aBelowD) ? -1.0 : 1.0, sy = (negative & !aBelowD) ? -1.0 : 1.0;
    sx = sx * el_sqrt(a * a + b * b);
    a = a / sx;
    b = b / sx;
    double k = a * c + b * d;
    c = c - a * k;
    d = d - b * k;
    sy = sy * el_sqrt(c * c + d * d);
    tl_planar r;
    r.angle = el_atan2(b, a);
    el_sincos(r.angle / 2, &r.qz, &r.qw, slow);
    r.tx = m[12];
    r.ty = m[13];
    r.sx = sx;
    r.sy = sy;
    r.kxy = k / sy;
    r.ok = ok;
    return r;
}

// Writes the parts record of a planar decomposition, or keeps p's where `keep` (a lane of another rule).
// zero and one are 0.0 and 1.0 read through a volatile by the caller, once per call: with literal constants
// the compiler turns the record's runs of zeros into a memset call, which no lane loop can vectorise.
TL_INLINE void tl_store_planar(tl_planar v, int keep, double zero, double one, double *p) {
#define TL_PUT(j, value) p[j] = keep ? p[j] : (value)
    // clang-format off
    TL_PUT(0, v.tx); TL_PUT(1, v.ty); TL_PUT(2, zero); TL_PUT(3, v.sx); TL_PUT(4, v.sy); TL_PUT(5, one);
    TL_PUT(6, v.kxy); TL_PUT(7, zero); TL_PUT(8, zero); TL_PUT(9, zero); TL_PUT(10, zero); TL_PUT(11, zero);
    TL_PUT(12, one); TL_PUT(13, zero); TL_PUT(14, zero); TL_PUT(15, v.angle); TL_PUT(16, zero); TL_PUT(17, zero);
    TL_PUT(18, v.qz); TL_PUT(19, v.qw);
    // clang-format on
#undef TL_PUT
}

// Transform3D(parts, rotation:): Sc·K·R·Tr·P left to right, all four (six) products in full.
TL_INLINE void tl_recompose(const double *p, int quaternion, double *out, int *slow) {
    double m[16], f[16];
    tl_identity(m);
    m[0] = p[3];
    m[5] = p[4];
    m[10] = p[5];
    tl_identity(f);
    f[4] = p[6];
    f[8] = p[7];
    f[9] = p[8];
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
    f[12] = p[0];
    f[13] = p[1];
    f[14] = p[2];
    tl_concat(m, f, m);
    tl_identity(f);
    f[3] = p[9];
    f[7] = p[10];
    f[11] = p[11];
    f[15] = p[12];
    tl_concat(m, f, out);
}

#if defined(CAMATH_FAST)
// sin x: x − kπ (π in three parts; k·π's first part is exact for |k| < 2²⁰), then the odd Taylor series to
// r²¹ on |r| ≤ π/2 (truncation below 2⁻⁵⁹), negated for odd k. Within a few ulps of sin x for the slerp's
// arguments, |x| < 2¹⁷·π/2 (the fractions the kernels are given). NaN → NaN.
TL_INLINE double tl_fast_sin(double x) {
    const double piA = 0x1.921fb54400000p+1, piB = 0x1.0b4611a626331p-33, piC = 0x1.1701b839a2520p-87;
    double k = __builtin_rint(x * 0x1.45f306dc9c883p-2);
    double r = ((x - k * piA) - k * piB) - k * piC;
    double z = r * r;
    // clang-format off
    double p = -0x1.5555555555555p-3 + z * (0x1.1111111111111p-7 + z * (-0x1.a01a01a01a01ap-13 + z * (0x1.71de3a556c734p-19
        + z * (-0x1.ae64567f544e4p-26 + z * (0x1.6124613a86d09p-33 + z * (-0x1.ae7f3e733b81fp-41 + z * (0x1.952c77030ad4ap-49
        + z * (-0x1.2f49b46814157p-57 + z * 0x1.71b8ef6dcf572p-66))))))));
    // clang-format on
    double sine = r + (r * z) * p;
    double half = k * 0.5;
    return half != __builtin_rint(half) ? -sine : sine;
}

// The slerp's weights of its two quaternions for the half angle h and its sine sh at fraction t, fast: the
// sines by the polynomial above and one reciprocal of sh, fused. Never slow.
TL_INLINE void tl_slerp_weights(double h, double sh, double t, double *wa, double *wb, int *slow) {
    (void)slow;
    double rs = 1 / sh;
    *wa = tl_fast_sin((1 - t) * h) * rs;
    *wb = tl_fast_sin(t * h) * rs;
}
#else
// The slerp's weights of its two quaternions for the half angle h and its sine sh at fraction t: the
// reference's sines and divisions; *slow = 1 where a sine needs the long reduction.
TL_INLINE void tl_slerp_weights(double h, double sh, double t, double *wa, double *wb, int *slow) {
    *wa = el_sin((1 - t) * h, slow) / sh;
    *wb = el_sin(t * h, slow) / sh;
}
#endif

#if !defined(CAMATH_FAST)
// The part of Quaternion.slerp(to:fraction:) from a toward b that does not depend on the fraction, computed
// once per pair and only by the exact build (so every precision flips the same sign and takes the same
// cut-off: a flipped branch would be a different rotation, not a rounding): the reference's cosine, sign
// flip, clamp, half-angle sine sh and half angle h. q0 is the quaternion the slerp starts from — a itself
// where the cut-off (sh < 1e-5) returns it, else a with its sign flipped where the cosine is negative.
TL_INLINE void tl_slerp_constants(const double *a, const double *b, double *q0, double *h, double *sh) {
    double d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    int negate = d < 0;
    d = negate ? -d : d;
    d = 1 < d ? 1 : d;
    *sh = el_sqrt(1 - d * d);
    *h = el_acos(d);
    TL_FIELDS (int i = 0; i < 4; i++) q0[i] = *sh < 1e-5 ? a[i] : negate ? -a[i] : a[i];
}
#endif

// The rest of the slerp at fraction t from its constants: the cut-off's q0, or q0·wa + b·wb with the
// weights of the build's precision.
TL_INLINE void tl_slerp_at(const double *q0, const double *b, double h, double sh, double t, double *out, int *slow) {
    double wa, wb;
    tl_slerp_weights(h, sh, t, &wa, &wb, slow);
    TL_FIELDS (int i = 0; i < 4; i++) out[i] = sh < 1e-5 ? q0[i] : q0[i] * wa + b[i] * wb;
}

#define TL_W 16
// The decomposition's lane loops run two vectors side by side: its steps are long chains of dependent
// operations (Horner polynomials, divisions, square roots), and two independent chains keep the units busy
// (measured: decompositions 13 % faster at AVX-512, 11 % at AVX2; the recomposition, a sum of products,
// gains nothing).
#define TL_LANES2 _Pragma("clang loop vectorize(enable) interleave_count(2)") for (int l = 0; l < TL_W; l++)
// Every lane loop asks for vectorisation: at -O2 (SwiftPM's release flags for C) the cost model declines
// some of these long bodies, and the lane loops are the point of the layout.
#define TL_LANES _Pragma("clang loop vectorize(enable)") for (int l = 0; l < TL_W; l++)
// The same request where x86-64's cost model takes it and aarch64's (two-lane NEON) declines it: the full
// recomposition, whose lanes call the elementary functions. A declined request is a -Wpass-failed warning in
// every aarch64 build, so there the loop is left to the cost model (the same bits either way).
#if defined(__x86_64__)
#define TL_LANES_X86 TL_LANES
#else
#define TL_LANES_X86 for (int l = 0; l < TL_W; l++)
#endif

// Lanes of a block: TL_W elements, field-major (x[f][l]).
typedef double tl_lanes[TL_W];

// Four doubles of a row or of a field's lanes, for the 4×4 tile transposes below.
typedef double tl_quad __attribute__((ext_vector_type(4)));

_Static_assert(TL_W == 16, "a full block of matrices is a 16×16 square: 16 lanes of 16 fields");

// dst[j][i] = src[i][j] for i < r and j < c (both multiples of 4), in 4×4 tiles: four quarter rows loaded
// as vectors, shuffled into four quarter columns, stored as vectors (where an element-by-element copy takes
// r·c scalar loads and stores; measured on the Zen 4 VM: interpolations 6–10 % faster at AVX2, gathered
// ones 8 % at AVX-512). Matrices, pair records and lane arrays (x[f][l]) move into each other this way: a
// block's rows are its elements (16 doubles of a matrix, CAMATH_PAIR_FIELDS of a pair record), a lane
// array's rows its fields.
TL_INLINE void tl_transpose(const double *const *restrict src, int r, int c, double *const *restrict dst) {
    TL_FIELDS (int i = 0; i < r; i += 4) {
        TL_FIELDS (int j = 0; j < c; j += 4) {
            tl_quad q[4];
            TL_FIELDS (int k = 0; k < 4; k++) memcpy(&q[k], src[i + k] + j, sizeof q[k]);
            tl_quad t0 = __builtin_shufflevector(q[0], q[1], 0, 4, 2, 6), t1 = __builtin_shufflevector(q[0], q[1], 1, 5, 3, 7);
            tl_quad t2 = __builtin_shufflevector(q[2], q[3], 0, 4, 2, 6), t3 = __builtin_shufflevector(q[2], q[3], 1, 5, 3, 7);
            tl_quad col[4] = {__builtin_shufflevector(t0, t2, 0, 1, 4, 5), __builtin_shufflevector(t1, t3, 0, 1, 4, 5),
                              __builtin_shufflevector(t0, t2, 2, 3, 6, 7), __builtin_shufflevector(t1, t3, 2, 3, 6, 7)};
            TL_FIELDS (int k = 0; k < 4; k++) memcpy(dst[j + k] + i, &col[k], sizeof col[k]);
        }
    }
}

// The rows of a lane array of `fields` fields: its fields.
TL_INLINE void tl_field_rows(tl_lanes *x, int fields, double **rows) {
    TL_FIELDS (int f = 0; f < fields; f++) rows[f] = x[f];
}

// Transposes the w ≤ TL_W matrices at t (16 doubles apart) into m; lanes past w hold the identity.
TL_INLINE void tl_load_matrices(const double *restrict t, size_t w, tl_lanes *restrict m) {
    if (w == TL_W) {
        const double *rows[TL_W];
        double *lanes[16];
        TL_FIELDS (int l = 0; l < TL_W; l++) rows[l] = t + 16 * l;
        tl_field_rows(m, 16, lanes);
        tl_transpose(rows, TL_W, 16, lanes);
        return;
    }
#pragma clang loop vectorize(disable)
    for (int l = 0; l < TL_W; l++)
        TL_FIELDS (int f = 0; f < 16; f++) m[f][l] = (size_t)l < w ? t[16 * l + f] : (f % 5 == 0 ? 1.0 : 0.0);
}

// Transposes the first w lanes of x (`fields` fields, a multiple of 4 and a constant after inlining) back
// into rows of `fields` doubles at out: matrices (16) or pair records (CAMATH_PAIR_FIELDS).
TL_INLINE void tl_store_rows(tl_lanes *restrict x, const int fields, size_t w, double *restrict out) {
    if (w == TL_W) {
        double *lanes[CAMATH_PAIR_FIELDS], *rows[TL_W];
        tl_field_rows(x, fields, lanes);
        TL_FIELDS (int l = 0; l < TL_W; l++) rows[l] = out + fields * l;
        tl_transpose((const double *const *)lanes, fields, TL_W, rows);
        return;
    }
#pragma clang loop vectorize(disable)
    for (size_t l = 0; l < w; l++)
        TL_FIELDS (int f = 0; f < fields; f++) out[(size_t)fields * l + f] = x[f][l];
}

// Transposes the first w lanes of m back into matrices at out (16 doubles apart).
TL_INLINE void tl_store_matrices(tl_lanes *restrict m, size_t w, double *restrict out) { tl_store_rows(m, 16, w, out); }

// Transposes a full block of m into matrices at out with non-temporal stores, through a block of the stack
// (the transpose writes each line in pieces, which would leave lines half written in the write-combining
// buffers): whole lines leave the core without reading them first, which a plain store's read-for-ownership
// does (measured, Zen 4 VM, 1e6 interpolations from pair records: 34 → 27 ns each at AVX-512, 40 → 28 at AVX2).
// Vectors of 4 where out is 32-byte aligned, else of 2 (out is 8-byte aligned at least). The caller fences.
TL_INLINE void tl_stream_matrices(tl_lanes *restrict m, double *restrict out) {
    typedef double tl_pair __attribute__((ext_vector_type(2)));
    double block[16 * TL_W] __attribute__((aligned(64)));
    tl_store_rows(m, 16, TL_W, block);
    if (((uintptr_t)out & 31) == 0) {
        for (int q = 0; q < 16 * TL_W; q += 4) {
            tl_quad v;
            memcpy(&v, block + q, sizeof v);
            __builtin_nontemporal_store(v, (tl_quad *)(out + q));
        }
    } else if (((uintptr_t)out & 15) == 0) {
        for (int q = 0; q < 16 * TL_W; q += 2) {
            tl_pair v;
            memcpy(&v, block + q, sizeof v);
            __builtin_nontemporal_store(v, (tl_pair *)(out + q));
        }
    } else {
        memcpy(out, block, sizeof block);
    }
}

// Reads fields [first, first + count) of the w records at rec (field-major, `stride` apart) into x; lanes
// past w repeat lane 0, which exists. A full block indexes plainly: the clamped index of a partial one makes
// the compiler gather (measured 2–4 ns per element more in the recomposition and the interpolation).
TL_INLINE void tl_load_records(const double *restrict rec, size_t stride, size_t w, int first, int count, tl_lanes *restrict x) {
    if (w == TL_W) {
        TL_FIELDS (int f = 0; f < count; f++)
            for (int l = 0; l < TL_W; l++) x[f][l] = rec[(size_t)(first + f) * stride + (size_t)l];
    } else {
        TL_FIELDS (int f = 0; f < count; f++)
            for (int l = 0; l < TL_W; l++) x[f][l] = rec[(size_t)(first + f) * stride + ((size_t)l < w ? (size_t)l : 0)];
    }
}

// The lanes of a blend (x in the interpolation kernel): a's translation, scale, skew and perspective
// (0–12), b's (13–25), the slerp's start and end quaternions (26–33), its half angle and sine (34, 35).
#define TL_PAIR_LANES 36

// The lane (of TL_PAIR_LANES) that field f of a pair record fills: a's first 9 parts, b's, then the slerp's 10.
TL_INLINE int tl_pair_lane(int f) { return f < 9 ? f : f < 18 ? f + 4 : f + 8; }

// The lane that field g of a perspective record fills: a's perspective (9–12), b's (22–25).
TL_INLINE int tl_perspective_lane(int g) { return g < 4 ? 9 + g : 18 + g; }

// The pair records of a block into x (TL_PAIR_LANES lanes): lane l's from pairs + CAMATH_PAIR_FIELDS·k, k =
// indices[l] (first + l when indices is NULL; lanes past w repeat lane 0); and when `perspective` (some
// lane's flags have CAMATH_PAIR_PERSPECTIVE) each flagged lane's perspectives from perspectives + 8·k. Every
// other lane takes (0, 0, 0, 1) at both ends. Each record is one run of memory, read as vectors.
TL_INLINE void tl_load_pairs(const double *restrict pairs, const double *restrict perspectives, const int64_t *restrict indices,
                             const uint8_t *restrict flags, int perspective, size_t first, size_t w, tl_lanes *restrict x) {
    size_t k[TL_W];
    const double *rows[TL_W];
    double *lanes[CAMATH_PAIR_FIELDS];
    // A full block indexes plainly (the clamped index of a partial one costs a select per lane).
    if (w == TL_W) {
        for (size_t l = 0; l < TL_W; l++) k[l] = indices ? (size_t)indices[l] : first + l;
    } else {
        for (size_t l = 0; l < TL_W; l++) k[l] = indices ? (size_t)indices[l < w ? l : 0] : first + (l < w ? l : 0);
    }
    for (size_t l = 0; l < TL_W; l++) rows[l] = pairs + CAMATH_PAIR_FIELDS * k[l];
    TL_FIELDS (int f = 0; f < CAMATH_PAIR_FIELDS; f++) lanes[f] = x[tl_pair_lane(f)];
    tl_transpose(rows, TL_W, CAMATH_PAIR_FIELDS, lanes);
    if (!perspective) {
        TL_FIELDS (int g = 0; g < CAMATH_PAIR_PERSPECTIVE_FIELDS; g++)
            for (int l = 0; l < TL_W; l++) x[tl_perspective_lane(g)][l] = g % 4 == 3 ? 1.0 : 0.0;
        return;
    }
    // Transposed as the pair records are (lane by lane, the stores would stall the vector loads after
    // them); a lane without perspective reads the constant record.
    static const double none[CAMATH_PAIR_PERSPECTIVE_FIELDS] = {0, 0, 0, 1, 0, 0, 0, 1};
    double *perspectiveLanes[CAMATH_PAIR_PERSPECTIVE_FIELDS];
    for (size_t l = 0; l < TL_W; l++)
        rows[l] = flags[l < w ? l : 0] & CAMATH_PAIR_PERSPECTIVE ? perspectives + CAMATH_PAIR_PERSPECTIVE_FIELDS * k[l] : none;
    TL_FIELDS (int g = 0; g < CAMATH_PAIR_PERSPECTIVE_FIELDS; g++) perspectiveLanes[g] = x[tl_perspective_lane(g)];
    tl_transpose(rows, TL_W, CAMATH_PAIR_PERSPECTIVE_FIELDS, perspectiveLanes);
}

// Asks for the lines of lanes [from, to) of a block's pair records (indices[0..<TL_W], or first + 0..<TL_W
// when indices is NULL; read one block later), and of the perspective records its flags name: the next
// block's loads would otherwise wait for memory one after another behind this block's arithmetic. Gathered
// records are scattered, which no hardware prefetcher follows; consecutive ones are a stream, but one the
// prefetchers lose at every 4-KiB page (measured, Zen 4 VM, 1e6 consecutive pairs: 31.7 → 23.1 ns each at
// AVX-512, 36.0 → 32.4 at AVX2). A plan's records start 0 or 32 bytes into a line (64-byte-aligned storage,
// 224 bytes each), so one address every 64 bytes of the record reaches all of its lines; its perspective
// records are one line each.
TL_INLINE void tl_prefetch_pairs(const double *restrict pairs, const double *restrict perspectives, const int64_t *restrict indices,
                                 const uint8_t *restrict flags, size_t first, int from, int to) {
    for (int l = from; l < to; l++) {
        size_t k = indices ? (size_t)indices[l] : first + (size_t)l;
        const char *record = (const char *)(pairs + CAMATH_PAIR_FIELDS * k);
        for (int line = 0; line * 64 < CAMATH_PAIR_FIELDS * 8; line++) __builtin_prefetch(record + 64 * line, 0, 3);
        if (flags[l] & CAMATH_PAIR_PERSPECTIVE) __builtin_prefetch(perspectives + CAMATH_PAIR_PERSPECTIVE_FIELDS * k, 0, 3);
    }
}

TL_INLINE void tl_store_records(tl_lanes *restrict x, int first, int count, size_t w, double *restrict rec, size_t stride) {
    TL_FIELDS (int f = 0; f < count; f++)
        for (size_t l = 0; l < w; l++) rec[(size_t)(first + f) * stride + l] = x[f][l];
}

// 1 when a lane of x has a field below `count` — fields 13–15 (the Euler angles) left out when
// skipAngles — that is not below 2¹⁰⁰ in magnitude (NaN included). Lanes inner, so the compares are vectors
// (lane by lane, field by field, the scan took 8 % of an interpolation).
TL_INLINE int tl_any_unbounded(tl_lanes *restrict x, int count, int skipAngles) {
    int over[TL_W], any = 0;
    TL_LANES {
        int o = 0;
        TL_FIELDS (int f = 0; f < count; f++) o |= (!skipAngles || f < 13 || f > 15) & !(fabs(x[f][l]) < 0x1p100);
        over[l] = o;
    }
    for (int l = 0; l < TL_W; l++) any |= over[l];
    return any;
}

// Unmatrix for every lane of a block, unitW and perspective constants after inlining.
TL_INLINE void tl_unmatrix_block(tl_lanes *restrict m, const int *restrict testAlways, const int unitW, const int perspective,
                                 tl_lanes *restrict p, tl_lanes *restrict rows, int *restrict ok) {
    TL_LANES2 {
        double mm[16], pp[13], rr[9];
        TL_FIELDS (int f = 0; f < 16; f++) mm[f] = m[f][l];
        ok[l] = tl_unmatrix(mm, testAlways[l], unitW, perspective, pp, rr);
        TL_FIELDS (int f = 0; f < 13; f++) p[f][l] = pp[f];
        TL_FIELDS (int f = 0; f < 9; f++) rows[f][l] = rr[f];
    }
}

// One block of the 3-D rule: unmatrix (m44 = 1 in every lane picked per block; the perspective step in the
// block when every lane needs it, else left to the queue), then the asked-for angles as separate lane loops.
TL_INLINE void tl_decompose3_block(tl_lanes *restrict m, const int *restrict testAlways, const int perspective, const int parts,
                                   double zero, tl_lanes *restrict p, tl_lanes *restrict rows, int *restrict ok) {
    int unitW = 1;
    for (int l = 0; l < TL_W; l++) unitW &= m[15][l] == 1;
    if (unitW && perspective) tl_unmatrix_block(m, testAlways, 1, 1, p, rows, ok);
    else if (unitW) tl_unmatrix_block(m, testAlways, 1, 0, p, rows, ok);
    else if (perspective) tl_unmatrix_block(m, testAlways, 0, 1, p, rows, ok);
    else tl_unmatrix_block(m, testAlways, 0, 0, p, rows, ok);
    TL_LANES2 {
        double rr[9], e[3] = {zero, zero, zero};
        TL_FIELDS (int f = 0; f < 9; f++) rr[f] = rows[f][l];
        if (parts & CAMATH_EULER) tl_euler(rr, rr + 3, rr + 6, parts, e);
        TL_FIELDS (int f = 0; f < 3; f++) p[13 + f][l] = e[f];
    }
    TL_LANES2 {
        double rr[9], q[4] = {zero, zero, zero, zero};
        TL_FIELDS (int f = 0; f < 9; f++) rr[f] = rows[f][l];
        if (parts & CAMATH_QUATERNION) tl_quaternion(rr, rr + 3, rr + 6, q);
        TL_FIELDS (int f = 0; f < 4; f++) p[16 + f][l] = q[f];
    }
}

// The 3-D rule's lanes that need the perspective step (an m14, m24 or m34 other than 0, or interpolation's
// rule), gathered across blocks: the step runs on full blocks of them only. (Run per block, it ran on every
// lane of a block with one such lane — with one matrix in four in perspective, on every lane; the decomposition
// took about 50 ns per matrix instead of 30.) Each entry is a matrix as loaded, its element index and its rule.
typedef struct {
    tl_lanes m[16];
    size_t element[TL_W];
    int always[TL_W];
    int count;
} tl_perspective_queue;

// The perspective step for the 16 matrices m (as loaded) into persp[0…3], the verdicts into ok; unitW (a
// constant after inlining): every m44 is 1, so the division by it is skipped (x/1 is x, bit for bit).
TL_INLINE void tl_perspective_lanes(tl_lanes *restrict m, const int *restrict always, const int unitW, tl_lanes *restrict persp,
                                    int *restrict ok) {
    TL_LANES2 {
        double n[16], pp[4];
        TL_FIELDS (int f = 0; f < 16; f++) n[f] = unitW ? m[f][l] : m[f][l] / m[15][l];
        ok[l] = tl_unmatrix_perspective(n, always[l], pp);
        TL_FIELDS (int f = 0; f < 4; f++) persp[f][l] = pp[f];
    }
}

// The perspective step for the queued lanes: their records' perspective (fields 9…12, already stored as
// (0, 0, 0, 1)) and, where the inverse they need does not exist, status 1. Lanes past the count hold earlier
// (or the initial identity) matrices, computed and ignored.
TL_INLINE void tl_perspective_flush(tl_perspective_queue *restrict queue, double *restrict records, size_t stride,
                                    uint8_t *restrict status) {
    if (queue->count == 0) return;
    tl_lanes persp[4];
    int ok[TL_W], unitW = 1;
    for (int l = 0; l < TL_W; l++) unitW &= queue->m[15][l] == 1;
    if (unitW) tl_perspective_lanes(queue->m, queue->always, 1, persp, ok);
    else tl_perspective_lanes(queue->m, queue->always, 0, persp, ok);
    for (int l = 0; l < queue->count; l++) {
        size_t i = queue->element[l];
        for (int f = 0; f < 4; f++) records[(size_t)(9 + f) * stride + i] = persp[f][l];
        status[i] |= (uint8_t)!ok[l];
    }
    queue->count = 0;
}

// One block of the 2-D rule into p (lanes where keep[l] keep theirs), its verdict in ok2 and rare lanes in slow.
TL_INLINE void tl_decompose2_block(tl_lanes *restrict m, const int *restrict keep, double zero, double one, tl_lanes *restrict p,
                                   int *restrict ok2, int *restrict slow) {
    TL_LANES2 {
        double mm[16], pp[CAMATH_PARTS];
        int s = 0;
        TL_FIELDS (int f = 0; f < 16; f++) mm[f] = m[f][l];
        TL_FIELDS (int f = 0; f < CAMATH_PARTS; f++) pp[f] = p[f][l];
        tl_planar v = tl_decompose2(mm, &s);
        tl_store_planar(v, keep[l], zero, one, pp);
        TL_FIELDS (int f = 0; f < CAMATH_PARTS; f++) p[f][l] = pp[f];
        ok2[l] = v.ok;
        slow[l] = s;
    }
}

// The decomposition blocks, `parts` a constant after inlining (one instantiation per combination); the
// perspective steps through the queue, flushed whenever the next block's lanes would not fit, and at the end.
TL_INLINE void tl_decompose_all(const double *restrict t, const uint8_t *restrict methods, int method, const int parts,
                                double *restrict records, size_t stride, uint8_t *restrict status, size_t n) {
    volatile double opaqueZero = 0.0, opaqueOne = 1.0;
    const double zero = opaqueZero, one = opaqueOne;
    tl_perspective_queue queue;
    TL_FIELDS (int f = 0; f < 16; f++)
        for (int l = 0; l < TL_W; l++) queue.m[f][l] = f % 5 == 0 ? 1.0 : 0.0;
    for (int l = 0; l < TL_W; l++) queue.always[l] = 0;
    queue.count = 0;
    for (size_t i0 = 0; i0 < n; i0 += TL_W) {
        size_t w = n - i0 < TL_W ? n - i0 : TL_W;
        tl_lanes m[16], p[CAMATH_PARTS], rows[9];
        int ok3[TL_W], ok2[TL_W], slow[TL_W], two[TL_W], keep[TL_W], always[TL_W];
        tl_load_matrices(t + 16 * i0, w, m);
        for (int l = 0; l < TL_W; l++) {
            int lane = methods ? methods[i0 + ((size_t)l < w ? (size_t)l : 0)] : method;
            two[l] = lane == 2;
            keep[l] = !two[l];
            always[l] = lane == 1;
            ok3[l] = 1;
            ok2[l] = 1;
            slow[l] = 0;
        }
        int any3 = 0, any2 = 0;
        for (int l = 0; l < TL_W; l++) {
            any3 |= !two[l];
            any2 |= two[l];
        }
        int needs[TL_W], needCount = 0;
        for (size_t l = 0; l < w; l++) {
            needs[l] = (!two[l]) & (always[l] | (m[3][l] != 0) | (m[7][l] != 0) | (m[11][l] != 0));
            needCount += needs[l];
        }
        // A block whose every lane needs the perspective step (interpolation's rule) takes it in unmatrix.
        const int whole = needCount == TL_W;
        if (any3) tl_decompose3_block(m, always, whole, parts, zero, p, rows, ok3);
        if (whole) needCount = 0;
        if (any2) tl_decompose2_block(m, keep, zero, one, p, ok2, slow);
        tl_store_records(p, 0, CAMATH_PARTS, w, records + i0, stride);
        for (size_t l = 0; l < w; l++) {
            int rare = two[l] & slow[l], bad = (two[l] & !ok2[l]) | (!two[l] & !ok3[l]);
            status[i0 + l] = (uint8_t)((rare << 1) | ((!rare) & bad));
        }
        if (queue.count + needCount > TL_W) tl_perspective_flush(&queue, records, stride, status);
        for (size_t l = 0; l < w && needCount; l++) {
            if (!needs[l]) continue;
            int k = queue.count++;
            TL_FIELDS (int f = 0; f < 16; f++) queue.m[f][k] = m[f][l];
            queue.element[k] = i0 + l;
            queue.always[k] = always[l];
        }
    }
    tl_perspective_flush(&queue, records, stride, status);
}

#if !defined(CAMATH_FAST)
/// Decompositions: records of t[i] by methods[i] (or `method` when methods is NULL; 0 key paths, 1 the 3-D
/// interpolation rule, 2 the 2-D one); status[i] = 0 decomposed, 1 undecomposable, 2 needs the reference.
/// `parts` (CAMATH_ROTATION_X, _Y, _Z or all of CAMATH_EULER, and CAMATH_QUATERNION) says which rotations the
/// 3-D rule computes; the combinations CAMathBatch asks for have loops of their own, any other computes all. A block of one rule
/// runs that rule alone; a mixed block runs both in every lane and picks.
KERNEL_ATTR void KERNEL(decompose)(const double *restrict t, const uint8_t *restrict methods, int method, int parts,
                                   double *restrict records, size_t stride, uint8_t *restrict status, size_t n) {
#define TL_DECOMPOSE_CASE(p) \
    case p: tl_decompose_all(t, methods, method, p, records, stride, status, n); break
    switch (parts & (CAMATH_EULER | CAMATH_QUATERNION)) {
        TL_DECOMPOSE_CASE(0);
        TL_DECOMPOSE_CASE(CAMATH_ROTATION_X);
        TL_DECOMPOSE_CASE(CAMATH_ROTATION_Y);
        TL_DECOMPOSE_CASE(CAMATH_ROTATION_Z);
        TL_DECOMPOSE_CASE(CAMATH_EULER);
        TL_DECOMPOSE_CASE(CAMATH_QUATERNION);
    default: tl_decompose_all(t, methods, method, CAMATH_EULER | CAMATH_QUATERNION, records, stride, status, n); break;
    }
#undef TL_DECOMPOSE_CASE
}

#endif

// The recomposition of a block's lanes p into o, a lane's rare case or'ed into s[l]; `quaternion` a constant
// after inlining (a runtime flag would have the lane loop compute both rotations in every lane). Each form
// takes its reduced product (recompose_reduced.h) when every lane's parts are below 2^100 in magnitude —
// the Euler angles aside for the quaternion form; known where `bounded`, else scanned — the full one
// otherwise: the same bits either way.
TL_INLINE void tl_recompose_block(tl_lanes *restrict p, const int quaternion, int bounded, tl_lanes *restrict o, int *restrict s) {
    if (quaternion ? bounded || !tl_any_unbounded(p, CAMATH_PARTS, 1) : !tl_any_unbounded(p, CAMATH_PARTS, 0)) {
        TL_LANES_X86 {
            double pp[CAMATH_PARTS], oo[16];
            int rare = 0;
            TL_FIELDS (int f = 0; f < CAMATH_PARTS; f++) pp[f] = p[f][l];
            if (quaternion) tl_recompose_quaternion(pp, oo);
            else tl_recompose_euler(pp, oo, &rare);
            TL_FIELDS (int f = 0; f < 16; f++) o[f][l] = oo[f];
            s[l] |= rare;
        }
        return;
    }
    TL_LANES_X86 {
        double pp[CAMATH_PARTS], oo[16];
        int rare = 0;
        TL_FIELDS (int f = 0; f < CAMATH_PARTS; f++) pp[f] = p[f][l];
        tl_recompose(pp, quaternion, oo, &rare);
        TL_FIELDS (int f = 0; f < 16; f++) o[f][l] = oo[f];
        s[l] |= rare;
    }
}

// The recomposition blocks, `quaternion` a constant after inlining.
TL_INLINE void tl_recompose_all(const double *restrict records, size_t stride, const int quaternion, double *restrict out,
                                uint8_t *restrict slow, size_t n) {
    for (size_t i0 = 0; i0 < n; i0 += TL_W) {
        size_t w = n - i0 < TL_W ? n - i0 : TL_W;
        tl_lanes p[CAMATH_PARTS], o[16];
        int s[TL_W] = {0};
        tl_load_records(records + i0, stride, w, 0, CAMATH_PARTS, p);
        tl_recompose_block(p, quaternion, 0, o, s);
        tl_store_matrices(o, w, out + 16 * i0);
        for (size_t l = 0; l < w; l++) slow[i0 + l] = (uint8_t)s[l];
    }
}

#if !defined(CAMATH_FAST)
/// Recompositions of records (Euler angles, or the quaternion when `quaternion` is 1); slow[i] = 1 where a
/// sine or cosine needs the long reduction.
KERNEL_ATTR void KERNEL(recompose)(const double *restrict records, size_t stride, int quaternion, double *restrict out,
                                   uint8_t *restrict slow, size_t n) {
    if (quaternion) tl_recompose_all(records, stride, 1, out, slow, n);
    else tl_recompose_all(records, stride, 0, out, slow, n);
}

#endif

#if !defined(CAMATH_FAST)
/// Pair records (_CAMathKernels.h, CAMATH_PAIR_FIELDS) of the decompositions a[i] → b[i] (field-major, `stride`
/// apart) into pairs + CAMATH_PAIR_FIELDS·i, and their perspective records into perspectives + 8·i: the parts
/// the blend reads and the slerp's constants.
KERNEL_ATTR void KERNEL(pair_records)(const double *restrict a, const double *restrict b, size_t stride, double *restrict pairs,
                                      double *restrict perspectives, size_t n) {
    for (size_t i0 = 0; i0 < n; i0 += TL_W) {
        size_t w = n - i0 < TL_W ? n - i0 : TL_W;
        tl_lanes pa[CAMATH_PARTS], pb[CAMATH_PARTS], x[CAMATH_PAIR_FIELDS], v[CAMATH_PAIR_PERSPECTIVE_FIELDS];
        tl_load_records(a + i0, stride, w, 0, CAMATH_PARTS, pa);
        tl_load_records(b + i0, stride, w, 0, CAMATH_PARTS, pb);
        TL_LANES2 {
            double qa[4], qb[4], q0[4], h, sh;
            TL_FIELDS (int f = 0; f < 9; f++) {
                x[f][l] = pa[f][l];
                x[9 + f][l] = pb[f][l];
            }
            TL_FIELDS (int g = 0; g < 4; g++) {
                v[g][l] = pa[9 + g][l];
                v[4 + g][l] = pb[9 + g][l];
            }
            TL_FIELDS (int f = 0; f < 4; f++) {
                qa[f] = pa[16 + f][l];
                qb[f] = pb[16 + f][l];
            }
            tl_slerp_constants(qa, qb, q0, &h, &sh);
            TL_FIELDS (int f = 0; f < 4; f++) {
                x[18 + f][l] = q0[f];
                x[22 + f][l] = qb[f];
            }
            x[26][l] = h;
            x[27][l] = sh;
        }
        tl_store_rows(x, CAMATH_PAIR_FIELDS, w, pairs + CAMATH_PAIR_FIELDS * i0);
        tl_store_rows(v, CAMATH_PAIR_PERSPECTIVE_FIELDS, w, perspectives + CAMATH_PAIR_PERSPECTIVE_FIELDS * i0);
    }
}
#endif

/// Interpolation's steps 5–6 for the pair records at pairs and perspectives (pair i at pairs + CAMATH_PAIR_FIELDS·k
/// and perspectives + 8·k, k = indices[i], or i when indices is NULL; perspectives read only where flags[i]
/// has CAMATH_PAIR_PERSPECTIVE) at fraction t[i]: translation, scale, skew and perspective `x + (y − x)·t`, the
/// quaternions slerped from the record's constants, recomposed with the quaternion; slow[i] as recompose.
/// A block whose pairs are all CAMATH_PAIR_BOUNDED (flags[i]) skips the scans for parts of 2¹⁰⁰ or more: with
/// the callers' fractions (|t| < 2¹⁷) its blended parts are below 2⁹⁹ (measured, Zen 5 VM, in cache, ns per
/// pair, scanned → skipped: exact 10.8 → 9.7 at AVX-512, 15.9 → 14.5 at AVX2; fast 9.0 → 7.5, 11.4 → 10.4,
/// and 28.4 → 24.7 at the portable level).
KERNEL_ATTR void KERNEL(interpolate)(const double *restrict pairs, const double *restrict perspectives, const int64_t *restrict indices,
                                     const uint8_t *restrict flags, const double *restrict t, double *restrict out, uint8_t *restrict slow,
                                     size_t n, int stream) {
    for (size_t i0 = 0; i0 < n; i0 += TL_W) {
        size_t w = n - i0 < TL_W ? n - i0 : TL_W;
        tl_lanes x[TL_PAIR_LANES], p[CAMATH_PARTS], o[16], tt;
        int s[TL_W], bounded = CAMATH_PAIR_BOUNDED, perspective = 0;
        for (size_t l = 0; l < w; l++) {
            bounded &= flags[i0 + l];
            perspective |= flags[i0 + l] & CAMATH_PAIR_PERSPECTIVE;
        }
        tl_load_pairs(pairs, perspectives, indices ? indices + i0 : NULL, flags + i0, perspective, i0, w, x);
        // The next block's records are asked for a quarter at a time, between this block's steps: the 80 lines
        // of a block asked for at once are more misses than a core keeps in flight, and the rest waited behind
        // them (measured, Zen 3 VM, AVX2, C harness, 1e6 pairs, ns each, minima of 5 alternated runs, all at
        // once → in quarters: exact 51.4 → 39.9 in order, 63.6 → 51.7 by index; fast by index 59.0 → 47.5; in
        // cache unchanged).
        const int ahead = i0 + 2 * TL_W <= n;
        const int64_t *next = indices ? indices + i0 + TL_W : NULL;
        if (ahead) tl_prefetch_pairs(pairs, perspectives, next, flags + i0 + TL_W, i0 + TL_W, 0, TL_W / 4);
        if (w == TL_W) memcpy(tt, t + i0, sizeof tt);
        else
            for (size_t l = 0; l < TL_W; l++) tt[l] = t[i0 + (l < w ? l : 0)];
#if defined(CAMATH_FAST)
        // A block with a part of 2¹⁰⁰ or more, or not finite, is the exact kernel's (the reference's bits):
        // fused, its products could skip an overflow the reference takes, and a finite result where the
        // reference has ∞ or NaN is no rounding. Below 2¹⁰⁰, and with the callers' fractions (|t| < 2¹⁷), no
        // product of the blend or the recomposition overflows.
        if (!bounded && tl_any_unbounded(x, 26, 0)) {
            // clang-format off
            KERNEL_EXACT(interpolate)(indices ? pairs : pairs + CAMATH_PAIR_FIELDS * i0,
                                      indices ? perspectives : perspectives + CAMATH_PAIR_PERSPECTIVE_FIELDS * i0, indices ? indices + i0 : NULL,
                                      flags + i0, t + i0, out + 16 * i0, slow + i0, w, 0);
            // clang-format on
            continue;
        }
#endif
        TL_LANES {
            double q0[4], qb[4], q[4];
            int rare = 0;
            TL_FIELDS (int f = 0; f < 13; f++) p[f][l] = x[f][l] + (x[13 + f][l] - x[f][l]) * tt[l];
            TL_FIELDS (int f = 13; f < 16; f++) p[f][l] = 0;
            TL_FIELDS (int f = 0; f < 4; f++) {
                q0[f] = x[26 + f][l];
                qb[f] = x[30 + f][l];
            }
            tl_slerp_at(q0, qb, x[34][l], x[35][l], tt[l], q, &rare);
            TL_FIELDS (int f = 0; f < 4; f++) p[16 + f][l] = q[f];
            s[l] = rare;
        }
        if (ahead) tl_prefetch_pairs(pairs, perspectives, next, flags + i0 + TL_W, i0 + TL_W, TL_W / 4, TL_W / 2);
        tl_recompose_block(p, 1, bounded, o, s);
        if (ahead) tl_prefetch_pairs(pairs, perspectives, next, flags + i0 + TL_W, i0 + TL_W, TL_W / 2, 3 * TL_W / 4);
        if (stream && w == TL_W) tl_stream_matrices(o, out + 16 * i0);
        else tl_store_matrices(o, w, out + 16 * i0);
        if (ahead) tl_prefetch_pairs(pairs, perspectives, next, flags + i0 + TL_W, i0 + TL_W, 3 * TL_W / 4, TL_W);
        for (size_t l = 0; l < w; l++) slow[i0 + l] = (uint8_t)s[l];
    }
    // Non-temporal stores are ordered by no later store or lock: a full fence makes them visible before the
    // caller (or another thread it signals) reads the output.
    if (stream) __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

#if !defined(CAMATH_FAST)
// The elementary functions one call per lane loop, `function` a constant after inlining.
TL_INLINE void tl_elementary_all(const int function, const double *restrict x, const double *restrict y, double *restrict out,
                                 uint8_t *restrict slow, size_t n) {
    for (size_t i = 0; i < n; i++) {
        int rare = 0;
        double s, c;
        switch (function) {
        case CAMATH_SIN:
            el_sincos(x[i], &s, &c, &rare);
            out[i] = s;
            break;
        case CAMATH_COS:
            el_sincos(x[i], &s, &c, &rare);
            out[i] = c;
            break;
        case CAMATH_ATAN2: out[i] = el_atan2(x[i], y[i]); break;
        case CAMATH_ASIN: out[i] = el_asin(x[i]); break;
        default: out[i] = el_acos(x[i]); break;
        }
        slow[i] = (uint8_t)rare;
    }
}

/// out[i] = the elementary function of x[i] (atan2: of (x[i], y[i]); y is read for atan2 only), CAMathCore's
/// Elementary bits; slow[i] = 1 where sin or cos needs the long reduction (out[i] unspecified).
KERNEL_ATTR void KERNEL(elementary)(int function, const double *restrict x, const double *restrict y, double *restrict out,
                                    uint8_t *restrict slow, size_t n) {
    switch (function) {
    case CAMATH_SIN: tl_elementary_all(CAMATH_SIN, x, y, out, slow, n); break;
    case CAMATH_COS: tl_elementary_all(CAMATH_COS, x, y, out, slow, n); break;
    case CAMATH_ATAN2: tl_elementary_all(CAMATH_ATAN2, x, y, out, slow, n); break;
    case CAMATH_ASIN: tl_elementary_all(CAMATH_ASIN, x, y, out, slow, n); break;
    default: tl_elementary_all(CAMATH_ACOS, x, y, out, slow, n); break;
    }
}
#endif

#endif
