@_spi(Benchmarks) import CAMath
import Foundation

/// A random script of changes to a forest of `Layer`s interleaved with queries, every answer compared bit for
/// bit with the uncached reference (`ObjectLayerHierarchy<Layer>`, `LayerGeometry.frame`): the check that
/// the layers' cached maps and hit regions are dropped exactly when an input changes. The tests run it from
/// seeds, `fuzz-layer-mutations` from a fuzzer's bytes.
///
/// Changes: every geometry property (with the same value again, and with `-0` for `+0` in a sublayer
/// transform), `frame`, affine and key-path transforms, the flags; adding (cycles included, which must be
/// ignored), inserting, moving, removing, replacing and reordering sublayers. Queries: `hitTest` from any
/// layer at points on, just inside and just outside some layer's corners and at random points; `convert` of
/// points and rects between any two layers or root space; `frame`; `contains`.
public struct LayerMutationScript<Source: CatalogueSource> {
    public private(set) var layers: [Layer] = []
    var source: Source
    /// The uncached reference.
    let reference = ObjectLayerHierarchy<Layer>()

    /// A forest of `count` layers (1…): layer 0 is a root with 800×600 bounds; each later one joins a random
    /// earlier layer, except one in ten that starts as a root of its own; one in ten is a transform layer. A `wide`
    /// forest gives three in four of the layers that join one to layer 0, so it has many sublayers (an index of their
    /// regions: `SublayerRegionIndex`).
    public init(source: Source, count: Int, wide: Bool = false) {
        self.source = source
        for i in 0..<max(1, count) {
            let layer = i > 0 && self.source.int(below: 10) == 0 ? TransformLayer() : Layer()
            layer.geometry.flattensSublayers = !(layer is TransformLayer)
            if i == 0 {
                layer.geometry = LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 800, height: 600), position: CGPoint(x: 400, y: 300))
            } else {
                layer.geometry = randomGeometry(flattens: layer.geometry.flattensSublayers)
                if self.source.int(below: 10) != 0 {
                    layers[wide && self.source.int(below: 4) != 0 ? 0 : self.source.int(below: i)].addSublayer(layer)
                }
            }
            layer.name = "\(i)"
            layers.append(layer)
        }
    }

    /// Runs `steps` random steps; the first query whose answer differs from the reference's is returned as a
    /// description, else `nil`. Any change that would make a cycle must be ignored (also checked).
    public mutating func run(steps: Int) -> String? {
        for step in 0..<steps {
            switch source.int(below: 16) {
            case 0...5: changeGeometry()
            case 6, 7: if let problem = changeTree() { return "step \(step): \(problem)" }
            default: if let problem = query() { return "step \(step): \(problem)" }
            }
        }
        return nil
    }

    private mutating func anyLayer() -> Layer { layers[source.int(below: layers.count)] }

    /// A number: mostly ordinary, sometimes any double (NaN, ±∞, ±0, huge, subnormal).
    private mutating func number(_ range: ClosedRange<Double>) -> Double {
        source.int(below: 12) == 0 ? source.double() : source.value(in: range)
    }

    private mutating func randomGeometry(flattens: Bool) -> LayerGeometry {
        var g = LayerGeometry(
            bounds: CGRect(x: number(-20...20), y: number(-20...20), width: number(-10...300), height: number(-10...300)),
            position: CGPoint(x: number(-100...600), y: number(-100...600)))
        if source.int(below: 3) == 0 { g.anchorPoint = CGPoint(x: number(-0.5...1.5), y: number(-0.5...1.5)) }
        if source.int(below: 4) == 0 { g.transform = transform() }
        if source.int(below: 6) == 0 { g.sublayerTransform = transform() }
        g.isGeometryFlipped = source.int(below: 8) == 0
        g.masksToBounds = source.int(below: 5) == 0
        g.isHidden = source.int(below: 16) == 0
        g.flattensSublayers = flattens
        return g
    }

    private mutating func transform() -> Transform3D {
        switch source.int(below: 3) {
        case 0: CatalogueInputs.affineTransform(&source)
        case 1: CatalogueInputs.transform(&source)
        default:
            Transform3D(rotationAngle: source.value(in: -3...3), x: 0, y: 0, z: 1)
                .concatenating(Transform3D(scaleX: source.value(in: 0.2...4), y: source.value(in: 0.2...4), z: 1))
        }
    }

    private mutating func changeGeometry() {
        let layer = anyLayer()
        switch source.int(below: 16) {
        case 0: layer.position = CGPoint(x: number(-100...600), y: number(-100...600))
        case 1: layer.bounds = CGRect(x: number(-20...20), y: number(-20...20), width: number(-10...300), height: number(-10...300))
        case 2: layer.anchorPoint = CGPoint(x: number(-0.5...1.5), y: number(-0.5...1.5))
        case 3: layer.anchorPointZ = number(-20...20)
        case 4: layer.zPosition = number(-20...20)
        case 5: layer.transform = transform()
        case 6: layer.sublayerTransform = source.int(below: 3) == 0 ? .identity : transform()
        case 7: // the sign of one zero of the sublayer transform: the bits its sublayers read change
            var m = layer.sublayerTransform
            m.m41 = m.m41 == 0 ? (m.m41.sign == .minus ? 0 : -0.0) : m.m41
            m.m12 = m.m12 == 0 ? (m.m12.sign == .minus ? 0 : -0.0) : m.m12
            layer.sublayerTransform = m
        case 8: layer.isGeometryFlipped.toggle()
        case 9: layer.masksToBounds.toggle()
        case 10: layer.isHidden.toggle()
        case 11: layer.frame = CGRect(x: number(-100...600), y: number(-100...600), width: number(-10...300), height: number(-10...300))
        case 12: layer.setAffineTransform(Transform2D(rotationAngle: source.value(in: -3...3)))
        case 13: layer.setValue(source.value(in: -3...3), forKeyPath: "transform.rotation.z")
        case 14: let same = layer.geometry; layer.geometry = same // the same value: nothing changes
        default: layer.geometry = randomGeometry(flattens: layer.geometry.flattensSublayers)
        }
    }

    private mutating func changeTree() -> String? {
        let a = anyLayer(), b = anyLayer()
        var wouldCycle = a === b || isAncestor(b, of: a)
        let before = a.sublayers ?? []
        switch source.int(below: 7) {
        case 0: a.addSublayer(b)
        case 1: a.insertSublayer(b, at: UInt32(source.int(below: 4)))
        case 2: a.insertSublayer(b, below: (a.sublayers ?? []).isEmpty ? nil : a.sublayers![source.int(below: a.sublayers!.count)])
        case 3: a.insertSublayer(b, above: (a.sublayers ?? []).isEmpty ? nil : a.sublayers![source.int(below: a.sublayers!.count)])
        case 4: b.removeFromSuperlayer(); return nil
        case 5:
            guard let old = a.sublayers?.first else { return nil }
            a.replaceSublayer(old, with: b)
        default:
            let adds = source.int(below: 2) == 0
            wouldCycle = wouldCycle && adds
            a.sublayers = (a.sublayers ?? []).reversed() + (adds ? [b] : [])
        }
        if wouldCycle && (a.sublayers ?? []) != before { return "a change that would make a cycle was not ignored" }
        return nil
    }

    private func isAncestor(_ a: Layer, of b: Layer) -> Bool {
        var up = b.superlayer
        while let u = up { if u === a { return true }; up = u.superlayer }
        return false
    }

    /// A point on, just inside or just outside a corner of `target`'s bounds, in `start`'s superlayer space.
    private mutating func edgePoint(of target: Layer, in start: Layer) -> CGPoint {
        let b = target.bounds
        var p = CGPoint(x: source.int(below: 2) == 0 ? b.minX : b.maxX, y: source.int(below: 2) == 0 ? b.minY : b.maxY)
        let nudge = [0, 1e-12, -1e-12, 1e-6, -1e-6, 0.5][source.int(below: 6)]
        p.x += nudge * max(1, abs(p.x)); p.y -= nudge * max(1, abs(p.y))
        return reference.convert(p, from: target, to: start.superlayer)
    }

    private mutating func query() -> String? {
        let a = anyLayer(), b = anyLayer()
        switch source.int(below: 8) {
        case 0...3:
            let p = source.int(below: 4) == 0 ? CGPoint(x: number(-200...1000), y: number(-200...1000)) : edgePoint(of: b, in: a)
            let hit = a.hitTest(p), expected = reference.hitTest(p, in: a)
            if hit !== expected {
                return "hitTest(\(p)) from layer \(a.name ?? "?"): layer \(hit?.name ?? "none"), reference \(expected?.name ?? "none")"
            }
        case 4:
            let p = CGPoint(x: number(-200...1000), y: number(-200...1000)), to = source.int(below: 4) == 0 ? nil : b
            if !same(a.convert(p, to: to), reference.convert(p, from: a, to: to)) {
                return "convert(\(p), to:) from layer \(a.name ?? "?")"
            }
            if !same(a.convert(p, from: to), reference.convert(p, to: a, from: to)) {
                return "convert(\(p), from:) to layer \(a.name ?? "?")"
            }
        case 5:
            let r = CGRect(x: number(-200...1000), y: number(-200...1000), width: number(-50...300), height: number(-50...300))
            let to = source.int(below: 4) == 0 ? nil : b
            let x = a.convert(r, to: to), y = reference.convert(r, from: a, to: to)
            if !(same(x.origin, y.origin) && same(CGPoint(x: x.size.width, y: x.size.height), CGPoint(x: y.size.width, y: y.size.height))) {
                return "convert(rect \(r)) from layer \(a.name ?? "?")"
            }
        case 6:
            let f = a.frame, g = a.geometry.frame
            if !(same(f.origin, g.origin) && same(CGPoint(x: f.size.width, y: f.size.height), CGPoint(x: g.size.width, y: g.size.height))) {
                return "frame of layer \(a.name ?? "?"): \(f), reference \(g)"
            }
        default:
            let p = CGPoint(x: number(-50...350), y: number(-50...350))
            if a.contains(p) != a.geometry.contains(p) { return "contains(\(p)) of layer \(a.name ?? "?")" }
        }
        return nil
    }

    private func same(_ p: CGPoint, _ q: CGPoint) -> Bool {
        Double(p.x).bitPattern == Double(q.x).bitPattern && Double(p.y).bitPattern == Double(q.y).bitPattern
    }
}
