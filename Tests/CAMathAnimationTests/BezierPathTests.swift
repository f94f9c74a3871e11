import CAMathAnimation
import CAMathCore
import CAMathLayer
import CAMathQuartzCore
import Foundation
import Testing

/// Paths as CoreGraphics builds them (`CGPath`, `CGMutablePath`) and as keyframe animations move along them.
@Suite struct BezierPathTests {
    /// The distance of `p` from `center`.
    private func distance(_ p: CGPoint, from center: CGPoint) -> Double {
        ((p.x - center.x) * (p.x - center.x) + (p.y - center.y) * (p.y - center.y)).squareRoot()
    }

    /// The curves of `path`, each as its start and its three points.
    private func curves(of path: CGPath) -> [(p0: CGPoint, c1: CGPoint, c2: CGPoint, p3: CGPoint)] {
        var current = CGPoint.zero, found: [(CGPoint, CGPoint, CGPoint, CGPoint)] = []
        for element in path.elements {
            switch element {
            case .curve(let p, let c1, let c2): found.append((current, c1, c2, p)); current = p
            case .move(let p), .line(let p), .quadCurve(let p, _): current = p
            case .closeSubpath: break
            }
        }
        return found
    }

    /// Apple code for a keyframe path compiles unchanged, and the animation moves along the arc.
    @Test func appleKeyframePathCodeCompilesAndRuns() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 100, y: 0))
        path.addArc(center: .zero, radius: 100, startAngle: 0, endAngle: .pi, clockwise: false)
        let orbit = CAKeyframeAnimation(keyPath: "position")
        orbit.path = path
        orbit.duration = 2
        orbit.calculationMode = .paced
        let layer = CALayer()
        layer.add(orbit, forKey: "orbit", atMediaTime: 0)
        let halfway = try #require(layer.presentation(at: 1)?.position)
        // Paced: half the arc's length is reached at half the time, the top of the circle (within the curves' error).
        #expect(abs(halfway.x) < 1e-9 && abs(halfway.y - 100) < 0.03)
        let snapshot: CGPath = path.copy()!
        #expect(snapshot == path && !snapshot.isEmpty)
    }

    /// The arc's pieces: the fewest equal pieces of at most a quarter turn, ends on the circle exactly (to rounding),
    /// midpoints within the classic approximation's error, and the sweep rules of both directions.
    @Test func arcsBecomeQuarterTurnCubics() {
        let center = CGPoint(x: 3, y: -2)
        let pi = Double.pi
        let cases: [(start: Double, end: Double, clockwise: Bool, pieces: Int)] = [
            (0, 2 * pi, false, 4), (0, 2 * pi, true, 0), (0, pi / 2, false, 1), (0, 100 * pi / 180, false, 2), (1, 1, false, 0),
            (0, -pi / 2, false, 3), (0, -pi / 2, true, 1), (0, 7 * pi, false, 4), (pi, 0, true, 2)
        ]
        for (start, end, clockwise, pieces) in cases {
            let path = CGMutablePath()
            path.addArc(center: center, radius: 10, startAngle: start, endAngle: end, clockwise: clockwise)
            let found = curves(of: path)
            #expect(found.count == pieces, "\(start) → \(end) clockwise \(clockwise)")
            guard case .move(let first)? = path.elements.first else { Issue.record("no move first"); continue }
            #expect(abs(distance(first, from: center) - 10) < 1e-12)
            for (p0, c1, c2, p3) in found {
                #expect(abs(distance(p3, from: center) - 10) < 1e-12)
                // The curve's midpoint, against the circle.
                let mid = CGPoint(x: (p0.x + 3 * c1.x + 3 * c2.x + p3.x) / 8, y: (p0.y + 3 * c1.y + 3 * c2.y + p3.y) / 8)
                #expect(abs(distance(mid, from: center) - 10) < 2.8e-3)
                // Counter-clockwise arcs turn left: the cross product of the chord and the first control arm.
                let turn = (c1.x - p0.x) * (p3.y - p0.y) - (c1.y - p0.y) * (p3.x - p0.x)
                #expect(clockwise ? turn < 0 : turn > 0)
            }
        }
        // A relative arc larger than a full turn is one full turn.
        let relative = CGMutablePath()
        relative.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: -9)
        #expect(curves(of: relative).count == 4)
    }

    /// A line joins the current point to an arc's start only where they differ.
    @Test func arcsJoinTheCurrentPoint() {
        let after = CGMutablePath()
        after.move(to: CGPoint(x: 10, y: 0))
        after.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(after.elements.count == 2, "move, curve: no still line")
        let away = CGMutablePath()
        away.move(to: CGPoint(x: 50, y: 50))
        away.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(away.elements[1] == .line(to: CGPoint(x: 10, y: 0)) && away.elements.count == 3)
        #expect(abs(away.currentPoint.x) < 1e-15 && away.currentPoint.y == 10)
    }

    /// The tangent arc of CoreGraphics' `addArc(tangent1End:tangent2End:radius:)`: a rounded corner.
    @Test func tangentArcsRoundACorner() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 4)
        guard case .line(let start) = path.elements[1] else { Issue.record("no line to the first tangent point"); return }
        #expect(abs(start.x - 6) < 1e-12 && start.y == 0)
        let arc = curves(of: path)
        #expect(arc.count == 1)
        #expect(abs(arc[0].p3.x - 10) < 1e-12 && abs(arc[0].p3.y - 4) < 1e-12)
        #expect(abs(arc[0].c1.y) < 1e-12 && abs(arc[0].c2.x - 10) < 1e-12, "tangent to both lines")
        // Collinear points, a zero radius or an empty path: a line to the first tangent end, or nothing.
        let straight = CGMutablePath()
        straight.move(to: .zero)
        straight.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 9, y: 0), radius: 2)
        straight.addArc(tangent1End: CGPoint(x: 9, y: 9), tangent2End: CGPoint(x: 0, y: 9), radius: 0)
        #expect(straight.elements == [.move(to: .zero), .line(to: CGPoint(x: 5, y: 0)), .line(to: CGPoint(x: 9, y: 9))])
        let empty = CGMutablePath()
        empty.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 5, y: 5), radius: 2)
        #expect(empty.isEmpty)
    }

    /// A transformed tangent arc is the arc made in the caller's space, transformed.
    @Test func transformedTangentArcsAreTheTransformedArc() {
        let t = Transform2D(a: 2, b: 0, c: 0.5, d: 1, tx: 7, ty: -3)
        let plain = CGMutablePath(), mapped = CGMutablePath()
        plain.move(to: .zero)
        plain.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 4)
        mapped.move(to: .zero, transform: t)
        mapped.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 4, transform: t)
        let expected = CGMutablePath()
        expected.addPath(plain, transform: t)
        #expect(mapped.elements.count == expected.elements.count)
        for (a, b) in zip(mapped.elements, expected.elements) {
            for (p, q) in zip(a.points, b.points) { #expect(abs(p.x - q.x) < 1e-12 && abs(p.y - q.y) < 1e-12) }
        }
    }

    /// Rectangles, ellipses and rounded rectangles as CoreGraphics lays them out.
    @Test func shapes() {
        let rect = CGRect(x: 1, y: 2, width: 30, height: 20)
        let box = CGPath(rect: rect)
        #expect(
            box.elements == [
                .move(to: CGPoint(x: 1, y: 2)), .line(to: CGPoint(x: 31, y: 2)), .line(to: CGPoint(x: 31, y: 22)),
                .line(to: CGPoint(x: 1, y: 22)), .closeSubpath
            ])
        #expect(box.currentPoint == CGPoint(x: 1, y: 2), "a close returns to the subpath's start")
        let ellipse = CGPath(ellipseIn: rect)
        #expect(ellipse.elements.count == 6 && ellipse.elements.first == .move(to: CGPoint(x: 31, y: 12)))
        #expect(curves(of: ellipse).map(\.p3) == [CGPoint(x: 16, y: 22), CGPoint(x: 1, y: 12), CGPoint(x: 16, y: 2), CGPoint(x: 31, y: 12)])
        #expect(ellipse.boundingBox == rect && ellipse.boundingBoxOfPath == rect)
        let rounded = CGPath(roundedRect: rect, cornerWidth: 5, cornerHeight: 4)
        #expect(rounded.elements.count == 10 && curves(of: rounded).count == 4)
        #expect(rounded.boundingBoxOfPath == rect)
        // Corners larger than half a side are clamped (no trap); a corner of zero is a rectangle.
        let pill = CGPath(roundedRect: rect, cornerWidth: 100, cornerHeight: 10)
        #expect(pill.boundingBoxOfPath == rect && curves(of: pill).count == 4)
        #expect(CGPath(roundedRect: rect, cornerWidth: 0, cornerHeight: 4) == box)
    }

    /// Bounding boxes: control points in `boundingBox`, the curve's extremes in `boundingBoxOfPath`.
    @Test func boundingBoxes() {
        let path = CGMutablePath()
        #expect(path.boundingBox == .null && path.boundingBoxOfPath == .null && path.currentPoint == .zero)
        path.move(to: .zero)
        path.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
        #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(path.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 10, height: 5))
        path.addCurve(to: CGPoint(x: 20, y: 0), control1: CGPoint(x: 10, y: -8), control2: CGPoint(x: 20, y: -8))
        #expect(path.boundingBoxOfPath == CGRect(x: 0, y: -6, width: 20, height: 11))
    }

    /// CoreGraphics' rules for a path without a current point, copies and transforms.
    @Test func copiesCurrentPointsAndTransforms() {
        let path = CGMutablePath()
        path.addLine(to: CGPoint(x: 1, y: 1))
        path.addCurve(to: .zero, control1: .zero, control2: .zero)
        path.closeSubpath()
        #expect(path.isEmpty, "no current point: nothing added")
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: Double.infinity, y: 0), CGPoint(x: 2, y: Double.nan)])
        #expect(path.elements[1] == .line(to: CGPoint(x: Double.infinity, y: 0)), "the identity keeps ∞ and 0 as given")
        let frozen = path.copy()!
        #expect(!(frozen is CGMutablePath) && frozen.copy()! === frozen)
        let grown = frozen.mutableCopy()!
        grown.addRect(CGRect(x: 0, y: 0, width: 1, height: 1), transform: Transform2D(translationX: 5, y: 6))
        #expect(frozen.elements.count == 3 && grown.elements.count == 8)
        #expect(grown.elements[3] == .move(to: CGPoint(x: 5, y: 6)))
        // CoreGraphics' pointer forms of the transform: nil is the identity.
        var shift = Transform2D(translationX: 1, y: 2)
        #expect(
            CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil) == CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1)))
        #expect(
            CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 2, height: 2), transform: &shift).boundingBox
                == CGRect(x: 1, y: 2, width: 2, height: 2))
        #expect(frozen.copy(using: &shift)!.elements.first == .move(to: CGPoint(x: 1, y: 2)))
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(square.mutableCopy(using: nil)! == square && square.copy(using: nil)! === square)
    }

    /// A keyframe animation keeps a copy of the path it is given: later changes of a mutable path do not reach it.
    @Test func keyframeAnimationsKeepTheirPath() throws {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 10, y: 0))
        let along = CAKeyframeAnimation(keyPath: "position")
        along.path = path
        path.addLine(to: CGPoint(x: 10, y: 99))
        #expect(along.path?.elements.count == 2)
        #expect(along.keyframeValue(atProgress: 1, model: .point(.zero))?.value == .point(CGPoint(x: 10, y: 0)))
        let copy = try #require(along.copy() as? CAKeyframeAnimation)
        #expect(copy.path === along.path)
    }

    /// Non-finite radii, angles and corners never trap: they give non-finite points.
    @Test func nonFiniteInputsPropagate() {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: .nan, startAngle: 0, endAngle: 1, clockwise: false)
        path.addArc(center: .zero, radius: 1, startAngle: .infinity, endAngle: 1, clockwise: true)
        path.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: .nan)
        path.addArc(tangent1End: CGPoint(x: Double.nan, y: 0), tangent2End: .zero, radius: 3)
        path.addRoundedRect(in: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1), cornerWidth: .nan, cornerHeight: 1)
        path.addEllipse(in: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1))
        #expect(!path.isEmpty)
        _ = path.boundingBoxOfPath
        let along = CAKeyframeAnimation(keyPath: "position")
        along.path = path
        _ = along.keyframeValue(atProgress: 0.5, model: .point(.zero))
    }
}
