@_spi(Benchmarks) import CAMath
import _CAMathTestSupport
import Foundation
import Testing

/// CAMathCore's *Conventions* article, *Special values* over the shared adversarial inputs for every CAMathLayer entry point: rect mapping,
/// contains, frame get/set, convert, hitTest (against the brute-force reference), LayerTree agreement
/// and depth 10 000. Each test prints how many inputs it tried.
@Suite struct AdversarialLayerTests {
    static func parts(_ r: CGRect) -> [Double] { [r.origin.x, r.origin.y, r.size.width, r.size.height].map(Double.init) }
    static func hasNaN(_ r: CGRect) -> Bool { parts(r).contains { $0.isNaN } }
    static func bitsEqual(_ a: CGRect, _ b: CGRect) -> Bool { zip(parts(a), parts(b)).allSatisfy { $0.bitPattern == $1.bitPattern } }
    static func bitsEqual(_ a: LayerGeometry, _ b: LayerGeometry) -> Bool {
        bitsEqual(a.bounds, b.bounds) && a.position.x.bitPattern == b.position.x.bitPattern
            && a.position.y.bitPattern == b.position.y.bitPattern && a.transform.matches(b.transform)
    }

    static let affines: [Transform2D] = [
        .identity, Transform2D(a: 0, b: 1, c: -1, d: 0, tx: 3, ty: 4),
        Transform2D(scaleX: 0, y: 2), Transform2D(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0),
        Transform2D(translationX: .infinity, y: 0), Transform2D(scaleX: 1e300, y: 1e-300)
    ]

    @Test func rectApplyingKeepsNullAndInfiniteAndPoisonsWithNaN() {
        var tally = ExpectationTally()
        var tried = 0
        for r in Adversarial.rects {
            for t in Self.affines {
                tried += 1
                let out = r.applying(t)
                if r.isNull {
                    tally.expect(out.isNull)
                } else if r.isInfinite {
                    tally.expect(out.isInfinite)
                } else if Self.hasNaN(r) || [t.a, t.b, t.c, t.d, t.tx, t.ty].contains(where: { $0.isNaN }) {
                    tally.expect(Self.parts(out).allSatisfy { $0.isNaN }, "\(r) · \(t)")
                }
            }
        }
        tally.report("special values: CGRect.applying: \(tried) adversarial inputs")
    }

    @Test func containsIsFalseForNaNPointsNaNBoundsAndNull() {
        var tally = ExpectationTally()
        var tried = 0
        for g in Adversarial.geometries {
            for p in Adversarial.points {
                tried += 1
                if p.x.isNaN || p.y.isNaN || Self.hasNaN(g.bounds) || g.bounds.isNull { tally.expect(!g.contains(p)) }
            }
        }
        tally.report("special values: contains: \(tried) adversarial inputs")
    }

    /// CAMathLayer's *Layer geometry* article, *frame*: a NaN in any corner's X, Y or W → (NaN × 4). The corners depend on bounds.size, the
    /// anchor point, anchorPointZ and the transform's columns 1, 2 and 4 (not column 3, not position,
    /// not bounds.origin); position is added after the box (step 4), so a NaN there reaches one field.
    @Test func frameIsAllNaNForANaNCornerAndNumbersForModerateInput() {
        var tally = ExpectationTally()
        for g in Adversarial.geometries {
            let f = g.frame, t = g.transform.elements
            let cornerInputs =
                [
                    Double(g.bounds.size.width), Double(g.bounds.size.height), Double(g.anchorPoint.x),
                    Double(g.anchorPoint.y), Double(g.anchorPointZ)
                ] + [0, 1, 3, 4, 5, 7, 8, 9, 11, 12, 13, 15].map { t[$0] }
            let nan = Self.parts(f).filter(\.isNaN).count
            if cornerInputs.contains(where: \.isNaN) {
                tally.expect(nan == 4, "\(f) from \(g.bounds) \(g.anchorPoint) \(g.transform.elements)")
            } else if (cornerInputs + [Double(g.position.x), Double(g.position.y)]).allSatisfy({ abs($0) <= 1e100 }) {
                tally.expect(f.isNull || nan == 0, "\(f) from \(g.bounds) \(g.anchorPoint) \(g.transform.elements)")
            }
        }
        tally.report("special values: frame getter: \(Adversarial.geometries.count) adversarial geometries")
    }

    @Test func setFrameIgnoresNonFiniteAndKeepsTheSizeWhenSingular() {
        var tally = ExpectationTally()
        var tried = 0
        for g in Adversarial.geometries {
            for r in Adversarial.rects {
                tried += 1
                var h = g
                h.setFrame(r)
                if !Self.parts(r).allSatisfy(\.isFinite) || !g.transform.isFinite {
                    tally.expect(Self.bitsEqual(h, g), "setFrame(\(r)) must be ignored")
                } else {
                    tally.expect(
                        h.transform.matches(g.transform) && h.anchorPoint == g.anchorPoint || g.anchorPoint.x.isNaN || g.anchorPoint.y.isNaN
                    )
                    if g.affineTransform().invertedIfPossible() == nil {
                        tally.expect(h.bounds.size == g.bounds.size || Self.hasNaN(g.bounds))
                    }
                }
            }
        }
        tally.report("special values: setFrame: \(tried) adversarial inputs")
    }

    @Test func convertAcrossAdversarialLevels() {
        var tally = ExpectationTally()
        var tried = 0
        for g in Adversarial.geometries {
            let root = Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 400, height: 300)))
            let child = Layer(geometry: g)
            root.addSublayer(child)
            let singular = child.geometry.levelMap(superlayer: root.geometry).inverse == nil
            for p in Adversarial.points {
                tried += 1
                let into = child.convert(p, from: root), out = child.convert(p, to: root)
                if singular { tally.expect(into.x.isNaN && into.y.isNaN, "singular level → (NaN, NaN)") }
                if p.x.isNaN || p.y.isNaN {
                    tally.expect(into.x.isNaN || into.y.isNaN)
                    tally.expect(out.x.isNaN || out.y.isNaN)
                }
            }
            tried += 1
            tally.expect(child.convert(CGRect.null, to: root).isNull && child.convert(CGRect.null, from: root).isNull)
        }
        tally.report("special values: convert: \(tried) adversarial inputs")
    }

    @Test func hitTestEqualsTheReferenceOnAdversarialTrees() {
        var tally = ExpectationTally()
        var tried = 0
        let grid = stride(from: -50.0, through: 450, by: 37.5).flatMap { x in
            stride(from: -50.0, through: 350, by: 41).map { CGPoint(x: x, y: $0) }
        }
        let geometries = Adversarial.geometries
        for start in stride(from: 0, to: geometries.count, by: 6) {
            let root = Layer(
                geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 400, height: 300), position: CGPoint(x: 200, y: 150)))
            var layers = [root]
            for (k, g) in geometries[start..<min(start + 6, geometries.count)].enumerated() {
                let layer = Layer(geometry: g)
                layers[k / 2].addSublayer(layer)
                layers.append(layer)
            }
            let tree = LayerTree(root: root), order = LayerReference.preorder(root)
            for p in grid + Adversarial.points {
                tried += 1
                let hit = root.hitTest(p)
                tally.expect(hit === LayerReference.hitTest(p, root: root), "\(p)")
                tally.expect(tree.hitTest(p) == hit.flatMap { h in order.firstIndex { $0 === h } }, "\(p)")
                if !p.x.isFinite || !p.y.isFinite { tally.expect(hit == nil) }
            }
        }
        tally.report("special values: hitTest (Layer and LayerTree vs the brute-force reference): \(tried) adversarial inputs")
    }

    @Test func depthTenThousandConvertsAndHitTestsWithoutOverflow() {
        var tally = ExpectationTally()
        let (root, leaf) = Adversarial.chain(depth: 10_000)
        tally.expect(leaf.convert(CGPoint(x: 1, y: 2), to: root) == CGPoint(x: 1, y: 2))
        tally.expect(leaf.convert(CGRect(x: 1, y: 2, width: 3, height: 4), to: nil) == CGRect(x: 1, y: 2, width: 3, height: 4))
        tally.expect(root.hitTest(CGPoint(x: 10, y: 20)) === leaf)
        tally.expect(root.hitTest(CGPoint(x: Double.nan, y: 20)) == nil)
        let tree = LayerTree(root: root)
        tally.expect(tree.count == 10_000 && tree.hitTest(CGPoint(x: 10, y: 20)) == 9_999)
        tally.report("special values: depth 10 000: convert, hitTest and LayerTree")
    }

    @Test func pointAndSizeApplyingAreIEEE() {
        var tally = ExpectationTally()
        var tried = 0
        for p in Adversarial.points {
            for t in Self.affines {
                tried += 1
                let q = p.applying(t), x = Double(p.x), y = Double(p.y)
                tally.expect(
                    exact(Double(q.x), x * t.a + y * t.c + t.tx, .bitwiseUpToSignOfZero)
                        && exact(Double(q.y), x * t.b + y * t.d + t.ty, .bitwiseUpToSignOfZero))
                let s = CGSize(width: p.x, height: p.y).applying(t)
                tally.expect(
                    exact(Double(s.width), x * t.a + y * t.c, .bitwiseUpToSignOfZero)
                        && exact(Double(s.height), x * t.b + y * t.d, .bitwiseUpToSignOfZero))
            }
        }
        tally.report("special values: CGPoint/CGSize.applying: \(tried) adversarial inputs")
    }

    @Test func layerKeyPathsRefuseWithoutChangingTheLayer() {
        var tally = ExpectationTally()
        var tried = 0
        for m in [Adversarial.base] + Adversarial.singularAndExtreme {
            for keyPath in Adversarial.keyPathStrings {
                for value in Adversarial.keyPathValues {
                    tried += 1
                    let layer = Layer()
                    layer.transform = m
                    layer.sublayerTransform = m
                    _ = try? layer.transformValue(forKeyPath: keyPath)
                    do {
                        try layer.setTransformValue(value, forKeyPath: keyPath)
                    } catch {
                        tally.expect(layer.transform.matches(m) && layer.sublayerTransform.matches(m), "\(keyPath) = \(value)")
                    }
                    if case .number(let x) = value, !x.isFinite {
                        tally.expect(layer.transform.matches(m) && layer.sublayerTransform.matches(m))
                    }
                }
            }
        }
        tally.report("special values: Layer.transformValue(forKeyPath:)/setTransformValue(_:forKeyPath:): \(tried) adversarial inputs")
    }
}
