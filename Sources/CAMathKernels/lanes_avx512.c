#pragma clang fp contract(off)
#if defined(__x86_64__)
#define LANES_ATTR __attribute__((target("avx512f")))
#define LANES(name) camath_avx512_##name
#define LANES_WITH_TREE
#include "lanes_body.h"
#endif
