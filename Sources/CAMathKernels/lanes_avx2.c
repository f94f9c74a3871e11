#pragma clang fp contract(off)
#if defined(__x86_64__)
#define LANES_ATTR __attribute__((target("avx2")))
#define LANES(name) camath_avx2_##name
#define LANES_WITH_TREE
#include "lanes_body.h"
#endif
