import CAMathCore

/// The error budgets for paths under ``Exactness/budget``: one bound per output element, from the
/// inputs and the reference (never from the output being judged). Where a bound's formula overflows (inputs
/// near the top of the double range), the bound is the largest finite double: any two finite results
/// match there, and non-finite ones must still be identical. A bound is never NaN.
@_spi(Benchmarks) public enum ExactnessBudget {
    /// `bound`, or the largest finite double where it overflowed; 0 where it is NaN (non-finite inputs,
    /// whose results must be identical).
    package static func finite(_ bound: Double) -> Double {
        bound.isNaN ? 0 : min(bound, .greatestFiniteMagnitude)
    }

    /// The largest |v| that is not NaN (0 when there is none). A NaN element makes NaN results of its own,
    /// and must not hide the largest finite one (`Array.max()` returns a leading NaN). O(n).
    package static func largestMagnitude(_ v: [Double]) -> Double { v.reduce(0) { $1.isNaN ? $0 : max($0, abs($1)) } }

    /// The Euclidean norm, scaled by the largest magnitude so that no square underflows or overflows.
    package static func norm(_ v: [Double]) -> Double {
        let scale = v.map(abs).max() ?? 0
        guard scale > 0, scale.isFinite else { return scale }
        return scale * v.map { ($0 / scale) * ($0 / scale) }.reduce(0, +).squareRoot()
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
    /// another order differs by at most `1e-13·max(1, |p|)·max(1, |m|max)/|W|` (NaN elements skipped); +∞
    /// (not compared) where `|W| ≤ 1e-3`, where the divide amplifies any reordering without limit.
    public static func mapPoint(_ p: SIMD3<Double>, through m: Transform3D) -> [Double] {
        let w = abs(m.mapHomogeneous(p).w)
        let scale = max(1, abs(p.x), abs(p.y), abs(p.z)) * max(1, largestMagnitude(m.elements)) / w
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

    /// The 2 bounds of `p` mapped through the homography `h`, by the same rule as the 3-D map.
    public static func mapPoint(_ p: SIMD2<Double>, through h: Homography) -> [Double] {
        let w = abs(h.forwardWeight(p))
        let entries = [h.h11, h.h12, h.h13, h.h21, h.h22, h.h23, h.h31, h.h32, h.h33]
        let scale = max(1, abs(p.x), abs(p.y)) * max(1, largestMagnitude(entries)) / w
        return Array(repeating: w > 1e-3 ? finite(1e-13 * scale) : .infinity, count: 2)
    }
}

@_spi(Benchmarks) extension ExactnessBudget {
    /// The 16 bounds of `a.interpolated(to: b, fraction: t)` at `precision: .fast`, in storage order: the
    /// blend runs fused and the slerp by polynomials (a few ulps where the reference is correctly rounded to
    /// within one), so each entry may move by `1e-13·w²` times the size of the products that form it, with
    /// `w = |1 − t| + |t|` (how far the blend reaches: 1 inside `[0, 1]`; the slerp's angles and weights grow
    /// with it) and, from both decompositions' parts scaled by `w` (each at least 1): `L = s·(1 + k)²` for
    /// rows 1–3, columns 1–3 (`s` the largest scale, `k` the largest skew), `L·(1 + 3p)` for their column 4
    /// (`p` the largest of perspective x, y, z), `τ` for row 4's first three (the largest translation) and
    /// `3τp + |pw|` for m44; plus `8·2⁻¹⁰⁷⁴` for products that fall below the normal range. The bound is 0
    /// where the reference takes no blend (a fraction of 0, 1 or not finite, two identities, an
    /// undecomposable end, a fraction of 2¹⁷ or more in size: the reference's own evaluation), and where the
    /// fast kernels hand the pair to the exact ones (a translation, scale, skew or perspective part of 2¹⁰⁰
    /// or more, or not finite): the fast path returns the reference's bits there. Cost: two reference
    /// decompositions.
    public static func interpolation(from a: Transform3D, to b: Transform3D, fraction t: Double) -> [Double] {
        let none = [Double](repeating: 0, count: 16)
        guard t.isFinite, t != 0, t != 1, abs(t) < 0x1p17, !(a.isIdentity && b.isIdentity) else { return none }
        let method: Transform3D.DecompositionMethod = a.isAffine && b.isAffine ? .interpolation2D : .interpolation3D
        guard let x = a.decomposed(method), let y = b.decomposed(method) else { return none }
        func bounded(_ d: Transform3D.Decomposition) -> Bool {
            let parts = [
                d.translation.x, d.translation.y, d.translation.z, d.scale.x, d.scale.y, d.scale.z, d.skew.x, d.skew.y,
                d.skew.z, d.perspective.x, d.perspective.y, d.perspective.z, d.perspective.w
            ]
            return parts.allSatisfy { abs($0) < 0x1p100 }
        }
        guard bounded(x), bounded(y) else { return none }
        let w = abs(1 - t) + abs(t)
        func largest(_ parts: (Transform3D.Decomposition) -> [Double]) -> Double {
            w * max(1, (parts(x) + parts(y)).map(abs).max()!)
        }
        let s = largest { [$0.scale.x, $0.scale.y, $0.scale.z] }, k = largest { [$0.skew.x, $0.skew.y, $0.skew.z] }
        let p = largest { [$0.perspective.x, $0.perspective.y, $0.perspective.z] }, pw = largest { [$0.perspective.w] }
        let tau = largest { [$0.translation.x, $0.translation.y, $0.translation.z] }
        let linear = s * (1 + k) * (1 + k)
        let sizes = [linear, linear, linear, linear * (1 + 3 * p)]
        let rows = Array(repeating: sizes, count: 3).joined() + [tau, tau, tau, 3 * tau * p + pw]
        return rows.map { finite(1e-13 * w * w * $0 + 8 * Double.leastNonzeroMagnitude) }
    }
}
