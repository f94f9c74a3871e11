// The emulated levels' tables: the SIMDe-compiled intrinsic kernels where a level has them, the
// portable lane loops elsewhere (the same tables as kernels_for_level.c, level by level).
#include "_CAMathKernelsSIMDe.h"
#include "simde_kernels.h"

#if defined(__x86_64__) && defined(CAMATH_SIMDE)
// Each exact table names its fast table (the same bodies built with CAMATH_FAST, and the exact concat:
// kernels.h); a fast table names itself.
#define CAMATH_SIMDE_TABLE(variable, lvl, label, fastTable, isFastTable, concatPrefix, prefix, lanePrefix) \
    static const camath_kernels variable = { \
        .level = lvl, \
        .name = label, \
        .isFast = isFastTable, \
        .fast = &fastTable, \
        .concat = concatPrefix##concat, \
        .map_points3 = prefix##map_points3, \
        .map_points3_strided = lanePrefix##map_points3_strided, \
        .map_points2 = lanePrefix##map_points2, \
        .invert = prefix##invert, \
        .invert_affine = prefix##invert_affine, \
        .frames = lanePrefix##frames, \
        .hit_test_block = camath_portable_hit_test_block, \
        .autoresize = camath_portable_autoresize, \
        .decompose = camath_portable_decompose, \
        .recompose = camath_portable_recompose, \
        .pair_records = camath_portable_pair_records, \
        .interpolate = lanePrefix##interpolate, \
        .elementary = camath_portable_elementary, \
        .timing_curve = camath_portable_timing_curve, \
        .spring_fractions = camath_portable_spring_fractions, \
        .media_timing = camath_portable_media_timing, \
        .concat_planes = camath_portable_concat_planes, \
        .invert_planes = lanePrefix##invert_planes, \
        .map_points3_planes = lanePrefix##map_points3_planes, \
        .map_points2_planes = lanePrefix##map_points2_planes, \
        .frames_planes = lanePrefix##frames_planes, \
    }

// The exact AVX-512 table's inverses are the AVX2 body (kernels_for_level.c: level_avx512_vl.c).
#define camath_simde_avx512_invert camath_simde_avx2_invert
#define camath_simde_avx512_invert_affine camath_simde_avx2_invert_affine
static const camath_kernels avx2_fast, avx512_fast;
CAMATH_SIMDE_TABLE(avx2, CAMATH_LEVEL_AVX2, "simde-avx2", avx2_fast, 0, camath_simde_avx2_, camath_simde_avx2_, camath_portable_);
CAMATH_SIMDE_TABLE(avx2_fast, CAMATH_LEVEL_AVX2, "simde-avx2-fast", avx2_fast, 1, camath_simde_avx2_, camath_simde_avx2_fast_,
                   camath_portable_fast_);
CAMATH_SIMDE_TABLE(avx512, CAMATH_LEVEL_AVX512, "simde-avx512", avx512_fast, 0, camath_simde_avx2_, camath_simde_avx512_, camath_portable_);
CAMATH_SIMDE_TABLE(avx512_fast, CAMATH_LEVEL_AVX512, "simde-avx512-fast", avx512_fast, 1, camath_simde_avx2_, camath_simde_avx512_fast_,
                   camath_portable_fast_);
#endif

const camath_kernels *camath_simde_kernels(int level) {
#if defined(__x86_64__) && defined(CAMATH_SIMDE)
    if (level == CAMATH_LEVEL_AVX2) return &avx2;
    if (level == CAMATH_LEVEL_AVX512) return &avx512;
#endif
    (void)level;
    return 0;
}
