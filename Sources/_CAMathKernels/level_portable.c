// The portable level, exact: every kernel in plain C for every CPU (portable.h).
#define KERNEL_ATTR
#define KERNEL(name) camath_portable_##name
#include "portable.h"
