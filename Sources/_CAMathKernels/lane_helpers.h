// Helpers of the lane-loop bodies (points2_lanes.h, frames_lanes.h, transform_lanes.h, hit_test_lanes.h,
// autoresize_lanes.h, animation_lanes.h, planes.h, portable.h): each lane computes the reference's operations
// in the reference's order — in an exact build without fusing, so whatever width the compiler vectorises them
// to for a level's KERNEL_ATTR, the results are the reference's bits (a fast build: precision.h).
#ifndef CAMATH_LANE_HELPERS_H
#define CAMATH_LANE_HELPERS_H
#include "kernels.h"
#include "point_guard.h"
#include <float.h>
#include <math.h>
#include <string.h>
static inline int lane_finite(double x) { return fabs(x) <= DBL_MAX; }
/// The inverses' determinant test: a normal number (not 0, subnormal, ∞ or NaN).
static inline int lane_normal(double x) { return (fabs(x) >= DBL_MIN) & (fabs(x) <= DBL_MAX); }

// The lane loops of the planes kernels and the frames ask for vectorisation on x86-64, where at -O2 (SwiftPM's
// release flags) the cost model may otherwise decline them (a constant count below 16 too: LANE_BLOCKS' last step);
// on aarch64 they are left to the cost model, which declines the inverse's for two-lane NEON (a declined
// request would be a -Wpass-failed warning in every aarch64 build). The bits are the same either way. They
// ask for one vector per step, so that the step is KERNEL_LANES (doubles per vector, from the level file; 1
// at the portable level): the cost model would interleave four AVX-512 steps of the 2-D map, 10-20 % slower.
#if defined(__x86_64__)
#define LANE_LOOP _Pragma("clang loop vectorize(enable) interleave_count(1)")
#else
#define LANE_LOOP
#endif
#ifndef KERNEL_LANES
#define KERNEL_LANES 1
#endif

// Runs BLOCK(start, count), a lane loop over lanes [start, start + count) of planes, on [0, n) without the
// scalar remainder the compiler leaves after its vector loop: lanes [0, n − n mod KERNEL_LANES), then, when
// KERNEL_LANES does not divide n, the last KERNEL_LANES lanes again (a constant-count call: one vector step).
// Running a lane twice writes the same values twice: no output overlaps an input. At N = 100 an AVX-512 loop's
// four remainder lanes had cost about a vector step each (a scalar lane's divisions queue one by one): the
// fast planes inverse's time per element fell by 16 % (C harness).
#define LANE_BLOCKS(n, BLOCK) LANE_BLOCKS_OF(KERNEL_LANES, n, BLOCK)
/// The same for a loop whose vector step is `step` lanes.
#define LANE_BLOCKS_OF(step, n, BLOCK) \
    do { \
        const size_t laneBody = (n) < (step) ? (n) : (n) / (step) * (step); \
        BLOCK(0, laneBody); \
        if (laneBody < (n)) BLOCK((n) - (step), step); \
    } while (0)

#endif
