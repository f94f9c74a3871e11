// The one dispatch table: a camath_kernels per level, and the CPU test that says which levels may run.
// CAMathBatch selects a table once per batch call and passes it down; nothing below branches on the
// instruction set again.
#include "kernels.h"
#include <stdlib.h>
#include <string.h>

static const camath_kernels portable = {
    .level = CAMATH_LEVEL_PORTABLE, .name = "portable",
    .concat = camath_portable_concat, .map_points3 = camath_portable_map_points3,
    .map_points3_strided = camath_portable_map_points3_strided, .map_points2 = camath_portable_map_points2,
    .invert = camath_portable_invert, .invert_affine = camath_portable_invert_affine,
    .frames = camath_portable_frames, .hit_test_block = camath_portable_hit_test_block,
};

#if defined(__x86_64__)
static const camath_kernels avx2 = {
    .level = CAMATH_LEVEL_AVX2, .name = "avx2",
    .concat = camath_avx2_concat, .map_points3 = camath_avx2_map_points3,
    .map_points3_strided = camath_portable_map_points3_strided, .map_points2 = camath_avx2_map_points2,
    .invert = camath_avx2_invert, .invert_affine = camath_avx2_invert_affine,
    .frames = camath_avx2_frames, .hit_test_block = camath_avx2_hit_test_block,
};

static const camath_kernels avx512 = {
    .level = CAMATH_LEVEL_AVX512, .name = "avx512",
    .concat = camath_avx2_concat, .map_points3 = camath_avx512_map_points3,
    .map_points3_strided = camath_portable_map_points3_strided, .map_points2 = camath_avx512_map_points2,
    .invert = camath_avx512_invert, .invert_affine = camath_avx512_invert_affine,
    .frames = camath_avx512_frames, .hit_test_block = camath_avx512_hit_test_block,
};
#endif

static int detect_cpu_level(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f")) return CAMATH_LEVEL_AVX512;
    if (__builtin_cpu_supports("avx2")) return CAMATH_LEVEL_AVX2;
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
