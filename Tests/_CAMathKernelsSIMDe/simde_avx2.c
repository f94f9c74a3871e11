// The AVX2 level's intrinsic bodies over SIMDe (no target attribute: SIMDe emulates every intrinsic).
#if defined(__x86_64__) && defined(CAMATH_SIMDE)
#pragma clang diagnostic ignored "-Wpsabi"
#define CAMATH_KERNELS_SIMDE
#define KERNEL_ATTR
#define KERNEL(name) camath_simde_avx2_##name
#define KERNEL_PORTABLE(name) camath_portable_##name
#include "simde_kernels.h"
#include "../../Sources/_CAMathKernels/concat_avx2.h"
#include "../../Sources/_CAMathKernels/points3_avx2.h"
#include "../../Sources/_CAMathKernels/invert4_avx2.h"
#endif
