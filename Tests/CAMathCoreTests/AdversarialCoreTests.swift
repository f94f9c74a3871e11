@_spi(Benchmarks) import CAMathBatch
import CAMathCore
import _CAMathTestSupport
import Testing

/// CAMathCore's *Conventions* article, *Special values* over the shared adversarial matrices (special values in every position, singular and
/// near-singular, extreme magnitudes, right angles, gimbal lock, edge-on and behind-the-eye) for every
/// CAMathCore entry point that takes a matrix. Each test prints how many inputs it tried.
@Suite struct AdversarialCoreTests {
    static let matrices = Adversarial.matrices

    static func hasNonFinite(_ m: Transform3D) -> Bool { m.elements.contains { !$0.isFinite } }

    @Test func inversionReturnsTheInputExactlyWhenItMustAndAFiniteInverseOtherwise() {
        var tally = ExpectationTally()
        var refused = 0
        for m in Self.matrices {
            let r = m.inverted(), maybe = m.invertedIfPossible()
            if Self.hasNonFinite(m) || !m.determinant.isNormal {
                tally.expect(r.matches(m) && maybe == nil, "\(m.elements)")
                refused += 1
            } else if let maybe {
                tally.expect(maybe.matches(r), "\(m.elements)")
                let residual = inverseResidualFailure(r.elements, of: m.elements, size: 4)
                tally.expect(residual == nil, "\(m.elements): \(residual ?? "")")
            } else {
                // Only an overflowing result is refused for a finite matrix with a normal determinant.
                tally.expect(r.matches(m), "\(m.elements)")
                refused += 1
            }
        }
        tally.report(
            "special values: Transform3D.inverted/invertedIfPossible: \(Self.matrices.count) adversarial inputs (\(refused) refused)")
    }

    @Test func predicatesAreFalseForNaNAndExactOtherwise() {
        var tally = ExpectationTally()
        for m in Self.matrices {
            let e = m.elements
            tally.expect(m.isIdentity == (e == Transform3D.identity.elements))
            tally.expect(
                m.isAffine
                    == (e[2] == 0 && e[3] == 0 && e[6] == 0 && e[7] == 0 && e[8] == 0 && e[9] == 0
                        && e[10] == 1 && e[11] == 0 && e[14] == 0 && e[15] == 1))
            tally.expect((m == m) == !e.contains { $0.isNaN })
        }
        tally.report("special values: isIdentity/isAffine/==: \(Self.matrices.count) adversarial inputs")
    }

    @Test func decompositionFailsExactlyForNonFiniteOrUndecomposableMatrices() {
        var tally = ExpectationTally()
        var tried = 0
        for m in Self.matrices {
            for method in [Transform3D.DecompositionMethod.keyPaths, .interpolation3D, .interpolation2D] {
                tried += 1
                let d = m.decomposed(method)
                if Self.hasNonFinite(m) || m.m44 == 0 { tally.expect(d == nil, "\(method) \(m.elements)") }
                if let d {
                    // The 2-D formula with a normal det can still leave the range in √(a² + b²) or √(c² + d²)
                    // (e.g. Sc(1e300, 1e-300, 1)): sy is then 0 or ∞ and the skew k/sy its IEEE quotient, NaN.
                    let rangeLeft = method == .interpolation2D && !(d.scale.x.isFinite && d.scale.y.isNormal)
                    let skew: [Double] = rangeLeft ? [] : [d.skew.x, d.skew.y, d.skew.z]
                    let parts: [Double] =
                        [d.translation, d.scale, d.rotation].flatMap { (v: SIMD3<Double>) in [v.x, v.y, v.z] } + skew
                        + [d.perspective.x, d.perspective.y, d.perspective.z, d.perspective.w]
                    tally.expect(!parts.contains { $0.isNaN }, "\(method) \(m.elements) \(d)")
                }
            }
        }
        tally.report("special values: decomposed(_:): \(tried) adversarial inputs")
    }

    @Test func keyPathReadsAreZeroForUndecomposableAndWritesNeverInvent() throws {
        var tally = ExpectationTally()
        var tried = 0
        for m in Self.matrices {
            let undecomposable = m.decomposed() == nil
            for path in TransformKeyPath.allCases {
                tried += 1
                let read = m.value(for: path)
                if undecomposable {
                    tally.expect(read == (path == .translation ? .size(width: 0, height: 0) : .number(0)), "\(path) \(m.elements)")
                }
                for value in Adversarial.keyPathValues {
                    tried += 1
                    switch Result(catching: { () throws(TransformKeyPathError) in try m.setting(path, to: value) }) {
                    case .success(let written):
                        switch value {
                        case .number(let v) where !v.isFinite: tally.expect(written.matches(m))
                        case .size(let w, let h) where !w.isFinite || !h.isFinite: tally.expect(written.matches(m))
                        default: tally.expect(!undecomposable, "a write on an undecomposable matrix must throw: \(path)")
                        }
                    case .failure(.wrongValueKind):
                        tally.expect(value.kind != path.valueKind)
                    case .failure(.undecomposableTransform(let name)):
                        tally.expect(undecomposable && name == path.rawValue)
                    case .failure(let error):
                        Issue.record("unexpected \(error) for \(path) = \(value)")
                    }
                }
            }
        }
        tally.report("special values: value(for:)/setting(_:to:): \(tried) adversarial inputs")
    }

    @Test func keyPathStringsParseOrFailWithTheirName() {
        var tally = ExpectationTally()
        for s in Adversarial.keyPathStrings {
            switch Result(catching: { () throws(TransformKeyPathError) in try TransformKeyPath(parsing: s) }) {
            case .success(let path): tally.expect(path.rawValue == s)
            case .failure(.unknownKeyPath(let name)): tally.expect(name == s)
            case .failure(let error): Issue.record("unexpected \(error) for '\(s.prefix(40))'")
            }
        }
        tally.report("special values: TransformKeyPath(parsing:): \(Adversarial.keyPathStrings.count) adversarial strings")
    }

    @Test func blendFollowsItsSpecialValueRules() {
        var tally = ExpectationTally()
        let fractions = SpecialValues.all + [0.25, 0.5, 0.75]
        var tried = 0
        for (k, m) in Self.matrices.enumerated() where k % 3 == 0 {
            for other in [Adversarial.base, m] {
                for t in fractions {
                    tried += 1
                    let r = m.interpolated(to: other, fraction: t)
                    if !t.isFinite {
                        tally.expect(r.elements.allSatisfy { $0.isNaN })
                    } else if t == 0 {
                        tally.expect(r.matches(m))
                    } else if t == 1 {
                        tally.expect(r.matches(other))
                    } else if Self.hasNonFinite(m) || Self.hasNonFinite(other) {
                        tally.expect(r.matches(t < 0.5 ? m : other), "t = \(t)")
                    }
                }
            }
        }
        tally.report("special values: interpolated(to:fraction:): \(tried) adversarial inputs")
    }

    @Test func rotationsAtRightAnglesStayOrthonormalAndDecompose() throws {
        var tally = ExpectationTally()
        for m in Adversarial.rotations where !Self.hasNonFinite(m) {
            let p = m.concatenating(Transform3D(elements: m.elements.enumerated().map { i, _ in m.elements[(i % 4) * 4 + i / 4] })!)
            tally.expect(p.maxDifference(to: .identity) <= 1e-15, "\(m.elements)")
            let d = try #require(m.decomposed())
            // Near gimbal lock asin is ill-conditioned, yet the recomposed matrix stays within a few ulps.
            tally.expect(Transform3D(d).maxDifference(to: m) <= 1e-14, "\(m.elements)")
            tally.expect(abs(d.rotation.y) <= .pi / 2)
        }
        tally.report("special values: rotations at k·π/2 and gimbal lock: \(Adversarial.rotations.count) inputs")
    }

    @Test func transform2DInversionRefusesWhatItMust() {
        var tally = ExpectationTally()
        var tried = 0
        for m in Self.matrices {
            let a = m.affineTransform
            tried += 1
            let r = a.inverted()
            let det = a.a * a.d - a.b * a.c
            if [a.a, a.b, a.c, a.d, a.tx, a.ty].contains(where: { !$0.isFinite }) || !det.isNormal {
                tally.expect(r.matches(a, .bitwiseUpToSignOfZero) && a.invertedIfPossible() == nil)
            } else if let inverse = a.invertedIfPossible() {
                tally.expect(r.matches(inverse))
                let residual = inverseResidualFailure(inverse.matrix3x3, of: a.matrix3x3, size: 3)
                tally.expect(residual == nil, "\(a): \(residual ?? "")")
            }
        }
        tally.report("special values: Transform2D.inverted: \(tried) adversarial inputs")
    }

    @Test func homographyRulesOnAdversarialMatrices() {
        var tally = ExpectationTally()
        var tried = 0
        let points = Adversarial.points.map { SIMD2(Double($0.x), Double($0.y)) }
        for m in Self.matrices {
            let h = Homography(m)
            let inverse = h.inverted()
            if !h.isFinite || !h.determinant.isNormal { tally.expect(inverse == nil) }
            if let inverse {
                let residual = inverseResidualFailure(inverse.entries, of: h.entries, size: 3)
                tally.expect(residual == nil, "\(h): \(residual ?? "")")
            }
            for p in points {
                tried += 1
                let q = h.mapPoint(p), x = h.mapHomogeneous(p)
                // IEEE: the forward map is the homogeneous image divided by W, bit for bit.
                tally.expect(
                    exact(q.x, x.x / x.z, .bitwiseUpToSignOfZero) && exact(q.y, x.y / x.z, .bitwiseUpToSignOfZero)
                        && exact(h.forwardWeight(p), x.z, .bitwiseUpToSignOfZero))
                let back = h.backMapPoint(p)
                if inverse == nil { tally.expect(back.x.isNaN && back.y.isNaN) }
            }
        }
        tally.report("special values: Homography (mapPoint, forwardWeight, inverted, backMapPoint): \(tried) adversarial inputs")
    }

    @Test func quaternionsAndSlerpOnSpecialValues() {
        var tally = ExpectationTally()
        var tried = 0
        let unit = Quaternion(x: 0, y: 0, z: 0.6, w: 0.8)
        for v in SpecialValues.all {
            for position in 0..<4 {
                var c = [0.0, 0.0, 0.6, 0.8]
                c[position] = v
                let q = Quaternion(x: c[0], y: c[1], z: c[2], w: c[3])
                for t in [0, 0.5, 1, v] {
                    tried += 1
                    let r = unit.slerp(to: q, fraction: t), s = q.slerp(to: unit, fraction: t)
                    // CAMathCore's *Key paths and decomposition* article, *Interpolation* is IEEE: a NaN or ±∞ component either reaches the result or (d = ±∞
                    // clamps to 1, sh = 0) returns `self` unchanged.
                    if !v.isFinite {
                        func poisonedOrSelf(_ out: Quaternion, _ start: Quaternion) -> Bool {
                            [out.x, out.y, out.z, out.w].contains { !$0.isFinite }
                                || [out.x, out.y, out.z, out.w].map(\.bitPattern) == [start.x, start.y, start.z, start.w].map(\.bitPattern)
                        }
                        tally.expect(poisonedOrSelf(r, unit) && poisonedOrSelf(s, q), "t = \(t)")
                    }
                }
                tried += 1
                let m = Transform3D(rotation: q).elements
                if !v.isFinite { tally.expect(m.contains { $0.isNaN }) }
                tally.expect([3, 7, 11, 12, 13, 14].allSatisfy { m[$0] == 0 } && m[15] == 1)
            }
        }
        tally.report("special values: Quaternion, slerp, Transform3D(rotation:): \(tried) adversarial inputs")
    }

    @Test func rectsAndBoxesOnSpecialValues() {
        var tally = ExpectationTally()
        var tried = 0
        let rects = Adversarial.rects.map {
            Rect2D(x: Double($0.origin.x), y: Double($0.origin.y), width: Double($0.size.width), height: Double($0.size.height))
        }
        let points = Adversarial.points.map { SIMD2(Double($0.x), Double($0.y)) }
        for r in rects {
            let s = r.standardized
            if !r.isNull && !r.width.isNaN && !r.height.isNaN { tally.expect(!(s.width < 0) && !(s.height < 0)) }
            for p in points {
                tried += 1
                if p.x.isNaN || p.y.isNaN || r.isNull || [r.x, r.y, r.width, r.height].contains(where: \.isNaN) {
                    tally.expect(!r.contains(p))
                }
            }
            var box = BoundingBox()
            let (a, b, c, d) = r.corners
            for corner in [a, b, c, d] { box.add(corner) }
            let out = box.rect
            let nan = [out.x, out.y, out.width, out.height].filter(\.isNaN).count
            if [a, b, c, d].contains(where: { $0.x.isNaN || $0.y.isNaN }) { tally.expect(nan == 4) }
        }
        tally.expect(BoundingBox().rect.isNull)
        tally.report("special values: Rect2D (standardized, contains, corners) and BoundingBox: \(tried) adversarial inputs")
    }
}
