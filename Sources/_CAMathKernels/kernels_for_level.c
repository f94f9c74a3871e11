// The one dispatch table: a camath_kernels per level, and the CPU test that says which levels may run.
// CAMathBatch selects a table once per batch call and passes it down; nothing below branches on the
// instruction set again.
#include "kernels.h"
#include <stdlib.h>
#include <string.h>

// Each exact table names its level's fast table; a fast table names itself.
#define CAMATH_TABLE(variable, lvl, label, fastTable, isFastTable, prefix, prefix3, prefix512, prefixHit) \
    static const camath_kernels variable = { \
        .level = lvl, \
        .name = label, \
        .isFast = isFastTable, \
        .fast = &fastTable, \
        .concat = prefix##concat, \
        .map_points3 = prefix3##map_points3, \
        .map_points3_strided = prefix##map_points3_strided, \
        .map_points2 = prefix512##map_points2, \
        .invert = prefix3##invert, \
        .invert_affine = prefix3##invert_affine, \
        .frames = prefix512##frames, \
        .hit_test_block = prefixHit##hit_test_block, \
        .autoresize = prefixHit##autoresize, \
        .decompose = prefixHit##decompose, \
        .recompose = prefixHit##recompose, \
        .pair_records = prefixHit##pair_records, \
        .interpolate = prefix512##interpolate, \
        .elementary = prefixHit##elementary, \
        .timing_curve = prefixHit##timing_curve, \
        .spring_fractions = prefixHit##spring_fractions, \
        .media_timing = prefixHit##media_timing, \
        .concat_planes = prefixHit##concat_planes, \
        .invert_planes = prefix512##invert_planes, \
        .map_points3_planes = prefix512##map_points3_planes, \
        .map_points2_planes = prefix512##map_points2_planes, \
        .frames_planes = prefix512##frames_planes, \
    }

// The fast tables hold the exact concat (kernels.h).
#define camath_portable_fast_concat camath_portable_concat
#define camath_avx2_fast_concat camath_avx2_concat

static const camath_kernels portable_fast;
CAMATH_TABLE(portable, CAMATH_LEVEL_PORTABLE, "portable", portable_fast, 0, camath_portable_, camath_portable_, camath_portable_,
             camath_portable_);
CAMATH_TABLE(portable_fast, CAMATH_LEVEL_PORTABLE, "portable-fast", portable_fast, 1, camath_portable_fast_, camath_portable_fast_,
             camath_portable_fast_, camath_portable_);

#if defined(__x86_64__)
// The strided 3-D map is the portable kernel at every level; AVX-512 reuses AVX2's concat, and its exact
// inverses are the AVX-512VL build of AVX2's body (level_avx512_vl.c).
#define camath_avx2_map_points3_strided camath_portable_map_points3_strided
#define camath_avx2_fast_map_points3_strided camath_portable_fast_map_points3_strided
#define camath_avx512_invert camath_avx512vl_invert
#define camath_avx512_invert_affine camath_avx512vl_invert_affine
static const camath_kernels avx2_fast, avx512_fast;
CAMATH_TABLE(avx2, CAMATH_LEVEL_AVX2, "avx2", avx2_fast, 0, camath_avx2_, camath_avx2_, camath_avx2_, camath_avx2_);
CAMATH_TABLE(avx2_fast, CAMATH_LEVEL_AVX2, "avx2-fast", avx2_fast, 1, camath_avx2_fast_, camath_avx2_fast_, camath_avx2_fast_,
             camath_avx2_);
CAMATH_TABLE(avx512, CAMATH_LEVEL_AVX512, "avx512", avx512_fast, 0, camath_avx2_, camath_avx512_, camath_avx512_, camath_avx512_);
CAMATH_TABLE(avx512_fast, CAMATH_LEVEL_AVX512, "avx512-fast", avx512_fast, 1, camath_avx2_fast_, camath_avx512_fast_, camath_avx512_fast_,
             camath_avx512_);
#endif

static int detect_cpu_level(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    // The AVX-512 level needs AVX-512VL beside AVX-512F (its exact inverses use VL's 32 ymm registers:
    // level_avx512_vl.c); every AVX-512 CPU but the Xeon Phi has both.
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl")) return CAMATH_LEVEL_AVX512;
    // The AVX2 level's fast kernels fuse multiply-adds: it needs FMA beside AVX2 (every AVX2 CPU from
    // Intel's Haswell and AMD's Excavator on has both; AVX-512F implies it).
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return CAMATH_LEVEL_AVX2;
#endif
    return CAMATH_LEVEL_PORTABLE;
}

// -1 = not detected yet. Every thread computes the same value, so the race is benign; the atomics make
// it well-defined.
static int cpu_level = -1;

int camath_cpu_level(void) {
    int v = __atomic_load_n(&cpu_level, __ATOMIC_RELAXED);
    if (v < 0) {
        v = detect_cpu_level();
        __atomic_store_n(&cpu_level, v, __ATOMIC_RELAXED);
    }
    return v;
}

int camath_environment_level_cap(void) {
    const char *s = getenv("CAMATH_ISA");
    if (s && strcmp(s, "portable") == 0) return CAMATH_LEVEL_PORTABLE;
    if (s && strcmp(s, "avx2") == 0) return CAMATH_LEVEL_AVX2;
    return CAMATH_LEVEL_AVX512;
}

const camath_kernels *camath_kernels_for_level(int level) {
    if (level > camath_cpu_level()) return NULL;
    switch (level) {
    case CAMATH_LEVEL_PORTABLE: return &portable;
#if defined(__x86_64__)
    case CAMATH_LEVEL_AVX2: return &avx2;
    case CAMATH_LEVEL_AVX512: return &avx512;
#endif
    default: return NULL;
    }
}
