@_spi(Benchmarks) import CAMathBatch
import CAMathCore
import CAMathLayer
import CAMathQuartzCore
import _CAMathTestSupport
import Foundation
import PropertyBased
import Testing

/// The layer invariants of CAMathCore's *Invariants* article on random trees (seeded and randomised).
@Suite struct LayerPropertyTests {
    static let points = Gen.double(in: -150...450).simd2.array(of: 24)

    /// `hitTest` equals the brute-force reference on trees of up to 50 layers with every hard case.
    @Test func hitTestEqualsTheBruteForceReference() async {
        await checkProperty(zip(LayerTreeGen.tree(maxNodes: 50), Self.points), seededRuns: 150) { spec, points in
            let layers = spec.build()
            for p in points {
                let point = CGPoint(p)
                #expect(
                    layers[0].hitTest(point) === LayerReference.hitTest(point, root: layers[0]),
                    "point \(p) in tree\n\(spec)")
            }
        }
    }

    /// The snapshot gives exactly `Layer`'s results: hit tests, frames and conversions.
    @Test func layerTreeEqualsLayer() async {
        await checkProperty(zip(LayerTreeGen.tree(maxNodes: 50), Self.points), seededRuns: 150) { spec, points in
            let layers = spec.build()
            let order = LayerReference.preorder(layers[0])
            let tree = LayerTree(root: layers[0])
            #expect(tree.names == order.map(\.name))
            for p in points {
                let hit = tree.hitTest(CGPoint(p)).map { order[$0] }
                #expect(hit === layers[0].hitTest(CGPoint(p)), "point \(p) in tree\n\(spec)")
            }
            #expect(exact(tree.frames(), order.map(\.frame)))
            for (k, p) in points.enumerated() {
                let a = k % order.count, b = (k * 7 + 3) % order.count
                let viaTree = tree.convert(CGPoint(p), from: a, to: b), viaLayer = order[a].convert(CGPoint(p), to: order[b])
                #expect(
                    exact(Double(viaTree.x), Double(viaLayer.x), .bitwiseUpToSignOfZero)
                        && exact(Double(viaTree.y), Double(viaLayer.y), .bitwiseUpToSignOfZero))
                let toRoot = tree.convert(CGPoint(p), from: a, to: nil), layerToRoot = order[a].convert(CGPoint(p), to: nil)
                #expect(
                    exact(Double(toRoot.x), Double(layerToRoot.x), .bitwiseUpToSignOfZero)
                        && exact(Double(toRoot.y), Double(layerToRoot.y), .bitwiseUpToSignOfZero))
                let r = CGRect(x: p.x, y: p.y, width: 10, height: -5)
                #expect(exact(tree.convert(r, from: a, to: b), order[a].convert(r, to: order[b]), .bitwiseUpToSignOfZero))
            }
        }
    }

    /// `hitTest` returns nil, the receiver or a descendant, never inside a hidden subtree; changing
    /// zPositions changes nothing when every `sublayerTransform` is affine. (With a 3-D rotation or a
    /// perspective in a superlayer's `sublayerTransform`, z reaches x, y or w and zPosition does move a
    /// layer in 2-D, as the map of CAMathLayer's *Layer geometry* article, *The map to the superlayer* says.)
    @Test func hitTestIgnoresZPositionAndHiddenSubtrees() async {
        let gen = zip(LayerTreeGen.tree(maxNodes: 30, affineSublayerTransforms: true), Self.points, Gen.int(in: 0...1000))
        await checkProperty(gen, seededRuns: 100) { spec, points, shift in
            let layers = spec.build()
            let before = points.map { layers[0].hitTest(CGPoint($0)) }
            for (i, layer) in layers.enumerated() { layer.zPosition = spec.geometries[(i + shift) % layers.count].zPosition * 3 + 1 }
            for (p, hit) in zip(points, before) {
                #expect(layers[0].hitTest(CGPoint(p)) === hit)
                guard let hit else { continue }
                var node: Layer? = hit
                while let n = node { #expect(!n.isHidden); node = n.superlayer }
            }
        }
    }

    /// `A.convert(A.convert(p, to: B), from: B) ≈ p` when every level is invertible with κ ≤ 1e6 and
    /// the point stays in front of the eye; relative 1e-9 (CAMathCore's *Invariants* article).
    @Test func convertRoundTrips() async {
        let gen = zip(LayerTreeGen.tree(maxNodes: 12, invertible: true), Self.points, Gen.int(in: 0...10_000))
        @Sendable func endpoints(_ layers: [Layer], _ pick: Int) -> (Layer, Layer, ConversionPath) {
            let a = layers[pick % layers.count], b = layers[(pick / 7) % layers.count]
            return (a, b, ObjectLayerHierarchy<Layer>().conversionPath(from: a, to: b))
        }
        await checkProperty(
            gen, seededRuns: 150,
            where: { spec, _, pick in
                let path = endpoints(spec.build(), pick).2
                return (path.up + path.down).allSatisfy { $0.forward.conditionNumber <= 1e6 }
            }
        ) { spec, points, pick in
            let layers = spec.build()
            let (a, b, path) = endpoints(layers, pick)
            for p in points {
                let there = a.convert(CGPoint(p), to: b)
                guard Self.stayInFront(path, p) else { continue }
                let back = a.convert(there, from: b).simd
                let scale = max(1, abs(p.x), abs(p.y))
                #expect(
                    abs(back.x - p.x) <= 1e-9 * scale && abs(back.y - p.y) <= 1e-9 * scale,
                    "p \(p) → \(there) → \(back) in tree\n\(spec)")
            }
        }
    }

    /// For an affine transform the frame is `CGRect.applying` of `(−ax·bw, −ay·bh, bw, bh)` offset by
    /// `position` (CAMathLayer's *Layer geometry* article, *frame*): identically for non-negative sizes. A negative size is standardised by
    /// `applying` (`(y + h) + (−h)`) but not by the frame's corner rule, so there the two may differ by
    /// rounding (checked within 4 ulp of the magnitude).
    @Test func affineFrameIsTheClosedForm() async {
        await checkProperty(LayerTreeGen.tree(maxNodes: 1)) { spec in
            var g = spec.geometries[0]
            g.transform = Transform3D(g.transform.affineTransform)
            let b = g.bounds.size, a = g.anchorPoint
            let box = CGRect(x: -a.x * b.width, y: -a.y * b.height, width: b.width, height: b.height).applying(g.affineTransform())
            let expected = CGRect(
                x: box.origin.x + g.position.x, y: box.origin.y + g.position.y, width: box.size.width, height: box.size.height)
            if b.width >= 0 && b.height >= 0 {
                #expect(exact(g.frame, expected, .bitwiseUpToSignOfZero), "\(spec)")
            } else {
                let f = g.frame
                let pairs = [
                    (f.origin.x, expected.origin.x), (f.origin.y, expected.origin.y),
                    (f.size.width, expected.size.width), (f.size.height, expected.size.height)
                ]
                let magnitude = max(1, abs(expected.minX), abs(expected.maxX), abs(expected.minY), abs(expected.maxY))
                #expect(pairs.allSatisfy { abs($0 - $1) <= 4 * 0x1p-52 * magnitude }, "\(spec)")
            }
        }
    }

    /// `setFrame` then `frame` returns the rect when the linear part is diagonal with positive entries:
    /// exactly for dyadic inputs, within 4 ulp of the rect's magnitude otherwise.
    @Test func setFrameThenFrameRoundTrips() async {
        let dyadic = zip(Gen.int(in: -64...64).array(of: 4), Gen.int(in: 0...2).array(of: 2), Gen.int(in: -2...2).array(of: 2))
        await checkProperty(dyadic) { r, anchor, scale in
            var g = LayerGeometry(anchorPoint: CGPoint(x: Double(anchor[0]) / 2, y: Double(anchor[1]) / 2))
            g.transform = Transform3D(scaleX: pow(2, Double(scale[0])), y: pow(2, Double(scale[1])), z: 1)
            let rect = CGRect(x: Double(r[0]), y: Double(r[1]), width: Double(abs(r[2])), height: Double(abs(r[3])))
            g.setFrame(rect)
            #expect(g.frame == rect)
        }
        let general = zip(Gen.double(in: -1000...1000).array(of: 4), Gen.double(in: 0...1).simd2, Gen.double(in: 0.1...10).simd2)
        await checkProperty(general) { r, anchor, scale in
            var g = LayerGeometry(anchorPoint: CGPoint(anchor))
            g.transform = Transform3D(scaleX: scale.x, y: scale.y, z: 1)
            let rect = CGRect(x: r[0], y: r[1], width: abs(r[2]), height: abs(r[3]))
            g.setFrame(rect)
            let f = g.frame, tolerance = 4 * 0x1p-52 * max(1, abs(r[0]), abs(r[1]), abs(r[2]), abs(r[3]))
            #expect(abs(f.origin.x - rect.origin.x) <= tolerance && abs(f.origin.y - rect.origin.y) <= tolerance)
            #expect(abs(f.size.width - rect.size.width) <= tolerance && abs(f.size.height - rect.size.height) <= tolerance)
        }
    }

    @Test func containsFollowsTheHalfOpenRule() async {
        await checkProperty(
            LayerTreeGen.tree(maxNodes: 1),
            where: { spec in
                let r = spec.geometries[0].bounds.standardized
                return r.size.width > 0 && r.size.height > 0
            }
        ) { spec in
            let g = spec.geometries[0], r = g.bounds.standardized
            #expect(g.contains(r.origin))
            #expect(!g.contains(CGPoint(x: r.maxX, y: r.origin.y)) && !g.contains(CGPoint(x: r.origin.x, y: r.maxY)))
        }
    }

    /// Every intermediate point of the path has a forward weight ≥ 0.05 (far from the horizon).
    static func stayInFront(_ path: ConversionPath, _ p: SIMD2<Double>) -> Bool {
        var q = p
        for level in path.up {
            guard level.forward.forwardWeight(q) >= 0.05 else { return false }
            q = level.mapUp(q)
        }
        for level in path.down {
            q = level.mapDown(q)
            guard level.forward.forwardWeight(q) >= 0.05 else { return false }
        }
        return true
    }
}
