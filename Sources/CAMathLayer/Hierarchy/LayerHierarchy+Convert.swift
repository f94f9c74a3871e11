import CAMathCore
import Foundation

/// The level maps a conversion walks: up through `up` (forward maps, in order), then down through
/// `down` (back-maps, in order).
public struct ConversionPath: Sendable {
    /// Forward level maps, from the source layer upward.
    public var up: [LevelMap]
    /// Level maps to back-map through, from the top downward to the destination layer.
    public var down: [LevelMap]

    /// The point after every forward map, then every back-map (<doc:LayerGeometryRules>, *Converting between layers*). A singular level gives
    /// `(NaN, NaN)`, which propagates; no `W` check. Cost: O(levels).
    public func map(_ p: SIMD2<Double>) -> SIMD2<Double> {
        var q = p
        for level in up { q = level.mapUp(q) }
        for level in down { q = level.mapDown(q) }
        return q
    }

    /// CALayer's `convert(_:to:)` for rects: `CGRect.null` stays null; otherwise the bounding box of the
    /// four converted corners of the standardised rect (no clipping). Cost: 4 point conversions.
    public func map(_ r: Rect2D) -> Rect2D {
        if r.isNull { return .null }
        let (c0, c1, c2, c3) = r.corners
        var box = BoundingBox()
        box.add(map(c0)); box.add(map(c1)); box.add(map(c2)); box.add(map(c3))
        return box.rect
    }
}

extension LayerHierarchy {
    /// The levels `A.convert(_, to: B)` walks (<doc:LayerGeometryRules>, *Converting between layers*); `b == nil` means root space. Levels are planes
    /// (`planePath(_:)`): a transform layer between two layers is not one, its map composes into the
    /// level below it.
    /// - Same layer: no levels.
    /// - Same tree: up from `a` to (not including) the nearest common plane `C`, down from `C`
    ///   (excluded) to `b`.
    /// - `b == nil`: up from `a` through its root inclusive.
    /// - Different trees: up from `a` through its root inclusive, down from `b`'s root inclusive to `b`.
    /// Cost: O(depth(a) + depth(b)) level maps.
    public func conversionPath(from a: Node, to b: Node?) -> ConversionPath {
        let pathA = planePath(a)
        guard let b else { return ConversionPath(up: pathA.map(\.map), down: []) }
        if isSame(a, b) { return ConversionPath(up: [], down: []) }
        let pathB = planePath(b)
        var sharedFromTop = 0
        while sharedFromTop < min(pathA.count, pathB.count),
            isSame(pathA[pathA.count - 1 - sharedFromTop].node, pathB[pathB.count - 1 - sharedFromTop].node)
        {
            sharedFromTop += 1
        }
        let upLevels = pathA.dropLast(sharedFromTop), downLevels = pathB.dropLast(sharedFromTop).reversed()
        return ConversionPath(up: upLevels.map(\.map), down: downLevels.map(\.map))
    }

    /// The levels `A.convert(_, from: nil)` walks: down from `a`'s root inclusive to `a`.
    public func conversionPathFromRootSpace(to a: Node) -> ConversionPath {
        ConversionPath(up: [], down: planePath(a).reversed().map(\.map))
    }

    /// `a.convert(p, to: b)` (<doc:LayerGeometryRules>, *Converting between layers*): `p` in `a`'s bounds space to `b`'s (`nil` = root space).
    /// The same layer returns `p` unchanged. Special values: NaN propagates; a singular level gives
    /// `(NaN, NaN)`; `W = 0` gives ±∞/NaN. Cost: O(depth) level maps.
    public func convert(_ p: CGPoint, from a: Node, to b: Node?) -> CGPoint {
        CGPoint(conversionPath(from: a, to: b).map(p.simd))
    }

    /// `a.convert(p, from: b)` ≡ `b.convert(p, to: a)`; `b == nil` means `p` is in root space.
    public func convert(_ p: CGPoint, to a: Node, from b: Node?) -> CGPoint {
        guard let b else { return CGPoint(conversionPathFromRootSpace(to: a).map(p.simd)) }
        return convert(p, from: b, to: a)
    }

    /// `a.convert(r, to: b)`: the box of the four converted corners; `CGRect.null` stays null; the
    /// same layer returns `r` unchanged. Cost: O(depth) level maps plus 4 point conversions.
    public func convert(_ r: CGRect, from a: Node, to b: Node?) -> CGRect {
        if let b, isSame(a, b) { return r }
        return CGRect(conversionPath(from: a, to: b).map(Rect2D(r)))
    }

    /// `a.convert(r, from: b)` ≡ `b.convert(r, to: a)`; `b == nil` means `r` is in root space.
    public func convert(_ r: CGRect, to a: Node, from b: Node?) -> CGRect {
        guard let b else { return CGRect(conversionPathFromRootSpace(to: a).map(Rect2D(r))) }
        return convert(r, from: b, to: a)
    }
}
