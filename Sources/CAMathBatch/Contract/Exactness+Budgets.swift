import CAMathAnimation
import CAMathCore
import CAMathLayer

/// The error budgets for paths under ``Exactness/budget``: one bound per output element, from the
/// inputs and the reference (never from the output being judged). Where a bound's formula overflows (inputs
/// near the top of the double range), the bound is the largest finite double: any two finite results
/// match there, and non-finite ones must still be identical. A bound is never NaN.
public enum ExactnessBudget {
    /// `bound`, or the largest finite double where it overflowed; 0 where it is NaN (non-finite inputs,
    /// whose results must be identical).
    static func finite(_ bound: Double) -> Double {
        bound.isNaN ? 0 : min(bound, .greatestFiniteMagnitude)
    }

    /// The Euclidean norm, scaled by the largest magnitude so that no square underflows or overflows.
    static func norm(_ v: [Double]) -> Double {
        let scale = v.map(abs).max() ?? 0
        guard scale > 0, scale.isFinite else { return scale }
        return scale * v.map { ($0 / scale) * ($0 / scale) }.reduce(0, +).squareRoot()
    }

    /// The bound of a spring's fraction at `t` on the `.simd` path, whose e^x is not the platform's:
    /// 1e-12·max(1, |x|) while |ω₀·t| ≤ 100 — 1e-12 for a spring that moves within its distance, relative for
    /// one driven far beyond it (large initial velocities, negative times) — and that times |ω₀·t|/100 beyond,
    /// where the exponentials' arguments grow. Non-finite references must be matched exactly (bound 0).
    public static func springFraction(_ spring: Spring, atTime t: Double) -> Double {
        let reference = spring.fraction(atTime: t)
        guard reference.isFinite else { return 0 }
        let reach = abs(spring.undampedAngularFrequency * t)
        return finite(1e-12 * max(1, abs(reference)) * max(1, reach / 100))
    }

    /// The 16 bounds of `a·b` in storage order: `|Δij| ≤ 4·2⁻⁵²·‖row i of a‖₂·‖column j of b‖₂`, plus
    /// 8·2⁻¹⁰⁷⁴: where products fall below the normal range their rounding is absolute (half the smallest
    /// subnormal each, 4 products and 3 sums), which the relative term cannot cover.
    public static func concat(_ a: Transform3D, _ b: Transform3D) -> [Double] {
        let x = a.elements, y = b.elements
        return (0..<16).map { k in
            let (i, j) = (k / 4, k % 4)
            let row = norm((0..<4).map { x[4 * i + $0] }), column = norm((0..<4).map { y[4 * $0 + j] })
            return finite(4 * 0x1p-52 * row * column + 8 * Double.leastNonzeroMagnitude)
        }
    }

    /// The bounds of the coordinates of `p` mapped through `m` (3 for a 3-D point): a point mapped in
    /// another order differs by at most `1e-13·max(1, |p|)·max(1, |m|max)/|W|`; +∞ (not compared) where
    /// `|W| ≤ 1e-3`, where the divide amplifies any reordering without limit.
    public static func mapPoint(_ p: SIMD3<Double>, through m: Transform3D) -> [Double] {
        let w = abs(m.mapHomogeneous(p).w)
        let scale = max(1, abs(p.x), abs(p.y), abs(p.z)) * max(1, m.elements.map(abs).max()!) / w
        return Array(repeating: w > 1e-3 ? finite(1e-13 * scale) : .infinity, count: 3)
    }

    /// The 16 bounds of the inverse of `a` (``ExactnessBudget``): `|Δij| ≤ 1e-15·κ∞(a)·‖r‖max` with `κ∞ = ‖a‖∞·‖r‖∞`,
    /// `r` the reference's inverse, and 0 (identical) where `a` is singular by the reference's rule (the
    /// output is then `a` itself and the verdict must not change). Cost: one reference inversion.
    public static func invert(_ a: Transform3D) -> [Double] {
        guard let r = a.invertedIfPossible() else { return Array(repeating: 0, count: 16) }
        func normInf(_ m: Transform3D) -> Double {
            (0..<4).map { i in (0..<4).map { abs(m.elements[4 * i + $0]) }.reduce(0, +) }.max()!
        }
        let bound = 1e-15 * normInf(a) * normInf(r) * r.elements.map(abs).max()!
        return Array(repeating: finite(bound), count: 16)
    }

    /// The 4 bounds of a layer's frame `(x, y, width, height)` (CAMathLayer's *Layer geometry* article, *frame*'s corners `(u, v, −anchorPointZ)`
    /// through its transform): each corner maps within ``mapPoint(_:through:)-(SIMD3<Double>,_)``'s bound,
    /// so the box's edges move by at most the worst of them, its sizes by twice that, and the position adds
    /// `1e-13·max(1, |position|)`. +∞ (not compared) where a corner's `|W| ≤ 1e-3`.
    public static func frame(_ layer: LayerGeometry) -> [Double] {
        let w = Double(layer.bounds.size.width), h = Double(layer.bounds.size.height), z = -Double(layer.anchorPointZ)
        let u0 = -Double(layer.anchorPoint.x) * w, v0 = -Double(layer.anchorPoint.y) * h
        let corners = [SIMD3(u0, v0, z), SIMD3(u0 + w, v0, z), SIMD3(u0 + w, v0 + h, z), SIMD3(u0, v0 + h, z)]
        let corner = corners.map { mapPoint($0, through: layer.transform)[0] }.max()!
        let edge = corner + 1e-13 * max(1, abs(Double(layer.position.x)), abs(Double(layer.position.y)))
        return [finite(edge), finite(edge), finite(2 * corner), finite(2 * corner)]
    }

    /// The 2 bounds of `p` mapped through the homography `h`, by the same rule as the 3-D map.
    public static func mapPoint(_ p: SIMD2<Double>, through h: Homography) -> [Double] {
        let w = abs(h.forwardWeight(p))
        let entries = [h.h11, h.h12, h.h13, h.h21, h.h22, h.h23, h.h31, h.h32, h.h33].map(abs)
        let scale = max(1, abs(p.x), abs(p.y)) * max(1, entries.max()!) / w
        return Array(repeating: w > 1e-3 ? finite(1e-13 * scale) : .infinity, count: 2)
    }
}
