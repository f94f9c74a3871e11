// The AVX2 level: hand-written intrinsics for concat, 3-D points and inverses; the lane loops compiled
// for AVX2.
#if defined(__x86_64__)
#define KERNEL_ATTR __attribute__((target("avx2")))
#define KERNEL(name) camath_avx2_##name
#include "concat_avx2.h"
#include "points3_avx2.h"
#include "invert4_avx2.h"
#include "lanes.h"
#endif
