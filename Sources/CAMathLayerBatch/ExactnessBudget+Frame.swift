@_spi(Benchmarks) import CAMathBatch
import CAMathCore
import CAMathLayer

@_spi(Benchmarks) extension ExactnessBudget {
    /// The 4 bounds of a layer's frame `(x, y, width, height)` (CAMathLayer's *Layer geometry* article, *frame*'s corners `(u, v, −anchorPointZ)`
    /// through its transform): each corner maps within `ExactnessBudget.mapPoint(_:through:)`'s bound for 3-D points,
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
}
