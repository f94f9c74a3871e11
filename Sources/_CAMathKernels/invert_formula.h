// The Laplace inverse of CAMathCore's *Conventions* article, *Inversion*, written once for every vector type (double, __m256d, __m512d):
// with m11…m44 of type T in scope, defines the minors, det and rdet (CAMATH_RECIPROCAL(det): precision.h) and
// hands each entry's numerator to the caller's ENTRY(k, x) — entry k of the inverse is x / det, which
// CAMATH_INVERSE_INTO_R stores — in the reference's order. Clang's vector operators act lane by lane, so in an
// exact build every lane performs exactly the scalar operations.
// The formulas are laid out as the matrices they compute; clang-format would split them and misread the products
// in ENTRY(…) as declarations.
// clang-format off
#define CAMATH_INVERSE_MINORS(T) \
    T s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s3 = m12 * m23 - m22 * m13; \
    T c0 = m31 * m42 - m41 * m32, c1 = m31 * m43 - m41 * m33, c3 = m32 * m43 - m42 * m33

/// The usual ENTRY: entry k into the array r in scope (divided by det, or multiplied by rdet in a fast build).
#define CAMATH_INVERSE_INTO_R(k, x) r[k] = CAMATH_QUOTIENT(x, det, rdet)

#define CAMATH_INVERSE_LAST_ROW(ENTRY) \
    ENTRY(12, -m21 * c3 + m22 * c1 - m23 * c0); \
    ENTRY(13, m11 * c3 - m12 * c1 + m13 * c0); \
    ENTRY(14, -m41 * s3 + m42 * s1 - m43 * s0); \
    ENTRY(15, m31 * s3 - m32 * s1 + m33 * s0); \
    (void)rdet

/// The general formula: declares det and rdet, hands over the 16 numerators.
#define CAMATH_INVERSE_GENERAL(T, ENTRY) \
    CAMATH_INVERSE_MINORS(T); \
    T s2 = m11 * m24 - m21 * m14, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14; \
    T c2 = m31 * m44 - m41 * m34, c4 = m32 * m44 - m42 * m34, c5 = m33 * m44 - m43 * m34; \
    T det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0, rdet = CAMATH_RECIPROCAL(det); \
    ENTRY(0, m22 * c5 - m23 * c4 + m24 * c3);   ENTRY(1, -m12 * c5 + m13 * c4 - m14 * c3); \
    ENTRY(2, m42 * s5 - m43 * s4 + m44 * s3);   ENTRY(3, -m32 * s5 + m33 * s4 - m34 * s3); \
    ENTRY(4, -m21 * c5 + m23 * c2 - m24 * c1);  ENTRY(5, m11 * c5 - m13 * c2 + m14 * c1); \
    ENTRY(6, -m41 * s5 + m43 * s2 - m44 * s1);  ENTRY(7, m31 * s5 - m33 * s2 + m34 * s1); \
    ENTRY(8, m21 * c4 - m22 * c2 + m24 * c0);   ENTRY(9, -m11 * c4 + m12 * c2 - m14 * c0); \
    ENTRY(10, m41 * s4 - m42 * s2 + m44 * s0);  ENTRY(11, -m31 * s4 + m32 * s2 - m34 * s0); \
    CAMATH_INVERSE_LAST_ROW(ENTRY)

/// The same with column 4 = (0, 0, 0, 1): the vanishing Laplace terms are exact zeros (x·0, x·1, ±0
/// added), so each entry equals the general formula's up to the sign of zero. Entries 3, 7 and 11 are zeros, which
/// the caller's ZERO(k) stores (in entry order, as the others: a planes loop writes its 16 streams in turn).
#define CAMATH_INVERSE_AFFINE(T, ENTRY, ZERO) \
    CAMATH_INVERSE_MINORS(T); \
    T det = s0 * m33 - s1 * m32 + s3 * m31, rdet = CAMATH_RECIPROCAL(det); \
    ENTRY(0, m22 * m33 - m23 * m32);  ENTRY(1, -m12 * m33 + m13 * m32); \
    ENTRY(2, s3);                     ZERO(3); \
    ENTRY(4, -m21 * m33 + m23 * m31); ENTRY(5, m11 * m33 - m13 * m31); \
    ENTRY(6, -s1);                    ZERO(7); \
    ENTRY(8, m21 * m32 - m22 * m31);  ENTRY(9, -m11 * m32 + m12 * m31); \
    ENTRY(10, s0);                    ZERO(11); \
    CAMATH_INVERSE_LAST_ROW(ENTRY)

// The verdict bound. The reference inverts where det is normal and every entry finite. With det normal, a
// non-finite element makes some entry non-finite (every element enters det, or in the affine formula a
// cofactor of the last row), and with finite elements each numerator is three products of an element and a
// 2×2 minor, so |x| ≤ 6.01·M³ where M is the largest magnitude, and M ≤ S, the rounded sum of the 16
// magnitudes. Hence S·S·S·2⁻¹⁰¹⁹ ≤ |det| (a comparison that NaN or ∞ fails; the rounding of S³ and an
// underflow of any step leave this true) proves every |x / det| < 2¹⁰²³: every entry finite, at either
// precision. The proof needs the inputs only, so a kernel leaves nothing but the stores waiting on the divider
// (testing the quotients kept the scheduler full of checks and cost the division-bound loops up to a quarter of
// their speed). A lane the bound leaves open (det normal, elements beyond about 10¹⁰² or det below about
// 10⁻³⁰⁰) gets the exact test of its entries.
#define CAMATH_INVERSE_BOUND_SCALE 0x1p-1019
// clang-format on
