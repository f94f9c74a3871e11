// glm 0.9.9 baselines (see CAMathBaselinesCXX.h), in glm's fastest configuration: its SIMD intrinsics
// forced on and its vector and matrix types aligned (the defaults give ~3× slower products here).
#define GLM_FORCE_INTRINSICS
#define GLM_FORCE_DEFAULT_ALIGNED_GENTYPES
#define GLM_ENABLE_EXPERIMENTAL
#include "CAMathBaselinesCXX.h"
#if defined(CAMATH_EIGEN_GLM)
#include <glm/glm.hpp>
#include <glm/gtc/matrix_inverse.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <glm/gtx/matrix_decompose.hpp>
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

/// glm::decompose into the C peers' record (CAMathBaselines.h): translation, scale, skew, perspective, Euler angles
/// (glm::eulerAngles of the orientation), quaternion, decomposable flag. glm's conventions are its own (its skew and
/// perspective are not CAMath's), which the report's error column shows.
extern "C" void camath_glm_decompose(const double *t, double *out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        glm::dvec3 scale, translation, skew;
        glm::dquat q;
        glm::dvec4 perspective;
        double *d = out + 21 * i;
        bool ok = glm::decompose(load(t + 16 * i), scale, q, translation, skew, perspective);
        glm::dvec3 euler = glm::eulerAngles(q);
        const double values[21] = {translation.x, translation.y, translation.z, scale.x,       scale.y,       scale.z, skew.x,  skew.y,
                                   skew.z,        perspective.x, perspective.y, perspective.z, perspective.w, euler.x, euler.y, euler.z,
                                   q.x,           q.y,           q.z,           q.w,           ok ? 1.0 : 0.0};
        std::memcpy(d, values, sizeof values);
    }
}

/// Interpolation as a glm user writes it: glm::decompose both ends, mix translation and scale, slerp the
/// orientations (glm::slerp takes the shorter arc), recompose T·R·S. glm 0.9.9 has no recompose, so skew and
/// perspective are dropped; an end glm cannot decompose gives the nearer end.
extern "C" void camath_glm_blend(const double *a, const double *b, double t, double *out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        glm::dvec3 sa, sb, ta, tb, ka, kb;
        glm::dquat qa, qb;
        glm::dvec4 pa, pb;
        const glm::dmat4 A = load(a + 16 * i), B = load(b + 16 * i);
        if (!glm::decompose(A, sa, qa, ta, ka, pa) || !glm::decompose(B, sb, qb, tb, kb, pb)) {
            store(t < 0.5 ? A : B, out + 16 * i);
            continue;
        }
        glm::dmat4 m = glm::translate(glm::dmat4(1.0), glm::mix(ta, tb, t)) * glm::mat4_cast(glm::slerp(qa, qb, t));
        store(glm::scale(m, glm::mix(sa, sb, t)), out + 16 * i);
    }
}
#endif
