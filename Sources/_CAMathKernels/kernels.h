// Private: every per-level instantiation of the kernels, so that each table (kernels_for_level.c) and each
// body that calls another level's kernel (a tail, a shared kernel) sees one declaration. The bodies are
// the *.h files beside this one; each level's .c file includes the bodies it needs with KERNEL_ATTR (its
// target attribute) and KERNEL(name) (its name prefix) defined. The test-only target _CAMathKernelsSIMDe
// compiles the intrinsic bodies a second time against SIMDe, with its own prefix.
#ifndef CAMATH_KERNELS_PRIVATE_H
#define CAMATH_KERNELS_PRIVATE_H

#include "_CAMathKernels.h"

#define CAMATH_DECLARE_CONCAT(prefix) \
    void prefix##concat(const double *a, size_t aStep, const double *b, size_t bStep, double *out, size_t n)
#define CAMATH_DECLARE_MAP_POINTS3(prefix) void prefix##map_points3(const double *m, const double *points, double *out, size_t n)
#define CAMATH_DECLARE_INVERT(prefix) \
    void prefix##invert(const double *t, double *out, uint8_t *singular, size_t n); \
    void prefix##invert_affine(const double *t, double *out, uint8_t *singular, uint8_t *notAffine, size_t n)
#define CAMATH_DECLARE_LANES(prefix) \
    void prefix##map_points2(const double *h, const double *points, double *out, size_t n); \
    void prefix##frames(const double *const *columns, double *out, uint8_t *slow, size_t n); \
    void prefix##frames_planes(const double *const *columns, double *out, size_t outPlane, uint8_t *slow, size_t n); \
    void prefix##hit_test_block(const camath_hit_tree *tree, const double *points, int64_t *hits, size_t n, double *scratch); \
    void prefix##autoresize(const double *frames, const uint32_t *masks, double oldW, double oldH, double newW, double newH, double *out, \
                            size_t n); \
    void prefix##decompose(const double *t, const uint8_t *methods, int method, int parts, double *records, size_t stride, \
                           uint8_t *status, size_t n); \
    void prefix##recompose(const double *records, size_t stride, int quaternion, double *out, uint8_t *slow, size_t n); \
    void prefix##pair_records(const double *a, const double *b, size_t stride, double *pairs, double *perspectives, size_t n); \
    void prefix##interpolate(const double *pairs, const double *perspectives, const int64_t *indices, const uint8_t *flags, \
                             const double *t, double *out, uint8_t *slow, size_t n, int stream); \
    void prefix##elementary(int function, const double *x, const double *y, double *out, uint8_t *slow, size_t n); \
    void prefix##timing_curve(const double *curves, const uint32_t *which, const double *x, double *y, uint8_t *slow, size_t n); \
    void prefix##spring_fractions(const double *params, size_t paramStep, const double *t, size_t timeStep, double *out, uint8_t *slow, \
                                  size_t n); \
    void prefix##media_timing(const double *timings, size_t stride, const uint8_t *flags, const double *t, size_t timeStep, \
                              uint8_t *contributes, double *basic, double *progress, double *cycle, size_t n); \
    void prefix##concat_planes(const double *a, size_t aPlane, const double *b, size_t bPlane, double *out, size_t outPlane, size_t n); \
    CAMATH_DECLARE_PLANES(prefix)

/// The planes kernels a fast table has its own of (its concat_planes is the exact one).
#define CAMATH_DECLARE_PLANES(prefix) \
    void prefix##invert_planes(const double *t, size_t tPlane, double *out, size_t outPlane, uint8_t *singular, size_t n); \
    void prefix##map_points3_planes(const double *m, const double *points, size_t pointPlane, double *out, size_t outPlane, size_t n); \
    void prefix##map_points2_planes(const double *h, const double *points, size_t pointPlane, double *out, size_t outPlane, size_t n)

#define CAMATH_DECLARE_MAP_POINTS3_STRIDED(prefix) \
    void prefix##map_points3_strided(const double *m, const uint8_t *points, size_t inStride, uint8_t *out, size_t outStride, size_t n)
#define CAMATH_DECLARE_FAST_LANES(prefix) \
    void prefix##map_points2(const double *h, const double *points, double *out, size_t n); \
    void prefix##frames(const double *const *columns, double *out, uint8_t *slow, size_t n); \
    void prefix##frames_planes(const double *const *columns, double *out, size_t outPlane, uint8_t *slow, size_t n); \
    void prefix##interpolate(const double *pairs, const double *perspectives, const int64_t *indices, const uint8_t *flags, \
                             const double *t, double *out, uint8_t *slow, size_t n, int stream); \
    CAMATH_DECLARE_PLANES(prefix)

// Portable C (level_portable.c, level_portable_fast.c: portable.h): every kernel; the vector levels'
// tails call its inverses. The fast instantiations have the prefix camath_<level>_fast_: points, inverses,
// frames and the interpolation. Concat has none: fused, its sums could stay finite where the reference's
// overflow (the contract keeps a concat's non-finite positions identical), and the scan that would guard
// against it costs more than fusing saves; the fast tables hold the exact concat.
CAMATH_DECLARE_CONCAT(camath_portable_);
CAMATH_DECLARE_MAP_POINTS3(camath_portable_);
CAMATH_DECLARE_MAP_POINTS3_STRIDED(camath_portable_);
CAMATH_DECLARE_INVERT(camath_portable_);
CAMATH_DECLARE_LANES(camath_portable_);
CAMATH_DECLARE_MAP_POINTS3(camath_portable_fast_);
CAMATH_DECLARE_MAP_POINTS3_STRIDED(camath_portable_fast_);
CAMATH_DECLARE_INVERT(camath_portable_fast_);
CAMATH_DECLARE_FAST_LANES(camath_portable_fast_);

#if defined(__x86_64__)
// AVX2 (level_avx2.c): concat_avx2.h, points3_avx2.h, invert4_avx2.h, lanes.h.
CAMATH_DECLARE_CONCAT(camath_avx2_);
CAMATH_DECLARE_MAP_POINTS3(camath_avx2_);
CAMATH_DECLARE_INVERT(camath_avx2_);
CAMATH_DECLARE_LANES(camath_avx2_);
CAMATH_DECLARE_MAP_POINTS3(camath_avx2_fast_);
CAMATH_DECLARE_INVERT(camath_avx2_fast_);
CAMATH_DECLARE_FAST_LANES(camath_avx2_fast_);

// AVX-512 (level_avx512.c): points3_avx512.h, lanes.h; its concat is AVX2's (a two-rows-per-zmm concat needs
// 8 lane-crossing shuffles per matrix and measured 30 % slower on Zen 5), and its exact inverses are
// invert4_avx2.h's body built with AVX-512VL (level_avx512_vl.c); the fast ones are invert8_avx512.h.
CAMATH_DECLARE_MAP_POINTS3(camath_avx512_);
CAMATH_DECLARE_INVERT(camath_avx512vl_);
CAMATH_DECLARE_LANES(camath_avx512_);
CAMATH_DECLARE_MAP_POINTS3(camath_avx512_fast_);
CAMATH_DECLARE_INVERT(camath_avx512_fast_);
CAMATH_DECLARE_FAST_LANES(camath_avx512_fast_);
#endif

#endif
