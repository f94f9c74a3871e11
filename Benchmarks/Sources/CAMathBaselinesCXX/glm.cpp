// glm 0.9.9 baselines (see CAMathBaselinesCXX.h), in glm's fastest configuration: its SIMD intrinsics
// forced on and its vector and matrix types aligned (the defaults give ~3× slower products here).
#define GLM_FORCE_INTRINSICS
#define GLM_FORCE_DEFAULT_ALIGNED_GENTYPES
#include "CAMathBaselinesCXX.h"
#if defined(CAMATH_EIGEN_GLM)
#include <glm/glm.hpp>
#include <glm/gtc/matrix_inverse.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <cstring>

static glm::dmat4 load(const double *p) { return glm::make_mat4(p); }
static void store(const glm::dmat4 &m, double *p) { std::memcpy(p, glm::value_ptr(m), sizeof(double) * 16); }

extern "C" void camath_glm_concat(const double *a, size_t aStep, const double *b, size_t bStep, double *out, size_t n) {
    for (size_t m = 0; m < n; m++) store(load(b + bStep * m) * load(a + aStep * m), out + 16 * m);
}

extern "C" void camath_glm_invert(const double *t, double *out, size_t n) {
    for (size_t i = 0; i < n; i++) store(glm::inverse(load(t + 16 * i)), out + 16 * i);
}

extern "C" void camath_glm_invert_affine(const double *t, double *out, size_t n) {
    for (size_t i = 0; i < n; i++) store(glm::affineInverse(load(t + 16 * i)), out + 16 * i);
}

extern "C" void camath_glm_points3(const double *m, const double *p, double *out, size_t n) {
    const glm::dmat4 M = load(m);
    for (size_t i = 0; i < n; i++) {
        glm::dvec4 h = M * glm::dvec4(p[4 * i], p[4 * i + 1], p[4 * i + 2], 1.0);
        glm::dvec4 q = h / h.w;
        std::memcpy(out + 4 * i, &q, sizeof q);
    }
}
#endif
