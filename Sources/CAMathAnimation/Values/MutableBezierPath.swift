import CAMathCore
import Foundation

/// A path that grows, held by reference: CoreGraphics' `CGMutablePath` (that name is this type's where
/// CoreGraphics is absent, in `CAMathQuartzCore`), with its methods and their rules.
///
/// - Every method takes an optional affine `transform` (default identity) applied to the points it adds, control
///   points included; the identity leaves them bit for bit as given.
/// - A line, curve, close or tangent arc needs a current point: on an empty path it adds nothing, as
///   CoreGraphics does ("no current point").
/// - Arcs become cubic Bézier curves: the sweep is cut into the fewest equal pieces of at most a quarter turn (give
///   or take 1e-9 of one), and
///   each piece of angle θ has its control points at 4/3·tan(θ/4)·r along the tangents at its ends, the classic
///   approximation that is exact at the ends and midpoint (radial error below 2.7·10⁻⁴ r). Equal pieces keep the
///   error the same along the arc; a full circle is four quarters, as CoreGraphics draws one. The segmentation is
///   observable: a keyframe animation along the path gives each element an equal share of time outside the paced
///   modes (<doc:Keyframes>, *Paths*).
/// - Non-finite coordinates, angles or radii never trap: they propagate into the points.
public final class MutableBezierPath: BezierPath {
    /// A mutable path computes its keyframes when an animation reads them, so it never keeps stale ones.
    override init(elements: [Element], computesKeyframes: Bool) {
        super.init(elements: elements, computesKeyframes: false)
    }

    /// An immutable path with the current elements: what a keyframe animation keeps. O(elements).
    public override func copy() -> BezierPath? { BezierPath(elements: elements) }

    /// Starts a new subpath at `point`. O(1).
    public func move(to point: CGPoint, transform: Transform2D = .identity) {
        elements.append(.move(to: Self.map(point, transform)))
    }

    /// A line from the current point to `point`. O(1).
    public func addLine(to point: CGPoint, transform: Transform2D = .identity) {
        guard !isEmpty else { return }
        elements.append(.line(to: Self.map(point, transform)))
    }

    /// A move to the first point, then lines through the others (nothing for no points). O(points).
    public func addLines(between points: [CGPoint], transform: Transform2D = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for p in points.dropFirst() { addLine(to: p, transform: transform) }
    }

    /// A quadratic Bézier curve from the current point to `point`. O(1).
    public func addQuadCurve(to point: CGPoint, control: CGPoint, transform: Transform2D = .identity) {
        guard !isEmpty else { return }
        elements.append(.quadCurve(to: Self.map(point, transform), control: Self.map(control, transform)))
    }

    /// A cubic Bézier curve from the current point to `point`. O(1).
    public func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint, transform: Transform2D = .identity) {
        guard !isEmpty else { return }
        elements.append(
            .curve(
                to: Self.map(point, transform), control1: Self.map(control1, transform),
                control2: Self.map(control2, transform)))
    }

    /// Closes the current subpath with a line back to its start; the current point becomes that start. O(1).
    public func closeSubpath() {
        guard !isEmpty else { return }
        elements.append(.closeSubpath)
    }

    /// The closed subpath of `rect`'s corners: a move to (minX, minY), lines to (maxX, minY), (maxX, maxY) and
    /// (minX, maxY), and a close — counter-clockwise with y up, as CoreGraphics adds it. O(1).
    public func addRect(_ rect: CGRect, transform: Transform2D = .identity) {
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        move(to: CGPoint(x: x0, y: y0), transform: transform)
        for p in [CGPoint(x: x1, y: y0), CGPoint(x: x1, y: y1), CGPoint(x: x0, y: y1)] { addLine(to: p, transform: transform) }
        closeSubpath()
    }

    /// ``addRect(_:transform:)`` for each rectangle, in order. O(rectangles).
    public func addRects(_ rects: [CGRect], transform: Transform2D = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// The ellipse inscribed in `rect` as a closed subpath: a move to its point of largest x, four quarter-turn
    /// curves through its points of largest y, least x and least y (angles increasing: counter-clockwise with y
    /// up, clockwise on a flipped, y-down screen), and a close. O(1).
    public func addEllipse(in rect: CGRect, transform: Transform2D = .identity) {
        let center = SIMD2(Double(rect.midX), Double(rect.midY)), radii = SIMD2(Double(rect.width), Double(rect.height)) / 2
        move(to: Self.cg(center + radii * Self.quarterDirections[0]), transform: transform)
        for quarter in 0..<4 { addQuarter(center: center, radii: radii, from: quarter, transform: transform) }
        closeSubpath()
    }

    /// A rectangle with corners of quarter ellipses of radii `cornerWidth` and `cornerHeight`, as a closed subpath in
    /// the ellipse's orientation: a move to (maxX, minY + cornerHeight), then a line up the right side, a corner, and so
    /// round (a side of length zero adds no line). Corner sizes larger than half the rectangle's are clamped to half (CoreGraphics stops the program);
    /// a size that is not positive gives ``addRect(_:transform:)``. O(1).
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: Transform2D = .identity) {
        let w = min(Double(cornerWidth), Double(rect.width) / 2), h = min(Double(cornerHeight), Double(rect.height) / 2)
        guard w > 0, h > 0 else { return addRect(rect, transform: transform) }
        let (x0, y0, x1, y1) = (Double(rect.minX), Double(rect.minY), Double(rect.maxX), Double(rect.maxY))
        let radii = SIMD2(w, h)
        // Corner k turns from quarter direction k to k + 1 around its center; the side before it ends where it starts.
        let centers = [SIMD2(x1 - w, y1 - h), SIMD2(x0 + w, y1 - h), SIMD2(x0 + w, y0 + h), SIMD2(x1 - w, y0 + h)]
        move(to: CGPoint(x: x1, y: y0 + h), transform: transform)
        for k in 0..<4 {
            join(Self.map(Self.cg(centers[k] + radii * Self.quarterDirections[k]), transform))
            addQuarter(center: centers[k], radii: radii, from: k, transform: transform)
        }
        closeSubpath()
    }

    /// The arc of the circle of `radius` around `center` from `startAngle` to `endAngle` (radians from the x axis),
    /// turning clockwise (angles decreasing) or counter-clockwise (angles increasing) with y up. Counter-clockwise,
    /// an end at least a full turn past the start gives the whole circle, else the arc turns (end − start) modulo a
    /// full turn; clockwise likewise with (start − end): so 0 to 2π counter-clockwise is a circle, clockwise a
    /// point. A line joins the current point to the arc's start when they differ (a move starts an empty path
    /// there; CoreGraphics documents the line for tangent arcs only when they differ, and CAMath does the same here,
    /// so `move(to: start)` before an arc adds no still element to a keyframe path). O(1).
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
        transform: Transform2D = .identity
    ) {
        let fullTurn = 2 * Double.pi
        let turn = clockwise ? Double(startAngle) - Double(endAngle) : Double(endAngle) - Double(startAngle)
        var sweep = turn >= fullTurn ? fullTurn : turn.truncatingRemainder(dividingBy: fullTurn)
        if sweep < 0 { sweep += fullTurn }
        addArc(center: center, radius: Double(radius), start: Double(startAngle), sweep: clockwise ? -sweep : sweep, transform: transform)
    }

    /// The arc of the circle of `radius` around `center` from `startAngle` turning by `delta` radians (positive:
    /// counter-clockwise with y up), at most a full turn either way (a larger `delta` is clamped). A line joins
    /// the current point to its start when they differ (a move starts an empty path there). O(1).
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat, transform: Transform2D = .identity) {
        let fullTurn = 2 * Double.pi
        addArc(
            center: center, radius: Double(radius), start: Double(startAngle), sweep: min(max(Double(delta), -fullTurn), fullTurn),
            transform: transform)
    }

    /// The arc of `radius` tangent to the line from the current point to `tangent1End` and to the line from there to
    /// `tangent2End`, preceded by a line from the current point to its first tangent point when they differ; it
    /// ends at its second
    /// (CoreGraphics' `addArc(tangent1End:tangent2End:radius:)`). When the three points are on one line, or two
    /// coincide, or the radius is not positive, a line to `tangent1End` instead. Nothing on an empty path. O(1).
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: Transform2D = .identity) {
        guard !isEmpty else { return }
        // The arc is made where the caller's points are and then transformed; the current point is stored
        // transformed, so it is taken back first (a singular transform leaves only the line).
        guard let back = transform.isIdentity ? Transform2D.identity : transform.invertedIfPossible() else {
            return addLine(to: tangent1End, transform: transform)
        }
        let p0 = Self.simd(Self.map(currentPoint, back)), p1 = Self.simd(tangent1End), p2 = Self.simd(tangent2End)
        let r = Double(radius)
        guard r > 0, r.isFinite, let u = Self.unit(p0 - p1), let v = Self.unit(p2 - p1), u.x * v.y - u.y * v.x != 0 else {
            return addLine(to: tangent1End, transform: transform)
        }
        // Half the angle between the two lines; the tangent points lie r / tan(half) from the corner, the center
        // r / sin(half) along the bisector.
        let half = Elementary.acos(max(-1, min(1, u.x * v.x + u.y * v.y))) / 2
        let (sine, cosine) = (Elementary.sin(half), Elementary.cos(half))
        let start = p1 + u * (r * cosine / sine), end = p1 + v * (r * cosine / sine)
        guard let bisector = Self.unit(u + v) else { return addLine(to: tangent1End, transform: transform) }
        let center = p1 + bisector * (r / sine)
        join(Self.map(Self.cg(start), transform))
        let a0 = Elementary.atan2(start.y - center.y, start.x - center.x)
        var sweep = Elementary.atan2(end.y - center.y, end.x - center.x) - a0
        if sweep > .pi { sweep -= 2 * .pi } else if sweep < -.pi { sweep += 2 * .pi }
        appendArcCurves(center: center, radius: r, start: a0, sweep: sweep, end: end, transform: transform)
    }

    /// `path`'s elements, each point mapped by `transform`, appended after this path's. O(elements of `path`).
    public func addPath(_ path: BezierPath, transform: Transform2D = .identity) {
        let added = path.elements
        guard !transform.isIdentity else { return elements += added }
        elements += added.map { element in
            switch element {
            case .move(let p): .move(to: Self.map(p, transform))
            case .line(let p): .line(to: Self.map(p, transform))
            case .quadCurve(let p, let c): .quadCurve(to: Self.map(p, transform), control: Self.map(c, transform))
            case .curve(let p, let c1, let c2):
                .curve(to: Self.map(p, transform), control1: Self.map(c1, transform), control2: Self.map(c2, transform))
            case .closeSubpath: .closeSubpath
            }
        }
    }

    // MARK: Arcs as curves

    /// The four axis directions, counter-clockwise from +x, exactly.
    private static let quarterDirections = [SIMD2<Double>(1, 0), SIMD2(0, 1), SIMD2(-1, 0), SIMD2(0, -1)]
    /// 4/3·tan(π/8): a quarter turn's control distance, per unit radius.
    private static let quarterControl = 4.0 / 3 * (2.0.squareRoot() - 1)

    /// The quarter of the ellipse (`center`, `radii`) from axis direction `k` to k + 1, from the current point (which
    /// is its start), transformed.
    private func addQuarter(center: SIMD2<Double>, radii: SIMD2<Double>, from k: Int, transform: Transform2D) {
        let d0 = Self.quarterDirections[k], d1 = Self.quarterDirections[(k + 1) % 4]
        let p0 = center + radii * d0, p3 = center + radii * d1
        let c1 = p0 + radii * d1 * Self.quarterControl, c2 = p3 + radii * d0 * Self.quarterControl
        addCurve(to: Self.cg(p3), control1: Self.cg(c1), control2: Self.cg(c2), transform: transform)
    }

    /// The arc of `radius` around `center` from angle `start` turning by `sweep` (at most a full turn), transformed:
    /// a line (or, on an empty path, a move) to its start, then its curves.
    private func addArc(center: CGPoint, radius: Double, start: Double, sweep: Double, transform: Transform2D) {
        let c = Self.simd(center), from = Elementary.sincos(start), to = Elementary.sincos(start + sweep)
        let first = Self.cg(c + radius * SIMD2(from.cos, from.sin))
        join(Self.map(first, transform))
        appendArcCurves(
            center: c, radius: radius, start: start, sweep: sweep, end: c + radius * SIMD2(to.cos, to.sin), transform: transform)
    }

    /// The curves of the arc of `radius` around `center` from angle `start` turning by `sweep`, ending exactly at
    /// `end`, transformed (nothing for a zero sweep).
    private func appendArcCurves(
        center: SIMD2<Double>, radius: Double, start: Double, sweep: Double, end: SIMD2<Double>,
        transform: Transform2D
    ) {
        guard sweep != 0 else { return }
        // The fewest equal pieces of at most a quarter turn, a quarter turn's rounding error (1e-9 of it) allowed:
        // a tangent arc's right angle, computed, may exceed it by an ulp. One for a non-finite sweep (NaN points).
        let quarters = (abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)
        let pieces = quarters.isFinite ? max(1, min(4, Int(quarters))) : 1
        let theta = sweep / Double(pieces)
        // 4/3·tan(θ/4), with tan(x/2) = sin x / (1 + cos x) at x = θ/2.
        let halfPiece = Elementary.sincos(theta / 2)
        let k = 4.0 / 3 * halfPiece.sin / (1 + halfPiece.cos) * radius
        var angle = Elementary.sincos(start)
        var p0 = center + radius * SIMD2(angle.cos, angle.sin)
        for piece in 1...pieces {
            let next = Elementary.sincos(start + theta * Double(piece))
            let p3 = piece == pieces ? end : center + radius * SIMD2(next.cos, next.sin)
            let c1 = p0 + k * SIMD2(-angle.sin, angle.cos), c2 = p3 - k * SIMD2(-next.sin, next.cos)
            addCurve(to: Self.cg(p3), control1: Self.cg(c1), control2: Self.cg(c2), transform: transform)
            (angle, p0) = (next, p3)
        }
    }

    /// Makes `p` (in the path's space) the current point: a move on an empty path, a line when the current point is
    /// elsewhere (not bit for bit `p`), else nothing.
    private func join(_ p: CGPoint) {
        if isEmpty { return elements.append(.move(to: p)) }
        let current = currentPoint
        if current.x.bitPattern != p.x.bitPattern || current.y.bitPattern != p.y.bitPattern { elements.append(.line(to: p)) }
    }

    // MARK: Points

    /// `p` mapped by `transform`; the identity returns it unchanged (a product by 0 would turn ∞ into NaN).
    private static func map(_ p: CGPoint, _ transform: Transform2D) -> CGPoint {
        transform.isIdentity ? p : cg(transform.mapPoint(simd(p)))
    }

    private static func cg(_ p: SIMD2<Double>) -> CGPoint { CGPoint(x: p.x, y: p.y) }

    /// `v` scaled to length 1, or `nil` for a zero or non-finite length.
    private static func unit(_ v: SIMD2<Double>) -> SIMD2<Double>? {
        let length = (v.x * v.x + v.y * v.y).squareRoot()
        return length > 0 && length.isFinite ? v / length : nil
    }
}
