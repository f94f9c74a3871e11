import CAMathCore
import Foundation

extension Rect2D {
    /// The same four numbers as `rect` (no standardising). O(1).
    @inlinable
    public init(_ rect: CGRect) {
        self.init(
            x: Double(rect.origin.x), y: Double(rect.origin.y),
            width: Double(rect.size.width), height: Double(rect.size.height))
    }
}

extension CGRect {
    /// The same four numbers as `rect` (no standardising). O(1).
    @inlinable
    public init(_ rect: Rect2D) {
        self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }
}

extension CGPoint {
    /// The point `(p.x, p.y)`. O(1).
    @inlinable
    public init(_ p: SIMD2<Double>) {
        self.init(x: p.x, y: p.y)
    }

    /// `(x, y)` as a `SIMD2<Double>`, the point type of `CAMathCore`. O(1).
    @inlinable
    public var simd: SIMD2<Double> { SIMD2(Double(x), Double(y)) }
}
