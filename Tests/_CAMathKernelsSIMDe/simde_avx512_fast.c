// The fast AVX-512F bodies over SIMDe; the points' tails go to the emulated fast AVX2 kernel.
#if defined(__x86_64__) && defined(CAMATH_SIMDE)
#pragma clang diagnostic ignored "-Wpsabi"
#define CAMATH_KERNELS_SIMDE
#define CAMATH_FAST
#define KERNEL_ATTR
#define KERNEL(name) camath_simde_avx512_fast_##name
#define KERNEL_EXACT(name) camath_simde_avx512_##name
#define KERNEL_AVX2(name) camath_simde_avx2_fast_##name
#define KERNEL_PORTABLE(name) camath_portable_fast_##name
#include "simde_kernels.h"
#include "../../Sources/_CAMathKernels/points3_avx512.h"
#include "../../Sources/_CAMathKernels/invert8_avx512.h"
#endif
