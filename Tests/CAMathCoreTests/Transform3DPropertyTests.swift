@_spi(Benchmarks) import CAMathBatch
import CAMathCore
import _CAMathTestSupport
import PropertyBased
import Testing

/// The matrix invariants of CAMathCore's *Invariants* article, each run seeded (deterministic) and randomised (with shrinking).
@Suite struct Transform3DPropertyTests {
    /// Concat error bound for a three-factor product: each 4-term dot product errs by at most
    /// γ₄·(|x|·|y|) with γ₄ ≈ 4u, so |(ab)c − a(bc)| ≤ (16u + O(u²))·(|a||b||c|) ≤ 9·2⁻⁵²·(|a||b||c|).
    @Test func concatIsAssociativeWithinTheRoundingBound() async {
        await checkProperty(zip(TransformGen.matrix, TransformGen.matrix, TransformGen.matrix)) { a, b, c in
            let left = a.concatenating(b).concatenating(c), right = a.concatenating(b.concatenating(c))
            let bound = a.magnitudes.concatenating(b.magnitudes).concatenating(c.magnitudes)
            for (d, m) in zip(left.subtracting(right).elements, bound.elements) {
                #expect(abs(d) <= 9 * 0x1p-52 * m, "a = \(a)\nb = \(b)\nc = \(c)")
            }
        }
    }

    @Test func identityIsNeutralExactly() async {
        await checkProperty(TransformGen.matrix) { t in
            #expect(Transform3D.identity.concatenating(t).matches(t, .bitwiseUpToSignOfZero))
            #expect(t.concatenating(.identity).matches(t, .bitwiseUpToSignOfZero))
        }
    }

    @Test func modifiersEqualConcatOfTheirConstructor() async {
        await checkProperty(zip(TransformGen.matrix, TransformGen.magnitude.simd3, TransformGen.angle, TransformGen.axis)) {
            t, v, angle, axis in
            #expect(
                t.translatedBy(x: v.x, y: v.y, z: v.z).matches(
                    Transform3D(translationX: v.x, y: v.y, z: v.z).concatenating(t), .bitwiseUpToSignOfZero))
            #expect(
                t.scaledBy(x: v.x, y: v.y, z: v.z).matches(
                    Transform3D(scaleX: v.x, y: v.y, z: v.z).concatenating(t), .bitwiseUpToSignOfZero))
            #expect(
                t.rotated(by: angle, x: axis.x, y: axis.y, z: axis.z)
                    .matches(Transform3D(rotationAngle: angle, x: axis.x, y: axis.y, z: axis.z).concatenating(t)))
        }
    }

    /// Invertible t (|det| ≥ 1e-6·max|mij|⁴, κ∞ ≤ 1e8): residual ≤ 1e-14·κ∞ and the double inverse
    /// returns t within the same conditioning-scaled bound.
    @Test func generalMatricesInvertAndRoundTrip() async {
        await checkProperty(TransformGen.matrix.filter(wellConditioned), checkInversionRoundTrip)
    }

    /// Layer transforms carry translations up to 1e3, so the invertibility filter's `|det| ≥ 1e-6·max|mij|⁴` (a filter for
    /// Apple-equivalent verdicts) rejects nearly all of them; here only κ∞ ≤ 1e8 is required.
    @Test func layerTransformsInvertAndRoundTrip() async {
        await checkProperty(TransformGen.layerTransform(perspective: true).filter(conditionedBelow1e8), checkInversionRoundTrip)
    }

    @Test func singularMatricesComeBackIdentical() async {
        await checkProperty(TransformGen.singularMatrix) { t in
            #expect(t.invertedIfPossible() == nil, "t = \(t)")
            #expect(t.inverted().matches(t))
        }
    }

    @Test func affineRoundTripIsExact() async {
        await checkProperty(TransformGen.affine) { a in
            #expect(Transform3D(a).isAffine)
            #expect(Transform3D(a).affineTransform.elements.elementsEqual(a.elements, by: { exact($0, $1) }))
        }
    }

    /// Any finite k > 0 that keeps every non-zero component normal: within 8·2⁻⁵² per element.
    @Test func rotationAxisIsScaleInvariant() async {
        await checkProperty(
            zip(TransformGen.angle, TransformGen.axis, Gen.double(in: -300...300)),
            where: { _, axis, e in
                let scaled = axis * pow10(e)
                return [scaled.x, scaled.y, scaled.z].filter { $0 != 0 }.allSatisfy(\.isNormal)
            }
        ) { angle, axis, e in
            let scaled = axis * pow10(e)
            let unit = Transform3D(rotationAngle: angle, x: axis.x, y: axis.y, z: axis.z)
            #expect(Transform3D(rotationAngle: angle, x: scaled.x, y: scaled.y, z: scaled.z).maxDifference(to: unit) <= 8 * 0x1p-52)
            let flipped = Transform3D(rotationAngle: -angle, x: -axis.x, y: -axis.y, z: -axis.z)
            #expect(flipped.maxDifference(to: unit) <= 8 * 0x1p-52)
        }
    }

    @Test func rotationAboutZIsTheAffineRotation() async {
        await checkProperty(Gen.double(in: -1000...1000)) { angle in
            let r = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1)
            #expect(r.matches(Transform3D(Transform2D(rotationAngle: angle))))
            #expect(r.isAffine)
        }
    }

    @Test func homographyBackMapInvertsTheForwardMap() async {
        await checkProperty(
            zip(TransformGen.layerTransform(perspective: true), TransformGen.point),
            where: { m, p in
                Homography(m).forwardWeight(p) > 0.05 && Homography(m).inverted() != nil
            }
        ) { m, p in
            let h = Homography(m)
            let inverse = try #require(h.inverted())
            let back = inverse.mapPoint(h.mapPoint(p))
            let scale = max(1, abs(p.x), abs(p.y))
            #expect(abs(back.x - p.x) <= 1e-9 * scale && abs(back.y - p.y) <= 1e-9 * scale, "m = \(m), p = \(p)")
        }
    }
}

func checkInversionRoundTrip(_ t: Transform3D) {
    let inverse = t.inverted()
    let kappa = t.infinityNorm * inverse.infinityNorm
    #expect(t.concatenating(inverse).subtracting(.identity).infinityNorm <= 1e-14 * kappa, "t = \(t)")
    #expect(inverse.inverted().maxDifference(to: t) <= 1e-14 * kappa * t.maxMagnitude, "t = \(t)")
}

/// CAMathCore's *Invariants* article's invertibility filter: |det| ≥ 1e-6·max|mij|⁴ and κ∞ ≤ 1e8.
func wellConditioned(_ t: Transform3D) -> Bool {
    let m = t.maxMagnitude
    return conditionedBelow1e8(t) && abs(t.determinant) >= 1e-6 * m * m * m * m
}

/// Invertible by CAMathCore's *Conventions* article, *Inversion* with κ∞ ≤ 1e8.
func conditionedBelow1e8(_ t: Transform3D) -> Bool {
    guard let inverse = t.invertedIfPossible() else { return false }
    return t.infinityNorm * inverse.infinityNorm <= 1e8
}
