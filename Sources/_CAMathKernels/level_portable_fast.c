// The portable level, fast (precision.h): the same bodies but concat (its table holds the exact one:
// kernels.h), with fused multiply-adds allowed and one reciprocal per divisor.
#define CAMATH_FAST
#define KERNEL_ATTR
#define KERNEL(name) camath_portable_fast_##name
// KERNEL_EXACT: the exact kernels of the level, which a fast kernel hands the blocks it must not fuse.
#define KERNEL_EXACT(name) camath_portable_##name
#include "portable.h"
#include "points2_lanes.h"
#include "frames_lanes.h"
#include "transform_lanes.h"
#include "planes.h"
