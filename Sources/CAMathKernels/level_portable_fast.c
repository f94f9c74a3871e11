// The portable level, fast (precision.h): the same bodies with fused multiply-adds allowed and one
// reciprocal per divisor.
#define CAMATH_FAST
#define KERNEL_ATTR
#define KERNEL(name) camath_portable_fast_##name
#include "portable.h"
