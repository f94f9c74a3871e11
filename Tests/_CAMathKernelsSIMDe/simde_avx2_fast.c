// The fast AVX2 bodies (fused multiply-adds allowed, one reciprocal per divisor) over SIMDe.
#if defined(__x86_64__) && defined(CAMATH_SIMDE)
#pragma clang diagnostic ignored "-Wpsabi"
#define CAMATH_KERNELS_SIMDE
#define CAMATH_FAST
#define KERNEL_ATTR
#define KERNEL(name) camath_simde_avx2_fast_##name
#define KERNEL_EXACT(name) camath_simde_avx2_##name
#define KERNEL_PORTABLE(name) camath_portable_fast_##name
#include "simde_kernels.h"
#include "../../Sources/_CAMathKernels/points3_avx2.h"
#include "../../Sources/_CAMathKernels/invert4_avx2.h"
#endif
