// The precision of the kernel bodies that include this file (it has no include guard: every body includes
// it, after the level file has or has not defined CAMATH_FAST).
//
// Exact (the default): fp contract off, so no multiply and add fuse, and every quotient is a division —
// each lane performs the reference's operations in the reference's order and returns its bits.
// Fast (CAMATH_FAST): fp contract fast, so the compiler may fuse any multiply with the add that consumes
// it, and every quotient by the same divisor multiplies by one reciprocal. Results then fall under the
// budgets of CAMathBatch's ExactnessBudget, not the bitwise contract.
//
// CAMATH_RECIPROCAL(d) is what a body computes once per divisor; CAMATH_QUOTIENT(x, d, rd) is x / d in the
// exact build and x · rd in the fast one (the exact build never uses rd, so the compiler drops it).
// A body that defines CAMATH_UNFUSED before including this file takes the reciprocals but not the fusing
// (the inverses: a fused determinant could be a rounding residue where the reference's is exactly 0, and
// the singular verdict must not change).
#undef CAMATH_RECIPROCAL
#undef CAMATH_QUOTIENT
#if defined(CAMATH_FAST) && defined(CAMATH_UNFUSED)
#pragma clang fp contract(off)
#define CAMATH_RECIPROCAL(d) (1.0 / (d))
#define CAMATH_QUOTIENT(x, d, rd) ((x) * (rd))
#elif defined(CAMATH_FAST)
#pragma clang fp contract(fast)
#define CAMATH_RECIPROCAL(d) (1.0 / (d))
#define CAMATH_QUOTIENT(x, d, rd) ((x) * (rd))
#else
#pragma clang fp contract(off)
#define CAMATH_RECIPROCAL(d) (d)
#define CAMATH_QUOTIENT(x, d, rd) ((x) / (d))
#endif
