import Foundation

/// CALayer's autoresizing rule as a pure function (<doc:LayoutRules>): the frame a layer's
/// `resize(withOldSuperlayerSize:)` writes, from its frame, its mask and the superlayer's old and new
/// bounds sizes. Not NSView's proportional rule (that is ``ViewAutoresizing``).
public enum LayerAutoresizing {
    /// The new frame, or `nil` when the rule changes nothing:
    /// - per axis, `Δ = new − old`; an axis with `Δ == 0` or none of its three bits set is untouched;
    /// - the margin before (`frame.x`), the extent and the margin after (`old − x − w`) weigh the same: a
    ///   flexible extent takes `Δ/3` when a margin is flexible too, else all of `Δ`, and the rest of `Δ` is
    ///   shared equally by the flexible margins;
    /// - whole points: `x′ = ⌊before⌋`, `w′ = ⌈(new − x′) − after⌉`; an untouched axis keeps the frame's values.
    ///
    /// The rect is not standardised (a layer's `setFrame` does that). Special values: a NaN or infinite
    /// component of `frame` or either size → `nil`. Cost: O(1), two divisions per axis at most.
    public static func resizedFrame(
        _ frame: CGRect, mask: AutoresizingMask, oldSuperlayerSize old: CGSize,
        newSuperlayerSize new: CGSize
    ) -> CGRect? {
        guard frame.origin.x.isFinite, frame.origin.y.isFinite, frame.size.width.isFinite, frame.size.height.isFinite,
            old.width.isFinite, old.height.isFinite, new.width.isFinite, new.height.isFinite
        else { return nil }
        let x = axis(Double(frame.origin.x), Double(frame.size.width), Double(old.width), Double(new.width), mask.rawValue)
        let y = axis(Double(frame.origin.y), Double(frame.size.height), Double(old.height), Double(new.height), mask.rawValue >> 3)
        if x == nil && y == nil { return nil }
        let (nx, nw) = x ?? (Double(frame.origin.x), Double(frame.size.width))
        let (ny, nh) = y ?? (Double(frame.origin.y), Double(frame.size.height))
        return CGRect(x: nx, y: ny, width: nw, height: nh)
    }

    /// One axis: `bits` has the min margin at bit 0, the extent at bit 1, the max margin at bit 2.
    /// `nil` when the axis is untouched.
    static func axis(_ origin: Double, _ extent: Double, _ old: Double, _ new: Double, _ bits: UInt32) -> (Double, Double)? {
        let minMargin = bits & 1 != 0, sizable = bits & 2 != 0, maxMargin = bits & 4 != 0
        let delta = new - old
        guard delta != 0, minMargin || sizable || maxMargin else { return nil }
        var before = origin
        var after = (old - origin) - extent
        let margins = (minMargin ? 1 : 0) + (maxMargin ? 1 : 0)
        let extentShare = sizable ? (margins > 0 ? delta / 3 : delta) : 0
        let marginShare = margins > 0 ? (delta - extentShare) / Double(margins) : 0
        if minMargin { before = before + marginShare }
        if maxMargin { after = after + marginShare }
        let x = before.rounded(.down)
        return (x, ((new - x) - after).rounded(.up))
    }
}
