@_spi(Benchmarks) import CAMathBatch
import CAMathCore
import _CAMathTestSupport
import Testing

/// CAMathCore's *Conventions* article, *Special values*: every special value (NaN, ±∞, ±0, subnormals, extremes) in every argument position.
@Suite struct SpecialValueTests {
    static let values = SpecialValues.all
    static let base = Transform3D(elements: [1.5, -2, 0.25, 0.125, 3, 0.5, -1, 0.0625, -0.75, 2, 1.25, -0.03125, 10, -20, 30, 1])!

    @Test(arguments: values)
    func constructorsCopyBitForBit(v: Double) {
        for position in 0..<3 {
            var args: [Double] = [4, 5, 6]
            args[position] = v
            let t = Transform3D(translationX: args[0], y: args[1], z: args[2])
            #expect(exact(t.elements[12 + position], v))
            let s = Transform3D(scaleX: args[0], y: args[1], z: args[2])
            #expect(exact(s.elements[5 * position], v))
        }
        for position in 0..<6 {
            var e: [Double] = [1, 2, 3, 4, 5, 6]
            e[position] = v
            let a = Transform2D(elements: e)
            let bridged = Transform3D(a)
            #expect(bridged.affineTransform.elements.elementsEqual(e, by: { exact($0, $1) }))
            #expect(exact(bridged.elements[[0, 1, 4, 5, 12, 13][position]], v))
        }
        #expect(exact(Transform2D(translationX: v, y: 1).tx, v) && exact(Transform2D(translationX: 1, y: v).ty, v))
        #expect(exact(Transform2D(scaleX: v, y: 1).a, v) && exact(Transform2D(scaleX: 1, y: v).d, v))
    }

    @Test(arguments: values)
    func rotationRulesInEveryPosition(v: Double) {
        for position in 0..<4 {
            var args: [Double] = [0.7, 0.3, -0.5, 0.8]
            args[position] = v
            let r = Transform3D(rotationAngle: args[0], x: args[1], y: args[2], z: args[3]).elements
            let block = [0, 1, 2, 4, 5, 6, 8, 9, 10]
            let rest = [3, 7, 11, 12, 13, 14, 15].map { r[$0] }
            #expect(rest == [0, 0, 0, 0, 0, 0, 1], "position \(position), value \(v)")
            if !v.isFinite {
                #expect(block.allSatisfy { r[$0].isNaN }, "position \(position), value \(v)")
            } else {
                #expect(block.allSatisfy { r[$0].isFinite && abs(r[$0]) <= 1 + 1e-15 }, "position \(position), value \(v)")
            }
        }
        // With the other two axis components zero: zero (either sign) → identity; anything else → that axis.
        for position in 1...3 {
            var args: [Double] = [0.7, 0, 0, 0]
            args[position] = v
            let r = Transform3D(rotationAngle: args[0], x: args[1], y: args[2], z: args[3])
            if v == 0 {
                #expect(r.matches(.identity))
            } else if v.isFinite {
                var unit: [Double] = [0.7, 0, 0, 0]
                unit[position] = v > 0 ? 1 : -1
                #expect(r == Transform3D(rotationAngle: unit[0], x: unit[1], y: unit[2], z: unit[3]), "value \(v)")
            }
        }
        // A zero axis wins over a non-finite angle.
        #expect(Transform3D(rotationAngle: v, x: 0, y: -0.0, z: 0).matches(.identity))
    }

    @Test(arguments: values)
    func concatIsIEEEInEveryPosition(v: Double) {
        for i in 0..<16 {
            let a = Self.base.replacing(i, with: v)
            #expect(a.concatenating(Self.base).matches(loopConcat(a, Self.base)), "a[\(i)] = \(v)")
            #expect(Self.base.concatenating(a).matches(loopConcat(Self.base, a)), "b[\(i)] = \(v)")
        }
    }

    @Test(arguments: values)
    func translateAndScaleTouchOnlyTheirRows(v: Double) {
        for i in 0..<16 {
            let t = Self.base.replacing(i, with: v)
            let translated = t.translatedBy(x: 2, y: -3, z: 0.5).elements
            #expect(translated[0..<12].elementsEqual(t.elements[0..<12], by: { exact($0, $1) }), "t[\(i)] = \(v)")
            let scaled = t.scaledBy(x: 2, y: -3, z: 0.5).elements
            #expect(scaled[12..<16].elementsEqual(t.elements[12..<16], by: { exact($0, $1) }), "t[\(i)] = \(v)")
        }
        for position in 0..<3 {
            var s: [Double] = [2, -3, 0.5]
            s[position] = v
            let translated = Self.base.translatedBy(x: s[0], y: s[1], z: s[2]).elements
            #expect(translated[0..<12].elementsEqual(Self.base.elements[0..<12], by: { exact($0, $1) }))
            let scaled = Self.base.scaledBy(x: s[0], y: s[1], z: s[2]).elements
            #expect(scaled[12..<16].elementsEqual(Self.base.elements[12..<16], by: { exact($0, $1) }))
            let row = (0..<4).map { scaled[4 * position + $0] }
            #expect(row.elementsEqual((0..<4).map { v * Self.base.elements[4 * position + $0] }, by: { exact($0, $1) }))
        }
    }

    @Test(arguments: values)
    func predicatesCompareExactly(v: Double) {
        for i in 0..<16 {
            let t = Transform3D.identity.replacing(i, with: v)
            let identityValue = Transform3D.identity.elements[i]
            #expect(t.isIdentity == (v == identityValue), "position \(i), value \(v)")
            #expect((t == .identity) == (v == identityValue))
            #expect((t == t) == !v.isNaN)
        }
    }

    @Test(arguments: values)
    func inversionRefusesWhatItMust(v: Double) {
        for i in 0..<16 {
            let t = Self.base.replacing(i, with: v)
            let inverse = t.invertedIfPossible()
            if !v.isFinite || !t.determinant.isNormal {
                #expect(inverse == nil && t.inverted().matches(t), "position \(i), value \(v)")
            } else if let inverse {
                let residual = inverseResidualFailure(inverse.elements, of: t.elements, size: 4)
                #expect(residual == nil, "position \(i), value \(v): \(residual ?? "")")
            } else {
                #expect(t.inverted().matches(t))
            }
        }
        let scale = Transform3D(scaleX: v, y: 1, z: 1)
        if !v.isNormal { #expect(scale.inverted().matches(scale), "scale \(v)") }
        for i in 0..<6 {
            var e = Transform2D(a: 2, b: 0.5, c: -1, d: 3, tx: 4, ty: 5).elements
            e[i] = v
            let a = Transform2D(elements: e)
            if !v.isFinite || !(a.a * a.d - a.b * a.c).isNormal {
                #expect(a.inverted().elements.elementsEqual(e, by: { exact($0, $1) }), "affine position \(i), value \(v)")
            }
        }
    }

    @Test(arguments: values)
    func pointMappingIsIEEE(v: Double) {
        for position in 0..<3 {
            var p = SIMD3<Double>(1, 2, 3)
            p[position] = v
            let h = Self.base.mapHomogeneous(p)
            let mapped = Self.base.mapPoint(p)
            for k in 0..<3 { #expect(exact(mapped[k], h[k] / h.w, .bitwiseUpToSignOfZero)) }
            if v.isNaN { #expect(mapped.x.isNaN && mapped.y.isNaN && mapped.z.isNaN) }
        }
        var p2 = SIMD2<Double>(1, 2)
        p2.x = v
        let q = Transform2D(a: 2, b: 0.5, c: -1, d: 3, tx: 4, ty: 5).mapPoint(p2)
        #expect(exact(q.x, 2 * v + -1 * 2 + 4, .bitwiseUpToSignOfZero) && exact(q.y, 0.5 * v + 3 * 2 + 5, .bitwiseUpToSignOfZero))
    }

    @Test(arguments: values)
    func transform2DConcatenationIsIEEE(v: Double) {
        for i in 0..<6 {
            var e = Transform2D(a: 2, b: 0.5, c: -1, d: 3, tx: 4, ty: 5).elements
            e[i] = v
            let a = Transform2D(elements: e), b = Transform2D(a: 1.5, b: -2, c: 0.25, d: 4, tx: -6, ty: 7)
            let r = a.concatenating(b)
            let expected = [
                a.a * b.a + a.b * b.c, a.a * b.b + a.b * b.d, a.c * b.a + a.d * b.c, a.c * b.b + a.d * b.d,
                a.tx * b.a + a.ty * b.c + b.tx, a.tx * b.b + a.ty * b.d + b.ty
            ]
            #expect(r.elements.elementsEqual(expected, by: { exact($0, $1) }), "position \(i), value \(v)")
        }
    }
}
