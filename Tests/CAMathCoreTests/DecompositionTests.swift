@_spi(Benchmarks) import CAMathBatch
import CAMathCore
import _CAMathTestSupport
import PropertyBased
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// CAMathCore's *Key paths and decomposition* article (key paths, decomposition, blend): hard cases by name and the *Invariants* article's properties.
@Suite struct DecompositionTests {
    // MARK: hard cases

    /// FB9862872: writing scale.x = −0.5, then scale.y = −0.5 on the identity loses the y sign.
    @Test func negativeDeterminantMovesTheSignOntoAllScales() throws {
        let afterX = try Transform3D.identity.setting(.scaleX, to: .number(-0.5))
        #expect(afterX.maxDifference(to: Transform3D(scaleX: -0.5, y: 1, z: 1)) < 1e-15)
        let d = try #require(afterX.decomposed())
        #expect(d.scale == SIMD3(-0.5, -1, -1))
        #expect(abs(remainder(d.rotation.x - .pi, 2 * .pi)) < 1e-15)
        let afterY = try afterX.setting(.scaleY, to: .number(-0.5))
        #expect(afterY.maxDifference(to: Transform3D(scaleX: -0.5, y: 0.5, z: 1)) < 1e-15)
        // The matrix lost the sign (m22 = +0.5), yet the read gives −0.5: step 7 spreads the flip over all scales.
        #expect(afterY.value(for: .scaleY) == .number(-0.5) && afterY.value(for: .scaleZ) == .number(-1))
    }

    @Test(arguments: [Double.pi / 2, -Double.pi / 2])
    func gimbalLockExactly(ry: Double) throws {
        let m = Transform3D(rotationAngle: 0.3, x: 1, y: 0, z: 0).concatenating(Transform3D(rotationAngle: ry, x: 0, y: 1, z: 0))
        let d = try #require(m.decomposed())
        #expect(abs(d.rotation.y - ry) < 1e-8)
        #expect(d.rotation.z == 0)
        #expect(abs(d.rotation.x - 0.3) < 1e-8) // atan2(−r3.y, r2.y) recovers rx for both signs of ry
        #expect(Transform3D(d).maxDifference(to: m) < 1e-12)
    }

    @Test(arguments: [Double.pi / 2 - 1e-9, -Double.pi / 2 + 1e-9, Double.pi / 2 - 1e-13])
    func nearGimbalLockRecomposes(ry: Double) throws {
        let m = Transform3D(rotationAngle: 0.3, x: 1, y: 0, z: 0)
            .concatenating(Transform3D(rotationAngle: ry, x: 0, y: 1, z: 0))
            .concatenating(Transform3D(rotationAngle: -0.7, x: 0, y: 0, z: 1))
        let d = try #require(m.decomposed())
        #expect(abs(abs(d.rotation.y) - .pi / 2) < 1e-6)
        #expect(Transform3D(d).maxDifference(to: m) < 1e-9)
    }

    @Test func zeroScaleDecomposesWithoutPerspective() throws {
        let d = try #require(Transform3D(scaleX: 0, y: 1, z: 1).decomposed())
        #expect(d.scale == SIMD3(0, 1, 1) && d.rotation == SIMD3(0, 0, 0) && d.skew == SIMD3(0, 0, 0))
        #expect(Transform3D(scaleX: 0, y: 1, z: 1).decomposed(.interpolation3D) == nil)
        var withPerspective = Transform3D(scaleX: 0, y: 1, z: 1)
        withPerspective.m34 = -0.002
        #expect(withPerspective.decomposed() == nil)
        #expect(Transform3D(scaleX: 0, y: 0, z: 0).value(for: .scale) == .number(0))
    }

    @Test func m44ZeroIsUndecomposable() {
        let m = Transform3D(translationX: 1, y: 2, z: 3).replacing(15, with: 0)
        #expect(m.decomposed() == nil)
        #expect(m.value(for: .translationX) == .number(0))
        #expect(m.value(for: .translation) == .size(width: 0, height: 0))
        #expect(throws: TransformKeyPathError.undecomposableTransform(keyPath: "rotation.z")) {
            try m.setting(.rotationZ, to: .number(1))
        }
    }

    @Test(arguments: SpecialValues.nonFinite)
    func nonFiniteInputs(v: Double) throws {
        for i in 0..<16 {
            let m = Transform3D(scaleX: 2, y: 3, z: 4).replacing(i, with: v)
            #expect(m.decomposed() == nil && m.decomposed(.interpolation3D) == nil && m.decomposed(.interpolation2D) == nil)
            for path in TransformKeyPath.allCases where path != .translation { #expect(m.value(for: path) == .number(0)) }
            #expect(throws: TransformKeyPathError.self) { try m.setting(.scaleX, to: .number(2)) }
            // Undecomposable inputs blend discretely.
            #expect(m.interpolated(to: .identity, fraction: 0.25).matches(m, .bitwiseUpToSignOfZero))
            #expect(Transform3D.identity.interpolated(to: m, fraction: 0.75).matches(m, .bitwiseUpToSignOfZero))
        }
        let scale = Transform3D(scaleX: 2, y: 3, z: 4)
        for path in TransformKeyPath.allCases where path != .translation {
            #expect(try scale.setting(path, to: .number(v)).matches(scale))
        }
        #expect(try scale.setting(.translation, to: .size(width: v, height: 1)).matches(scale))
        let blended = scale.interpolated(to: .identity, fraction: v)
        #expect(blended.elements.allSatisfy { $0.isNaN })
    }

    @Test func keyPathsParseAndRejectUnknownNames() throws {
        #expect(TransformKeyPath.allCases.count == 12)
        for path in TransformKeyPath.allCases { #expect(try TransformKeyPath(parsing: path.rawValue) == path) }
        for bad in ["rotation.w", "", "scale.", "Rotation.z", "transform.rotation.z", "translation.xy"] {
            #expect(throws: TransformKeyPathError.unknownKeyPath(bad)) { try TransformKeyPath(parsing: bad) }
        }
        #expect(throws: TransformKeyPathError.wrongValueKind(keyPath: "rotation.z", expected: .number, got: .size)) {
            try Transform3D.identity.setting(.rotationZ, to: .size(width: 1, height: 2))
        }
        #expect(throws: TransformKeyPathError.wrongValueKind(keyPath: "translation", expected: .size, got: .number)) {
            try Transform3D.identity.setting(.translation, to: .number(1))
        }
        #expect(TransformKeyPathError.unknownKeyPath("rotation.w").description.contains("rotation.w"))
    }

    @Test func readRulesAndWrapping() throws {
        let m = Transform3D(scaleX: 2, y: 3, z: 4).concatenating(Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1))
            .concatenating(Transform3D(translationX: 5, y: 6, z: 7))
        #expect(abs(try #require(m.value(for: .rotation).number) - 0.5) < 1e-12)
        #expect(m.value(for: .rotation) == m.value(for: .rotationZ))
        #expect(abs(try #require(m.value(for: .scale).number) - 3) < 1e-12)
        #expect(m.value(for: .translation) == .size(width: 5, height: 6))
        let r181 = Transform3D(rotationAngle: 181 * .pi / 180, x: 0, y: 0, z: 1)
        let read181: Double = try #require(r181.value(for: .rotationZ).number)
        #expect(abs(read181 + 179 * Double.pi / 180) < 1e-12)
        let beyond = Transform3D(rotationAngle: 2, x: 0, y: 1, z: 0) // a y-rotation past 90° reads (π, π − θ, π)
        let d = try #require(beyond.decomposed())
        let pastX: Double = remainder(d.rotation.x - Double.pi, 2 * Double.pi), pastY: Double = d.rotation.y - (Double.pi - 2)
        #expect(abs(pastX) < 1e-12 && abs(pastY) < 1e-12)
        #expect(abs(remainder(d.rotation.z - .pi, 2 * .pi)) < 1e-12)
    }

    @Test func writesRecomposeWithM44One() throws {
        let m = Transform3D(scaleX: 2, y: 2, z: 2).replacing(15, with: 2)
        #expect(try m.setting(.translationX, to: .number(5)).maxDifference(to: Transform3D(translationX: 5, y: 0, z: 0)) < 1e-15)
        let moved = try Transform3D(translationX: 1, y: 2, z: 3).setting(.translation, to: .size(width: 7, height: 8))
        #expect(moved.maxDifference(to: Transform3D(translationX: 7, y: 8, z: 3)) < 1e-15)
        #expect(
            try Transform3D(scaleX: 1, y: 2, z: 3).setting(.scale, to: .number(2)).maxDifference(to: Transform3D(scaleX: 2, y: 2, z: 2))
                < 1e-15)
    }

    @Test func quaternionOfTheDiagonalBranches() throws {
        for (axis, expected) in [
            (SIMD3<Double>(1, 0, 0), Quaternion(x: 1, y: 0, z: 0, w: 0)),
            (SIMD3(0, 1, 0), Quaternion(x: 0, y: 1, z: 0, w: 0)),
            (SIMD3(0, 0, 1), Quaternion(x: 0, y: 0, z: 1, w: 0))
        ] {
            let q = try #require(Transform3D(rotationAngle: .pi, x: axis.x, y: axis.y, z: axis.z).decomposed(.interpolation3D)).quaternion
            #expect(abs(q.x - expected.x) < 1e-15 && abs(q.y - expected.y) < 1e-15 && abs(q.z - expected.z) < 1e-15 && abs(q.w) < 1e-15)
        }
    }

    @Test func slerpRules() {
        let a = Quaternion(x: 0, y: 0, z: 0, w: 1), b = Quaternion(x: 0, y: 0, z: sin(0.5), w: cos(0.5))
        let half = a.slerp(to: b, fraction: 0.5)
        #expect(abs(half.z - sin(0.25)) < 1e-15 && abs(half.w - cos(0.25)) < 1e-15)
        let negated = Quaternion(x: 0, y: 0, z: -sin(0.5), w: -cos(0.5)) // same rotation, other sign
        let short = a.slerp(to: negated, fraction: 0.5)
        #expect(abs(abs(short.z) - sin(0.25)) < 1e-15)
        let near = Quaternion(x: 0, y: 0, z: 1e-7, w: 1)
        #expect(a.slerp(to: near, fraction: 0.5) == a) // within 1e-5: the original, un-negated a
        let negativeNear = Quaternion(x: 0, y: 0, z: -1e-7, w: -1)
        #expect(a.slerp(to: negativeNear, fraction: 0.3) == a)
    }

    // MARK: properties (CAMathCore's *Invariants* article)

    /// Well-conditioned M from random translation, scale (negative included), skew, rotation and
    /// perspective: C(D(M)) ≈ M/m44 within relative 1e-12.
    @Test func recomposeDecomposeRoundTrips() async {
        let worst = WorstError()
        await checkProperty(Self.decomposableMatrix, seededRuns: 1000) { m in
            guard let d = m.decomposed() else { Issue.record("undecomposable: \(m)"); return }
            let normalised = Transform3D(elements: m.elements.map { $0 / m.m44 })!
            let error = Transform3D(d).maxDifference(to: normalised) / max(1, normalised.maxMagnitude)
            worst.record(error)
            #expect(error <= 1e-12, "m = \(m)")
            let viaQuaternion = Transform3D(m.decomposed(.interpolation3D)!, rotation: .quaternion)
            #expect(viaQuaternion.maxDifference(to: normalised) / max(1, normalised.maxMagnitude) <= 1e-12)
        }
        print("worst relative C(D(M)) error over the runs: \(worst.value)")
    }

    /// The domain of ``writeThenReadReturnsTheValue()`` (CAMathCore's *Invariants* article), for `m` without its perspective:
    /// decomposable, away from gimbal lock before and after the write, and scale writes that are not tiny
    /// and keep the determinant's sign (else step 7 moves the sign, as in FB9862872).
    @Sendable static func writeThenReadHolds(_ m: Transform3D, _ path: TransformKeyPath, _ v: Double) -> Bool {
        var m = m
        m.m14 = 0; m.m24 = 0; m.m34 = 0
        guard let d = m.decomposed(), abs(d.rotation.y) < .pi / 2 - 1e-6 else { return false }
        if path == .rotationY && abs(v) >= .pi / 2 - 1e-6 { return false }
        guard [.scale, .scaleX, .scaleY, .scaleZ].contains(path) else { return true }
        let s = d.scale
        let newScale: SIMD3<Double> =
            switch path {
            case .scaleX: SIMD3(v, s.y, s.z)
            case .scaleY: SIMD3(s.x, v, s.z)
            case .scaleZ: SIMD3(s.x, s.y, v)
            default: SIMD3(repeating: v)
            }
        return abs(v) > 1e-3 && (newScale.x * newScale.y * newScale.z > 0) == (s.x * s.y * s.z > 0)
    }

    /// Writes then reads return the written value (angles modulo 2π) without perspective, away from
    /// gimbal lock, with non-zero scales and scale writes that keep the determinant's sign.
    @Test func writeThenReadReturnsTheValue() async {
        let gen = zip(Self.decomposableMatrix, Gen.int(in: 0...11).map { TransformKeyPath.allCases[$0] }, Gen.double(in: -3...3))
        await checkProperty(gen, seededRuns: 1000, where: Self.writeThenReadHolds) { m, path, v in
            var m = m
            m.m14 = 0; m.m24 = 0; m.m34 = 0
            let value: TransformKeyPathValue = path == .translation ? .size(width: v, height: 2 * v) : .number(v)
            guard let written = try? m.setting(path, to: value) else { Issue.record("write refused: \(m)"); return }
            let read = written.value(for: path)
            switch (read, value) {
            case (.number(let r), .number(let w)) where path.rawValue.hasPrefix("rotation"):
                #expect(abs(remainder(r - w, 2 * .pi)) <= 1e-9, "\(path) = \(w) on \(m)")
            case (.number(let r), .number(let w)):
                #expect(abs(r - w) <= 1e-9 * max(1, abs(w)), "\(path) = \(w) on \(m)")
            case (.size(let rw, let rh), .size(let w, let h)):
                #expect(abs(rw - w) <= 1e-9 && abs(rh - h) <= 1e-9)
            default:
                Issue.record("read a \(read.kind) from \(path)")
            }
        }
    }

    /// Writing back what was read (an identity write) leaves M/m44 unchanged within 1e-12 — for every
    /// key path but `scale`, which reads the average and writes it to all three scales.
    @Test func identityWritesKeepTheMatrix() async {
        let paths = TransformKeyPath.allCases.filter { $0 != .scale }
        await checkProperty(zip(Self.decomposableMatrix, Gen.int(in: 0...(paths.count - 1)).map { paths[$0] }), seededRuns: 500) {
            m, path in
            let normalised = Transform3D(elements: m.elements.map { $0 / m.m44 })!
            let written = try m.setting(path, to: m.value(for: path))
            #expect(written.maxDifference(to: normalised) <= 1e-12 * max(1, normalised.maxMagnitude), "\(path) on \(m)")
        }
    }

    @Test func blendEndpointsAreExactAndTranslationsAreLinear() async {
        await checkProperty(zip(Self.decomposableMatrix, Self.decomposableMatrix, Gen.double(in: -2...3))) { a, b, t in
            #expect(a.interpolated(to: b, fraction: 0).matches(a))
            #expect(a.interpolated(to: b, fraction: 1).matches(b))
            let ta = Transform3D(translationX: a.m41, y: a.m42, z: a.m43), tb = Transform3D(translationX: b.m41, y: b.m42, z: b.m43)
            let blended = ta.interpolated(to: tb, fraction: t)
            let expected = Transform3D(
                translationX: ta.m41 + (tb.m41 - ta.m41) * t, y: ta.m42 + (tb.m42 - ta.m42) * t,
                z: ta.m43 + (tb.m43 - ta.m43) * t)
            #expect(blended.maxDifference(to: expected) <= 1e-12 * max(1, expected.maxMagnitude))
        }
    }

    /// The blend of the identity and a rotation by θ is the rotation by t·θ, as far as slerp can say it:
    /// `h = acos(d)` with `d = cos(θ/2)` rounded loses about `2⁻⁵³/sin(θ/2)`, so the bound grows as
    /// `sin(θ/2)` shrinks, and below `sin(θ/2) = 1e-5` slerp returns the start (CAMathCore's *Key paths and decomposition* article, *Interpolation*), the identity.
    @Test func blendOfARotationIsTheFractionOfTheAngle() async {
        // Small angles on both sides of the threshold, which random angles almost never reach.
        for theta in [0, 1e-12, -1e-9, 1e-6, -1.9e-5, 2.1e-5, -4e-5, 1e-4] {
            for t in [0.25, 0.5, 0.75] {
                let target = Transform3D(rotationAngle: theta, x: 0, y: 0, z: 1)
                let blended = Transform3D.identity.interpolated(to: target, fraction: t)
                if abs(sin(theta / 2)) < 1e-5 {
                    #expect(blended.maxDifference(to: .identity) <= 1e-15, "θ = \(theta), t = \(t): slerp keeps the start")
                } else {
                    let bound = 1e-12 + 1e-15 / abs(sin(theta / 2))
                    #expect(
                        blended.maxDifference(to: Transform3D(rotationAngle: t * theta, x: 0, y: 0, z: 1)) <= bound,
                        "θ = \(theta), t = \(t)")
                }
            }
        }
        await checkProperty(zip(Gen.double(in: -3.14...3.14), Gen.double(in: 0...1))) { theta, t in
            let sh = abs(sin(theta / 2))
            let bound = 1e-12 + 1e-15 / sh
            for axis in [SIMD3<Double>(0, 0, 1), SIMD3(1, 2, 2)] {
                let target = Transform3D(rotationAngle: theta, x: axis.x, y: axis.y, z: axis.z)
                let blended = Transform3D.identity.interpolated(to: target, fraction: t)
                if sh < 1e-5 {
                    #expect(blended.maxDifference(to: .identity) <= 1e-15, "θ = \(theta), t = \(t): slerp keeps the start")
                } else {
                    let expected = Transform3D(rotationAngle: t * theta, x: axis.x, y: axis.y, z: axis.z)
                    #expect(blended.maxDifference(to: expected) <= bound, "θ = \(theta), t = \(t), axis \(axis)")
                }
            }
        }
    }

    /// Scale (±[0.2, 5]) · skew (|k| ≤ 0.5) · rotation · translation (±500) · perspective, then m44 scaled.
    static var decomposableMatrix: Generator<Transform3D, some SendableSequenceType> {
        let scale = zip(Gen.double(in: 0.2...5), Gen.bool).map { s, negative in negative ? -s : s }
        return zip(
            scale.array(of: 3), Gen.double(in: -0.5...0.5).array(of: 3), TransformGen.angle, TransformGen.axis,
            Gen.double(in: -500...500).array(of: 3), zip(Gen.double(in: -0.002...0.002).array(of: 3), Gen.double(in: 0.5...2))
        )
        .map { s, k, angle, axis, t, perspective in
            var skew = Transform3D.identity
            skew.m21 = k[0]; skew.m31 = k[1]; skew.m32 = k[2]
            var p = Transform3D.identity
            p.m14 = perspective.0[0]; p.m24 = perspective.0[1]; p.m34 = perspective.0[2]
            let m = Transform3D(scaleX: s[0], y: s[1], z: s[2]).concatenating(skew)
                .concatenating(Transform3D(rotationAngle: angle, x: axis.x, y: axis.y, z: axis.z))
                .concatenating(Transform3D(translationX: t[0], y: t[1], z: t[2])).concatenating(p)
            return Transform3D(elements: m.elements.map { $0 * perspective.1 })!
        }
    }
}

/// The largest error a property saw (reported in the test output).
final class WorstError: @unchecked Sendable {
    private(set) var value = 0.0
    func record(_ e: Double) { value = max(value, e) }
}
