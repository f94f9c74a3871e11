import CAMath
import Foundation
import PropertyBased

/// Seeded generators of realistic and adversarial inputs, shared by every test target.
public enum TransformGen {
    /// Magnitudes of CAMathCore's *Invariants* article: `±[1e-3, 1e3]` on a log scale, so small and large values are equally
    /// likely. Shrinks toward `±1e-3`.
    public static var magnitude: Generator<Double, some SendableSequenceType> {
        zip(Gen.double(in: -3...3), Gen.bool).map { e, negative in
            let m = pow10(e)
            return negative ? -m : m
        }
    }

    /// An angle in `[−π, π]`.
    public static var angle: Generator<Double, some SendableSequenceType> { Gen.double(in: -Double.pi...Double.pi) }

    /// A non-zero rotation axis with components in `[−1, 1]`.
    public static var axis: Generator<SIMD3<Double>, some SendableSequenceType> {
        Gen.double(in: -1...1).simd3.filter { $0.x != 0 || $0.y != 0 || $0.z != 0 }
    }

    /// Sixteen independent elements, each a ``magnitude`` (a general matrix, usually invertible).
    public static var matrix: Generator<Transform3D, some SendableSequenceType> {
        magnitude.array(of: 16).map { Transform3D(elements: $0)! }
    }

    /// A layer-like transform `Sc(s)·R(θ, axis)·Tr(t)`, optionally followed by a perspective
    /// `m34 = −1/d` (d in [100, 2000]); scales in `±[0.1, 10]`, translations in `[−1000, 1000]`.
    public static func layerTransform(perspective: Bool) -> Generator<Transform3D, some SendableSequenceType> {
        let scale = zip(Gen.double(in: -1...1), Gen.bool).map { e, negative in negative ? -pow10(e) : pow10(e) }
        return zip(scale.array(of: 3), angle, axis, Gen.double(in: -1000...1000).simd3, Gen.double(in: 100...2000))
            .map { s, a, ax, t, d in
                var m = Transform3D(scaleX: s[0], y: s[1], z: s[2])
                    .concatenating(Transform3D(rotationAngle: a, x: ax.x, y: ax.y, z: ax.z))
                    .concatenating(Transform3D(translationX: t.x, y: t.y, z: t.z))
                if perspective {
                    var p = Transform3D.identity
                    p.m34 = -1 / d
                    m = m.concatenating(p)
                }
                return m
            }
    }

    /// An exactly singular matrix: small integers (so every minor is computed exactly) with one row a
    /// whole multiple of another, a zero row, or a zero column.
    public static var singularMatrix: Generator<Transform3D, some SendableSequenceType> {
        zip(Gen.int(in: -8...8).array(of: 16), Gen.int(in: 0...3), Gen.int(in: 0...3), Gen.int(in: -3...3), Gen.int(in: 0...2))
            .map { e, i, j, k, kind in
                var v = e.map(Double.init)
                switch kind {
                case 0: // row j = k · row i (j ≠ i)
                    let j = (i + 1 + j % 3) % 4
                    for c in 0..<4 { v[4 * j + c] = Double(k) * v[4 * i + c] }
                case 1: // zero row i
                    for c in 0..<4 { v[4 * i + c] = 0 }
                default: // zero column j
                    for r in 0..<4 { v[4 * r + j] = 0 }
                }
                return Transform3D(elements: v)!
            }
    }

    /// A ``Transform2D`` with all six elements ``magnitude``s.
    public static var affine: Generator<Transform2D, some SendableSequenceType> {
        magnitude.array(of: 6).map { e in Transform2D(a: e[0], b: e[1], c: e[2], d: e[3], tx: e[4], ty: e[5]) }
    }

    /// A point with coordinates in `[−1000, 1000]`.
    public static var point: Generator<SIMD2<Double>, some SendableSequenceType> {
        Gen.double(in: -1000...1000).simd2
    }
}

/// `10^e`.
public func pow10(_ e: Double) -> Double { pow(10, e) }
