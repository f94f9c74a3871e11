/// What a batch call may trade for speed, beside the ``BatchPath`` that says how it computes.
///
/// `.exact` (the default everywhere) keeps the contract of <doc:ExactnessContract>: `.simd` returns
/// the scalar reference's bits. `.fast` lets the `.simd` kernels fuse each multiply with the add that consumes
/// it (FMA) and multiply by one reciprocal per divisor instead of dividing each quotient — and the blends
/// compute the slerp's sines with polynomials of their own and leave the sign of a zero entry unsettled (a
/// blend's +0 may be the reference's −0); results then fall under the budgets of
/// <doc:ExactnessContract>, checked against the reference like the `.blas` path's.
///
/// - `.scalar` is the reference whatever the precision.
/// - `.fast` exists for invert, invert affine, map points 3-D and 2-D, frames, the blends (from pairs and from
///   an ``InterpolationPlan``) and transform animations (their blends; the timing stays exact). Concat takes a
///   precision but its `.simd` kernels are exact at both: fused, a sum could stay finite where the
///   reference's overflows, and a concat's non-finite positions are the reference's. The other operations
///   take no precision and are exact.
/// - `.auto` with `.exact` chooses only among exact paths (never `.blas`); with `.fast` it may also take
///   `.blas` where the tuning says CBLAS wins.
/// - Special values keep the exact path's rules: the same singular verdict for inverses (up to
///   determinants that straddle the smallest normal), the same frames fallback for corners with W < 1/16384,
///   the exact blend for pairs with a part of 2¹⁰⁰ or more or not finite, NaN where the reference has NaN.
public enum BatchPrecision: String, CaseIterable, Sendable {
    /// Bitwise the scalar reference on `.scalar` and `.simd` (see <doc:ExactnessContract>).
    case exact
    /// Fused multiply-adds and reciprocal multiplies on `.simd`, within the budgets of <doc:ExactnessContract>.
    case fast
}
