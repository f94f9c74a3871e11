// The AVX2 level, exact: hand-written intrinsics for concat, 3-D points and inverses; the lane loops
// compiled for AVX2; the inverses' tails are the portable kernels.
#if defined(__x86_64__)
#define KERNEL_ATTR __attribute__((target("avx2")))
#define KERNEL_LANES 4 // doubles per vector: the planes loops' vector step (planes.h)
#define KERNEL(name) camath_avx2_##name
#define KERNEL_PORTABLE(name) camath_portable_##name
#include "concat_avx2.h"
#include "points3_avx2.h"
#include "invert4_avx2.h"
#include "points2_lanes.h"
#include "frames_lanes.h"
#include "transform_lanes.h"
#include "hit_test_lanes.h"
#include "autoresize_lanes.h"
#include "animation_lanes.h"
#include "planes.h"
#endif
