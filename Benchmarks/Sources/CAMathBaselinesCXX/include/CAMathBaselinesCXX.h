// Benchmark-only: the same operations through Eigen 3.4 (Matrix4d, Affine3d) and glm 0.9.9 (dmat4),
// compiled -O3 -march=native, over CAMath's AoS memory. Both libraries are column-major, so a
// CATransform3D's 16 doubles read as their matrix are its transpose: concat(a, b) = b'·a' there, a row-vector
// point map is a column-vector product (whole 4-double records written, as a Vector4d / dvec4 store does),
// and inverses map directly. Compiled only with the package trait EigenGLM (Debian's libeigen3-dev
// and libglm-dev installed); without it the functions are not defined and CAMathWorkloads does not call them.
#ifndef CAMATH_BASELINES_CXX_H
#define CAMATH_BASELINES_CXX_H
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif

#define CAMATH_BASELINE_CXX_DECLARE(library) \
    void camath_##library##_concat(const double *a, size_t aStep, const double *b, size_t bStep, double *out, size_t n); \
    void camath_##library##_invert(const double *t, double *out, size_t n); \
    void camath_##library##_invert_affine(const double *t, double *out, size_t n); \
    void camath_##library##_points3(const double *m, const double *p, double *out, size_t n)

CAMATH_BASELINE_CXX_DECLARE(eigen);
CAMATH_BASELINE_CXX_DECLARE(glm);
/// glm's decomposition, in the C peers' record (21 doubles, CAMathBaselines.h), and interpolation by it.
void camath_glm_decompose(const double *t, double *out, size_t n);
void camath_glm_blend(const double *a, const double *b, double t, double *out, size_t n);

#ifdef __cplusplus
}
#endif
#endif
