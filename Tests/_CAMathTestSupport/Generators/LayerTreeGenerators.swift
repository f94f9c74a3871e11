import CAMath
import Foundation
import PropertyBased

/// A layer tree as data: node 0 is the root; every other node's parent has a smaller index.
/// Building it adds sublayers in index order.
public struct LayerTreeSpec: Sendable, CustomStringConvertible {
    public var parents: [Int]
    public var geometries: [LayerGeometry]

    public init(parents: [Int], geometries: [LayerGeometry]) {
        self.parents = parents
        self.geometries = geometries
    }

    /// The layers, in spec order (`layers[0]` is the root), named `"0"`, `"1"`, ….
    public func build() -> [Layer] {
        let layers = geometries.indices.map { Layer(geometry: geometries[$0], name: "\($0)") }
        for i in layers.indices.dropFirst() { layers[parents[i]].addSublayer(layers[i]) }
        return layers
    }

    /// The spec without node `i` and its descendants (`i > 0`).
    public func removingSubtree(at i: Int) -> LayerTreeSpec {
        var removed = [Bool](repeating: false, count: parents.count)
        removed[i] = true
        for j in (i + 1)..<max(i + 1, parents.count) where removed[parents[j]] { removed[j] = true }
        var newIndex = [Int](repeating: -1, count: parents.count), kept = 0
        for j in parents.indices where !removed[j] { newIndex[j] = kept; kept += 1 }
        let keep = parents.indices.filter { !removed[$0] }
        return LayerTreeSpec(
            parents: keep.map { $0 == 0 ? LayerTree.noParent : newIndex[parents[$0]] },
            geometries: keep.map { geometries[$0] })
    }

    public var description: String {
        parents.indices.map { i in
            let g = geometries[i]
            return
                "#\(i) ← \(parents[i]): bounds \(g.bounds) position \(g.position) anchor \(g.anchorPoint) z \(g.anchorPointZ)/\(g.zPosition)"
                + " flipped \(g.isGeometryFlipped) masks \(g.masksToBounds) hidden \(g.isHidden) flattens \(g.flattensSublayers)"
                + " T \(g.transform.elements) ST \(g.sublayerTransform.elements)"
        }.joined(separator: "\n")
    }
}

/// Random layer trees with the geometry users build, plus the hard cases of CAMathLayer's *Layer geometry* article (perspective,
/// singular and edge-on layers, layers behind the eye, flips, masks, hidden subtrees) and transform
/// layers (`flattensSublayers == false`, about one layer in eight).
public enum LayerTreeGen {
    /// Trees of 1…`maxNodes` layers. `invertible` keeps every level's homography well-conditioned
    /// (no singular, edge-on or behind-the-eye layers) and `affineSublayerTransforms` keeps every
    /// `sublayerTransform` affine (no 3-D rotation, no perspective) and every layer flattening (no
    /// transform layers), so that z never reaches x, y or w. Shrinks by dropping subtrees, then by resetting
    /// transforms and flags.
    public static func tree(
        maxNodes: Int, invertible: Bool = false, affineSublayerTransforms: Bool = false
    )
        -> Generator<LayerTreeSpec, [LayerTreeSpec]>
    {
        Generator(
            run: { rng in
                let n = Int.random(in: 1...maxNodes, using: &rng)
                var parents = [LayerTree.noParent]
                for i in 1..<max(1, n) { parents.append(Int.random(in: 0..<i, using: &rng)) }
                let geometries = (0..<n).map { _ in
                    randomGeometry(using: &rng, invertible: invertible, affineSublayerTransforms: affineSublayerTransforms)
                }
                return LayerTreeSpec(parents: parents, geometries: geometries)
            },
            shrink: { spec in
                var out = (1..<spec.parents.count).reversed().map { spec.removingSubtree(at: $0) }
                for i in spec.geometries.indices {
                    var g = spec.geometries[i]
                    if g.transform != .identity { g.transform = .identity; out.append(replacing(spec, i, g)) }
                    g = spec.geometries[i]
                    if g.sublayerTransform != .identity { g.sublayerTransform = .identity; out.append(replacing(spec, i, g)) }
                    g = spec.geometries[i]
                    if g.isGeometryFlipped || g.masksToBounds || g.isHidden || !g.flattensSublayers {
                        g.isGeometryFlipped = false; g.masksToBounds = false; g.isHidden = false; g.flattensSublayers = true
                        out.append(replacing(spec, i, g))
                    }
                }
                return out
            })
    }

    static func replacing(_ spec: LayerTreeSpec, _ i: Int, _ g: LayerGeometry) -> LayerTreeSpec {
        var s = spec
        s.geometries[i] = g
        return s
    }

    public static func randomGeometry(
        using rng: inout any SeededRandomNumberGenerator, invertible: Bool,
        affineSublayerTransforms: Bool
    ) -> LayerGeometry {
        func d(_ r: ClosedRange<Double>) -> Double { Double.random(in: r, using: &rng) }
        func chance(_ p: Double) -> Bool { d(0...1) < p }
        var g = LayerGeometry()
        g.bounds = CGRect(
            x: chance(0.5) ? 0 : d(-20...20), y: chance(0.5) ? 0 : d(-20...20),
            width: chance(0.05) ? 0 : d(invertible ? 5...200 : -50...200),
            height: chance(0.05) ? 0 : d(invertible ? 5...200 : -50...200))
        g.position = CGPoint(x: d(-100...300), y: d(-100...300))
        if chance(0.5) { g.anchorPoint = CGPoint(x: d(-0.5...1.5), y: d(-0.5...1.5)) }
        if chance(0.3) { g.anchorPointZ = CGFloat(d(-20...20)) }
        if chance(0.3) { g.zPosition = CGFloat(d(-50...50)) }
        g.transform = randomTransform(using: &rng, kinds: invertible ? 0..<6 : 0..<9)
        if chance(0.3) {
            g.sublayerTransform = randomTransform(using: &rng, kinds: affineSublayerTransforms ? 0..<4 : 0..<6)
        }
        g.isGeometryFlipped = chance(0.2)
        g.masksToBounds = chance(0.3)
        g.isHidden = chance(0.08)
        g.flattensSublayers = affineSublayerTransforms || !chance(0.12)
        return g
    }

    /// Kinds 0–1 identity, 2–3 affine, 4–5 3-D rotation with perspective, 6 singular, 7 edge-on,
    /// 8 behind the eye.
    static func randomTransform(using rng: inout any SeededRandomNumberGenerator, kinds: Range<Int>) -> Transform3D {
        func d(_ r: ClosedRange<Double>) -> Double { Double.random(in: r, using: &rng) }
        let kind = Int.random(in: kinds, using: &rng)
        switch kind {
        case 0, 1:
            return .identity
        case 2, 3: // affine: scale · rotation about z · translation
            return Transform3D(scaleX: d(0.3...3), y: d(0.3...3), z: 1)
                .concatenating(Transform3D(rotationAngle: d(-Double.pi...Double.pi), x: 0, y: 0, z: 1))
                .concatenating(Transform3D(translationX: d(-50...50), y: d(-50...50), z: 0))
        case 4, 5: // 3-D rotation with perspective
            var p = Transform3D.identity
            p.m34 = -1 / d(300...2000)
            return Transform3D(rotationAngle: d(-1.2...1.2), x: d(-1...1), y: d(-1...1), z: d(-1...1)).concatenating(p)
        case 6: // singular: squashed to zero width
            return Transform3D(scaleX: 0, y: 1, z: 1)
        case 7: // exactly edge-on
            return Transform3D(elements: [0, 0, -1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1])!
        default: // behind the eye: Tr(0, 0, 600)·P(m34 = −1/500) puts the plane at W = −0.2
            var p = Transform3D.identity
            p.m34 = -1.0 / 500
            return Transform3D(translationX: 0, y: 0, z: 600).concatenating(p)
        }
    }
}
