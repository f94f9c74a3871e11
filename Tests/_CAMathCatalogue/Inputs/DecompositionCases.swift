import CAMath

/// Transforms that take every branch of the decomposition: gimbal lock at ±π/2, a negative determinant,
/// each branch of the quaternion (trace, and the largest of m11, m22, m33), perspective, a singular
/// perspective-free part with and without perspective, a zero scale, tiny and huge m44, and the
/// undecomposable (NaN, ±∞, m44 = 0) — each also composed with a translation and a skew.
public enum DecompositionCases {
    public static var all: [Transform3D] {
        var base: [Transform3D] = [
            .identity,
            Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0),
            Transform3D(rotationAngle: -.pi / 2, x: 0, y: 1, z: 0).concatenating(Transform3D(rotationAngle: 0.7, x: 1, y: 0, z: 0)),
            Transform3D(scaleX: -1, y: 1, z: 1),
            Transform3D(scaleX: 2, y: -3, z: 0.5).concatenating(Transform3D(rotationAngle: 1.1, x: 1, y: 2, z: 3)),
            Transform3D(rotationAngle: .pi, x: 1, y: 0, z: 0),
            Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0),
            Transform3D(rotationAngle: .pi, x: 0, y: 0, z: 1),
            Transform3D(rotationAngle: 3.1, x: 1, y: 1, z: 0),
            Transform3D(rotationAngle: 3.14, x: 0.2, y: 1, z: 1),
            Transform3D(scaleX: 0, y: 1, z: 1),
            Transform3D(scaleX: 1, y: 0, z: 0)
        ]
        var perspective = Transform3D.identity
        perspective.m34 = -1 / 500
        base.append(perspective)
        base.append(Transform3D(scaleX: 0, y: 1, z: 1).concatenating(perspective))
        var tinyW = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
        tinyW.m44 = .leastNormalMagnitude / 4
        base.append(tinyW)
        var hugeW = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
        hugeW.m44 = 1e300
        base.append(hugeW)
        var zeroW = Transform3D.identity
        zeroW.m44 = 0
        base.append(zeroW)
        for v in [Double.nan, .infinity] {
            var t = Transform3D.identity
            t.m23 = v
            base.append(t)
        }
        let skew = Transform3D(Transform2D(a: 1, b: 0, c: 0.4, d: 1, tx: 0, ty: 0))
        let move = Transform3D(translationX: 12, y: -7, z: 3)
        return base + base.map { $0.concatenating(move) } + base.map { skew.concatenating($0) }
    }
}

extension DecompositionCases {
    /// `count` seeded decompositions for the recomposition kernels: every field drawn from signed zeros,
    /// ±1, ordinary values and magnitudes whose products underflow to a signed zero, so that every
    /// zero-sign rule of the reduced product is taken; with `huge`, some fields of magnitude 2¹⁰⁰ and more
    /// (blocks with such a lane take the full product) and non-finite ones.
    public static func recompositionParts(_ count: Int, seed: UInt64, huge: Bool) -> [Transform3D.Decomposition] {
        var state = seed
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 11
        }
        var pool: [Double] = [0, -0.0, 1, -1, 0.5, -2.5, 1e-170, -1e-170, 1e-300, -Double.leastNormalMagnitude / 8, .leastNonzeroMagnitude]
        if huge { pool += [0x1p100, -0x1p120, .greatestFiniteMagnitude, .infinity, .nan] }
        func field() -> Double {
            let k = next() % UInt64(pool.count + 4)
            return k < pool.count ? pool[Int(k)] : Double(Int64(next() % 2001) - 1000) / 317
        }
        return (0..<count).map { _ in
            Transform3D.Decomposition(
                translation: SIMD3(field(), field(), field()), scale: SIMD3(field(), field(), field()),
                skew: SIMD3(field(), field(), field()), perspective: SIMD4(field(), field(), field(), field()),
                rotation: SIMD3(field(), field(), field()), quaternion: Quaternion(x: field(), y: field(), z: field(), w: field()))
        }
    }
}
