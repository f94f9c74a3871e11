import CAMathCore
import Foundation

/// A layer that does not flatten its sublayers into its own plane — `CATransformLayer` (the name
/// `CAMathQuartzCore` gives it on platforms without QuartzCore). Its ``LayerGeometry/flattensSublayers`` is
/// always `false`:
/// - a sublayer's map composes with the transform layer's own 4×4 map (and with those of transform layers
///   above it) before anything is projected, at the nearest ancestor that flattens (or root space);
/// - `masksToBounds` is ignored;
/// - `hitTest` never returns a transform layer; it tests its sublayers (front-most first), and called on a
///   transform layer it tests that layer's sublayers with the point in its superlayer's space;
/// - conversions to and from a transform layer use its `z = 0` plane, reached through the nearest
///   ancestor that flattens.
///
/// The rules and where Apple is silent: <doc:TransformLayers>.
open class TransformLayer: Layer {
    /// The geometry; its `flattensSublayers` stays `false` whatever is assigned.
    public override var geometry: LayerGeometry {
        didSet { if geometry.flattensSublayers { geometry.flattensSublayers = false } }
    }

    /// A transform layer with CALayer's defaults.
    public override init() {
        super.init()
        geometry.flattensSublayers = false
    }

    /// A transform layer with the given geometry (its `flattensSublayers` set to `false`) and name.
    public override init(geometry: LayerGeometry, name: String? = nil) {
        super.init(geometry: geometry, name: name)
        self.geometry.flattensSublayers = false
    }

    /// A copy of `layer`'s state (``Layer/init(layer:)``), as a transform layer.
    public override init(layer: Any) {
        super.init(layer: layer)
        geometry.flattensSublayers = false
    }

    /// Decoding from an archive is not supported: always `nil`.
    public required init?(coder: NSCoder) {
        return nil
    }
}
