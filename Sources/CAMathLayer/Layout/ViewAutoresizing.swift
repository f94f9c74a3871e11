import Foundation

/// NSView's and UIView's autoresizing rule, for view-framework ports. CALayer's rule is different:
/// ``LayerAutoresizing``. The rules: <doc:LayoutRules>.
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
    public static func resizedFrame(
        _ frame: CGRect, oldSuperviewSize old: CGSize, newSuperviewSize new: CGSize,
        mask: AutoresizingMask, pixelsPerPoint: Double = 1
    ) -> CGRect {
        guard frame.origin.x.isFinite, frame.origin.y.isFinite, frame.size.width.isFinite, frame.size.height.isFinite,
            old.width.isFinite, old.height.isFinite, new.width.isFinite, new.height.isFinite,
            pixelsPerPoint.isFinite, pixelsPerPoint >= 0
        else { return frame }
        let (x, w) = axis(
            Double(frame.origin.x), Double(frame.size.width), Double(old.width), Double(new.width), mask.rawValue, pixelsPerPoint)
        let (y, h) = axis(
            Double(frame.origin.y), Double(frame.size.height), Double(old.height), Double(new.height), mask.rawValue >> 3, pixelsPerPoint)
        return CGRect(x: x, y: y, width: w, height: h)
    }

    /// One axis: `bits` has the margin before at bit 0, the extent at bit 1, the margin after at bit 2.
    static func axis(_ origin: Double, _ extent: Double, _ old: Double, _ new: Double, _ bits: UInt32, _ sigma: Double) -> (Double, Double)
    {
        let flexBefore = bits & 1 != 0, flexExtent = bits & 2 != 0, flexAfter = bits & 4 != 0
        let delta = new - old
        guard delta != 0, flexBefore || flexExtent || flexAfter else { return (origin, extent) }
        var before = origin, size = extent, after = (old - origin) - extent
        var total = 0.0
        if flexBefore { total = total + before }
        if flexExtent { total = total + size }
        if flexAfter { total = total + after }
        let count = Double((flexBefore ? 1 : 0) + (flexExtent ? 1 : 0) + (flexAfter ? 1 : 0))
        func grown(_ p: Double) -> Double { total != 0 ? p + p * (delta / total) : p + delta / count }
        if flexBefore { before = grown(before) }
        if flexExtent { size = grown(size) }
        if flexAfter { after = grown(after) }
        guard sigma > 0 else { return (before, size) }
        let x = (before * sigma).rounded(.down) / sigma
        return (x, ((before + size) * sigma).rounded(.down) / sigma - x)
    }
}
