import Foundation

/// The keyframes and segments a path defines for a keyframe animation.
struct PathKeyframes: Sendable {
    /// The keyframes: where the path stands at each key time.
    private(set) var points: [SIMD2<Double>] = []
    /// The segments: segment j runs from keyframe j to keyframe j + 1 (after a jump, from its subpath's start).
    private(set) var segments: [PathSegment] = []

    /// The keyframes and segments of a path of `elements` (<doc:Keyframes>, *Paths*): the start of the first drawing
    /// element (the last move-to before it, or (0, 0)), then the end of every line, curve and close. Segment j is
    /// drawing element j with its own geometry and ends at keyframe j + 1; a move-to between two elements starts
    /// a new subpath (the next segment starts there: a jump that takes no time and no length); move-tos after
    /// the last element are ignored, and a path without drawing elements has one keyframe, its last move-to (or
    /// (0, 0)). O(elements).
    init(_ elements: [BezierPath.Element]) {
        var current = SIMD2<Double>(0, 0), start = current
        func v(_ p: CGPoint) -> SIMD2<Double> { SIMD2(Double(p.x), Double(p.y)) }
        for element in elements {
            switch element {
            case .move(let p):
                current = v(p); start = current
                continue
            default: break
            }
            if points.isEmpty { points.append(current) }
            let from = current
            let segment: PathSegment
            switch element {
            case .line(let p): segment = PathSegment(points: [from, v(p)])
            case .quadCurve(let p, let c): segment = PathSegment(points: [from, v(c), v(p)])
            case .curve(let p, let c1, let c2): segment = PathSegment(points: [from, v(c1), v(c2), v(p)])
            case .closeSubpath: segment = PathSegment(points: [from, start])
            case .move: continue
            }
            segments.append(segment)
            current = segment.points[segment.points.count - 1]
            points.append(current)
        }
        if points.isEmpty { points.append(current) }
    }
}

/// One piece of a path between two keyframes, in Bernstein form (a close is a line back to the
/// subpath's start).
struct PathSegment: Sendable {
    /// 2 (line), 3 (quad) or 4 (cubic) control points.
    let points: [SIMD2<Double>]

    /// The point at parameter s.
    func point(at s: Double) -> SIMD2<Double> {
        let p = points, u = 1 - s
        switch p.count {
        case 2: return p[0] + (p[1] - p[0]) * s
        case 3: return (u * u) * p[0] + (2 * u * s) * p[1] + (s * s) * p[2]
        default: return (u * u * u) * p[0] + (3 * u * u * s) * p[1] + (3 * u * s * s) * p[2] + (s * s * s) * p[3]
        }
    }

    /// dB/ds at s.
    func derivative(at s: Double) -> SIMD2<Double> {
        let p = points, u = 1 - s
        switch p.count {
        case 2: return p[1] - p[0]
        case 3: return (2 * u) * (p[1] - p[0]) + (2 * s) * (p[2] - p[1])
        default: return (3 * u * u) * (p[1] - p[0]) + (6 * u * s) * (p[2] - p[1]) + (3 * s * s) * (p[3] - p[2])
        }
    }

    /// The chord from start to end.
    var chord: SIMD2<Double> { points[points.count - 1] - points[0] }

    /// The points strictly inside the segment where a coordinate of a curve reaches an extreme (none for a line):
    /// the roots in (0, 1) of each coordinate's derivative.
    func extremes() -> [SIMD2<Double>] {
        guard points.count > 2 else { return [] }
        var found: [SIMD2<Double>] = []
        for axis in 0..<2 {
            let p = points.map { $0[axis] }
            // The derivative's coefficients (divided by the degree): a s² + b s + c.
            let (a, b, c) =
                p.count == 3
                ? (0, p[0] - 2 * p[1] + p[2], p[1] - p[0])
                : (p[3] - p[0] + 3 * (p[1] - p[2]), 2 * (p[0] - 2 * p[1] + p[2]), p[1] - p[0])
            var roots: [Double] = []
            if a == 0 {
                if b != 0 { roots = [-c / b] }
            } else {
                let disc = b * b - 4 * a * c
                if disc >= 0 { roots = [(-b - disc.squareRoot()) / (2 * a), (-b + disc.squareRoot()) / (2 * a)] }
            }
            found += roots.filter { $0 > 0 && $0 < 1 }.map { point(at: $0) }
        }
        return found
    }

    /// The arc length from 0 to s: exact for lines; for curves, 16-point Gauss–Legendre on 32 pieces
    /// (relative error far below 1e-9 for any curve without a cusp).
    func length(to s: Double = 1) -> Double {
        if points.count == 2 { return Self.norm(chord) * s }
        let pieces = 32
        var sum = 0.0
        for piece in 0..<pieces {
            let lo = s * Double(piece) / Double(pieces), hi = s * Double(piece + 1) / Double(pieces)
            let mid = (lo + hi) / 2, half = (hi - lo) / 2
            for (x, w) in GaussLegendre.nodes {
                sum += w * half * Self.norm(derivative(at: mid + half * x))
            }
        }
        return sum
    }

    /// The parameter where the arc length from 0 reaches `target` (bisection to 1e-15 of the parameter).
    func parameter(atLength target: Double) -> Double {
        if points.count == 2 {
            let total = length()
            return total > 0 ? target / total : 0
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if length(to: mid) < target { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    static func norm(_ v: SIMD2<Double>) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }
}

/// 16-point Gauss–Legendre nodes and weights on [−1, 1].
enum GaussLegendre {
    static let nodes: [(Double, Double)] = {
        let half: [(Double, Double)] = [
            (0.0950125098376374, 0.1894506104550685), (0.2816035507792589, 0.1826034150449236),
            (0.4580167776572274, 0.1691565193950025), (0.6178762444026438, 0.1495959888165767),
            (0.7554044083550030, 0.1246289712555339), (0.8656312023878318, 0.0951585116824928),
            (0.9445750230732326, 0.0622535239386479), (0.9894009349916499, 0.0271524594117541)
        ]
        return half.map { (-$0.0, $0.1) } + half
    }()
}
