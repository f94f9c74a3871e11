// The AVX-512F level, fast (precision.h): the same bodies as level_avx512.c with fused multiply-adds
// allowed (AVX-512F has FMA) and one reciprocal per divisor; tails and concat from the fast AVX2 level.
#if defined(__x86_64__)
#define CAMATH_FAST
#define KERNEL_ATTR __attribute__((target("avx512f")))
#define KERNEL_LANES 8 // doubles per vector: the planes loops' vector step (planes.h)
#define KERNEL(name) camath_avx512_fast_##name
// KERNEL_EXACT: the exact kernels of the level, which a fast kernel hands the blocks it must not fuse.
#define KERNEL_EXACT(name) camath_avx512_##name
#define KERNEL_AVX2(name) camath_avx2_fast_##name
#define KERNEL_PORTABLE(name) camath_portable_fast_##name
#include "points3_avx512.h"
#include "invert8_avx512.h"
#include "points2_lanes.h"
#include "frames_lanes.h"
#include "transform_lanes.h"
#include "planes.h"
#endif
