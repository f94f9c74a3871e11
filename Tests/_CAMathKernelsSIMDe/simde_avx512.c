// The AVX-512 level's exact intrinsic bodies over SIMDe (concat, 3-D points; its inverses are the AVX2 body:
// simde_kernels.h); the points' tails go to the emulated AVX2 kernel. Concat runs its 512-bit body for every
// shape, whatever this CPU's permutes (the native level falls back to the AVX2 body for some shapes on some
// CPUs: that body is the emulated AVX2 level's, tested there).
#if defined(__x86_64__) && defined(CAMATH_SIMDE)
#pragma clang diagnostic ignored "-Wpsabi"
#define CAMATH_KERNELS_SIMDE
#define KERNEL_ATTR
#define KERNEL(name) camath_simde_avx512_##name
#define KERNEL_AVX2(name) camath_simde_avx2_##name
#define KERNEL_PORTABLE(name) camath_portable_##name
#define CONCAT_WIDE_PERMUTES 1
#include "simde_kernels.h"
#include "../../Sources/_CAMathKernels/concat_avx512.h"
#include "../../Sources/_CAMathKernels/points3_avx512.h"
#endif
