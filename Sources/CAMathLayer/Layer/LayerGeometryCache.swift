import CAMathCore
import Foundation

/// What a layer derives from its geometry and keeps until one of the inputs changes (<doc:CachedGeometry>):
/// each value is computed by the reference function on first use and dropped exactly when an input changes,
/// so a cached answer is the uncached one, bit for bit.
///
/// | value | inputs |
/// |---|---|
/// | `transformToSuperlayer`, `levelMap` | own geometry; the superlayer (which one, whether its `sublayerTransform` is the identity, and when it is not, its bits and the superlayer's bounds, anchor point and anchor z) |
/// | `frame` | own geometry |
/// | `hitRegion` | own geometry and level map, whether the superlayer flattens, every sublayer's region, the sublayer list |
/// | `sublayerIndex` | every sublayer's region, the sublayer list (dropped with `hitRegion`, which they also drop) |
/// | `presented` | the same as `hitRegion`, with which it is dropped |
struct LayerGeometryCache {
    var transformToSuperlayer: Transform3D?
    var levelMap: LevelMap?
    var frame: CGRect?
    /// `nil` = not computed. Invariant: a layer whose region is known has sublayers whose regions are known, so
    /// dropping a region climbs only until it meets an ancestor whose region is already unknown.
    var hitRegion: HitRegion? {
        didSet {
            if hitRegion == nil {
                sublayerIndex = nil
                presented = nil
            }
        }
    }
    /// The index of the sublayers' regions: `nil` = not made; `.some(nil)` = made, and none would prune. Kept only
    /// while ``hitRegion`` is known, so it holds the sublayers' current regions.
    var sublayerIndex: SublayerRegionIndex??
    /// For a presentation copy whose subtree is still the one its render tree presented: that tree and the copy's
    /// node there, which answer its hit tests. Kept only while ``hitRegion`` is known — every change of the
    /// subtree's geometry or sublayers drops the region, and this with it.
    var presented: PresentedNode?

    /// Drops what depends on the layer's own geometry or on its superlayer; the hit region is dropped by
    /// ``Layer/dropHitRegions()``, which also climbs.
    mutating func dropMaps() {
        transformToSuperlayer = nil
        levelMap = nil
    }
}

extension Layer {
    /// The cache's part of a geometry change: every value of this layer; every sublayer's maps when what they
    /// read of this layer changed; the hit regions from here up.
    func geometryDidChange(from old: LayerGeometry) {
        geometryCache.dropMaps()
        geometryCache.frame = nil
        dropHitRegions()
        guard !children.isEmpty else { return }
        let new = storedGeometry
        let newIsIdentity = new.sublayerTransform.isIdentity
        // The anchor's inputs are compared, not the anchor: a product of two NaNs takes either one's payload, by the
        // order the compiler gave it, so the anchor computed here and the one a sublayer's map reads may differ in a
        // NaN's bits while their inputs do not (found by fuzz-layer-mutations).
        let sublayersRead =
            newIsIdentity != old.sublayerTransform.isIdentity
            || (!newIsIdentity
                && !(bitwiseEqual(new.sublayerTransform, old.sublayerTransform) && bitwiseEqual(new.bounds, old.bounds)
                    && bitwiseEqual(new.anchorPoint, old.anchorPoint)
                    && Double(new.anchorPointZ).bitPattern == Double(old.anchorPointZ).bitPattern))
        guard sublayersRead || new.flattensSublayers != old.flattensSublayers else { return }
        for child in children {
            child.geometryCache.dropMaps()
            child.geometryCache.hitRegion = nil
        }
    }

    /// The cache's part of a change of superlayer (added, moved, removed): this layer's maps and region, and the
    /// regions of the old and new superlayers and their ancestors.
    func superlayerDidChange(from old: Layer?) {
        willChangeClock()
        geometryCache.dropMaps()
        old?.dropHitRegions()
        dropHitRegions()
    }

    /// Drops this layer's hit region and its ancestors', up to the first one already unknown.
    func dropHitRegions() {
        geometryCache.hitRegion = nil
        var layer = self
        while let up = layer.superlayer, up.geometryCache.hitRegion != nil {
            up.geometryCache.hitRegion = nil
            layer = up
        }
    }

    /// The map to the superlayer, cached (``LayerGeometry/transformToSuperlayer(_:)``).
    var cachedTransformToSuperlayer: Transform3D {
        if let m = geometryCache.transformToSuperlayer { return m }
        let m = geometry.transformToSuperlayer(superlayer?.geometry)
        geometryCache.transformToSuperlayer = m
        return m
    }

    /// The level map, cached (`LevelMap(Homography(transformToSuperlayer))`).
    var cachedLevelMap: LevelMap {
        if let m = geometryCache.levelMap { return m }
        let m = LevelMap(Homography(cachedTransformToSuperlayer))
        geometryCache.levelMap = m
        return m
    }

    /// The hit region, computed for every layer of the subtree whose region is unknown, sublayers first
    /// (iteratively). Cost: O(layers whose region was unknown).
    var cachedHitRegion: HitRegion {
        if let r = geometryCache.hitRegion { return r }
        var stack: [(layer: Layer, expanded: Bool)] = [(self, false)]
        while let (layer, expanded) = stack.popLast() {
            guard layer.geometryCache.hitRegion == nil else { continue }
            if !expanded {
                stack.append((layer, true))
                for child in layer.children where child.geometryCache.hitRegion == nil { stack.append((child, false)) }
                continue
            }
            layer.geometryCache.hitRegion = layer.uncachedHitRegion
        }
        return geometryCache.hitRegion!
    }

    /// The index of the sublayers' regions (``SublayerRegionIndex``), made on first use after a change of one of
    /// them or of the sublayer list. Cost: the regions (``cachedHitRegion``), then O(sublayers) once.
    var cachedSublayerIndex: SublayerRegionIndex? {
        _ = cachedHitRegion
        if let index = geometryCache.sublayerIndex { return index }
        let index = SublayerRegionIndex(children.lazy.map { $0.geometryCache.hitRegion! })
        geometryCache.sublayerIndex = .some(index)
        return index
    }

    /// ``HitRegion/of(_:superlayerFlattens:level:sublayers:)`` for a layer whose sublayers' regions are known.
    private var uncachedHitRegion: HitRegion {
        HitRegion.of(
            storedGeometry, superlayerFlattens: superlayer?.storedGeometry.flattensSublayers ?? true,
            level: cachedLevelMap, sublayers: children.lazy.map { $0.geometryCache.hitRegion! })
    }

    /// Gives the cache the level map and hit region a batch computed for this layer's geometry under its
    /// superlayer's, over sublayers it will have (the values ``cachedLevelMap`` and ``cachedHitRegion`` would
    /// compute): how a render tree's presentation copies start with their maps. The caller primes the copies once
    /// their tree is whole (adding a sublayer drops its superlayer's region) and primes sublayers before their
    /// layer's region is read, which keeps the regions' invariant.
    ///
    /// Every other value of the cache is dropped, field by field (a copy made again in place keeps its cache until
    /// now: assigning an empty cache first wrote it twice).
    package func primeCache(levelMap m: LevelMap, hitRegion r: HitRegion, presented node: PresentedNode? = nil) {
        geometryCache.transformToSuperlayer = nil
        geometryCache.frame = nil
        geometryCache.levelMap = m
        geometryCache.hitRegion = r
        geometryCache.sublayerIndex = nil
        geometryCache.presented = node
    }

    /// Replaces the geometry and opacity of a fresh presentation copy (no cache or render tree; a copy made again
    /// in its tree, whose cache is primed afterwards) with `g` and `opacity`, leaving what the ``geometry`` setter
    /// would on a copy of its model's committed state not yet in a tree: the layout mark when the bounds size is not
    /// `committedSize` (the model's committed one, which a copy made again may no longer hold).
    package func presentGeometry(_ g: LayerGeometry, opacity: Float, committedSize: CGSize) {
        storedGeometry = g
        storedOpacity = opacity
        if g.bounds.size != committedSize { layoutIsPending = true }
    }

    /// The layout mark of a presentation copy once its animations are folded: the mark it was made with, or a
    /// presented bounds size other than `startSize` (its committed one) — whatever sizes the animations passed
    /// through on the way, so the reference fold and the batches (``presentGeometry(_:opacity:)``) agree.
    package func settlePresentedLayoutMark(madeMarked: Bool, startSize: CGSize) {
        layoutIsPending = madeMarked || storedGeometry.bounds.size != startSize
    }

    /// Whether the layout mark is set (``needsLayout()`` without a subclass's override).
    package var hasLayoutMark: Bool { layoutIsPending }

    /// `frame`, cached (``LayerGeometry/frame``).
    var cachedFrame: CGRect {
        if let r = geometryCache.frame { return r }
        let r = geometry.frame
        geometryCache.frame = r
        return r
    }
}

/// Whether two matrices have the same bits (so `-0` differs from `+0`, and a NaN equals itself only with the
/// same payload): the test for "this input did not change" that a cache of bitwise results needs.
package func bitwiseEqual(_ a: Transform3D, _ b: Transform3D) -> Bool {
    // Sixteen 64-bit words, compared as two vectors of eight (a byte-by-byte comparison was 5 % of a render
    // tree's frame).
    withUnsafeBytes(of: a) { x in
        withUnsafeBytes(of: b) { y in
            let lo = x.loadUnaligned(as: SIMD8<UInt64>.self) .== y.loadUnaligned(as: SIMD8<UInt64>.self)
            let hi =
                x.loadUnaligned(fromByteOffset: 64, as: SIMD8<UInt64>.self) .== y.loadUnaligned(fromByteOffset: 64, as: SIMD8<UInt64>.self)
            return all(lo .& hi)
        }
    }
}

/// Whether two rects have the same bits, field by field.
package func bitwiseEqual(_ a: CGRect, _ b: CGRect) -> Bool {
    Double(a.origin.x).bitPattern == Double(b.origin.x).bitPattern && Double(a.origin.y).bitPattern == Double(b.origin.y).bitPattern
        && Double(a.size.width).bitPattern == Double(b.size.width).bitPattern
        && Double(a.size.height).bitPattern == Double(b.size.height).bitPattern
}

/// Whether two points have the same bits.
func bitwiseEqual(_ a: CGPoint, _ b: CGPoint) -> Bool {
    Double(a.x).bitPattern == Double(b.x).bitPattern && Double(a.y).bitPattern == Double(b.y).bitPattern
}

/// Whether two points have the same bits, lane by lane.
func bitwiseEqual(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Bool {
    a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern && a.z.bitPattern == b.z.bitPattern
}

/// The ``LayerHierarchy`` of ``Layer`` trees that reads each layer's cached maps and hit regions: the same
/// algorithms as ``ObjectLayerHierarchy`` (the uncached reference) on the same values.
struct CachedLayerHierarchy: LayerHierarchy {
    func geometry(of node: Layer) -> LayerGeometry { node.geometry }
    func superlayer(of node: Layer) -> Layer? { node.superlayer }
    func sublayerCount(of node: Layer) -> Int { node.children.count }
    func sublayer(of node: Layer, at index: Int) -> Layer { node.children[index] }
    func isSame(_ a: Layer, _ b: Layer) -> Bool { a === b }
    func transformToSuperlayer(of node: Layer) -> Transform3D { node.cachedTransformToSuperlayer }
    func levelMap(of node: Layer) -> LevelMap { node.cachedLevelMap }
    func hitRegion(of node: Layer) -> HitRegion { node.cachedHitRegion }
    func sublayerRegionIndex(of node: Layer) -> SublayerRegionIndex? { node.cachedSublayerIndex }
    /// The default's scan over the cached regions, read in place (the walk asks only for the sublayers of a layer whose
    /// region it read, and a known region's sublayers have theirs, ``Layer/cachedHitRegion``, which computes one that is not).
    func lastSublayer(of node: Layer, atOrBehind index: Int, mayContain p: SIMD2<Double>) -> Int? {
        node.children.withUnsafeBufferPointer { children in
            var k = index
            while k >= 0,
                !Unmanaged.passUnretained(children[k])._withUnsafeGuaranteedRef({
                    ($0.geometryCache.hitRegion ?? $0.cachedHitRegion).mayContain(p)
                })
            { k -= 1 }
            return k >= 0 ? k : nil
        }
    }
}
