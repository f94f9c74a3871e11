// The AVX-512 level, exact: intrinsics for 3-D points; the lane loops compiled for AVX-512F. Concat and the
// points' tails use the AVX2 kernels, the inverses AVX2's body built with AVX-512VL (level_avx512_vl.c).
#if defined(__x86_64__)
#define KERNEL_ATTR __attribute__((target("avx512f")))
#define KERNEL_LANES 8 // doubles per vector: the planes loops' vector step (planes.h)
// The planes inverse: four lanes per step with VL's 32 registers, as the AoS inverses (level_avx512_vl.c).
#define KERNEL_DIVIDE_ATTR __attribute__((target("avx512f,avx512vl")))
#define KERNEL_DIVIDE_LOOP _Pragma("clang loop vectorize(enable) vectorize_width(4) interleave_count(1)")
#define KERNEL_DIVIDE_LANES 4
#define KERNEL(name) camath_avx512_##name
#define KERNEL_AVX2(name) camath_avx2_##name
#define KERNEL_PORTABLE(name) camath_portable_##name
#include "points3_avx512.h"
#include "lanes.h"
#endif
