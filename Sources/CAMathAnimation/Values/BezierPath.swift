import CAMathCore
import Foundation

/// A 2-D path of lines and Bézier curves that never changes, held by reference: what a keyframe animation moves
/// along (``KeyframeAnimation/path``), the role of CoreGraphics' `CGPath` (that name is this type's where
/// CoreGraphics is absent, in `CAMathQuartzCore`). Build one with ``MutableBezierPath`` (`CGMutablePath`), whose
/// ``copy()`` is a `BezierPath` again.
///
/// Its elements are CoreGraphics' path elements: move-to, line, quadratic and cubic curves, close. Points are
/// stored as given (no rounding, non-finite coordinates kept). Paths are equal when their elements are, as
/// `CGPath`'s `==` compares. An immutable path computes its keyframes (<doc:Keyframes>, *Paths*) once, when made.
public class BezierPath: Equatable {
    /// One element of a path, as CoreGraphics' `CGPathElement`: its kind with its points.
    public enum Element: Sendable, Equatable {
        case move(to: CGPoint)
        case line(to: CGPoint)
        case quadCurve(to: CGPoint, control: CGPoint)
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        case closeSubpath

        /// The element's points, controls first and its end last (none for a close).
        public var points: [CGPoint] {
            switch self {
            case .move(let p), .line(let p): [p]
            case .quadCurve(let p, let c): [c, p]
            case .curve(let p, let c1, let c2): [c1, c2, p]
            case .closeSubpath: []
            }
        }
    }

    /// The elements, in order. A ``MutableBezierPath`` appends to them; a `BezierPath` never changes them.
    public internal(set) var elements: [Element]
    /// The keyframes and segments, computed when an immutable path is made (a mutable one computes them per call).
    private let madeKeyframes: PathKeyframes?

    /// The path with these elements; `computesKeyframes` for an immutable one.
    init(elements: [Element], computesKeyframes: Bool) {
        self.elements = elements
        madeKeyframes = computesKeyframes ? PathKeyframes(elements) : nil
    }

    /// An empty path.
    public convenience init() { self.init(elements: [], computesKeyframes: true) }

    /// The path of these elements, taken as given: an element drawn before any move-to starts at (0, 0).
    /// O(elements).
    public convenience init(elements: [Element]) { self.init(elements: elements, computesKeyframes: true) }

    /// The closed rectangle `rect` (CoreGraphics' `CGPath(rect:transform:)`): ``MutableBezierPath/addRect(_:transform:)``
    /// on an empty path.
    public convenience init(rect: CGRect, transform: Transform2D = .identity) {
        self.init(building: { $0.addRect(rect, transform: transform) })
    }

    /// The ellipse inscribed in `rect` (CoreGraphics' `CGPath(ellipseIn:transform:)`):
    /// ``MutableBezierPath/addEllipse(in:transform:)`` on an empty path.
    public convenience init(ellipseIn rect: CGRect, transform: Transform2D = .identity) {
        self.init(building: { $0.addEllipse(in: rect, transform: transform) })
    }

    /// The rounded rectangle (CoreGraphics' `CGPath(roundedRect:cornerWidth:cornerHeight:transform:)`):
    /// ``MutableBezierPath/addRoundedRect(in:cornerWidth:cornerHeight:transform:)`` on an empty path.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: Transform2D = .identity) {
        self.init(building: { $0.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform) })
    }

    /// ``init(rect:transform:)`` with CoreGraphics' form of the transform: a pointer, `nil` for none, so that
    /// `CGPath(rect: r, transform: nil)` compiles as written for Apple platforms.
    public convenience init(rect: CGRect, transform: UnsafePointer<Transform2D>?) {
        self.init(rect: rect, transform: transform?.pointee ?? .identity)
    }

    /// ``init(ellipseIn:transform:)`` with CoreGraphics' pointer form of the transform (`nil` for none).
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<Transform2D>?) {
        self.init(ellipseIn: rect, transform: transform?.pointee ?? .identity)
    }

    /// ``init(roundedRect:cornerWidth:cornerHeight:transform:)`` with CoreGraphics' pointer form of the transform
    /// (`nil` for none).
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: UnsafePointer<Transform2D>?) {
        self.init(roundedRect: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform?.pointee ?? .identity)
    }

    /// The path that `build` makes from an empty mutable one.
    private convenience init(building build: (MutableBezierPath) -> Void) {
        let path = MutableBezierPath()
        build(path)
        self.init(elements: path.elements, computesKeyframes: true)
    }

    /// Whether the path has no elements (CoreGraphics' `isEmpty`). O(1).
    public var isEmpty: Bool { elements.isEmpty }

    /// Where the next element starts: the end of the last element, the start of the subpath after a close, and
    /// `.zero` for an empty path (CoreGraphics' `currentPoint`). O(elements) after a close, else O(1).
    public var currentPoint: CGPoint {
        guard let last = elements.last else { return .zero }
        guard case .closeSubpath = last else { return last.points.last! }
        return subpathStart(before: elements.count - 1)
    }

    /// The start of the subpath that element `index` belongs to: its latest move-to, the start of a closed subpath
    /// before it, or (0, 0).
    func subpathStart(before index: Int) -> CGPoint {
        var k = index - 1
        while k >= 0 {
            if case .move(let p) = elements[k] { return p }
            k -= 1
        }
        return .zero
    }

    /// The smallest rectangle holding every point of the elements, control points included; `CGRect.null` for an
    /// empty path (CoreGraphics' `boundingBox`). A NaN coordinate is skipped. O(elements).
    public var boundingBox: CGRect {
        Self.box(of: elements.lazy.flatMap(\.points).map { SIMD2(Double($0.x), Double($0.y)) })
    }

    /// The smallest rectangle holding the path itself — every end point and each curve's extremes, not its
    /// control points; `CGRect.null` for an empty path (CoreGraphics' `boundingBoxOfPath`). O(elements).
    public var boundingBoxOfPath: CGRect {
        var points: [SIMD2<Double>] = []
        var current = SIMD2<Double>.zero
        for (k, element) in elements.enumerated() {
            if case .closeSubpath = element {
                current = Self.simd(subpathStart(before: k))
                continue
            }
            let ends = element.points.map(Self.simd)
            if ends.count > 1 { points += PathSegment(points: [current] + ends).extremes() }
            points.append(ends[ends.count - 1])
            current = ends[ends.count - 1]
        }
        return Self.box(of: points)
    }

    /// The box of `points` (NaN coordinates skipped); `.null` when none.
    private static func box(of points: some Sequence<SIMD2<Double>>) -> CGRect {
        var lo = SIMD2(Double.infinity, .infinity), hi = -lo, any = false
        for p in points {
            any = true
            if !p.x.isNaN { lo.x = Swift.min(lo.x, p.x); hi.x = Swift.max(hi.x, p.x) }
            if !p.y.isNaN { lo.y = Swift.min(lo.y, p.y); hi.y = Swift.max(hi.y, p.y) }
        }
        guard any, lo.x <= hi.x, lo.y <= hi.y else { return .null }
        return CGRect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    static func simd(_ p: CGPoint) -> SIMD2<Double> { SIMD2(Double(p.x), Double(p.y)) }

    /// An immutable path with these elements (CoreGraphics' `copy()`): the path itself when it is immutable. Never
    /// `nil` (the optional is CoreGraphics' signature). O(1), or O(elements) for a mutable one.
    public func copy() -> BezierPath? { self }

    /// An immutable path with these elements mapped by `transform` (CoreGraphics' `copy(using:)`; `nil` for the
    /// identity). Never `nil`. O(elements).
    public func copy(using transform: UnsafePointer<Transform2D>?) -> BezierPath? {
        guard let transform else { return copy() }
        let mapped = MutableBezierPath()
        mapped.addPath(self, transform: transform.pointee)
        return BezierPath(elements: mapped.elements)
    }

    /// A mutable path with these elements (CoreGraphics' `mutableCopy()`). Never `nil`. O(elements).
    public func mutableCopy() -> MutableBezierPath? { MutableBezierPath(elements: elements) }

    /// A mutable path with these elements mapped by `transform` (CoreGraphics' `mutableCopy(using:)`; `nil` for the
    /// identity). Never `nil`. O(elements).
    public func mutableCopy(using transform: UnsafePointer<Transform2D>?) -> MutableBezierPath? {
        let mapped = MutableBezierPath()
        mapped.addPath(self, transform: transform?.pointee ?? .identity)
        return mapped
    }

    /// The keyframes and segments a keyframe animation moves along (<doc:Keyframes>, *Paths*).
    func keyframes() -> PathKeyframes { madeKeyframes ?? PathKeyframes(elements) }

    /// Whether the two paths have the same elements (CoreGraphics' `==`). O(elements).
    public static func == (lhs: BezierPath, rhs: BezierPath) -> Bool { lhs === rhs || lhs.elements == rhs.elements }
}
