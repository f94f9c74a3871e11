#include "CAMathKernels.h"
#include <stdlib.h>
#include <string.h>

static int cpu_level(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f")) return CAMATH_ISA_AVX512;
    if (__builtin_cpu_supports("avx2")) return CAMATH_ISA_AVX2;
#endif
    return CAMATH_ISA_PORTABLE;
}

static int env_cap(void) {
    const char *s = getenv("CAMATH_ISA");
    if (!s) return CAMATH_ISA_AVX512;
    if (strcmp(s, "portable") == 0) return CAMATH_ISA_PORTABLE;
    if (strcmp(s, "avx2") == 0) return CAMATH_ISA_AVX2;
    return CAMATH_ISA_AVX512;
}

// -1 = not computed yet. Every thread computes the same value, so the race is benign; the atomics
// make it well-defined.
static int g_cpu = -1, g_level = -1, g_cap = CAMATH_ISA_AVX512;

int camath_cpu_isa(void) {
    int v = __atomic_load_n(&g_cpu, __ATOMIC_RELAXED);
    if (v < 0) { v = cpu_level(); __atomic_store_n(&g_cpu, v, __ATOMIC_RELAXED); }
    return v;
}

int camath_isa(void) {
    int v = __atomic_load_n(&g_level, __ATOMIC_RELAXED);
    if (v < 0) {
        int cpu = camath_cpu_isa(), env = env_cap(), cap = __atomic_load_n(&g_cap, __ATOMIC_RELAXED);
        v = cpu < env ? cpu : env;
        v = v < cap ? v : cap;
        __atomic_store_n(&g_level, v, __ATOMIC_RELAXED);
    }
    return v;
}

int camath_limit_isa(int isa) {
    __atomic_store_n(&g_cap, isa, __ATOMIC_RELAXED);
    __atomic_store_n(&g_level, -1, __ATOMIC_RELAXED);
    return camath_isa();
}
