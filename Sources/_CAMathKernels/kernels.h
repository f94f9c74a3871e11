// Private: every per-level instantiation of the kernels, so that each table (kernels_for_level.c) and each
// body that calls another level's kernel (a tail, a shared kernel) sees one declaration. The bodies are
// the *.h files beside this one; each level's .c file includes the bodies it needs with KERNEL_ATTR (its
// target attribute) and KERNEL(name) (its name prefix) defined. The test-only target _CAMathKernelsSIMDe
// compiles the intrinsic bodies a second time against SIMDe, with its own prefix.
#ifndef CAMATH_KERNELS_PRIVATE_H
#define CAMATH_KERNELS_PRIVATE_H

#include "kernel_entries.h"

// Borrowed slots: where a level's table holds another level's kernel, its name is defined as that kernel's, so
// that the level's prototypes and table name the kernel that runs. The strided 3-D map is the portable kernel
// at every level.
#define camath_avx2_map_points3_strided camath_portable_map_points3_strided
#define camath_avx2_fast_map_points3_strided camath_portable_fast_map_points3_strided
#define camath_avx512_map_points3_strided camath_portable_map_points3_strided
#define camath_avx512_fast_map_points3_strided camath_portable_fast_map_points3_strided

// Portable C (level_portable.c, level_portable_fast.c: portable.h): every kernel; the vector levels'
// tails call its inverses. Concat has no fast form: fused, its sums could stay finite where the reference's
// overflow (the contract keeps a concat's non-finite positions identical), and the scan that would guard
// against it costs more than fusing saves.
CAMATH_DECLARE_KERNELS(camath_portable_)
CAMATH_DECLARE_FAST_KERNELS(camath_portable_fast_)

#if defined(__x86_64__)
// AVX2 (level_avx2.c, level_avx2_fast.c): concat_avx2.h, points3_avx2.h, invert4_avx2.h, the lane bodies.
CAMATH_DECLARE_KERNELS(camath_avx2_)
CAMATH_DECLARE_FAST_KERNELS(camath_avx2_fast_)
// AVX-512 (level_avx512.c, level_avx512_fast.c, level_avx512_inverses.c): concat_avx512.h, points3_avx512.h,
// invert8_avx512.h, the lane bodies.
CAMATH_DECLARE_KERNELS(camath_avx512_)
CAMATH_DECLARE_FAST_KERNELS(camath_avx512_fast_)

/// 1 on a CPU whose 512-bit units run at full width beside each other — permutes on a port of their own, divisions
/// of eight lanes in the time of four (AMD Zen 5 and later: family 26 and up), where concat_avx512.h's per-matrix
/// permutes and the eight-lane exact inverses pay; else 0 (Intel: permutes share a port with a multiplier and a
/// 512-bit division takes twice a 256-bit one; Zen 4: 512-bit arithmetic in two halves).
int camath_cpu_is_full_width_512(void);
/// The AVX-512 level's two exact inverse bodies (level_avx512_inverses.c), between which its entries choose.
void camath_avx512vl_invert(const double *t, double *out, uint8_t *singular, size_t n);
void camath_avx512vl_invert_affine(const double *t, double *out, uint8_t *singular, uint8_t *notAffine, size_t n);
void camath_avx512zmm_invert(const double *t, double *out, uint8_t *singular, size_t n);
void camath_avx512zmm_invert_affine(const double *t, double *out, uint8_t *singular, uint8_t *notAffine, size_t n);
#endif

#endif
