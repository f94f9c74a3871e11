import CAMathCore
import Foundation

extension LayerGeometry {
    /// The 4×4 map from this layer's bounds space to its superlayer's (<doc:LayerGeometryRules>, *The map to the superlayer*), evaluated left to right:
    ///
    /// `F(L) = Flip(L) · Tr(−Kx, −Ky, −az) · T · Tr(px, py, zp) · Sub(S)`,
    /// `Sub(S) = Tr(−Ks) · ST_S · Tr(Ks)` about the superlayer's anchor `Ks` (its `bounds.origin` and
    /// `anchorPointZ` included), or nothing when there is no superlayer or `ST_S` is the identity;
    /// `Flip(L)` is `y ↦ (2·by + bh) − y` when `isGeometryFlipped`, else nothing.
    ///
    /// - Parameter superlayer: the superlayer's geometry, or `nil` for a root.
    /// Special values: IEEE products. Cost: four to seven 4×4 concatenations.
    public func transformToSuperlayer(_ superlayer: LayerGeometry?) -> Transform3D {
        guard let superlayer else { return ownTransformToSuperlayer }
        return transformToSuperlayer(within: superlayer)
    }

    /// ``transformToSuperlayer(_:)`` under a superlayer that exists: the superlayer's geometry is read where it
    /// lies (a tree's level maps pass their parent's in place, which an optional argument would copy first).
    package func transformToSuperlayer(within superlayer: LayerGeometry) -> Transform3D {
        let m = ownTransformToSuperlayer
        guard !superlayer.sublayerTransform.isIdentity else { return m }
        let ks = superlayer.anchorInBounds
        return m.concatenating(Transform3D(translationX: -ks.x, y: -ks.y, z: -ks.z))
            .concatenating(superlayer.sublayerTransform)
            .concatenating(Transform3D(translationX: ks.x, y: ks.y, z: ks.z))
    }

    /// `Flip(L) · Tr(−Kx, −Ky, −az) · T · Tr(px, py, zp)`: the map to the superlayer before its sublayer transform.
    private var ownTransformToSuperlayer: Transform3D {
        let k = anchorInBounds
        var m = Transform3D(translationX: -k.x, y: -k.y, z: -k.z)
        if isGeometryFlipped {
            var flip = Transform3D.identity
            flip.m22 = -1
            flip.m42 = 2 * Double(bounds.origin.y) + Double(bounds.size.height)
            m = flip.concatenating(m)
        }
        return m.concatenating(transform)
            .concatenating(Transform3D(translationX: Double(position.x), y: Double(position.y), z: Double(zPosition)))
    }

    /// The level map of this layer: the homography `H(F(L))` (CAMathCore's *Planar maps* article) of
    /// ``transformToSuperlayer(_:)`` and its inverse. Cost: as that function plus a 3×3 inversion.
    public func levelMap(superlayer: LayerGeometry?) -> LevelMap {
        LevelMap(Homography(transformToSuperlayer(superlayer)))
    }
}

/// One level of a layer tree in 2-D: the homography from a layer's bounds space to its superlayer's and
/// its inverse. Layers flatten their sublayers into their own `z = 0` plane, so a path through a tree is
/// a sequence of level maps (CAMathCore's *Planar maps* article; <doc:LayerGeometryRules>, *The map to the superlayer*).
public struct LevelMap: Hashable, Sendable {
    /// `H(F(L))`: layer space → superlayer space.
    public let forward: Homography
    /// `H⁻¹`, or `nil` when `H` is singular (CAMathCore's *Planar maps* article).
    public let inverse: Homography?

    /// Precomputes the inverse of `forward`. Cost: one 3×3 inversion.
    public init(_ forward: Homography) {
        self.forward = forward
        self.inverse = forward.inverted()
    }

    /// A point of the layer's space in the superlayer's space: `forward.mapPoint(p)` (IEEE; `W = 0`
    /// gives ±∞/NaN). Cost: 6 multiplies, 6 adds, 2 divisions.
    @inlinable
    public func mapUp(_ p: SIMD2<Double>) -> SIMD2<Double> { forward.mapPoint(p) }

    /// A point of the superlayer's space in the layer's space: the back-map through `inverse`, or
    /// `(NaN, NaN)` when `H` is singular. Cost: as ``mapUp(_:)``.
    @inlinable
    public func mapDown(_ p: SIMD2<Double>) -> SIMD2<Double> {
        guard let inverse else { return SIMD2(.nan, .nan) }
        return inverse.mapPoint(p)
    }
}
