// Eigen 3.4 baselines (see CAMathBaselinesCXX.h).
#include "CAMathBaselinesCXX.h"
#if defined(CAMATH_EIGEN_GLM)
#include <eigen3/Eigen/Dense>

using Eigen::Map;
using Eigen::Matrix4d;

extern "C" void camath_eigen_concat(const double *a, size_t aStep, const double *b, size_t bStep, double *out, size_t n) {
    for (size_t m = 0; m < n; m++)
        Map<Matrix4d>(out + 16 * m).noalias() = Map<const Matrix4d>(b + bStep * m) * Map<const Matrix4d>(a + aStep * m);
}

extern "C" void camath_eigen_invert(const double *t, double *out, size_t n) {
    for (size_t i = 0; i < n; i++) Map<Matrix4d>(out + 16 * i) = Map<const Matrix4d>(t + 16 * i).inverse();
}

extern "C" void camath_eigen_invert_affine(const double *t, double *out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        Eigen::Affine3d a(Map<const Matrix4d>(t + 16 * i));
        Map<Matrix4d>(out + 16 * i) = a.inverse(Eigen::Affine).matrix();
    }
}

extern "C" void camath_eigen_points3(const double *m, const double *p, double *out, size_t n) {
    const Matrix4d M = Map<const Matrix4d>(m);
    for (size_t i = 0; i < n; i++) {
        Eigen::Vector4d h = M * Eigen::Vector4d(p[4 * i], p[4 * i + 1], p[4 * i + 2], 1.0);
        Map<Eigen::Vector4d>(out + 4 * i) = h / h[3];
    }
}
#endif
