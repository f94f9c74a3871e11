// The AVX-512 level's exact intrinsic bodies over SIMDe: concat, 3-D points and the eight-lane inverses, each the
// body the native level runs where 512-bit units run at full width (elsewhere its concat falls back to the AVX2
// body for some shapes, and its inverses are the AVX2 body built with AVX-512VL: the emulated AVX2 level's, tested
// there). The points' tails go to the emulated AVX2 kernel.
#if defined(__x86_64__) && defined(CAMATH_SIMDE)
#pragma clang diagnostic ignored "-Wpsabi"
#define CAMATH_KERNELS_SIMDE
#define KERNEL_ATTR
#define KERNEL(name) camath_simde_avx512_##name
#define KERNEL_AVX2(name) camath_simde_avx2_##name
#define KERNEL_PORTABLE(name) camath_portable_##name
#define CONCAT_FULL_WIDTH 1
#include "simde_kernels.h"
#include "../../Sources/_CAMathKernels/concat_avx512.h"
#include "../../Sources/_CAMathKernels/points3_avx512.h"
#include "../../Sources/_CAMathKernels/invert8_avx512.h"
#endif
