@_spi(Benchmarks) import CAMath
import CAMathLayer
import _CAMathTestSupport
import Foundation
import Testing

/// The buffers a renderer keeps, written by `renderChanges` only, and the check of a render tree at one time against
/// the reference fold of its root: the presentation copies, every output of a whole `render`, and the kept buffers
/// holding what that whole render wrote (buffers of a new size, after a change of shape, start empty).
final class KeptRender {
    private var transforms: [SIMD4<Float>] = [], opacities: [Float] = [], hidden: [Bool] = [], frames: [CGRect] = [], changed: [Int] = []

    /// Records an issue for each of those that is not the reference's, bit for bit.
    func check(_ renderTree: RenderTree, at t: Double, _ note: String) {
        let root = renderTree.root
        #expect(
            RenderTreeTests.summary(root.presentation(at: t)!) == Layer.withoutRenderTree(root) { RenderTreeTests.reference(root, at: t) },
            "\(note)")
        // The presentation brought the tree to the model: its count is the new one.
        let n = renderTree.count
        if changed.count != n {
            (transforms, opacities) = ([SIMD4<Float>](repeating: .zero, count: 4 * n), [Float](repeating: 0, count: n))
            (hidden, frames, changed) = (
                [Bool](repeating: false, count: n), [CGRect](repeating: .zero, count: n), [Int](repeating: 0, count: n)
            )
        }
        _ = try! transforms.withUnsafeMutableBufferPointer { tb in
            try opacities.withUnsafeMutableBufferPointer { o in
                try hidden.withUnsafeMutableBufferPointer { h in
                    try frames.withUnsafeMutableBufferPointer { f in
                        try changed.withUnsafeMutableBufferPointer { c in
                            try renderTree.renderChanges(
                                atMediaTime: t, into: RenderOutput(transforms: tb, opacities: o, hidden: h, frames: f), changed: c)
                        }
                    }
                }
            }
        }
        let whole = try! RenderTreeTests.render(renderTree, at: t)
        #expect(
            transforms.map { $0.bitPatterns } == whole.transforms.map { $0.bitPatterns } && hidden == whole.hidden
                && opacities.map(\.bitPattern) == whole.opacities.map(\.bitPattern)
                && zip(frames, whole.frames).allSatisfy { bitwiseEqual($0, $1) }, "\(note): the changes rendered make a whole render")
        let (geometries, mismatches) = try! RenderTreeTests.outputs(of: renderTree, at: t)
        #expect(geometries && mismatches.isEmpty, "\(note): outputs of layers \(mismatches.prefix(8))")
    }
}
