import CAMathCore
import Foundation

extension LayerGeometry {
    /// The smallest `w` a projected corner may have before it is clipped: `1/16384` (Skia's
    /// `kW0PlaneDistance`; <doc:LayerGeometryRules>, *frame*).
    public static let frameClipW = 1.0 / 16384

    /// CALayer's `frame` getter (<doc:LayerGeometryRules>, *frame*): the bounding box, in the superlayer's space, of the bounds
    /// mapped by `Tr(−K)·transform·Tr(position)` — without the superlayer's `sublayerTransform` and
    /// without the flip, so `bounds.origin`, `zPosition` and `isGeometryFlipped` never move it.
    ///
    /// Corners `(u, v, −az)` with `u ∈ {−ax·bw, −ax·bw + bw}`, `v ∈ {−ay·bh, −ay·bh + bh}` map to
    /// `(X, Y, W)` through `transform`; corners with `W < 1/16384` are clipped away (Sutherland–Hodgman
    /// against `W ≥ 1/16384`, so the part of the layer behind the eye does not count).
    ///
    /// Special values: a NaN in any `X, Y, W` → `(NaN, NaN, NaN, NaN)`; everything clipped →
    /// `CGRect.null`. For an affine transform this is `CGRect.applying` of
    /// `(−ax·bw, −ay·bh, bw, bh)` offset by `position`. Cost: 4 corner maps, a clip, a box.
    public var frame: CGRect {
        let t = transform
        let u0 = -Double(anchorPoint.x) * Double(bounds.size.width), u1 = u0 + Double(bounds.size.width)
        let v0 = -Double(anchorPoint.y) * Double(bounds.size.height), v1 = v0 + Double(bounds.size.height)
        let z = -Double(anchorPointZ)
        func corner(_ u: Double, _ v: Double) -> SIMD3<Double> {
            SIMD3(
                u * t.m11 + v * t.m21 + z * t.m31 + t.m41,
                u * t.m12 + v * t.m22 + z * t.m32 + t.m42,
                u * t.m14 + v * t.m24 + z * t.m34 + t.m44)
        }
        let (c0, c1, c2, c3) = (corner(u0, v0), corner(u1, v0), corner(u1, v1), corner(u0, v1))
        func isNaN(_ c: SIMD3<Double>) -> Bool { c.x.isNaN || c.y.isNaN || c.z.isNaN }
        if isNaN(c0) || isNaN(c1) || isNaN(c2) || isNaN(c3) { return CGRect(x: Double.nan, y: .nan, width: .nan, height: .nan) }
        var box = BoundingBox()
        func add(_ p: SIMD3<Double>) { box.add(SIMD2(p.x / p.z, p.y / p.z)) }
        let eps = Self.frameClipW
        if c0.z >= eps && c1.z >= eps && c2.z >= eps && c3.z >= eps {
            // Nothing to clip (every affine transform): the corners in order, as the clip would return them, without
            // building a polygon (an array per call).
            add(c0); add(c1); add(c2); add(c3)
        } else {
            for p in Self.clippedToPositiveW([c0, c1, c2, c3]) { add(p) }
        }
        let r = box.rect
        if r.isNull { return .null }
        return CGRect(x: r.x + Double(position.x), y: r.y + Double(position.y), width: r.width, height: r.height)
    }

    /// Sutherland–Hodgman clip of a closed polygon of `(X, Y, W)` points against `W ≥ 1/16384`
    /// (<doc:LayerGeometryRules>, *frame* step 3): for each edge P→Q, emit P if `W_P ≥ ε`; if exactly one end is kept, emit
    /// `P + (Q − P)·s`, `s = (ε − W_P)/(W_Q − W_P)`, with `W = ε`.
    static func clippedToPositiveW(_ polygon: [SIMD3<Double>]) -> [SIMD3<Double>] {
        let eps = frameClipW
        if polygon.allSatisfy({ $0.z >= eps }) { return polygon }
        var out: [SIMD3<Double>] = []
        for i in polygon.indices {
            let p = polygon[i], q = polygon[(i + 1) % polygon.count]
            let keepP = p.z >= eps, keepQ = q.z >= eps
            if keepP { out.append(p) }
            if keepP != keepQ {
                let s = (eps - p.z) / (q.z - p.z)
                out.append(SIMD3(p.x + (q.x - p.x) * s, p.y + (q.y - p.y) * s, eps))
            }
        }
        return out
    }

    /// CALayer's `frame` setter (<doc:LayerGeometryRules>, *frame*). With `A` = the affine part of `transform` when it is
    /// affine, else the identity:
    /// 1. a NaN/±∞ in `r` or in `transform` → the call is ignored;
    /// 2. `r` is standardised;
    /// 3. if `A` is invertible, `bounds.size = |SizeApply(r.size, A⁻¹)|` (component-wise), else the size
    ///    is kept; `bounds.origin` is never touched;
    /// 4. `position = (r.x + ax·r.w − A.tx, r.y + ay·r.h − A.ty)`.
    ///
    /// `anchorPoint`, `transform` and `zPosition` do not change. Reading `frame` back gives `r` when `A`'s
    /// linear part is diagonal with positive entries (up to rounding), not in general. Returns whether the rect
    /// was taken (`false`: ignored by rule 1). Cost: O(1).
    @discardableResult
    public mutating func setFrame(_ r: CGRect) -> Bool {
        let rect = Rect2D(r)
        guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite, transform.isFinite else { return false }
        let s = rect.standardized
        let a = affineTransform()
        if let inverse = a.invertedIfPossible() {
            let size = inverse.mapSize(width: s.width, height: s.height)
            bounds.size = CGSize(width: abs(size.width), height: abs(size.height))
        }
        position = CGPoint(
            x: s.x + Double(anchorPoint.x) * s.width - a.tx,
            y: s.y + Double(anchorPoint.y) * s.height - a.ty)
        return true
    }
}
