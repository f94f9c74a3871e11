// The Laplace inverse of CAMathCore's *Conventions* article, *Inversion*, written once for every vector type (double, __m256d, __m512d):
// with m11…m44 of type T in scope, defines the minors and det and assigns r[0…15] (each entry divided
// by det, or multiplied by its reciprocal in a fast build: precision.h), in the reference's order. Clang's
// vector operators act lane by lane, so in an exact build every lane performs exactly the scalar
// operations.
#define CAMATH_INVERSE_MINORS(T) \
    T s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s3 = m12 * m23 - m22 * m13; \
    T c0 = m31 * m42 - m41 * m32, c1 = m31 * m43 - m41 * m33, c3 = m32 * m43 - m42 * m33

#define CAMATH_INVERSE_LAST_ROW(r) \
    r[12] = CAMATH_QUOTIENT(-m21 * c3 + m22 * c1 - m23 * c0, det, rdet); \
    r[13] = CAMATH_QUOTIENT(m11 * c3 - m12 * c1 + m13 * c0, det, rdet); \
    r[14] = CAMATH_QUOTIENT(-m41 * s3 + m42 * s1 - m43 * s0, det, rdet); \
    r[15] = CAMATH_QUOTIENT(m31 * s3 - m32 * s1 + m33 * s0, det, rdet); \
    (void)rdet

/// The general formula: declares det, assigns r[0…15].
#define CAMATH_INVERSE_GENERAL(T, r) \
    CAMATH_INVERSE_MINORS(T); \
    T s2 = m11 * m24 - m21 * m14, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14; \
    T c2 = m31 * m44 - m41 * m34, c4 = m32 * m44 - m42 * m34, c5 = m33 * m44 - m43 * m34; \
    T det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0, rdet = CAMATH_RECIPROCAL(det); \
    r[0] = CAMATH_QUOTIENT(m22 * c5 - m23 * c4 + m24 * c3, det, rdet);   r[1] = CAMATH_QUOTIENT(-m12 * c5 + m13 * c4 - m14 * c3, det, rdet); \
    r[2] = CAMATH_QUOTIENT(m42 * s5 - m43 * s4 + m44 * s3, det, rdet);   r[3] = CAMATH_QUOTIENT(-m32 * s5 + m33 * s4 - m34 * s3, det, rdet); \
    r[4] = CAMATH_QUOTIENT(-m21 * c5 + m23 * c2 - m24 * c1, det, rdet);  r[5] = CAMATH_QUOTIENT(m11 * c5 - m13 * c2 + m14 * c1, det, rdet); \
    r[6] = CAMATH_QUOTIENT(-m41 * s5 + m43 * s2 - m44 * s1, det, rdet);  r[7] = CAMATH_QUOTIENT(m31 * s5 - m33 * s2 + m34 * s1, det, rdet); \
    r[8] = CAMATH_QUOTIENT(m21 * c4 - m22 * c2 + m24 * c0, det, rdet);   r[9] = CAMATH_QUOTIENT(-m11 * c4 + m12 * c2 - m14 * c0, det, rdet); \
    r[10] = CAMATH_QUOTIENT(m41 * s4 - m42 * s2 + m44 * s0, det, rdet);  r[11] = CAMATH_QUOTIENT(-m31 * s4 + m32 * s2 - m34 * s0, det, rdet); \
    CAMATH_INVERSE_LAST_ROW(r)

/// The same with column 4 = (0, 0, 0, 1): the vanishing Laplace terms are exact zeros (x·0, x·1, ±0
/// added), so each entry equals the general formula's up to the sign of zero. `zero` is T's 0.
#define CAMATH_INVERSE_AFFINE(T, r, zero) \
    CAMATH_INVERSE_MINORS(T); \
    T det = s0 * m33 - s1 * m32 + s3 * m31, rdet = CAMATH_RECIPROCAL(det); \
    r[0] = CAMATH_QUOTIENT(m22 * m33 - m23 * m32, det, rdet);  r[1] = CAMATH_QUOTIENT(-m12 * m33 + m13 * m32, det, rdet); \
    r[2] = CAMATH_QUOTIENT(s3, det, rdet);                        r[3] = zero; \
    r[4] = CAMATH_QUOTIENT(-m21 * m33 + m23 * m31, det, rdet);  r[5] = CAMATH_QUOTIENT(m11 * m33 - m13 * m31, det, rdet); \
    r[6] = CAMATH_QUOTIENT(-s1, det, rdet);                       r[7] = zero; \
    r[8] = CAMATH_QUOTIENT(m21 * m32 - m22 * m31, det, rdet);   r[9] = CAMATH_QUOTIENT(-m11 * m32 + m12 * m31, det, rdet); \
    r[10] = CAMATH_QUOTIENT(s0, det, rdet);                       r[11] = zero; \
    CAMATH_INVERSE_LAST_ROW(r)
