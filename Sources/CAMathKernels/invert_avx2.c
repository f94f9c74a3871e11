#pragma clang fp contract(off)
#if defined(__x86_64__)
#define INVERT4_ATTR __attribute__((target("avx2")))
#define INVERT4(name) camath_avx2_invert4_##name
#include "invert4_body.h"
#endif
