import CAMath

/// CAMathCore's *Invariants* article's check of an inverse, independent of how it was computed: `‖A·X − I‖∞ ≤ 1e-14·κ∞(A)` with
/// `κ∞(A) = ‖A‖∞·‖X‖∞`, for `n×n` matrices given row by row. Returns `nil` when it holds, else the
/// residual and the bound as a sentence (also when the residual is not a number).
public func inverseResidualFailure(_ x: [Double], of a: [Double], size n: Int) -> String? {
    func norm(_ m: [Double]) -> Double { (0..<n).map { r in (0..<n).map { abs(m[n * r + $0]) }.reduce(0, +) }.max()! }
    var residual = 0.0
    for i in 0..<n {
        var row = 0.0
        for j in 0..<n {
            let product = (0..<n).map { a[n * i + $0] * x[n * $0 + j] }.reduce(0, +)
            row += abs(product - (i == j ? 1 : 0))
        }
        residual = max(residual, row)
    }
    let bound = 1e-14 * norm(a) * norm(x)
    return residual <= bound ? nil : "‖A·X − I‖∞ = \(residual) > \(bound) = 1e-14·κ∞"
}

extension Transform2D {
    /// The 3×3 matrix `[a b 0; c d 0; tx ty 1]`, row by row (row-vector convention).
    public var matrix3x3: [Double] { [a, b, 0, c, d, 0, tx, ty, 1] }
}

extension Homography {
    /// `h11…h33`, row by row.
    public var entries: [Double] { [h11, h12, h13, h21, h22, h23, h31, h32, h33] }
}
