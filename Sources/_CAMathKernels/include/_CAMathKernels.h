#ifndef CAMATH_KERNELS_H
#define CAMATH_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/// Instruction-set levels: 0 = portable C (every CPU), 2 = AVX2 with FMA, 3 = AVX-512F with AVX-512VL.
enum { CAMATH_LEVEL_PORTABLE = 0, CAMATH_LEVEL_AVX2 = 2, CAMATH_LEVEL_AVX512 = 3 };

/// Bulk hit test: a prepared tree (see CAMathBatch's HitTestPlan).
typedef struct {
    size_t count; // nodes, in pre-order
    const int32_t *parent; // -1 for the root
    const int32_t *subtreeEnd; // one past the last descendant
    const uint8_t *enterable; // 0 when hidden or singular: no lane can enter the node
    const uint8_t *masks; // masksToBounds
    const double *inverse; // 9 per node: the inverse homography, row by row
    const double *forwardWeight; // 3 per node: (h13, h23, h33) of the forward homography
    const double *box; // 4 per node: standardised minX, maxX (exclusive), minY, maxY; null → empty
} camath_hit_tree;

/// Doubles per decomposition record: translation 3, scale 3, skew 3, perspective 4, Euler angles 3,
/// quaternion 4 (CAMathCore's Transform3D.Decomposition, field by field).
#define CAMATH_PARTS 20
/// Doubles per pair record, what interpolating one pair of decompositions a → b reads at any fraction, but
/// the perspectives: a's translation, scale and skew (9, fields 0–8 of its decomposition record), b's (9),
/// the quaternion the slerp starts from (4: a's, or a's negated where the slerp flips it), b's quaternion
/// (4), the slerp's half angle and its sine (2). One run of 224 bytes per pair.
#define CAMATH_PAIR_FIELDS 28
/// Doubles per perspective record, beside the pair records (pair k's at perspectives + 8·k): a's perspective
/// (4, fields 9–12 of its decomposition record) and b's (4). Read only for the pairs flagged
/// CAMATH_PAIR_PERSPECTIVE; the others take (0, 0, 0, 1) at both ends, which a transform without
/// perspective decomposes to, so a frame of such pairs reads 224 bytes per pair, not 288.
#define CAMATH_PAIR_PERSPECTIVE_FIELDS 8
/// A pair's flags (the interpolation's `flags`, one byte per element): the kernels blend the pair (both ends
/// decomposed, not two identities) — the callers' mark, which the kernels do not read; both ends'
/// translation, scale, skew and perspective are finite and below 2⁸⁰ in magnitude, so that at any fraction
/// |t| < 2¹⁷ every blended part is below 2¹⁰⁰ (a block of such pairs skips the scans for larger parts); and
/// its perspectives are not (+0, +0, +0, 1) at both ends, bit for bit, so the kernels read its
/// perspective record.
#define CAMATH_PAIR_BLENDABLE 1
#define CAMATH_PAIR_BOUNDED 2
#define CAMATH_PAIR_PERSPECTIVE 4
/// Which rotations a 3-D decomposition computes (the kernels' `parts`): Euler angles one by one or all three,
/// and the quaternion; one left out is written as zeros.
#define CAMATH_ROTATION_X 1
#define CAMATH_ROTATION_Y 4
#define CAMATH_ROTATION_Z 8
#define CAMATH_EULER 13 // CAMATH_ROTATION_X | CAMATH_ROTATION_Y | CAMATH_ROTATION_Z
#define CAMATH_QUATERNION 2

/// The doubles of one timing curve in the `timing_curve` entry's table: 18 of the curve and two zeros, so
/// that a block of lanes loads its curves as whole vectors (a multiple of 4).
#define CAMATH_CURVE_FIELDS 20

/// A resolved media timing (CAMathAnimation's ResolvedMediaTiming): CAMATH_TIMING_FIELDS doubles — begin time b,
/// speed s, time offset o, duration d, cycle duration C, active duration D — and flag bits beside them.
#define CAMATH_TIMING_FIELDS 6
#define CAMATH_TIMING_AUTOREVERSES 1
#define CAMATH_TIMING_FILLS_BACKWARDS 2
#define CAMATH_TIMING_FILLS_FORWARDS 4
#define CAMATH_TIMING_REMOVED 8

/// A spring's parameters as the spring kernel reads them: mass, stiffness, damping, initial velocity, and 1 where
/// overdamping is allowed (else 0).
#define CAMATH_SPRING_FIELDS 5

/// The elementary functions of the kernels' `elementary` entry.
#define CAMATH_SIN 0
#define CAMATH_COS 1
#define CAMATH_ATAN2 2
#define CAMATH_ASIN 3
#define CAMATH_ACOS 4

/// Elements per block of every block loop, in C and in Swift (CAMathBatch's `Batch.block`): the loops that check or
/// gather a block before they map it, the scratch of the decompositions, curves and springs, the frames' gathered
/// columns — and the unit at which CAMathBatch splits a batch among threads. A fast kernel decides some things per
/// block (a block with a part beyond its range takes the exact kernel whole), so a thread split must never cut a
/// block: threads never change results because every block loop and the split read this one constant.
#define CAMATH_BLOCK 256

/// Points per hit-test block: each node's constants are loaded once per block.
#define CAMATH_HIT_BLOCK 32

/// Every batch kernel of one instruction-set level and precision. Matrices are 16 contiguous doubles in
/// CATransform3D order (row vectors). An exact table's kernels perform the reference's multiplies, adds
/// and divisions in the reference's order without fused multiply-add, so their results are CAMathCore's
/// bits; a fast table's (`fast` of an exact one) may fuse multiply-adds and multiply by one reciprocal per
/// divisor, within the budgets of CAMathBatch's `ExactnessBudget` (its hit test and autoresize are the exact ones). Every entry is non-null.
///
/// The entries, in table order, are listed once, in CAMATH_KERNEL_ENTRIES(X, context): it expands
/// X(context, name, precision, body, (parameters), (arguments)) for each. `precision` is FAST where the fast
/// tables have a kernel of their own, EXACT where they hold the exact one; `body` is INTRINSICS for the
/// hand-written intrinsic bodies (the test target _CAMathKernelsSIMDe compiles them again over SIMDe), LANES
/// for the lane loops each level compiles for its target. The tables, the prototypes of every level and the
/// test side's replay and kernel names are all expanded from it (kernels.h). What each entry computes:
/// - concat: out[m] = a[m·aStep]·b[m·bStep], steps in doubles (0: one shared matrix, or 16). out may alias a or b.
/// - map_points3: 3-D points as (x, y, z, pad) records, 4 doubles apart: out = (X/W, Y/W, Z/W) of (x, y, z, 1)·m; the fourth
///   double of each output record is never written.
/// - map_points3_strided: the same for points of three doubles read every inStride bytes and written every outStride bytes.
/// - map_points2: 2-D points, 2 doubles apart: out = (X/W, Y/W) of (x, y, 1)·h, h the 3×3 homography row by row.
/// - invert: general inverses by the reference's Laplace formula; singular[i] = 1 (and out[i] = t[i]) where the reference
///   refuses (non-finite input, det not normal, non-finite result), else 0. singular may be NULL.
/// - invert_affine: the same for matrices whose column 4 is (0, 0, 0, 1), with the reduced formula; lanes of a block with
///   another column 4 get notAffine[i] = 1 and are not written (out, singular).
/// - frames: frames of n layers from columns (bw, bh, ax, ay, az, px, py, m11, m21, m31, m41, m12, m22, m32, m42, m14, m24,
///   m34, m44): (x, y, w, h) per layer, 4 doubles apart; slow[i] = 1 where the lane needs the reference (a corner with W <
///   1/16384, or a non-finite value). out and slow never overlap the columns.
/// - hit_test_block: for points (x, y) (2 doubles apart, n ≤ CAMATH_HIT_BLOCK): the hit node index or -1 per point; scratch
///   holds 3 × CAMATH_HIT_BLOCK doubles per node.
/// - autoresize: CALayer's autoresizing rule for frames (x, y, w, h, 4 doubles apart) and their masks (CAAutoresizingMask
///   bits), for one superlayer size change from (oldW, oldH) to (newW, newH), all four finite: out = the rect the rule writes,
///   or the frame itself where it changes nothing (or a component is not finite). out may alias frames.
/// - decompose: decompositions of n matrices into records — field-major: field f (of CAMATH_PARTS) of element i at
///   records[f·stride + i], stride ≥ n — by methods[i] (or `method` for all when methods is NULL): 0 the key paths' rule, 1
///   interpolation's 3-D rule, 2 its 2-D rule; the 3-D rule computes the rotations `parts` names (CAMATH_ROTATION_X, _Y, _Z,
///   CAMATH_EULER, CAMATH_QUATERNION) and writes zeros for the others. status[i] = 0 decomposed, 1 undecomposable (record
///   unspecified), 2 the lane needs the reference.
/// - recompose: recompositions Sc·K·R·Tr·P of records (field-major, `stride`), R from the Euler angles (quaternion = 0) or the
///   quaternion (1); slow[i] = 1 where an angle needs the long reduction (|angle| ≥ 2¹⁹) and the lane needs the reference.
/// - pair_records: pair records (CAMATH_PAIR_FIELDS doubles, pair i at pairs + CAMATH_PAIR_FIELDS·i) and perspective records
///   (CAMATH_PAIR_PERSPECTIVE_FIELDS, at perspectives + 8·i) of the decomposition records a[i] → b[i] (both field-major,
///   `stride`), with the reference's slerp constants. Exact at every level (the fast tables hold the exact kernel).
/// - interpolate: interpolation of pair records (pair i at pairs + CAMATH_PAIR_FIELDS·k and perspectives + 8·k, k = indices[i],
///   or i when indices is NULL) at fraction t[i]: translation, scale, skew and perspective a + (b − a)·t, the quaternions
///   slerped, recomposed with the quaternion; slow[i] as recompose. flags[i]: element i's pair's CAMATH_PAIR_* bits (a lane
///   block whose pairs are all CAMATH_PAIR_BOUNDED skips the scans for parts of 2¹⁰⁰ or more, and a pair without
///   CAMATH_PAIR_PERSPECTIVE takes (0, 0, 0, 1) for both perspectives without reading its perspective record; a wrong bit may
///   cost the reference's bits, never memory safety). stream = 1 writes the matrices of full lane blocks with non-temporal
///   stores (for outputs too large to stay in cache: no line is read before it is written), fenced before the call returns; 0
///   writes them plainly.
/// - elementary: out[i] = CAMathCore's Elementary function (CAMATH_SIN … CAMATH_ACOS) of x[i] — atan2 of (x[i], y[i]), y read
///   for atan2 only — in the lane form the decomposition kernels use; slow[i] = 1 where sin or cos needs the long reduction
///   (out[i] unspecified). For the tests, which hold every level to the scalar bits.
/// - timing_curve: y[i] = Core Animation's evaluation of timing curve which[i] (0 for every element when which is NULL) at
///   x[i]: x ≤ 0 → 0, x ≥ 1 → 1, NaN x or a curve with a non-finite control value → NaN, else Y of the spline-bracketed Newton
///   solution, with CAMathAnimation's bits. A curve is CAMATH_CURVE_FIELDS doubles: the X and Y coefficients a, b, c, the 11
///   spline samples X(i/10), 1 (finite controls) or 0, and two zeros. slow[i] = 1 where the lane would need bisection (y[i]
///   unspecified).
/// - spring_fractions: out[i] = x(t) of a damped spring (CAMathAnimation's Spring): element i has the spring at params +
///   i·paramStep (CAMATH_SPRING_FIELDS doubles: mass, stiffness, damping, initial velocity, 1 where overdamping is allowed else
///   0; paramStep 0 for one spring) and the time t[i·timeStep] (timeStep 0 for one time); ω₀ and ζ are the reference's bits.
///   Within a budget of the reference (e^x is the kernel's own, about 1 ulp); slow[i] = 1 where the sine's argument needs the
///   long reduction (out[i] unspecified).
/// - media_timing: the media timing of n objects (CAMathAnimation's ResolvedMediaTiming.evaluate), object i from its
///   CAMATH_TIMING_FIELDS doubles (field-major: field k at timings[k·stride + i]) and its CAMATH_TIMING_* bits at flags[i], at
///   parent time t[i·timeStep] (timeStep 0: one time for all): contributes[i] (0 or 1), and where it contributes its basic
///   time, progress and cycle (all 0 where it does not), with the reference's bits. Every level is exact: +, −, ×, /, floor and
///   compares.
/// The structure-of-arrays forms ("planes"), the last five: a transform array is 16 planes, element k of
/// transform i at p[k·plane + i]; a point array 3 (x, y, z) or 2 planes; `plane` ≥ n. Output planes never
/// overlap the inputs.
/// - concat_planes: out = a·b per element, where a plane stride of 0 makes that operand one shared matrix (16 contiguous
///   doubles); exact at every level (the fast tables hold the exact kernel, as for concat).
/// - invert_planes: general inverses as `invert`: singular[i] = 1 and the input copied where the reference refuses; singular
///   may be NULL.
/// - invert_affine_planes: `invert_planes` by the reduced formula (as `invert_affine`, equal to the general one up to the
///   sign of zero) in each block of CAMATH_BLOCK transforms whose column 4 is (0, 0, 0, 1) throughout; other blocks, and
///   the fast tables, take the general formula.
/// - map_points3_planes: 3-D points through m (16 doubles) as `map_points3`.
/// - map_points2_planes: 2-D points through h (9 doubles) as `map_points2`.
/// - frames_planes: frames as `frames`, into 4 planes (x, y, w, h: field f of layer i at out[f·outPlane + i]).
///
/// Every entry returns void and is non-null.
// clang-format off
// (one line per entry, so that an entry is added or moved as one line)
#define CAMATH_KERNEL_ENTRIES(X, c) \
    X(c, concat, EXACT, INTRINSICS, (const double *a, size_t aStep, const double *b, size_t bStep, double *out, size_t n), (a, aStep, b, bStep, out, n)) \
    X(c, map_points3, FAST, INTRINSICS, (const double *m, const double *points, double *out, size_t n), (m, points, out, n)) \
    X(c, map_points3_strided, FAST, LANES, (const double *m, const uint8_t *points, size_t inStride, uint8_t *out, size_t outStride, size_t n), (m, points, inStride, out, outStride, n)) \
    X(c, map_points2, FAST, LANES, (const double *h, const double *points, double *out, size_t n), (h, points, out, n)) \
    X(c, invert, FAST, INTRINSICS, (const double *t, double *out, uint8_t *singular, size_t n), (t, out, singular, n)) \
    X(c, invert_affine, FAST, INTRINSICS, (const double *t, double *out, uint8_t *singular, uint8_t *notAffine, size_t n), (t, out, singular, notAffine, n)) \
    X(c, frames, FAST, LANES, (const double *const *columns, double *out, uint8_t *slow, size_t n), (columns, out, slow, n)) \
    X(c, hit_test_block, EXACT, LANES, (const camath_hit_tree *tree, const double *points, int64_t *hits, size_t n, double *scratch), (tree, points, hits, n, scratch)) \
    X(c, autoresize, EXACT, LANES, (const double *frames, const uint32_t *masks, double oldW, double oldH, double newW, double newH, double *out, size_t n), (frames, masks, oldW, oldH, newW, newH, out, n)) \
    X(c, decompose, EXACT, LANES, (const double *t, const uint8_t *methods, int method, int parts, double *records, size_t stride, uint8_t *status, size_t n), (t, methods, method, parts, records, stride, status, n)) \
    X(c, recompose, EXACT, LANES, (const double *records, size_t stride, int quaternion, double *out, uint8_t *slow, size_t n), (records, stride, quaternion, out, slow, n)) \
    X(c, pair_records, EXACT, LANES, (const double *a, const double *b, size_t stride, double *pairs, double *perspectives, size_t n), (a, b, stride, pairs, perspectives, n)) \
    X(c, interpolate, FAST, LANES, (const double *pairs, const double *perspectives, const int64_t *indices, const uint8_t *flags, const double *t, double *out, uint8_t *slow, size_t n, int stream), (pairs, perspectives, indices, flags, t, out, slow, n, stream)) \
    X(c, elementary, EXACT, LANES, (int function, const double *x, const double *y, double *out, uint8_t *slow, size_t n), (function, x, y, out, slow, n)) \
    X(c, timing_curve, EXACT, LANES, (const double *curves, const uint32_t *which, const double *x, double *y, uint8_t *slow, size_t n), (curves, which, x, y, slow, n)) \
    X(c, spring_fractions, EXACT, LANES, (const double *params, size_t paramStep, const double *t, size_t timeStep, double *out, uint8_t *slow, size_t n), (params, paramStep, t, timeStep, out, slow, n)) \
    X(c, media_timing, EXACT, LANES, (const double *timings, size_t stride, const uint8_t *flags, const double *t, size_t timeStep, uint8_t *contributes, double *basic, double *progress, double *cycle, size_t n), (timings, stride, flags, t, timeStep, contributes, basic, progress, cycle, n)) \
    X(c, concat_planes, EXACT, LANES, (const double *a, size_t aPlane, const double *b, size_t bPlane, double *out, size_t outPlane, size_t n), (a, aPlane, b, bPlane, out, outPlane, n)) \
    X(c, invert_planes, FAST, LANES, (const double *t, size_t tPlane, double *out, size_t outPlane, uint8_t *singular, size_t n), (t, tPlane, out, outPlane, singular, n)) \
    X(c, invert_affine_planes, FAST, LANES, (const double *t, size_t tPlane, double *out, size_t outPlane, uint8_t *singular, size_t n), (t, tPlane, out, outPlane, singular, n)) \
    X(c, map_points3_planes, FAST, LANES, (const double *m, const double *points, size_t pointPlane, double *out, size_t outPlane, size_t n), (m, points, pointPlane, out, outPlane, n)) \
    X(c, map_points2_planes, FAST, LANES, (const double *h, const double *points, size_t pointPlane, double *out, size_t outPlane, size_t n), (h, points, pointPlane, out, outPlane, n)) \
    X(c, frames_planes, FAST, LANES, (const double *const *columns, double *out, size_t outPlane, uint8_t *slow, size_t n), (columns, out, outPlane, slow, n))
// clang-format on

#define CAMATH_KERNEL_FIELD(context, name, precision, body, params, args) void(*name) params;
typedef struct camath_kernels {
    /// The level (CAMATH_LEVEL_*) and its name ("portable", "avx2", "avx512", "avx2-fast", …, or an
    /// emulated variant's).
    int level;
    const char *name;
    /// 1 for a fast table, 0 for an exact one.
    int isFast;
    /// The fast table of the same level (itself for a fast table).
    const struct camath_kernels *fast;
    CAMATH_KERNEL_ENTRIES(CAMATH_KERNEL_FIELD, )
} camath_kernels;

/// Asks the cache for the lines of [start, start + bytes), to be read soon (a hint: no fault, no effect on results).
static inline void camath_prefetch(const void *start, size_t bytes) {
    const char *p = (const char *)((uintptr_t)start & ~(uintptr_t)63), *end = (const char *)start + bytes;
    for (; p < end; p += 64) __builtin_prefetch(p, 0, 3);
}

/// The best level this CPU supports.
int camath_cpu_level(void);

/// The level named by the environment variable CAMATH_ISA ("portable", "avx2", "avx512"), or
/// CAMATH_LEVEL_AVX512 when it is unset or names none of them.
int camath_environment_level_cap(void);

/// The kernels of `level`, or NULL when this CPU cannot run them (or `level` is not a level).
const camath_kernels *camath_kernels_for_level(int level);

#endif
