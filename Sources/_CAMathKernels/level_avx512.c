// The AVX-512 level, exact: intrinsics for concat and 3-D points; the lane loops compiled for AVX-512F. The
// points' tails (and concat where 512-bit permutes do not pay) use the AVX2 kernels, the inverses AVX2's body
// built with AVX-512VL (level_avx512_inverses.c).
#if defined(__x86_64__)
#define KERNEL_ATTR __attribute__((target("avx512f")))
#define KERNEL_LANES 8 // doubles per vector: the planes loops' vector step (planes.h)
// The planes inverse: four lanes per step with VL's 32 registers, as the AoS inverses (level_avx512_inverses.c).
#define KERNEL_DIVIDE_ATTR __attribute__((target("avx512f,avx512vl")))
#define KERNEL_DIVIDE_LOOP _Pragma("clang loop vectorize(enable) vectorize_width(4) interleave_count(1)")
#define KERNEL_DIVIDE_LANES 4
#define KERNEL(name) camath_avx512_##name
#define KERNEL_AVX2(name) camath_avx2_##name
#define KERNEL_PORTABLE(name) camath_portable_##name
#define CONCAT_FULL_WIDTH camath_cpu_is_full_width_512()
#include "concat_avx512.h"
#include "points3_avx512.h"
#include "points2_lanes.h"
#include "frames_lanes.h"
#include "transform_lanes.h"
#include "hit_test_lanes.h"
#include "autoresize_lanes.h"
#include "animation_lanes.h"
#include "planes.h"
#endif
