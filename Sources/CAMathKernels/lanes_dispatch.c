// Chooses the lane-loop instantiation for the requested instruction set.
#include "CAMathKernels.h"

#define DECLARE(prefix) \
    void prefix##invert(const double *, double *, uint8_t *, size_t); \
    void prefix##invert_affine(const double *, double *, uint8_t *, uint8_t *, size_t); \
    void prefix##map_points2(const double *, const double *, double *, size_t); \
    void prefix##frames(const double *const *, double *, uint8_t *, size_t); \
    void prefix##hit_test_block(const camath_hit_tree *, const double *, int64_t *, size_t, double *);
DECLARE(camath_portable_)
#if defined(__x86_64__)
DECLARE(camath_avx2_)
DECLARE(camath_avx512_)
#define PICK(isa, name, ...) \
    do { \
        if ((isa) >= CAMATH_ISA_AVX512) camath_avx512_##name(__VA_ARGS__); \
        else if ((isa) >= CAMATH_ISA_AVX2) camath_avx2_##name(__VA_ARGS__); \
        else camath_portable_##name(__VA_ARGS__); \
    } while (0)
#else
#define PICK(isa, name, ...) do { (void)(isa); camath_portable_##name(__VA_ARGS__); } while (0)
#endif

void camath_invert(int isa, const double *t, double *out, uint8_t *singular, size_t n) {
    PICK(isa, invert, t, out, singular, n);
}

void camath_invert_affine(int isa, const double *t, double *out, uint8_t *singular, uint8_t *notAffine, size_t n) {
    PICK(isa, invert_affine, t, out, singular, notAffine, n);
}

void camath_map_points2(int isa, const double *h, const double *points, double *out, size_t n) {
    PICK(isa, map_points2, h, points, out, n);
}

void camath_frames(int isa, const double *const *columns, double *out, uint8_t *slow, size_t n) {
    PICK(isa, frames, columns, out, slow, n);
}

void camath_hit_test_block(int isa, const camath_hit_tree *tree, const double *points, int64_t *hits, size_t n, double *scratch) {
    PICK(isa, hit_test_block, tree, points, hits, n, scratch);
}
