import CAMathCore

/// Where, in its superlayer's space, a point can hit a layer's subtree: nowhere, anywhere, or inside a
/// box widened by a bound on the walk's rounding. Hit testing skips a subtree whose region rules the point
/// out, so a region never rules out a point that the full walk would hit (<doc:CachedGeometry>).
///
/// A box is the bounding box of the subtree's bounds mapped up level by level. It is made only through
/// affine levels (their back-maps divide by exactly 1), and carries `error` and `growth`: a point `p` of
/// magnitude `P = max(|x|, |y|)` that the walk sends into a layer's bounds lies within `error + growth·P` of the
/// box (the rounding of every back-map below, moved up through the forward maps, plus the box's own).
public enum HitRegion: Sendable, Hashable {
    /// No point hits the subtree: the layer is hidden, its level is singular, or there is nothing to hit.
    case nowhere
    /// No bound is known: every point must be walked.
    case anywhere
    /// Every hit lies within `error + growth·P` of `[minX, maxX] × [minY, maxY]`.
    case box(minX: Double, maxX: Double, minY: Double, maxY: Double, error: Double, growth: Double)

    /// The largest `growth` a box may have: beyond it a far point's rounding could approach its distance.
    public static let growthLimit = 0x1p-20

    /// Whether `p` may hit the subtree: `false` for ``nowhere``, and for a point outside the box by more
    /// than 64 times the rounding bound (`64·(error + growth·P)`, plus 2⁻¹⁰⁰⁰). A NaN point is never ruled out
    /// (the walk refuses it). Cost: a few comparisons.
    @inlinable
    public func mayContain(_ p: SIMD2<Double>) -> Bool {
        switch self {
        case .nowhere: return false
        case .anywhere: return true
        case let .box(minX, maxX, minY, maxY, error, growth):
            return Self.boxMayContain(p, minX: minX, maxX: maxX, minY: minY, maxY: maxY, error: error, growth: growth)
        }
    }

    /// ``mayContain(_:)`` of a ``box(minX:maxX:minY:maxY:error:growth:)``: `p` is not outside the box by more than
    /// `64·(error + growth·P) + 2⁻¹⁰⁰⁰`. The one formula every scan of regions uses.
    @inlinable @inline(__always)
    static func boxMayContain(
        _ p: SIMD2<Double>, minX: Double, maxX: Double, minY: Double, maxY: Double, error: Double,
        growth: Double
    ) -> Bool {
        let tolerance = 64 * (error + growth * max(abs(p.x), abs(p.y))) + 0x1p-1000
        return !(p.x < minX - tolerance || p.x > maxX + tolerance || p.y < minY - tolerance || p.y > maxY + tolerance)
    }

    /// The region of a layer, from its geometry, whether its superlayer flattens (`true` for a root), its level
    /// map and its sublayers' regions (in its own space): ``nowhere`` when hidden or singular, or when nothing
    /// in it can be hit; ``anywhere`` for a transform layer or a layer under one (its points are not mapped
    /// level by level); with `masksToBounds`, its bounds alone; else its bounds joined with the sublayers'
    /// regions; then mapped up through `level`. Also ``anywhere`` when a sublayer's is, when the level is not
    /// affine, when a value is not finite, or when `growth` would pass ``growthLimit``. `level` is read only for
    /// a layer that flattens under one that does. Cost: four affine corner maps (no division) and O(sublayers).
    public static func of(
        _ g: LayerGeometry, superlayerFlattens: Bool, level: @autoclosure () -> LevelMap,
        sublayers: some Sequence<HitRegion>
    ) -> HitRegion {
        if g.isHidden { return .nowhere }
        guard g.flattensSublayers, superlayerFlattens else { return .anywhere }
        let level = level()
        guard let inverse = level.inverse else { return .nowhere }
        let forward = level.forward
        guard forward.h13 == 0, forward.h23 == 0, forward.h33 == 1 else { return .anywhere }
        let own = Rect2D(g.bounds).standardized
        let ownIsEmpty = own.isNull || !(own.width > 0) || !(own.height > 0)
        if !ownIsEmpty && !(own.x.isFinite && own.y.isFinite && own.width.isFinite && own.height.isFinite) { return .anywhere }
        var inner = BoundingBox()
        if !ownIsEmpty { inner.add(SIMD2(own.x, own.y)); inner.add(SIMD2(own.x + own.width, own.y + own.height)) }
        // Rounding below this level, for a point of this layer's space of magnitude Q: belowError + belowGrowth·Q.
        var belowError = 0.0, belowGrowth = 0.0
        if !g.masksToBounds {
            for region in sublayers {
                switch region {
                case .nowhere: continue
                case .anywhere: return .anywhere
                case let .box(minX, maxX, minY, maxY, error, growth):
                    inner.add(SIMD2(minX, minY)); inner.add(SIMD2(maxX, maxY))
                    (belowError, belowGrowth) = (max(belowError, error), max(belowGrowth, growth))
                }
            }
        }
        let box = inner.rect
        if box.isNull { return .nowhere }
        let epsilon = 0x1p-52
        let a = max(abs(forward.h11) + abs(forward.h21), abs(forward.h12) + abs(forward.h22))
        let b = max(abs(inverse.h11) + abs(inverse.h21), abs(inverse.h12) + abs(inverse.h22))
        let t = max(abs(forward.h31), abs(forward.h32)), s = max(abs(inverse.h31), abs(inverse.h32))
        let m = max(abs(box.x), abs(box.y), abs(box.x + box.width), abs(box.y + box.height))
        // The back-map of p: 3ε(b·P + s) in this space, Q ≤ b·P + s; moved up by a; the box corners' own rounding.
        let error = a * (3 * epsilon * s + belowError + belowGrowth * s) + 3 * epsilon * (a * m + t)
        let growth = a * b * (3 * epsilon + belowGrowth)
        guard error.isFinite, growth <= growthLimit else { return .anywhere }
        // The level is affine, so a finite corner's weight is exactly 1 (`x·0 + y·0 + 1`) and `mapPoint`'s divisions
        // by it change no bit; a corner with an infinite coordinate maps to a non-finite point either way (`∞·h` or
        // `∞·0`), which the check below turns into `anywhere`. So the undivided image is `mapPoint`'s, bit for bit.
        func image(_ c: SIMD2<Double>) -> SIMD2<Double> { let h = forward.mapHomogeneous(c); return SIMD2(h.x, h.y) }
        let (c0, c1, c2, c3) = box.corners
        let (q0, q1, q2, q3) = (image(c0), image(c1), image(c2), image(c3))
        guard q0.x.isFinite, q0.y.isFinite, q1.x.isFinite, q1.y.isFinite, q2.x.isFinite, q2.y.isFinite, q3.x.isFinite, q3.y.isFinite else {
            return .anywhere
        }
        var image = BoundingBox()
        image.add(q0); image.add(q1); image.add(q2); image.add(q3)
        let r = image.rect
        return .box(minX: r.x, maxX: r.x + r.width, minY: r.y, maxY: r.y + r.height, error: error, growth: growth)
    }
}
