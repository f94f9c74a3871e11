// Chooses each kernel's instantiation. Measured on the Zen 5 development machine (Reports/): the AVX-512
// two-rows-per-zmm concat and the 8-lane frame/hit-test loops lost to their AVX2 versions (shuffles
// and transposes dominate), so those stop at AVX2; points and the in-register-transposed inverse gain
// from AVX-512.
#include "CAMathKernels.h"

void camath_portable_invert(const double *, double *, uint8_t *, size_t);
void camath_portable_invert_affine(const double *, double *, uint8_t *, uint8_t *, size_t);
void camath_portable_map_points2(const double *, const double *, double *, size_t);
void camath_portable_frames(const double *const *, double *, uint8_t *, size_t);
void camath_portable_hit_test_block(const camath_hit_tree *, const double *, int64_t *, size_t, double *);
#if defined(__x86_64__)
void camath_avx2_invert(const double *, double *, uint8_t *, size_t);
void camath_avx2_invert_affine(const double *, double *, uint8_t *, uint8_t *, size_t);
void camath_avx2_map_points2(const double *, const double *, double *, size_t);
void camath_avx2_frames(const double *const *, double *, uint8_t *, size_t);
void camath_avx2_hit_test_block(const camath_hit_tree *, const double *, int64_t *, size_t, double *);
void camath_avx512_invert(const double *, double *, uint8_t *, size_t);
void camath_avx512_invert_affine(const double *, double *, uint8_t *, uint8_t *, size_t);
void camath_avx512_map_points2(const double *, const double *, double *, size_t);
#define AT_LEAST(isa, level) ((isa) >= (level))
#else
#define AT_LEAST(isa, level) 0
#endif

void camath_invert(int isa, const double *t, double *out, uint8_t *singular, size_t n) {
#if defined(__x86_64__)
    if (AT_LEAST(isa, CAMATH_ISA_AVX512)) { camath_avx512_invert(t, out, singular, n); return; }
    if (AT_LEAST(isa, CAMATH_ISA_AVX2)) { camath_avx2_invert(t, out, singular, n); return; }
#endif
    camath_portable_invert(t, out, singular, n);
}

void camath_invert_affine(int isa, const double *t, double *out, uint8_t *singular, uint8_t *notAffine, size_t n) {
#if defined(__x86_64__)
    if (AT_LEAST(isa, CAMATH_ISA_AVX512)) { camath_avx512_invert_affine(t, out, singular, notAffine, n); return; }
    if (AT_LEAST(isa, CAMATH_ISA_AVX2)) { camath_avx2_invert_affine(t, out, singular, notAffine, n); return; }
#endif
    camath_portable_invert_affine(t, out, singular, notAffine, n);
}

void camath_map_points2(int isa, const double *h, const double *points, double *out, size_t n) {
#if defined(__x86_64__)
    if (AT_LEAST(isa, CAMATH_ISA_AVX512)) { camath_avx512_map_points2(h, points, out, n); return; }
    if (AT_LEAST(isa, CAMATH_ISA_AVX2)) { camath_avx2_map_points2(h, points, out, n); return; }
#endif
    camath_portable_map_points2(h, points, out, n);
}

void camath_frames(int isa, const double *const *columns, double *out, uint8_t *slow, size_t n) {
#if defined(__x86_64__)
    if (AT_LEAST(isa, CAMATH_ISA_AVX2)) { camath_avx2_frames(columns, out, slow, n); return; }
#endif
    camath_portable_frames(columns, out, slow, n);
}

void camath_hit_test_block(int isa, const camath_hit_tree *tree, const double *points, int64_t *hits, size_t n, double *scratch) {
#if defined(__x86_64__)
    if (AT_LEAST(isa, CAMATH_ISA_AVX2)) { camath_avx2_hit_test_block(tree, points, hits, n, scratch); return; }
#endif
    camath_portable_hit_test_block(tree, points, hits, n, scratch);
}
