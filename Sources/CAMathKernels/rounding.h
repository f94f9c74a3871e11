// Rounding a lane to an integer: rint (to nearest, ties to even), floor, ceil and round (ties away from
// zero), each with the C library's result for every double but signalling NaNs (returned as they came,
// where the library quiets them).
//
// A level whose vectors can round (SSE4.1's roundpd, which AVX2 and AVX-512 include; NEON's frint) takes
// the builtins, which the vectoriser turns into those instructions. x86-64's baseline, SSE2, has no vector
// rounding: there clang calls the C library once per lane (14 calls in a block of springs, 8 in a block of
// fast slerps), so the portable level rounds by arithmetic instead. For 0 ≤ a < 2⁵², a + 2⁵² lies in
// [2⁵², 2⁵³), where the doubles are the integers, so the addition rounds a to an integer (to nearest, ties
// to even) and subtracting 2⁵² again is exact; the sign goes back on with copysign (every one of these
// functions keeps its argument's sign, zeros included); a magnitude of 2⁵² or more, ∞ and NaN are their
// own results. An x86-64 level file with vector rounding defines CAMATH_LEVEL_ROUNDS before including
// lanes.h.
#ifndef CAMATH_ROUNDING_H
#define CAMATH_ROUNDING_H
#include <math.h>

#if defined(__x86_64__) && !defined(CAMATH_LEVEL_ROUNDS)

static inline __attribute__((always_inline)) double lane_rint(double x) {
    double a = fabs(x), r = (a + 0x1p52) - 0x1p52;
    return a < 0x1p52 ? copysign(r, x) : x;
}

static inline __attribute__((always_inline)) double lane_floor(double x) {
    double r = lane_rint(x);
    return r > x ? r - 1 : r;
}

// r + 1 of a negative r above −1 is +0 where ceil gives −0: the sign goes back on.
static inline __attribute__((always_inline)) double lane_ceil(double x) {
    double r = lane_rint(x);
    return copysign(r < x ? r + 1 : r, x);
}

// A tie the addition took down to an even integer (r − a = −0.5, exact: r is within 0.5 of a) goes up.
static inline __attribute__((always_inline)) double lane_round(double x) {
    double a = fabs(x), r = (a + 0x1p52) - 0x1p52;
    r = r - a == -0.5 ? r + 1 : r;
    return a < 0x1p52 ? copysign(r, x) : x;
}

#else

static inline __attribute__((always_inline)) double lane_rint(double x) { return __builtin_rint(x); }
static inline __attribute__((always_inline)) double lane_floor(double x) { return __builtin_floor(x); }
static inline __attribute__((always_inline)) double lane_ceil(double x) { return __builtin_ceil(x); }
static inline __attribute__((always_inline)) double lane_round(double x) { return __builtin_elementwise_round(x); }

#endif
#endif
