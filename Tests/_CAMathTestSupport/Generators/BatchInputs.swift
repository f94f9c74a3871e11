import CAMath
import Foundation
import PropertyBased

/// Seeded batches for the batch tests: layer-like transforms (with and without perspective) mixed with
/// adversarial ones (singular, NaN/±∞, det near the normal limit, huge and tiny magnitudes).
public enum BatchInputs {
    /// The batch sizes the benchmark reports (1e2…1e6 and small ones), plus one above every measured threading threshold.
    public static let sizes = [0, 1, 3, 4, 5, 17, 1000]

    /// `count` sublayer frames (whole points for even indices, fractional otherwise) with autoresizing masks
    /// cycling through all 64 combinations and a few with stray high bits.
    public static func autoresizing(_ count: Int, seed: UInt64) -> (frames: [CGRect], masks: [AutoresizingMask]) {
        var rng = Xoshiro(seed: (seed, 0x4321, 0x8765, 0xcba9))
        let frames = (0..<count).map { i -> CGRect in
            let x = Double.random(in: -50...900, using: &rng), y = Double.random(in: -50...700, using: &rng)
            let w = Double.random(in: -20...100, using: &rng), h = Double.random(in: -20...100, using: &rng)
            if i % 2 == 0 { return CGRect(x: x.rounded(), y: y.rounded(), width: w.rounded(), height: h.rounded()) }
            return CGRect(x: x, y: y, width: w, height: h)
        }
        return (frames, (0..<count).map { AutoresizingMask(rawValue: UInt32($0 % 64) | ($0 % 13 == 0 ? 0xC0 : 0)) })
    }

    /// `count` transforms from a fixed seed; every seventh is adversarial.
    public static func transforms(_ count: Int, seed: UInt64) -> [Transform3D] {
        var rng = Xoshiro(seed: (seed, 0x1234, 0x5678, 0x9abc))
        let realistic = TransformGen.layerTransform(perspective: false), perspective = TransformGen.layerTransform(perspective: true)
        return (0..<count).map { i in
            switch i % 7 {
            case 6: return adversarial(i / 7, using: &rng)
            case 3: return perspective.run(using: &rng)
            default: return realistic.run(using: &rng)
            }
        }
    }

    /// Adversarial matrix number `k` (cycling through the kinds).
    static func adversarial(_ k: Int, using rng: inout Xoshiro) -> Transform3D {
        let base = TransformGen.layerTransform(perspective: true).run(using: &rng)
        switch k % 8 {
        case 0: return TransformGen.singularMatrix.run(using: &rng)
        case 1: return base.replacing(Int.random(in: 0..<16, using: &rng), with: .nan)
        case 2: return base.replacing(Int.random(in: 0..<16, using: &rng), with: [Double.infinity, -.infinity][(k / 8) % 2])
        case 3: return Transform3D(scaleX: 1.4e-103, y: 1e-103, z: 1e-102) // det straddles the smallest normal
        case 4: return Transform3D(elements: base.elements.map { $0 * 1e150 })!
        case 5: return Transform3D(elements: base.elements.map { $0 * 1e-150 })!
        case 6: return Transform3D(Transform2D(a: 2, b: 0.5, c: -1, d: 3, tx: 1e300, ty: -4))
        default: return Transform3D(scaleX: 0, y: 0, z: 0)
        }
    }

    /// `count` 3-D points in ±1000 (a few NaN/∞ and zero-weight points included).
    public static func points3(_ count: Int, seed: UInt64) -> [SIMD3<Double>] {
        var rng = Xoshiro(seed: (seed, 7, 8, 9))
        return (0..<count).map { i in
            if i % 13 == 12 { return SIMD3(.nan, 1, .infinity) }
            return SIMD3(
                Double.random(in: -1000...1000, using: &rng), Double.random(in: -1000...1000, using: &rng),
                Double.random(in: -1000...1000, using: &rng))
        }
    }
}
