// The AVX-512 level's exact intrinsic bodies over SIMDe (3-D points; its inverses are the AVX2 body:
// simde_kernels.c); the points' tails go to the emulated AVX2 kernel.
#if defined(__x86_64__) && defined(CAMATH_SIMDE)
#pragma clang diagnostic ignored "-Wpsabi"
#define CAMATH_KERNELS_SIMDE
#define KERNEL_ATTR
#define KERNEL(name) camath_simde_avx512_##name
#define KERNEL_AVX2(name) camath_simde_avx2_##name
#define KERNEL_PORTABLE(name) camath_portable_##name
#include "simde_kernels.h"
#include "../../Sources/_CAMathKernels/points3_avx512.h"
#endif
