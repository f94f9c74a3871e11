import CAMathCore

/// A ``HitRegion`` as six numbers, so that many siblings' regions lie side by side and a walk scans them without a
/// branch per kind: ``HitRegion/nowhere`` is the empty box `(+∞, −∞, +∞, −∞)`, ``HitRegion/anywhere`` the whole plane,
/// a box its bounds with its `error` and `growth`. For every finite point, ``mayContain(_:)`` is the region's
/// ``HitRegion/mayContain(_:)`` (the same formula, ``HitRegion/boxMayContain(_:minX:maxX:minY:maxY:error:growth:)``).
package struct RegionBox: Sendable {
    let minX: Double, maxX: Double, minY: Double, maxY: Double, error: Double, growth: Double

    /// The box of `region`. O(1).
    package init(_ region: HitRegion) {
        switch region {
        case .nowhere: (minX, maxX, minY, maxY, error, growth) = (.infinity, -.infinity, .infinity, -.infinity, 0, 0)
        case .anywhere: (minX, maxX, minY, maxY, error, growth) = (-.infinity, .infinity, -.infinity, .infinity, 0, 0)
        case let .box(x0, x1, y0, y1, e, g): (minX, maxX, minY, maxY, error, growth) = (x0, x1, y0, y1, e, g)
        }
    }

    /// Whether a finite point `p` may hit the region: its ``HitRegion/mayContain(_:)``. A few comparisons.
    @inline(__always)
    package func mayContain(_ p: SIMD2<Double>) -> Bool {
        HitRegion.boxMayContain(p, minX: minX, maxX: maxX, minY: minY, maxY: maxY, error: error, growth: growth)
    }
}
