// The AVX-512 level's exact inverses, two bodies and the choice between them. An exact inverse is bound by the
// divider. On Intel cores a 512-bit division takes twice a 256-bit one's time and 256-bit arithmetic issues on
// three ports where 512-bit has two, so invert4_avx2.h's four-lane body, built with AVX-512VL for its 32 vector
// registers (the AVX2 build spills with 16), keeps the divider busier (invert4_avx2.h has the figures); the level
// therefore needs AVX-512VL beside AVX-512F (kernels_for_level.c). Where 512-bit units run at full width
// (camath_cpu_is_full_width_512: AMD Zen 5 and later) eight lanes divide in the time of four, and
// invert8_avx512.h's body, built exact, runs (C harness, Zen 5, 1e3 matrices: see the commit that chose it).
#if defined(__x86_64__)
#define KERNEL_ATTR __attribute__((target("avx2,avx512f,avx512vl")))
#define KERNEL(name) camath_avx512vl_##name
#define KERNEL_PORTABLE(name) camath_portable_##name
#include "invert4_avx2.h"
#undef KERNEL_ATTR
#undef KERNEL
#define KERNEL_ATTR __attribute__((target("avx512f")))
#define KERNEL(name) camath_avx512zmm_##name
#include "invert8_avx512.h"

void camath_avx512_invert(const double *t, double *out, uint8_t *singular, size_t n) {
    if (camath_cpu_is_full_width_512()) camath_avx512zmm_invert(t, out, singular, n);
    else camath_avx512vl_invert(t, out, singular, n);
}

void camath_avx512_invert_affine(const double *t, double *out, uint8_t *singular, uint8_t *notAffine, size_t n) {
    if (camath_cpu_is_full_width_512()) camath_avx512zmm_invert_affine(t, out, singular, notAffine, n);
    else camath_avx512vl_invert_affine(t, out, singular, notAffine, n);
}
#endif
