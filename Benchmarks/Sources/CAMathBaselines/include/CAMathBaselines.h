// Benchmark-only: the loops a user would write instead of calling CAMath — plain C over the same AoS
// memory (16 doubles per matrix in CATransform3D order, row vectors), compiled -O3 -march=native, in two
// builds: fused multiply-adds allowed (`_fma`) and not (`_nofma`); both multiply by one reciprocal per
// divisor, as hand-written code does. camath-bench times them beside CAMath on the same inputs. The
// library never depends on this target.
#ifndef CAMATH_BASELINES_H
#define CAMATH_BASELINES_H
#include <stddef.h>

/// Doubles per layer record of the frame baseline: bounds width, height; anchor x, y, z; position x, y;
/// then the transform's 16 elements.
#define CAMATH_BASELINE_LAYER 23

#define CAMATH_BASELINE_DECLARE(suffix) \
    /* out[m] = a[m·aStep]·b[m·bStep] (steps in doubles: 0 or 16) */ \
    void camath_baseline_concat_##suffix(const double *a, size_t aStep, const double *b, size_t bStep, double *out, size_t n); \
    /* general inverses by cofactors and one reciprocal of the determinant (no singular test) */ \
    void camath_baseline_invert_##suffix(const double *t, double *out, size_t n); \
    /* [R 0; t 1] -> [R^-1 0; -t·R^-1 1] */ \
    void camath_baseline_invert_affine_##suffix(const double *t, double *out, size_t n); \
    /* 3-D points as (x, y, z, pad) records: (x, y, z, 1)·m divided by W, written as whole records (pad 1) */ \
    void camath_baseline_points3_##suffix(const double *m, const double *p, double *out, size_t n); \
    /* 2-D points: (x, y, 1)·h divided by W, h the 3×3 homography row by row */ \
    void camath_baseline_points2_##suffix(const double *h, const double *p, double *out, size_t n); \
    /* frames of layer records (CAMATH_BASELINE_LAYER doubles each): the box of the 4 projected corners */ \
    void camath_baseline_frames_##suffix(const double *layers, double *out, size_t n)

CAMATH_BASELINE_DECLARE(fma);
CAMATH_BASELINE_DECLARE(nofma);

#endif
