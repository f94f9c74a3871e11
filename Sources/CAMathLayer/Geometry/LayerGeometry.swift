import CAMathCore
import Foundation

/// The geometry of one `CALayer` as a value, with CALayer's property names and defaults (<doc:LayerGeometryRules>, *Properties and defaults*).
///
/// All of CAMath's layer math — the map to the superlayer, `frame`, `setFrame`, `contains`,
/// `convert` and `hitTest` — is pure functions of these values, so any framework can use it with its
/// own tree (see ``LayerHierarchy``). Values are stored as given: negative sizes and anchor points
/// outside `[0, 1]` are kept, nothing is clamped.
public struct LayerGeometry: Hashable, Sendable {
    /// The layer's own coordinate space: origin and size (default `.zero`). The origin is where the
    /// layer's interior space starts; it never moves the layer in its superlayer.
    public var bounds: CGRect = .zero
    /// Where the anchor point lands in the superlayer's bounds space (default `.zero`).
    public var position: CGPoint = .zero
    /// The anchor in unit coordinates of `bounds` (default `(0.5, 0.5)`); not clamped.
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    /// The anchor's z in the layer's space (default 0).
    public var anchorPointZ: CGFloat = 0
    /// The z of `position` in the superlayer's space (default 0). Ignored by `hitTest` ordering.
    public var zPosition: CGFloat = 0
    /// The layer's transform, applied about the anchor point (default identity).
    public var transform: Transform3D = .identity
    /// The transform applied to the sublayers, about this layer's anchor (default identity).
    public var sublayerTransform: Transform3D = .identity
    /// Whether the layer's own y axis is flipped on the way to its superlayer (default `false`).
    public var isGeometryFlipped = false
    /// Whether hit testing prunes the subtree outside `bounds` (default `false`).
    public var masksToBounds = false
    /// Whether the layer and its subtree are excluded from hit testing (default `false`).
    public var isHidden = false
    /// Whether the layer projects its sublayers into its own `z = 0` plane (default `true`). `false` makes
    /// it a transform layer (``TransformLayer``, `CATransformLayer`): its sublayers' 4×4 maps compose with
    /// its own up to the nearest ancestor that flattens, it ignores `masksToBounds`, and `hitTest` never
    /// returns it (<doc:TransformLayers>).
    public var flattensSublayers = true

    /// CALayer's defaults. O(1).
    public init() {}

    /// A geometry with the given values and CALayer's defaults for the rest. O(1).
    public init(
        bounds: CGRect = .zero, position: CGPoint = .zero, anchorPoint: CGPoint = CGPoint(x: 0.5, y: 0.5),
        anchorPointZ: CGFloat = 0, zPosition: CGFloat = 0,
        transform: Transform3D = .identity, sublayerTransform: Transform3D = .identity,
        isGeometryFlipped: Bool = false, masksToBounds: Bool = false, isHidden: Bool = false,
        flattensSublayers: Bool = true
    ) {
        self.bounds = bounds; self.position = position; self.anchorPoint = anchorPoint
        self.anchorPointZ = anchorPointZ; self.zPosition = zPosition
        self.transform = transform; self.sublayerTransform = sublayerTransform
        self.isGeometryFlipped = isGeometryFlipped; self.masksToBounds = masksToBounds; self.isHidden = isHidden
        self.flattensSublayers = flattensSublayers
    }

    /// The anchor in the layer's own space, `K = (bx + ax·bw, by + ay·bh, anchorPointZ)` (<doc:LayerGeometryRules>, *Properties and defaults*).
    /// Special values: IEEE. O(1).
    public var anchorInBounds: SIMD3<Double> {
        SIMD3(
            Double(bounds.origin.x) + Double(anchorPoint.x) * Double(bounds.size.width),
            Double(bounds.origin.y) + Double(anchorPoint.y) * Double(bounds.size.height),
            Double(anchorPointZ))
    }

    /// `contains(_:)` of CALayer: `CGRectContainsPoint(bounds, p)` with `p` in the layer's own space —
    /// half-open (`x ≤ px < x + w`), standardised first; a null or empty `bounds` or a NaN coordinate
    /// gives `false` (<doc:LayerGeometryRules>, *contains*). O(1).
    public func contains(_ p: CGPoint) -> Bool {
        Rect2D(bounds).contains(p.simd)
    }

    /// CALayer's `affineTransform()`: `transform`'s affine part when `transform.isAffine`, else the
    /// **identity** (CAMathCore's *Conventions* article, *The affine bridge*). O(1).
    public func affineTransform() -> Transform2D {
        transform.isAffine ? transform.affineTransform : .identity
    }

    /// CALayer's `setAffineTransform(_:)`: `transform = Transform3D(m)`, copied bit for bit. O(1).
    public mutating func setAffineTransform(_ m: Transform2D) {
        transform = Transform3D(m)
    }
}
