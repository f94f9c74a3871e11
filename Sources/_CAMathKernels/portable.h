// The portable level's kernels: plain C for every CPU (clang's generic vectors where a row is the natural
// unit), each in the reference's order (exact or fast: precision.h). Its inverses also finish the vector
// levels' tails. Included by level_portable.c and level_portable_fast.c with KERNEL_ATTR and KERNEL(name).
#include "precision.h"
#include "lane_helpers.h"
#include "invert_formula.h"
#include "point_guard.h"
#include <string.h>

/// Four doubles as one value, loaded and stored without alignment (a row of a matrix).
typedef double row4 __attribute__((vector_size(32), aligned(8)));

#ifndef CAMATH_FAST // the fast tables hold the exact concat (kernels.h)
/// out = a·b for one matrix from its rows: row i of the product is b's rows weighted by row i of a, in the
/// reference's order.
static inline void KERNEL(concat_rows)(const row4 a[4], const row4 b[4], double *out) {
    row4 r[4];
    for (int i = 0; i < 4; i++) r[i] = b[0] * a[i][0] + b[1] * a[i][1] + b[2] * a[i][2] + b[3] * a[i][3];
    memcpy(out, r, sizeof r);
}

/// The concat loop for constant steps (inlined per shape, so a shared operand's rows stay in registers:
/// the compiler cannot hoist them otherwise, since out may alias them).
static inline __attribute__((always_inline)) void KERNEL(concat_shape)(const double *a, size_t aStep, const double *b, size_t bStep,
                                                                       double *out, size_t n) {
    row4 sharedA[4], sharedB[4];
    memcpy(sharedA, a, sizeof sharedA);
    memcpy(sharedB, b, sizeof sharedB);
    for (size_t m = 0; m < n; m++) {
        row4 ra[4], rb[4]; // all of both read before out is written: out may alias either
        if (aStep) memcpy(ra, a + aStep * m, sizeof ra);
        else memcpy(ra, sharedA, sizeof ra);
        if (bStep) memcpy(rb, b + bStep * m, sizeof rb);
        else memcpy(rb, sharedB, sizeof rb);
        KERNEL(concat_rows)(ra, rb, out + 16 * m);
    }
}

KERNEL_ATTR void KERNEL(concat)(const double *a, size_t aStep, const double *b, size_t bStep, double *out, size_t n) {
    if (aStep == 0) KERNEL(concat_shape)(a, 0, b, 16, out, n);
    else if (bStep == 0) KERNEL(concat_shape)(a, 16, b, 0, out, n);
    else KERNEL(concat_shape)(a, 16, b, 16, out, n);
}
#endif

/// (x, y, z, 1)·m divided by W, written as three doubles; r holds the rows of m, limit is
/// camath_point_input_limit of m (a fast build hands the lanes point_guard.h names to the exact formula), `affine`
/// a constant as in CAMATH_POINT_QUOTIENT.
static inline __attribute__((always_inline)) void KERNEL(map_point3)(const row4 r[4], double limit, const double *p, double *q,
                                                                     const int affine) {
    const double px = p[0], py = p[1], pz = p[2];
    row4 h = r[0] * px + r[1] * py + r[2] * pz + r[3];
    double w = h[3], rw = CAMATH_RECIPROCAL(w);
    double x = CAMATH_POINT_QUOTIENT(affine, h[0], w, rw), y = CAMATH_POINT_QUOTIENT(affine, h[1], w, rw);
    double z = CAMATH_POINT_QUOTIENT(affine, h[2], w, rw);
#if defined(CAMATH_FAST)
    if (camath_point_needs_exact(px, py, pz, x, y, z, limit)) {
        camath_map_point3_exact((const double *)r, px, py, pz, q);
        return;
    }
#else
    (void)limit;
#endif
    q[0] = x;
    q[1] = y;
    q[2] = z;
}

KERNEL_ATTR void KERNEL(map_points3)(const double *m, const double *points, double *out, size_t n) {
    row4 r[4];
    memcpy(r, m, sizeof r);
    const double limit = camath_point_input_limit(m, 16);
    if (!camath_transform_is_affine(m)) {
        for (size_t i = 0; i < n; i++) KERNEL(map_point3)(r, limit, points + 4 * i, out + 4 * i, 0);
    } else {
        CAMATH_AFFINE_POINTS(for (size_t i = 0; i < n; i++) KERNEL(map_point3)(r, limit, points + 4 * i, out + 4 * i, 1),
                             KERNEL_EXACT(map_points3)(m, points, out, n));
    }
}

KERNEL_ATTR void KERNEL(map_points3_strided)(const double *m, const uint8_t *points, size_t inStride, uint8_t *out, size_t outStride,
                                             size_t n) {
    row4 r[4];
    memcpy(r, m, sizeof r);
    const double limit = camath_point_input_limit(m, 16);
    const int affine = camath_transform_is_affine(m);
#if defined(CAMATH_FAST)
    if (affine) {
        KERNEL_EXACT(map_points3_strided)(m, points, inStride, out, outStride, n);
        return;
    }
#endif
    for (size_t i = 0; i < n; i++) {
        double p[3], q[3];
        memcpy(p, points + inStride * i, sizeof p);
        if (affine) KERNEL(map_point3)(r, limit, p, q, 1);
        else KERNEL(map_point3)(r, limit, p, q, 0);
        memcpy(out + outStride * i, q, sizeof q);
    }
}

// The inverses never fuse, in a fast build either (see CAMATH_UNFUSED in precision.h).
#define CAMATH_UNFUSED
#include "precision.h"
#undef CAMATH_UNFUSED

// One matrix at a time: FORMULA (invert_formula.h) declares det and fills r; the input comes back
// unchanged where the reference refuses.
#define INVERT_ONE(FORMULA) \
    const double *m = t + 16 * i; \
    const double m11 = m[0], m12 = m[1], m13 = m[2], m14 = m[3], m21 = m[4], m22 = m[5], m23 = m[6], m24 = m[7]; \
    const double m31 = m[8], m32 = m[9], m33 = m[10], m34 = m[11], m41 = m[12], m42 = m[13], m43 = m[14], m44 = m[15]; \
    double r[16]; \
    FORMULA; \
    (void)m14; \
    (void)m24; \
    (void)m34; \
    (void)m44; \
    int ok = lane_normal(det); \
    for (int k = 0; k < 16; k++) ok &= lane_finite(m[k]) & lane_finite(r[k]); \
    for (int k = 0; k < 16; k++) out[16 * i + k] = ok ? r[k] : m[k]; \
    if (singular) singular[i] = (uint8_t)!ok

KERNEL_ATTR void KERNEL(invert)(const double *t, double *out, uint8_t *singular, size_t n) {
    for (size_t i = 0; i < n; i++) { INVERT_ONE(CAMATH_INVERSE_GENERAL(double, CAMATH_INVERSE_INTO_R)); }
}

// notAffine[i] = 1 marks matrices whose column 4 is not (0, 0, 0, 1); they are left for the caller.
KERNEL_ATTR void KERNEL(invert_affine)(const double *t, double *out, uint8_t *singular, uint8_t *notAffine, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const double *c = t + 16 * i;
        notAffine[i] = !(c[3] == 0 && c[7] == 0 && c[11] == 0 && c[15] == 1);
        if (notAffine[i]) continue;
#define INVERT_ZERO(k) r[k] = 0.0
        INVERT_ONE(CAMATH_INVERSE_AFFINE(double, CAMATH_INVERSE_INTO_R, INVERT_ZERO));
#undef INVERT_ZERO
    }
}
