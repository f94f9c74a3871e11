// Private: the emulated instantiations, for the tables and for each other's tails.
#ifndef CAMATH_SIMDE_KERNELS_PRIVATE_H
#define CAMATH_SIMDE_KERNELS_PRIVATE_H
#include "../../Sources/_CAMathKernels/kernels.h"

#if defined(__x86_64__) && defined(CAMATH_SIMDE)
CAMATH_DECLARE_INTRINSIC_KERNELS(camath_simde_avx2_)
CAMATH_DECLARE_FAST_INTRINSIC_KERNELS(camath_simde_avx2_fast_)
CAMATH_DECLARE_INTRINSIC_KERNELS(camath_simde_avx512_)
CAMATH_DECLARE_FAST_INTRINSIC_KERNELS(camath_simde_avx512_fast_)
#endif
#endif
