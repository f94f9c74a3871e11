import CAMathCore
import CAMathLayer
import Foundation

#if !canImport(CoreGraphics)
extension CGPoint {
    /// The point mapped by `t`: `(a·x + c·y + tx, b·x + d·y + ty)`, IEEE arithmetic
    /// (`Transform2D.mapPoint(_:)`).
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(t.mapPoint(simd))
    }
}

extension CGSize {
    /// The size mapped by `t`'s linear part: `(a·w + c·h, b·w + d·h)`, signed, no translation
    /// (`Transform2D.mapSize(width:height:)`).
    public func applying(_ t: CGAffineTransform) -> CGSize {
        let s = t.mapSize(width: Double(width), height: Double(height))
        return CGSize(width: s.width, height: s.height)
    }
}

extension CGRect {
    /// The bounding box of the rect's four mapped corners (standardised first); `CGRect.null` and
    /// `CGRect.infinite` map to themselves; a NaN corner gives `(NaN, NaN, NaN, NaN)`
    /// (`Transform2D.mapRect(_:)`).
    public func applying(_ t: CGAffineTransform) -> CGRect {
        CGRect(t.mapRect(Rect2D(self)))
    }
}
#endif
