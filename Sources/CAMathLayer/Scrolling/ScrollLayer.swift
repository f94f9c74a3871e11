import CAMathCore
import Foundation

/// A layer that shows part of its sublayers by moving its bounds origin — `CAScrollLayer` (the name
/// `CAMathQuartzCore` gives it). Scrolling changes only `bounds.origin` (a change of `"bounds"`, which animates
/// implicitly like any other), within what ``scrollMode`` allows. Sublayers keep their own geometry; the scroll
/// layer's bounds origin moves them in its space (<doc:LayerGeometryRules>).
open class ScrollLayer: Layer {
    /// The directions a scroll layer may scroll in — `CAScrollLayerScrollMode`.
    public struct ScrollMode: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// No scrolling.
        public static let none = ScrollMode(rawValue: "none")
        /// Along y only.
        public static let vertically = ScrollMode(rawValue: "vertically")
        /// Along x only.
        public static let horizontally = ScrollMode(rawValue: "horizontally")
        /// Along both axes (the default).
        public static let both = ScrollMode(rawValue: "both")
    }

    /// Which directions ``scroll(to:)-(CGPoint)`` may move the bounds origin (default `.both`); an unknown mode
    /// scrolls in no direction.
    public var scrollMode: ScrollMode = .both

    /// Moves the bounds origin to `p` along the axes ``scrollMode`` allows; the other coordinate stays. A
    /// non-finite coordinate is not taken. O(1) plus what a bounds change sets off.
    open func scroll(to p: CGPoint) {
        var origin = bounds.origin
        if scrollMode == .both || scrollMode == .horizontally, p.x.isFinite { origin.x = p.x }
        if scrollMode == .both || scrollMode == .vertically, p.y.isFinite { origin.y = p.y }
        guard origin != bounds.origin else { return }
        bounds.origin = origin
    }

    /// Scrolls the least distance that brings `r` (in this layer's space) into the bounds, axis by axis: an axis
    /// along which `r` already lies inside does not move; a rect longer than the bounds aligns its minimum edge.
    /// A null or non-finite rect changes nothing. O(1).
    open func scroll(to r: CGRect) {
        let rect = r.standardized
        guard !r.isNull, rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        func axis(_ lo: CGFloat, _ length: CGFloat, _ visible: CGFloat, _ size: CGFloat) -> CGFloat {
            if lo >= visible && lo + length <= visible + size { return visible }
            if length > size || lo < visible { return lo }
            return lo + length - size
        }
        let b = bounds
        scroll(to: CGPoint(x: axis(rect.minX, rect.width, b.origin.x, b.width), y: axis(rect.minY, rect.height, b.origin.y, b.height)))
    }
}

extension Layer {
    /// The nearest ``ScrollLayer`` on the way to the root, this layer included.
    private var enclosingScrollLayer: ScrollLayer? {
        var layer: Layer? = self
        while let l = layer {
            if let scroll = l as? ScrollLayer { return scroll }
            layer = l.superlayer
        }
        return nil
    }

    /// Scrolls the nearest scroll layer at or above this one so that `p` (in this layer's space) lands at its
    /// bounds origin (``ScrollLayer/scroll(to:)-(CGPoint)``). No scroll layer: nothing happens. O(depth).
    public func scroll(_ p: CGPoint) {
        guard let scroll = enclosingScrollLayer else { return }
        scroll.scroll(to: scroll.convert(p, from: self))
    }

    /// Scrolls the nearest scroll layer at or above this one so that `r` (in this layer's space) becomes visible
    /// (``ScrollLayer/scroll(to:)-(CGRect)``). No scroll layer: nothing happens. O(depth).
    public func scrollRectToVisible(_ r: CGRect) {
        guard let scroll = enclosingScrollLayer else { return }
        scroll.scroll(to: scroll.convert(r, from: self))
    }

    /// The part of ``bounds`` the nearest scroll layer at or above this one shows: its bounds converted into this
    /// layer's space, intersected with this layer's bounds; the bounds themselves without a scroll layer.
    /// O(depth).
    public var visibleRect: CGRect {
        guard let scroll = enclosingScrollLayer, scroll !== self else { return bounds }
        return bounds.intersection(convert(scroll.bounds, from: scroll))
    }
}
