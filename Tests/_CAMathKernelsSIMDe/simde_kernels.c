// The emulated levels' tables: the SIMDe-compiled intrinsic kernels where a level has them, the
// portable lane loops elsewhere (the same tables as kernels_for_level.c, level by level).
#include "_CAMathKernelsSIMDe.h"
#include "simde_kernels.h"
#include <string.h>

#if defined(__x86_64__) && defined(CAMATH_SIMDE)
// Each level's exact table and its fast one (kernels.h: CAMATH_TABLES): the SIMDe bodies in the intrinsic
// slots, the portable lane loops in the others.
CAMATH_TABLES(avx2, avx2_fast, CAMATH_LEVEL_AVX2, "simde-avx2",
              (camath_simde_avx2_, camath_simde_avx2_fast_, camath_portable_, camath_portable_fast_));
CAMATH_TABLES(avx512, avx512_fast, CAMATH_LEVEL_AVX512, "simde-avx512",
              (camath_simde_avx512_, camath_simde_avx512_fast_, camath_portable_, camath_portable_fast_));
#endif

const camath_kernels *camath_simde_kernels(int level) {
#if defined(__x86_64__) && defined(CAMATH_SIMDE)
    if (level == CAMATH_LEVEL_AVX2) return &avx2;
    if (level == CAMATH_LEVEL_AVX512) return &avx512;
#endif
    (void)level;
    return 0;
}

#define CAMATH_HAS_INTRINSICS_INTRINSICS 1
#define CAMATH_HAS_INTRINSICS_LANES 0
#define CAMATH_ENTRY_BODY(name_, name, precision, body, params, args) \
    if (strcmp(name_, #name) == 0) return CAMATH_HAS_INTRINSICS_##body;
int camath_kernel_entry_has_intrinsics(const char *name) {
    CAMATH_KERNEL_ENTRIES(CAMATH_ENTRY_BODY, name)
    return -1;
}
