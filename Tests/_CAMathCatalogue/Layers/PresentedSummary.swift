@_spi(Benchmarks) import CAMath
import Foundation

extension Layer {
    /// Every layer's presented values in this layer's subtree, flattened for bit-for-bit comparison: geometry
    /// fields, opacity, name, sublayer count, whether it is a presentation copy, its layout mark and whether it is
    /// a transform layer, in pre-order.
    public var presentedSummary: [UInt64] {
        var out: [UInt64] = [], stack = [self]
        while let layer = stack.popLast() {
            out += LayerTree(root: Layer(layer: layer)).geometries[0].exactnessValues.map(\.bitPattern)
            out += [
                UInt64(layer.opacity.bitPattern), UInt64(truncatingIfNeeded: (layer.name ?? "").hashValue),
                UInt64(layer.sublayers?.count ?? 0)
            ]
            out.append(layer.model() === layer ? 0 : 1)
            out.append(layer.needsLayout() ? 1 : 0)
            out.append(layer is TransformLayer ? 1 : 0)
            stack += (layer.sublayers ?? []).reversed()
        }
        return out
    }

    /// `body`'s result with the layers of `root`'s tree detached from their render tree's journal (so
    /// `presentation` runs the reference fold), then attached again.
    public static func withoutRenderTree<T>(_ root: Layer, _ body: () -> T) -> T {
        let layers = LayerTree.layers(of: root)
        let journals = layers.map(\.changeJournal)
        for layer in layers { layer.changeJournal = nil }
        defer { for (layer, journal) in zip(layers, journals) { layer.changeJournal = journal } }
        return body()
    }
}
