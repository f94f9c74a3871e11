import CAMath
import Foundation

/// The adversarial inputs of CAMathCore's *Conventions* article, *Special values*, shared by every test target: special values in every position,
/// singular and near-singular matrices, extreme magnitudes, right angles and gimbal lock, edge-on and
/// behind-the-eye layers, degenerate rects, deep trees, and awkward key paths. Every list is fixed (no
/// randomness), so a failure names an input that reproduces.
public enum Adversarial {
    /// A layer-like transform with every element distinct and non-zero (perspective included).
    public static let base = Transform3D(elements: [1.5, -2, 0.25, 0.0015, 3, 0.5, -1, 0.0025, -0.75, 2, 1.25, -0.003, 10, -20, 30, 1])!

    /// ``SpecialValues/all`` in each of the 16 positions of ``base`` (224 matrices).
    public static let matricesWithSpecialValues: [Transform3D] =
        (0..<16).flatMap { i in SpecialValues.all.map { base.replacing(i, with: $0) } }

    /// An affine layer transform (column 4 = (0, 0, 0, 1)) with every element distinct and non-zero.
    public static let affineBase = Transform3D(elements: [1.5, -2, 0.25, 0, 3, 0.5, -1, 0, -0.75, 2, 1.25, 0, 10, -20, 30, 1])!

    /// ``SpecialValues/all`` in each of the 16 positions of ``affineBase`` (224 matrices; those in
    /// column 4 are no longer affine), for the affine fast paths.
    public static let affineWithSpecialValues: [Transform3D] =
        (0..<16).flatMap { i in SpecialValues.all.map { affineBase.replacing(i, with: $0) } }

    /// Singular (rank 0–3, det exactly 0), near-singular (det ≈ 1e-300, det straddling the smallest
    /// normal), overflowing (det or inverse beyond the largest double) and tiny matrices.
    public static let singularAndExtreme: [Transform3D] = [
        Transform3D(elements: [Double](repeating: 0, count: 16))!,
        // Rank 1: an outer product.
        Transform3D(elements: [1, 2, 3, 4].flatMap { r in [2.0, -1, 0.5, 3].map { r * $0 } })!,
        // Rank 2: rows 3 and 4 are combinations of rows 1 and 2.
        Transform3D(elements: [1, 2, 3, 4, 0, 1, -1, 2, 1, 3, 2, 6, 2, 5, 5, 10])!,
        // Rank 3: a zero scale and a zero-scale affine layer.
        Transform3D(scaleX: 0, y: 1, z: 1), Transform3D(scaleX: 1, y: 1, z: 0),
        Transform3D(Transform2D(a: 1, b: 2, c: 2, d: 4, tx: 5, ty: 6)),
        Transform3D(scaleX: 1e-100, y: 1e-100, z: 1e-100), // det = 1e-300, normal
        Transform3D(scaleX: 1.4e-103, y: 1e-103, z: 1e-102), // det straddles 2^-1022
        Transform3D(scaleX: 1e-110, y: 1e-110, z: 1e-110), // det subnormal
        Transform3D(scaleX: 1e-200, y: 1e-200, z: 1e-200), // det underflows to 0
        Transform3D(scaleX: 1e100, y: 1e100, z: 1e100), // det = 1e300
        Transform3D(scaleX: 1e110, y: 1e110, z: 1e110), // det overflows to ∞
        Transform3D(elements: base.elements.map { $0 * 1e300 })!,
        Transform3D(elements: base.elements.map { $0 * 1e-300 })!,
        Transform3D(elements: base.elements.map { $0 * (Double.leastNormalMagnitude / 1e4) })!, // subnormal elements
        Transform3D(Transform2D(a: 2, b: 0.5, c: -1, d: 3, tx: 1e308, ty: -1e308)),
        // det normal, elements beyond the kernels' proof of finite entries (their exact test decides):
        Transform3D(scaleX: 1e300, y: 0x1p-1030, z: 1), // det ≈ 1e-10, an entry ≈ 1e310 overflows: refused
        Transform3D(scaleX: 1e300, y: 1e-300, z: 1), // det = 1, every entry finite: inverted
        Transform3D(elements: base.elements.map { $0 * 1e102 })!, // elements just past the bound, det 1e408 overflows
        Transform3D(elements: base.elements.map { $0 * 1e76 })!, // det ≈ 1e304 normal, entries ≈ 1e-76
        {
            var m = base; m.m44 = 0; return m
        }() // undecomposable: m44 = 0
    ]

    /// Angles at k·π/2 for k = −8…8, one ulp either side, and the CAMathCore's *Conventions* article, *Special values* special values.
    public static let angles: [Double] =
        (-8...8).flatMap { k -> [Double] in
            let a = Double(k) * .pi / 2; return [a, a.nextUp, a.nextDown]
        } + SpecialValues.all

    /// Rotations by ``angles`` about x, y, z and a diagonal axis, and rotation.y = ±π/2 (gimbal lock) mixed
    /// with rotations about x and z.
    public static let rotations: [Transform3D] = {
        let axes: [SIMD3<Double>] = [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 1]]
        var out = angles.flatMap { a in axes.map { Transform3D(rotationAngle: a, x: $0.x, y: $0.y, z: $0.z) } }
        for y in [Double.pi / 2, -.pi / 2] {
            for x in [0, 0.3, -1.1] {
                out.append(
                    Transform3D(rotationAngle: x, x: 1, y: 0, z: 0)
                        .concatenating(Transform3D(rotationAngle: y, x: 0, y: 1, z: 0))
                        .concatenating(Transform3D(rotationAngle: 0.7, x: 0, y: 0, z: 1)))
            }
        }
        return out
    }()

    /// Layer transforms whose plane is edge-on to the viewer or behind the eye (W ≤ 0), or singular in 2-D.
    public static let degenerateLayerTransforms: [Transform3D] = {
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        return [
            Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0), // edge-on
            Transform3D(rotationAngle: .pi / 2, x: 1, y: 0, z: 0).concatenating(perspective),
            Transform3D(elements: [0, 0, -1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1])!, // exactly edge-on
            Transform3D(translationX: 0, y: 0, z: 600).concatenating(perspective), // behind the eye
            Transform3D(translationX: 0, y: 0, z: 500).concatenating(perspective), // W = 0 exactly
            Transform3D(rotationAngle: 1.2, x: 0, y: 1, z: 0).concatenating(Transform3D(translationX: 0, y: 0, z: 450))
                .concatenating(perspective), // partly behind the eye
            Transform3D(scaleX: 0, y: 0, z: 1)
        ]
    }()

    /// Matrices whose products, sums and quotients are signed zeros, so that a kernel that changes the sign
    /// of a zero (a sum started from +0, an operand order that turns −0 + −0 into +0 + −0, a reduced
    /// formula) fails the bitwise contract: all −0, negative rows against zero rows, −0 off the diagonal,
    /// and an affine matrix whose general-formula inverse has −0 where the affine formula has +0.
    public static let signedZeros: [Transform3D] = [
        Transform3D(elements: [Double](repeating: -0.0, count: 16))!,
        Transform3D(elements: [-1, -2, -3, -4, 0, 0, 0, 0, -0.0, -0.0, -0.0, -0.0, 5, -6, 7, 1])!,
        Transform3D(elements: [1, -0.0, -0.0, -0.0, -0.0, 1, -0.0, -0.0, -0.0, -0.0, 1, -0.0, -0.0, -0.0, -0.0, 1])!,
        Transform3D(elements: [-2, 0, 0, 0, 0, -3, 0, 0, 0, 0, -4, 0, -0.0, -0.0, -0.0, 1])!,
        Transform3D(elements: [0.5, -1.5, 2, 0, -3, 0.25, 1, 0, 4, -2, -0.5, 0, -0.0, 7, -0.0, 1])!
    ]

    /// Every adversarial matrix.
    public static var matrices: [Transform3D] {
        matricesWithSpecialValues + affineWithSpecialValues + singularAndExtreme + rotations + degenerateLayerTransforms + signedZeros
    }

    /// Special values in each coordinate of an ordinary point, and the ordinary point.
    public static let points: [CGPoint] =
        [CGPoint(x: 12.5, y: -7.25), CGPoint(x: -0.0, y: -0.0)] + SpecialValues.all.flatMap { [CGPoint(x: $0, y: 3), CGPoint(x: 3, y: $0)] }

    /// Null, infinite, zero, negative-size, NaN and ±∞ in each field, huge and tiny rects.
    public static let rects: [CGRect] = {
        var out: [CGRect] = [
            .null, .infinite, .zero, CGRect(x: 5, y: 5, width: -10, height: -20),
            CGRect(x: 1e300, y: -1e300, width: 1e308, height: 1e308),
            CGRect(
                x: Double.leastNormalMagnitude / 1e4, y: 0, width: Double.leastNonzeroMagnitude, height: Double.leastNormalMagnitude / 100)
        ]
        for v in [Double.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -0.0] {
            out += [
                CGRect(x: v, y: 1, width: 10, height: 20), CGRect(x: 1, y: v, width: 10, height: 20),
                CGRect(x: 1, y: 2, width: v, height: 20), CGRect(x: 1, y: 2, width: 10, height: v)
            ]
        }
        return out
    }()

    /// An ordinary layer geometry with one field at a time made adversarial: bounds from ``rects``,
    /// position and anchor point from ``points``, anchorPointZ/zPosition from the special values,
    /// transform and sublayerTransform from the singular, degenerate and a sample of the special-value
    /// matrices, and each flag.
    public static let geometries: [LayerGeometry] = {
        let ordinary = LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 100, height: 60), position: CGPoint(x: 80, y: 50))
        var out = [ordinary]
        func with(_ change: (inout LayerGeometry) -> Void) { var g = ordinary; change(&g); out.append(g) }
        for r in rects { with { $0.bounds = r } }
        for p in points { with { $0.position = p }; with { $0.anchorPoint = p } }
        for v in SpecialValues.all { with { $0.anchorPointZ = v }; with { $0.zPosition = v } }
        let sample = stride(from: 0, to: matricesWithSpecialValues.count, by: 5).map { matricesWithSpecialValues[$0] }
        for m in singularAndExtreme + degenerateLayerTransforms + sample {
            with { $0.transform = m }
            with { $0.sublayerTransform = m }
        }
        with { $0.isGeometryFlipped = true }
        with { $0.masksToBounds = true }
        with { $0.isHidden = true }
        return out
    }()

    /// A 400×300 root with every one of ``geometries`` below it, three sublayers per layer in pre-order
    /// (so adversarial layers also have adversarial ancestors).
    public static func tree() -> Layer {
        let root = Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 400, height: 300), position: CGPoint(x: 200, y: 150)))
        var layers = [root]
        for (k, g) in geometries.enumerated() {
            let layer = Layer(geometry: g)
            layers[k / 3].addSublayer(layer)
            layers.append(layer)
        }
        return root
    }

    /// A chain of `depth` layers, each 100×100 at (50, 50) in its parent.
    public static func chain(depth: Int) -> (root: Layer, leaf: Layer) {
        let root = Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 50)))
        var leaf = root
        for _ in 1..<max(1, depth) {
            let next = Layer(geometry: root.geometry)
            leaf.addSublayer(next)
            leaf = next
        }
        return (root, leaf)
    }

    /// Key-path strings a caller might send: every valid one with both prefixes, and near misses.
    public static let keyPathStrings: [String] = {
        let valid = TransformKeyPath.allCases.map(\.rawValue)
        return valid + valid.map { "transform." + $0 } + valid.map { "sublayerTransform." + $0 } + [
            "", ".", "transform", "sublayerTransform", "transform.", "transform..rotation", "transform.rotation.w",
            "rotation.", "Rotation.z", "rotation.z ", " rotation.z", "rotation.z\0", "scale.x.y", "translation.xy",
            "transform.transform.rotation", "frame", "bounds.size", "r\u{00F6}tation.z", "\u{1F642}",
            String(repeating: "rotation.", count: 1000)
        ]
    }()

    /// Values for key-path writes: special numbers, sizes with a special value in either field, and
    /// whole matrices.
    public static let keyPathValues: [TransformKeyPathValue] =
        SpecialValues.all.map { .number($0) } + [0.5, -2, 1e300].map { .number($0) }
        + SpecialValues.all.flatMap { [.size(width: $0, height: 2), .size(width: 2, height: $0)] }
        + [.transform(base), .transform(singularAndExtreme[0])]
}
