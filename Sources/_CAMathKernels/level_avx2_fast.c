// The AVX2 level, fast (precision.h): the same bodies as level_avx2.c but concat (its table holds the exact
// one: kernels.h) for AVX2 with FMA, fused multiply-adds allowed and one reciprocal per divisor. Its table
// is used only where the CPU has FMA.
#if defined(__x86_64__)
#define CAMATH_FAST
#define KERNEL_ATTR __attribute__((target("avx2,fma")))
#define KERNEL_LANES 4 // doubles per vector: the planes loops' vector step (planes.h)
#define KERNEL(name) camath_avx2_fast_##name
// KERNEL_EXACT: the exact kernels of the level, which a fast kernel hands the blocks it must not fuse.
#define KERNEL_EXACT(name) camath_avx2_##name
#define KERNEL_PORTABLE(name) camath_portable_fast_##name
#include "points3_avx2.h"
#include "invert4_avx2.h"
#include "points2_lanes.h"
#include "frames_lanes.h"
#include "transform_lanes.h"
#include "planes.h"
#endif
