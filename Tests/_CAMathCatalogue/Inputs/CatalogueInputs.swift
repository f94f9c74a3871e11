@_spi(Benchmarks) import CAMath
import Foundation

/// The values the catalogue's cases are built from, drawn from a ``CatalogueSource``.
public enum CatalogueInputs {
    /// A layer-like transform — scale, a rotation about a random axis, a translation; a quarter with perspective,
    /// a third flattened to affine — or, one time in eight, an adversarial one: a source double in a random
    /// position, a singular matrix, a tiny or huge one.
    public static func transform(_ s: inout some CatalogueSource) -> Transform3D {
        var t = Transform3D(scaleX: s.value(in: 0.25...3), y: s.value(in: 0.25...3), z: s.value(in: 0.5...2))
            .concatenating(Transform3D(rotationAngle: s.value(in: -4...4), x: s.value(in: -1...1), y: s.value(in: -1...1), z: 1))
            .concatenating(Transform3D(translationX: s.value(in: -500...500), y: s.value(in: -500...500), z: s.value(in: -50...50)))
        if s.int(below: 4) == 0 { t.m34 = -1 / s.value(in: 200...2000) }
        if s.int(below: 3) == 0 { t = Transform3D(t.affineTransform) }
        guard s.int(below: 8) == 0 else { return t }
        switch s.int(below: 5) {
        case 0: return t.replacing(s.int(below: 16), with: s.double())
        case 1: return Transform3D(elements: t.elements.map { $0 * 1e150 })!
        case 2: return Transform3D(elements: t.elements.map { $0 * 1e-150 })!
        case 3: return Transform3D(scaleX: s.value(in: -1...1), y: 0, z: 1).concatenating(t)
        default: return Transform3D(elements: (0..<16).map { _ in s.double() })!
        }
    }

    /// An affine transform (column 4 = (0, 0, 0, 1)), or one time in four any ``transform(_:)``.
    public static func affineTransform(_ s: inout some CatalogueSource) -> Transform3D {
        let t = transform(&s)
        return s.int(below: 4) == 0 ? t : Transform3D(t.affineTransform)
    }

    /// A 3-D point: mostly ordinary coordinates in ±1000, sometimes the source's special values.
    public static func point3(_ s: inout some CatalogueSource) -> SIMD3<Double> {
        SIMD3(coordinate(&s), coordinate(&s), coordinate(&s))
    }

    /// A coordinate: ordinary, or one time in eight the source's raw double.
    public static func coordinate(_ s: inout some CatalogueSource) -> Double {
        s.int(below: 8) == 0 ? s.double() : s.value(in: -1000...1000)
    }

    /// A blend fraction: inside [0, 1] mostly, else beyond it, at the ends, huge or not finite.
    public static func fraction(_ s: inout some CatalogueSource) -> Double {
        s.int(below: 4) != 0 ? s.fraction() : s.pick([0, 1, -0.75, 2, .nan, 4e5, -3e4, 0x1p20, 1e300, s.double()])
    }

    /// A layer tree of `count` layers (a root and `count − 1` below it, each under a random earlier layer) with
    /// layer-like geometry, one layer in six with a ``transform(_:)``, one in eight with a sublayer transform,
    /// and the flags now and then.
    public static func tree(_ s: inout some CatalogueSource, count: Int) -> LayerTree {
        let root = Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 800, height: 600), position: CGPoint(x: 400, y: 300)))
        var layers = [root]
        for i in 1..<max(1, count) {
            var g = LayerGeometry(
                bounds: CGRect(
                    x: s.value(in: -20...20), y: s.value(in: -20...20),
                    width: s.value(in: 0...300), height: s.value(in: 0...300)),
                position: CGPoint(x: s.value(in: -100...500), y: s.value(in: -100...500)))
            g.anchorPoint = s.int(below: 4) == 0 ? CGPoint(x: s.fraction(), y: s.fraction()) : g.anchorPoint
            if s.int(below: 6) == 0 { g.transform = transform(&s) }
            if s.int(below: 8) == 0 { g.sublayerTransform = transform(&s) }
            if s.int(below: 10) == 0 { g.zPosition = s.value(in: -10...10); g.anchorPointZ = s.value(in: -5...5) }
            g.isGeometryFlipped = s.int(below: 10) == 0
            g.masksToBounds = s.int(below: 5) == 0
            g.isHidden = s.int(below: 12) == 0
            let layer = Layer(geometry: g)
            layers[s.int(below: i)].addSublayer(layer)
            layers.append(layer)
        }
        return LayerTree(root: root)
    }

    /// A frame for autoresizing: ordinary, or one time in eight with a raw double in one field.
    public static func frame(_ s: inout some CatalogueSource) -> CGRect {
        var r = CGRect(x: s.value(in: -500...500), y: s.value(in: -500...500), width: s.value(in: 0...800), height: s.value(in: 0...800))
        if s.int(below: 8) == 0 {
            switch s.int(below: 4) {
            case 0: r.origin.x = s.double()
            case 1: r.origin.y = s.double()
            case 2: r.size.width = s.double()
            default: r.size.height = s.double()
            }
        }
        return r
    }
}
