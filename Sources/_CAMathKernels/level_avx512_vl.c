// The AVX-512 level's exact inverses: invert4_avx2.h's four-lane body, built with AVX-512VL so that it has
// 32 vector registers (the AVX2 build spills with 16). An exact inverse is bound by the divider, which takes
// the same time per lane at either width; on Intel cores 256-bit arithmetic issues on three ports and 512-bit
// on two, so the narrower body keeps the divider busier (invert4_avx2.h has the figures). The AVX-512 level
// therefore needs AVX-512VL as well as AVX-512F (kernels_for_level.c).
#if defined(__x86_64__)
#define KERNEL_ATTR __attribute__((target("avx2,avx512f,avx512vl")))
#define KERNEL(name) camath_avx512vl_##name
#define KERNEL_PORTABLE(name) camath_portable_##name
#include "invert4_avx2.h"
#endif
