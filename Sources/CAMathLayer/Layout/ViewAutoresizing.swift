import Foundation

/// NSView's and UIView's autoresizing rule, for view-framework ports (`NSViewAutoresizing` in
/// `CAMathQuartzCore`). CALayer's rule is different: ``LayerAutoresizing``. The rules: <doc:Layout>.
public enum ViewAutoresizing {
    /// The frame a view's `resize(withOldSuperviewSize:)` gives, per axis:
    /// - `Δ = new − old`; an axis with `Δ == 0` or no flexible part is untouched;
    /// - the flexible parts (margin before, extent, margin after, with `mask`'s bits as in
    ///   ``AutoresizingMask``) share `Δ` **in proportion to their sizes** (`P ← P + P·(Δ/Φ)`, `Φ` their sum
    ///   in that order); when `Φ == 0` they share it equally;
    /// - with `pixelsPerPoint` σ > 0 both edges are floored on the pixel grid and the size is their
    ///   difference: `x′ = ⌊before·σ⌋/σ`, `w′ = ⌊(before + extent)·σ⌋/σ − x′` (AppKit's measured behaviour);
    ///   σ = 0 skips the rounding.
    ///
    /// Special values: a NaN or infinite input → `frame` unchanged. Cost: O(1).
    public static func resizedFrame(_ frame: CGRect, oldSuperviewSize old: CGSize, newSuperviewSize new: CGSize,
                                    mask: AutoresizingMask, pixelsPerPoint: Double = 1) -> CGRect {
        let values = [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height, old.width, old.height, new.width, new.height]
        guard values.allSatisfy({ $0.isFinite }), pixelsPerPoint.isFinite, pixelsPerPoint >= 0 else { return frame }
        let (x, w) = axis(Double(frame.origin.x), Double(frame.size.width), Double(old.width), Double(new.width), mask.rawValue, pixelsPerPoint)
        let (y, h) = axis(Double(frame.origin.y), Double(frame.size.height), Double(old.height), Double(new.height), mask.rawValue >> 3, pixelsPerPoint)
        return CGRect(x: x, y: y, width: w, height: h)
    }

    static func axis(_ origin: Double, _ extent: Double, _ old: Double, _ new: Double, _ bits: UInt32, _ sigma: Double) -> (Double, Double) {
        let flexible = [bits & 1 != 0, bits & 2 != 0, bits & 4 != 0]
        let delta = new - old
        guard delta != 0, flexible.contains(true) else { return (origin, extent) }
        var parts = [origin, extent, (old - origin) - extent]
        var total = 0.0
        for k in 0..<3 where flexible[k] { total = total + parts[k] }
        let count = Double(flexible.filter { $0 }.count)
        let q = delta / total
        for k in 0..<3 where flexible[k] { parts[k] = total != 0 ? parts[k] + parts[k] * q : parts[k] + delta / count }
        guard sigma > 0 else { return (parts[0], parts[1]) }
        let x = (parts[0] * sigma).rounded(.down) / sigma
        return (x, ((parts[0] + parts[1]) * sigma).rounded(.down) / sigma - x)
    }
}
