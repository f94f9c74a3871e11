// Benchmark-only: the peers camath-bench times beside CAMath on the same inputs — the loops a user would write
// instead of calling CAMath, plain C compiled -O3 -march=native:
// - AoS loops over the same memory (16 doubles per matrix in CATransform3D order, row vectors) in four builds:
//   true divisions (`_div`) or one reciprocal per divisor (`_rcp`), each with every multiply and add separate or
//   with fused multiply-adds (`_fma`);
// - SoA loops (planes of one field each; see soa.h), with true divisions and no contraction (`_div`) and with
//   reciprocals and fused multiply-adds (`_rcp_fma`);
// - the reference's own decomposition, key paths and interpolation with libm (`_div`, `_div_fma`).
// The library never depends on this target.
#ifndef CAMATH_BASELINES_H
#define CAMATH_BASELINES_H
#include <stddef.h>
#include <stdint.h>

/// Doubles per layer record of the frame baseline: bounds width, height; anchor x, y, z; position x, y;
/// then the transform's 16 elements.
#define CAMATH_BASELINE_LAYER 23

/// Doubles per decomposition: translation (3), scale (3), skew kxy, kxz, kyz (3), perspective (4), Euler angles
/// (3), quaternion x, y, z, w (4). The decompose peer writes one more per record: 1 decomposable, 0 not.
#define CAMATH_BASELINE_DECOMPOSITION 20

/// Doubles per node of the hit-test baseline: the inverse of its level map (9, row by row), the forward map's
/// weight column (3), the standardized bounds (minX, maxX, minY, maxY).
#define CAMATH_BASELINE_NODE 16

#define CAMATH_BASELINE_DECLARE_AOS(suffix) \
    /* out[m] = a[m·aStep]·b[m·bStep] (steps in doubles: 0 or 16) */ \
    void camath_baseline_concat_##suffix(const double *a, size_t aStep, const double *b, size_t bStep, double *out, size_t n); \
    /* general inverses by cofactors over the determinant (no singular test) */ \
    void camath_baseline_invert_##suffix(const double *t, double *out, size_t n); \
    /* [R 0; t 1] -> [R^-1 0; -t·R^-1 1] */ \
    void camath_baseline_invert_affine_##suffix(const double *t, double *out, size_t n); \
    /* 3-D points as (x, y, z, pad) records: (x, y, z, 1)·m divided by W, written as whole records (pad 1) */ \
    void camath_baseline_points3_##suffix(const double *m, const double *p, double *out, size_t n); \
    /* 2-D points: (x, y, 1)·h divided by W, h the 3×3 homography row by row */ \
    void camath_baseline_points2_##suffix(const double *h, const double *p, double *out, size_t n); \
    /* frames of layer records (CAMATH_BASELINE_LAYER doubles each): the box of the 4 projected corners */ \
    void camath_baseline_frames_##suffix(const double *layers, double *out, size_t n); \
    /* the flat hit-test loop: every node in pre-order maps its parent's points through its inverse \
       (CAMATH_BASELINE_NODE doubles per node); flags bit 0 = enterable, bit 1 = masks to bounds; hits[p] = the \
       last node alive that contains point p (x, y), or -1. scratch: 3·n doubles per node */ \
    void camath_baseline_hit_test_##suffix(const int32_t *parent, const uint8_t *flags, const double *nodes, size_t count, \
                                           const double *points, int64_t *hits, double *scratch, size_t n)

/* The SoA forms of the AoS loops: every array a set of planes of n doubles (transforms 16, points 2 or 3, layer
   records CAMATH_BASELINE_LAYER, rectangles 4: x, y, width, height); a single matrix `one` or `m` is 16
   doubles, the homography `h` 9. */
#define CAMATH_BASELINE_DECLARE_SOA(suffix) \
    void camath_baseline_concat_soa_##suffix(const double *a, const double *b, double *out, size_t n); \
    void camath_baseline_concat_soa_by_one_##suffix(const double *a, const double *one, double *out, size_t n); \
    void camath_baseline_concat_soa_one_by_##suffix(const double *one, const double *b, double *out, size_t n); \
    void camath_baseline_invert_soa_##suffix(const double *t, double *out, size_t n); \
    void camath_baseline_invert_affine_soa_##suffix(const double *t, double *out, size_t n); \
    void camath_baseline_points3_soa_##suffix(const double *m, const double *p, double *out, size_t n); \
    void camath_baseline_points2_soa_##suffix(const double *h, const double *p, double *out, size_t n); \
    void camath_baseline_frames_soa_##suffix(const double *layers, double *out, size_t n)

#define CAMATH_BASELINE_DECLARE_REFERENCE(suffix) \
    /* the key paths' decomposition: CAMATH_BASELINE_DECOMPOSITION doubles and the decomposable flag per matrix */ \
    void camath_baseline_decompose_##suffix(const double *t, double *out, size_t n); \
    /* the rotation.z key path read (0 for an undecomposable matrix) */ \
    void camath_baseline_rotation_z_##suffix(const double *t, double *out, size_t n); \
    /* the rotation.z key path written (decompose, replace, recompose by Euler angles); a non-finite angle or an \
       undecomposable matrix leaves the matrix unchanged */ \
    void camath_baseline_set_rotation_z_##suffix(const double *t, const double *angles, double *out, size_t n); \
    /* out[i] = a[i] interpolated a fraction t of the way to b[i] */ \
    void camath_baseline_blend_##suffix(const double *a, const double *b, double t, double *out, size_t n)

CAMATH_BASELINE_DECLARE_AOS(rcp);
CAMATH_BASELINE_DECLARE_AOS(rcp_fma);
CAMATH_BASELINE_DECLARE_AOS(div);
CAMATH_BASELINE_DECLARE_AOS(div_fma);
CAMATH_BASELINE_DECLARE_SOA(rcp_fma);
CAMATH_BASELINE_DECLARE_SOA(div);
CAMATH_BASELINE_DECLARE_REFERENCE(div);
CAMATH_BASELINE_DECLARE_REFERENCE(div_fma);

#endif
