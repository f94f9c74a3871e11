// Test-only: CAMath's AVX2 and AVX-512 intrinsic kernels compiled a second time against SIMDe (Debian's
// libsimde-dev), so that they run — lane for lane, with the same arithmetic — on any x86-64, with or
// without AVX-512. The library never depends on this target.
#ifndef CAMATH_KERNELS_SIMDE_H
#define CAMATH_KERNELS_SIMDE_H
#include "_CAMathKernels.h"

/// The emulated kernels of `level` (CAMATH_LEVEL_AVX2 or CAMATH_LEVEL_AVX512; named "simde-avx2",
/// "simde-avx512"), or NULL for another level. Their intrinsic kernels (concat, 3-D points, inverses) are
/// the library's bodies over SIMDe; their lane loops (2-D points, frames, hit test) have no intrinsics and
/// are the portable level's.
const camath_kernels *camath_simde_kernels(int level);

/// For table entry `name` ("concat", "map_points2_planes", … : CAMATH_KERNEL_ENTRIES): 1 when it has an
/// intrinsic body (which the emulated tables run over SIMDe), 0 when it is a lane loop (the emulated tables
/// run the portable level's), −1 when no entry has that name.
int camath_kernel_entry_has_intrinsics(const char *name);

#endif
