// The one dispatch table: a camath_kernels per level, and the CPU test that says which levels may run.
// CAMathBatch selects a table once per batch call and passes it down; nothing below branches on the
// instruction set again.
#include "kernels.h"
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__)
#include <cpuid.h>
#endif

// Each level's exact table and its fast one (kernels.h: CAMATH_TABLES); a level's own kernels serve both
// its intrinsic and its lane slots.
CAMATH_TABLES(portable, portable_fast, CAMATH_LEVEL_PORTABLE, "portable",
              (camath_portable_, camath_portable_fast_, camath_portable_, camath_portable_fast_));
#if defined(__x86_64__)
CAMATH_TABLES(avx2, avx2_fast, CAMATH_LEVEL_AVX2, "avx2", (camath_avx2_, camath_avx2_fast_, camath_avx2_, camath_avx2_fast_));
CAMATH_TABLES(avx512, avx512_fast, CAMATH_LEVEL_AVX512, "avx512",
              (camath_avx512_, camath_avx512_fast_, camath_avx512_, camath_avx512_fast_));
#endif

static int detect_cpu_level(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    // The AVX-512 level needs AVX-512VL beside AVX-512F (its exact inverses use VL's 32 ymm registers:
    // level_avx512_inverses.c); every AVX-512 CPU but the Xeon Phi has both.
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl")) return CAMATH_LEVEL_AVX512;
    // The AVX2 level's fast kernels fuse multiply-adds: it needs FMA beside AVX2 (every AVX2 CPU from
    // Intel's Haswell and AMD's Excavator on has both; AVX-512F implies it).
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return CAMATH_LEVEL_AVX2;
#endif
    return CAMATH_LEVEL_PORTABLE;
}

/// `*slot`, set to detect() the first time (-1: not detected yet). Every thread computes the same value, so the race
/// is benign; the atomics make it well-defined.
static int detected(int *slot, int (*detect)(void)) {
    int v = __atomic_load_n(slot, __ATOMIC_RELAXED);
    if (v < 0) {
        v = detect();
        __atomic_store_n(slot, v, __ATOMIC_RELAXED);
    }
    return v;
}

static int cpu_level = -1;
int camath_cpu_level(void) { return detected(&cpu_level, detect_cpu_level); }

#if defined(__x86_64__)
static int detect_full_width_512(void) {
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(0, &eax, &ebx, &ecx, &edx)) return 0;
    const int amd = ebx == 0x68747541 && edx == 0x69746e65 && ecx == 0x444d4163; // "AuthenticAMD"
    if (!amd || !__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    const unsigned family = ((eax >> 8) & 0xF) + (((eax >> 8) & 0xF) == 0xF ? (eax >> 20) & 0xFF : 0);
    return family >= 26;
}

static int full_width_512 = -1;
int camath_cpu_is_full_width_512(void) { return detected(&full_width_512, detect_full_width_512); }
#endif

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
