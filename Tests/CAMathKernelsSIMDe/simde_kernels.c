// The emulated levels' tables: the SIMDe-compiled intrinsic kernels where a level has them, the
// portable lane loops elsewhere (the same tables as kernels_for_level.c, level by level).
#include "CAMathKernelsSIMDe.h"
#include "simde_kernels.h"

#if defined(__x86_64__)
static const camath_kernels avx2 = {
    .level = CAMATH_LEVEL_AVX2, .name = "simde-avx2",
    .concat = camath_simde_avx2_concat, .map_points3 = camath_simde_avx2_map_points3,
    .map_points3_strided = camath_portable_map_points3_strided, .map_points2 = camath_portable_map_points2,
    .invert = camath_simde_avx2_invert, .invert_affine = camath_simde_avx2_invert_affine,
    .frames = camath_portable_frames, .hit_test_block = camath_portable_hit_test_block,
};

static const camath_kernels avx512 = {
    .level = CAMATH_LEVEL_AVX512, .name = "simde-avx512",
    .concat = camath_simde_avx2_concat, .map_points3 = camath_simde_avx512_map_points3,
    .map_points3_strided = camath_portable_map_points3_strided, .map_points2 = camath_portable_map_points2,
    .invert = camath_simde_avx512_invert, .invert_affine = camath_simde_avx512_invert_affine,
    .frames = camath_portable_frames, .hit_test_block = camath_portable_hit_test_block,
};
#endif

const camath_kernels *camath_simde_kernels(int level) {
#if defined(__x86_64__)
    if (level == CAMATH_LEVEL_AVX2) return &avx2;
    if (level == CAMATH_LEVEL_AVX512) return &avx512;
#endif
    (void)level;
    return 0;
}
