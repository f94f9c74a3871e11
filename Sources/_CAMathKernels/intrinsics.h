// The x86 intrinsics the kernel bodies use: the compiler's own (<immintrin.h>), or — when the test-only
// target _CAMathKernelsSIMDe defines CAMATH_KERNELS_SIMDE — SIMDe's portable implementations of the same
// operations, so the AVX2 and AVX-512 bodies run, lane for lane, on any x86-64. The list below is the
// kernels' whole intrinsic vocabulary: a body that uses an intrinsic not named here fails to compile
// in the SIMDe build.
#ifndef CAMATH_KERNELS_INTRINSICS_H
#define CAMATH_KERNELS_INTRINSICS_H

#if !defined(CAMATH_KERNELS_SIMDE)
#include <immintrin.h>
#else
#include <simde/x86/avx512.h>

#define __m256d simde__m256d
#define __m256i simde__m256i
#define __m512d simde__m512d
#define __m512i simde__m512i
#define __mmask8 simde__mmask8
#undef _CMP_EQ_OQ
#undef _CMP_GE_OQ
#undef _CMP_LE_OQ
#undef _CMP_LT_OQ
#undef _CMP_ORD_Q
#define _CMP_EQ_OQ SIMDE_CMP_EQ_OQ
#define _CMP_GE_OQ SIMDE_CMP_GE_OQ
#define _CMP_LE_OQ SIMDE_CMP_LE_OQ
#define _CMP_LT_OQ SIMDE_CMP_LT_OQ
#define _CMP_ORD_Q SIMDE_CMP_ORD_Q

#define _mm256_add_pd simde_mm256_add_pd
#define _mm256_castpd256_pd128 simde_mm256_castpd256_pd128
#define _mm256_extractf128_pd simde_mm256_extractf128_pd
#define _mm256_and_pd simde_mm256_and_pd
#define _mm256_blendv_pd simde_mm256_blendv_pd
#define _mm256_broadcast_sd simde_mm256_broadcast_sd
#define _mm256_castsi256_pd simde_mm256_castsi256_pd
#define _mm256_cmp_pd simde_mm256_cmp_pd
#define _mm256_div_pd simde_mm256_div_pd
#define _mm256_loadu_pd simde_mm256_loadu_pd
#define _mm256_maskstore_pd simde_mm256_maskstore_pd
#define _mm256_movemask_pd simde_mm256_movemask_pd
#define _mm256_mul_pd simde_mm256_mul_pd
#define _mm256_permute2f128_pd simde_mm256_permute2f128_pd
#define _mm256_permute4x64_pd simde_mm256_permute4x64_pd
#define _mm256_set1_epi64x simde_mm256_set1_epi64x
#define _mm256_set1_pd simde_mm256_set1_pd
#define _mm256_set_epi64x simde_mm256_set_epi64x
#define _mm256_setzero_pd simde_mm256_setzero_pd
#define _mm256_storeu_pd simde_mm256_storeu_pd
#define _mm256_unpackhi_pd simde_mm256_unpackhi_pd
#define _mm256_unpacklo_pd simde_mm256_unpacklo_pd

#define _mm_store_sd simde_mm_store_sd
#define _mm_storeu_pd simde_mm_storeu_pd
#define _mm512_abs_pd simde_mm512_abs_pd
#define _mm512_broadcast_f64x4 simde_mm512_broadcast_f64x4
#define _mm512_cmp_pd_mask simde_mm512_cmp_pd_mask
#define _mm512_loadu_pd simde_mm512_loadu_pd
#define _mm512_mask_blend_pd simde_mm512_mask_blend_pd
#define _mm512_permutex2var_pd simde_mm512_permutex2var_pd
#define _mm512_set1_pd simde_mm512_set1_pd
#define _mm512_set_epi64 simde_mm512_set_epi64
#define _mm512_setzero_pd simde_mm512_setzero_pd
#define _mm512_shuffle_f64x2 simde_mm512_shuffle_f64x2
#define _mm512_storeu_pd simde_mm512_storeu_pd
#define _mm512_unpackhi_pd simde_mm512_unpackhi_pd
#define _mm512_unpacklo_pd simde_mm512_unpacklo_pd

// SIMDe 0.7.4 has no masked 512-bit store: the same effect, lane by lane (lanes whose mask bit is 0 are
// neither read nor written, as with the instruction).
static inline void camath_simde_mask_storeu_pd(void *p, simde__mmask8 k, simde__m512d v) {
    double lanes[8];
    simde_mm512_storeu_pd(lanes, v);
    for (int l = 0; l < 8; l++)
        if ((k >> l) & 1) ((double *)p)[l] = lanes[l];
}
#define _mm512_mask_storeu_pd camath_simde_mask_storeu_pd
// SIMDe 0.7.4 has no in-lane permute by an immediate (vpermpd zmm, imm8): the same permute by an index vector.
#define _mm512_permutex_pd(a, imm) \
    simde_mm512_permutexvar_pd(simde_mm512_set_epi64(4 + (((imm) >> 6) & 3), 4 + (((imm) >> 4) & 3), 4 + (((imm) >> 2) & 3), \
                                                     4 + ((imm)&3), ((imm) >> 6) & 3, ((imm) >> 4) & 3, ((imm) >> 2) & 3, (imm)&3), \
                               a)
#endif

#endif
