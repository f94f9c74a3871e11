// The portable level, exact: every kernel in plain C for every CPU (portable.h).
#define KERNEL_ATTR
#define KERNEL(name) camath_portable_##name
#include "portable.h"
#include "points2_lanes.h"
#include "frames_lanes.h"
#include "transform_lanes.h"
#include "hit_test_lanes.h"
#include "autoresize_lanes.h"
#include "animation_lanes.h"
#include "planes.h"
