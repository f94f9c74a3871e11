/// CAMath's own elementary functions in double precision: the sine, cosine, arc tangent, arc sine and arc cosine
/// that every transcendental step of CAMath uses (rotations, decompositions, key paths, interpolation).
///
/// They are written in plain additions, products, divisions and square roots in one fixed order, with no fused
/// multiply-add and no call to the platform's C library, so they return the same bits on every platform and
/// compiler — glibc, musl, Apple's libm and Windows' differ from one another in the last bit; CAMath does not.
/// CAMathBatch's vector kernels evaluate the same operations lane by lane and return the same bits.
///
/// Each is within 1 ulp of the true value for every double argument (the measured maxima are in
/// <doc:ElementaryFunctions>). Special values follow C99 Annex F.
public enum Elementary {}
