import CAMathCore

/// A grid over the hit regions of one layer's sublayers, so that a hit test among many siblings visits only those
/// whose region may contain the point (<doc:CachedGeometry>, *Wide layers*) instead of asking every region.
///
/// Each ``HitRegion/box(minX:maxX:minY:maxY:error:growth:)`` is widened by the tolerance
/// ``HitRegion/mayContain(_:)`` allows for the largest point the grid covers and listed in every cell it touches;
/// an ``HitRegion/anywhere`` sublayer is listed in every cell and a ``HitRegion/nowhere`` one in none. So for a point
/// inside the grid, ``candidates(at:)`` lists every sublayer whose region may contain it (and maybe more), in
/// sublayer order: walking them front to back gives the answer the walk over every sublayer gives. A point outside
/// the grid gets `nil`: walk every sublayer.
///
/// Made from the regions once (O(sublayers + cells touched)); immutable, so it may be shared between threads.
public final class SublayerRegionIndex: Sendable {
    /// The fewest sublayers for which a hierarchy should offer an index. A render tree makes its indexes again at
    /// every evaluation (about 30 ns a sublayer) while a walk asks a region in about 1.5 ns: with 100 hit tests a frame
    /// spread over groups of 99 layers, an index at 32 cost the frame 9 % (Zen 5), so smaller groups ask every region.
    public static let minimumCount = 256

    private let minX: Double, minY: Double, maxX: Double, maxY: Double
    private let cellWidth: Double, cellHeight: Double
    private let columns: Int, rows: Int
    /// Cell c lists `items[cellStart[c] ..< cellStart[c + 1]]`, ascending sublayer indices.
    private let cellStart: [Int32], items: [Int32]
    /// The sublayers every cell has (``HitRegion/anywhere``, or a box over more than a quarter of the cells),
    /// ascending, kept apart from the cells' lists.
    private let everywhere: [Int32]

    /// An index of `regions` (sublayer i's region at position i), or `nil` when one would not prune: fewer than two
    /// regions, more than a quarter of them in every cell, no finite box, or more than 2³¹ sublayers.
    /// Cost: O(regions + cells touched).
    public init?(_ regions: some Collection<HitRegion>) {
        let n = regions.count
        guard n >= 2, n < Int(Int32.max) else { return nil }
        var lo = SIMD2(Double.infinity, .infinity), hi = -lo, largestError = 0.0, largestGrowth = 0.0
        for case let .box(x0, x1, y0, y1, error, growth) in regions where Self.isOrdered(x0, x1, y0, y1, error, growth) {
            lo = pointwiseMin(lo, SIMD2(x0, y0)); hi = pointwiseMax(hi, SIMD2(x1, y1))
            (largestError, largestGrowth) = (max(largestError, error), max(largestGrowth, growth))
        }
        guard lo.x <= hi.x, lo.y <= hi.y else { return nil }
        // Every point of the grid has magnitude at most `reach`: the boxes' own and the widest tolerance it allows.
        let magnitude = max(abs(lo.x), abs(lo.y), abs(hi.x), abs(hi.y))
        let reach = 2 * magnitude + 1
        let widest = 64 * (largestError + largestGrowth * reach) + 0x1p-1000
        guard reach.isFinite, widest.isFinite, magnitude + widest <= reach else { return nil }
        let (minX, minY, maxX, maxY) = (lo.x - widest, lo.y - widest, hi.x + widest, hi.y + widest)
        let width = maxX - minX, height = maxY - minY
        guard width.isFinite, height.isFinite else { return nil }
        // About one cell per sublayer, shaped like the grid.
        let aspect = width / height
        let columns = Int(min(Double(n), max(1, (Double(n) * aspect).squareRoot()).rounded()))
        let rows = max(1, min(n, n / columns)), cells = columns * rows
        let cellWidth = width / Double(columns), cellHeight = height / Double(rows)
        // Each boxed sublayer's cell range, then the cells' lists in two passes (counts, then fills): ascending.
        var ranges: [(x: ClosedRange<Int>, y: ClosedRange<Int>)?] = []
        var everywhere: [Int32] = []
        ranges.reserveCapacity(n)
        var counts = [Int32](repeating: 0, count: cells + 1), touched = 0
        for (i, region) in regions.enumerated() {
            var range: (x: ClosedRange<Int>, y: ClosedRange<Int>)?
            switch region {
            case .nowhere: break
            case .anywhere: everywhere.append(Int32(i))
            case let .box(x0, x1, y0, y1, error, growth) where !Self.isOrdered(x0, x1, y0, y1, error, growth):
                // Not a box hit tests can bound here (NaN, reversed, a bound below 0): it may contain any point.
                everywhere.append(Int32(i))
            case let .box(x0, x1, y0, y1, error, growth):
                let tolerance = 64 * (error + growth * reach) + 0x1p-1000
                let x = Self.slot(x0 - tolerance, minX, cellWidth, columns)...Self.slot(x1 + tolerance, minX, cellWidth, columns)
                let y = Self.slot(y0 - tolerance, minY, cellHeight, rows)...Self.slot(y1 + tolerance, minY, cellHeight, rows)
                if 4 * x.count * y.count > cells && cells >= 16 { everywhere.append(Int32(i)) } else { range = (x, y) }
            }
            if let range {
                touched += range.x.count * range.y.count
                for y in range.y { for x in range.x { counts[y * columns + x + 1] += 1 } }
            }
            ranges.append(range)
        }
        guard 4 * everywhere.count <= n, touched < Int(Int32.max) else { return nil }
        for c in 0..<cells { counts[c + 1] += counts[c] }
        var next = counts, items = [Int32](repeating: 0, count: touched)
        for (i, range) in ranges.enumerated() {
            guard let range else { continue }
            for y in range.y {
                for x in range.x {
                    let cell = y * columns + x
                    items[Int(next[cell])] = Int32(i)
                    next[cell] += 1
                }
            }
        }
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
        (self.cellWidth, self.cellHeight, self.columns, self.rows) = (cellWidth, cellHeight, columns, rows)
        (self.cellStart, self.items, self.everywhere) = (counts, items, everywhere)
    }

    /// The sublayers whose region may contain `p`, a point in the layer's own space, front to back; `nil` when `p` is
    /// outside the grid (or not finite): every sublayer must be asked. O(1).
    public func candidates(at p: SIMD2<Double>) -> Candidates? {
        guard p.x >= minX, p.x <= maxX, p.y >= minY, p.y <= maxY else { return nil }
        let cell = Self.slot(p.y, minY, cellHeight, rows) * columns + Self.slot(p.x, minX, cellWidth, columns)
        return Candidates(cell: items[Int(cellStart[cell])..<Int(cellStart[cell + 1])], everywhere: everywhere[...])
    }

    /// Whether a box's sides are in order and its rounding bound is a non-negative number (what
    /// ``HitRegion/of(_:superlayerFlattens:level:sublayers:)`` makes; a hierarchy of its own may give anything).
    private static func isOrdered(_ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double, _ error: Double, _ growth: Double) -> Bool {
        x0 <= x1 && y0 <= y1 && error >= 0 && growth >= 0 && error.isFinite && growth.isFinite
    }

    /// The slot of `v` among `count` slots of `size` from `lo`, clamped (a NaN lands in slot 0). Monotone in `v`, so
    /// a point inside a widened box falls in a slot of the box's range.
    private static func slot(_ v: Double, _ lo: Double, _ size: Double, _ count: Int) -> Int {
        let k = ((v - lo) / size).rounded(.down)
        return k >= 0 ? (k < Double(count) ? Int(k) : count - 1) : 0
    }

    /// Sublayer indices, front-most (highest) first: one cell's list merged with the sublayers in every cell.
    public struct Candidates: Sendable {
        var cell: ArraySlice<Int32>, everywhere: ArraySlice<Int32>

        /// The next sublayer index, descending, or `nil` after the last. O(1).
        public mutating func next() -> Int? {
            switch (cell.last, everywhere.last) {
            case (let a?, let b?): return Int(a > b ? cell.removeLast() : everywhere.removeLast())
            case (let a?, nil): cell.removeLast(); return Int(a)
            case (nil, let b?): everywhere.removeLast(); return Int(b)
            case (nil, nil): return nil
            }
        }
    }
}
