import CAMathCore

/// SPEC §6.2's error budgets for paths under ``Exactness/budget``: one bound per output element, from the
/// inputs alone (never from the output being judged).
public enum ExactnessBudget {
    /// The 16 bounds of `a·b` in storage order: `|Δij| ≤ 4·2⁻⁵²·‖row i of a‖₂·‖column j of b‖₂`, and 0 where
    /// that product of norms is not finite (such positions must be identical).
    public static func concat(_ a: Transform3D, _ b: Transform3D) -> [Double] {
        let x = a.elements, y = b.elements
        return (0..<16).map { k in
            let (i, j) = (k / 4, k % 4)
            let row = (0..<4).map { x[4 * i + $0] * x[4 * i + $0] }.reduce(0, +).squareRoot()
            let column = (0..<4).map { y[4 * $0 + j] * y[4 * $0 + j] }.reduce(0, +).squareRoot()
            let bound = 4 * 0x1p-52 * row * column
            return bound.isFinite ? bound : 0
        }
    }

    /// The bounds of the coordinates of `p` mapped through `m` (3 for a 3-D point): a point mapped in
    /// another order differs by at most `1e-13·max(1, |p|)·max(1, |m|max)/|W|`; +∞ (not compared) where
    /// `|W| ≤ 1e-3`, where the divide amplifies any reordering without limit.
    public static func mapPoint(_ p: SIMD3<Double>, through m: Transform3D) -> [Double] {
        let w = abs(m.mapHomogeneous(p).w)
        let scale = max(1, abs(p.x), abs(p.y), abs(p.z)) * max(1, m.elements.map(abs).max()!) / w
        return Array(repeating: w > 1e-3 ? 1e-13 * scale : .infinity, count: 3)
    }

    /// The 2 bounds of `p` mapped through the homography `h`, by the same rule as the 3-D map.
    public static func mapPoint(_ p: SIMD2<Double>, through h: Homography) -> [Double] {
        let w = abs(h.forwardWeight(p))
        let entries = [h.h11, h.h12, h.h13, h.h21, h.h22, h.h23, h.h31, h.h32, h.h33].map(abs)
        let scale = max(1, abs(p.x), abs(p.y)) * max(1, entries.max()!) / w
        return Array(repeating: w > 1e-3 ? 1e-13 * scale : .infinity, count: 2)
    }
}
