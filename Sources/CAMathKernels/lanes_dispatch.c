// Chooses each kernel's instantiation by instruction set. Measured on the development VM (AMD, AVX-512
// double-pumped, 3.66 GHz; N = 1e3, one thread, Mops/s): inverse 28 portable, 96 AVX2 (4 lanes,
// invert_avx2.c; measured before the inverses dropped their input finiteness test), 119 AVX-512 (8 lanes,
// invert_avx512.c, 110 before that change; affine 108 → 150; a 4-lane AVX-512VL build was
// no faster and was dropped); frames 204 AVX2 → 264 AVX-512; points-2D 1311 → 1528; hit test about
// equal. Concat is the exception (intrinsics.c): its AVX2 kernel beat the AVX-512 one.
#include "CAMathKernels.h"

void camath_portable_invert(const double *, double *, uint8_t *, size_t);
void camath_portable_invert_affine(const double *, double *, uint8_t *, uint8_t *, size_t);
void camath_portable_map_points2(const double *, const double *, double *, size_t);
void camath_portable_frames(const double *const *, double *, uint8_t *, size_t);
void camath_portable_hit_test_block(const camath_hit_tree *, const double *, int64_t *, size_t, double *);
#if defined(__x86_64__)
void camath_avx2_invert4_invert(const double *, double *, uint8_t *, size_t);
void camath_avx2_invert4_invert_affine(const double *, double *, uint8_t *, uint8_t *, size_t);
void camath_avx2_map_points2(const double *, const double *, double *, size_t);
void camath_avx2_frames(const double *const *, double *, uint8_t *, size_t);
void camath_avx2_hit_test_block(const camath_hit_tree *, const double *, int64_t *, size_t, double *);
void camath_avx512_invert(const double *, double *, uint8_t *, size_t);
void camath_avx512_invert_affine(const double *, double *, uint8_t *, uint8_t *, size_t);
void camath_avx512_map_points2(const double *, const double *, double *, size_t);
void camath_avx512_frames(const double *const *, double *, uint8_t *, size_t);
void camath_avx512_hit_test_block(const camath_hit_tree *, const double *, int64_t *, size_t, double *);
#define AT_LEAST(isa, level) ((isa) >= (level))
#else
#define AT_LEAST(isa, level) 0
#endif

void camath_invert(int isa, const double *t, double *out, uint8_t *singular, size_t n) {
#if defined(__x86_64__)
    if (AT_LEAST(isa, CAMATH_ISA_AVX512)) { camath_avx512_invert(t, out, singular, n); return; }
    if (AT_LEAST(isa, CAMATH_ISA_AVX2)) { camath_avx2_invert4_invert(t, out, singular, n); return; }
#endif
    camath_portable_invert(t, out, singular, n);
}

void camath_invert_affine(int isa, const double *t, double *out, uint8_t *singular, uint8_t *notAffine, size_t n) {
#if defined(__x86_64__)
    if (AT_LEAST(isa, CAMATH_ISA_AVX512)) { camath_avx512_invert_affine(t, out, singular, notAffine, n); return; }
    if (AT_LEAST(isa, CAMATH_ISA_AVX2)) { camath_avx2_invert4_invert_affine(t, out, singular, notAffine, n); return; }
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
    if (AT_LEAST(isa, CAMATH_ISA_AVX512)) { camath_avx512_frames(columns, out, slow, n); return; }
    if (AT_LEAST(isa, CAMATH_ISA_AVX2)) { camath_avx2_frames(columns, out, slow, n); return; }
#endif
    camath_portable_frames(columns, out, slow, n);
}

void camath_hit_test_block(int isa, const camath_hit_tree *tree, const double *points, int64_t *hits, size_t n, double *scratch) {
#if defined(__x86_64__)
    if (AT_LEAST(isa, CAMATH_ISA_AVX512)) { camath_avx512_hit_test_block(tree, points, hits, n, scratch); return; }
    if (AT_LEAST(isa, CAMATH_ISA_AVX2)) { camath_avx2_hit_test_block(tree, points, hits, n, scratch); return; }
#endif
    camath_portable_hit_test_block(tree, points, hits, n, scratch);
}
