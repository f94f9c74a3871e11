#ifndef CAMATH_KERNELS_H
#define CAMATH_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/// Instruction-set levels of the kernels: 0 = portable (no C kernel; Swift SIMD4), 2 = AVX2, 3 = AVX-512F.
enum { CAMATH_ISA_PORTABLE = 0, CAMATH_ISA_AVX2 = 2, CAMATH_ISA_AVX512 = 3 };

/// The best level this CPU supports, capped by the environment variable CAMATH_ISA
/// ("portable", "avx2", "avx512") and by camath_limit_isa. Thread-safe.
int camath_isa(void);

/// The best level this CPU supports, ignoring every cap.
int camath_cpu_isa(void);

/// Caps the level at `isa` (tests use it to run every kernel on one CPU); returns the level now in force.
int camath_limit_isa(int isa);

// All kernels: matrices are 16 contiguous doubles in CATransform3D order (row vectors), products and
// sums in the reference's order without fused multiply-add, so results are bit-identical to CAMathCore.
// `isa` selects the instantiation (2 or 3); callers pass camath_isa().

/// out[i] = a[i]·b[i]
void camath_concat_pairwise(int isa, const double *a, const double *b, double *out, size_t n);
/// out[i] = a[i]·b (b one matrix)
void camath_concat_by_one(int isa, const double *a, const double *b, double *out, size_t n);
/// out[i] = a·b[i] (a one matrix)
void camath_concat_one_by(int isa, const double *a, const double *b, double *out, size_t n);

/// 3-D points, 4 doubles apart (Swift SIMD3<Double>): out = (X/W, Y/W, Z/W) of (x, y, z, 1)·m.
void camath_map_points3(int isa, const double *m, const double *points, double *out, size_t n);
/// 2-D points, 2 doubles apart: out = (X/W, Y/W) of (x, y, 1)·h, h the 3×3 homography row by row.
void camath_map_points2(int isa, const double *h, const double *points, double *out, size_t n);

/// General inverses by the reference's Laplace formula; singular[i] = 1 (and out[i] = t[i]) where the
/// reference refuses (non-finite input, det not normal, non-finite result), else 0. `singular` may be NULL.
void camath_invert(int isa, const double *t, double *out, uint8_t *singular, size_t n);

/// The same for matrices whose column 4 is (0, 0, 0, 1), with the reduced formula; lanes with another
/// column 4 get notAffine[i] = 1 and are not written (out, singular).
void camath_invert_affine(int isa, const double *t, double *out, uint8_t *singular, uint8_t *notAffine, size_t n);

/// Frames of n layers from column arrays (SPEC §2.4 fast path: every corner W ≥ 1/16384, all finite).
/// in: 7 + 12 columns (bw, bh, ax, ay, az, px, py, m11, m21, m31, m41, m12, m22, m32, m42, m14, m24, m34, m44);
/// out: (x, y, w, h) per layer, 4 doubles apart (CGRect); slow[i] = 1 where the lane needs the reference (clipping or a non-finite value).
void camath_frames(int isa, const double *const *columns, double *out, uint8_t *slow, size_t n);

/// Bulk hit test of one block of up to 8 points against a prepared tree (see CAMathBatch's HitTestPlan).
typedef struct {
    size_t count;                  // nodes, in pre-order
    const int32_t *parent;         // -1 for the root
    const int32_t *subtreeEnd;     // one past the last descendant
    const uint8_t *enterable;      // 0 when hidden or singular: no lane can enter the node
    const uint8_t *masks;          // masksToBounds
    const double *inverse;         // 9 per node: the inverse homography, row by row
    const double *forwardWeight;   // 3 per node: (h13, h23, h33) of the forward homography
    const double *box;             // 4 per node: standardised minX, maxX (exclusive), minY, maxY; null → empty
} camath_hit_tree;

/// Points per hit-test block: each node's constants are loaded once per block.
#define CAMATH_HIT_BLOCK 32

/// For points (x, y) (2 doubles apart, n ≤ CAMATH_HIT_BLOCK), writes the hit node index or -1 to hits;
/// scratch holds 3 × CAMATH_HIT_BLOCK doubles per node.
void camath_hit_test_block(int isa, const camath_hit_tree *tree, const double *points, int64_t *hits, size_t n, double *scratch);

#endif
