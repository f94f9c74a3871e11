import CAMathCore
import CAMathLayer
import Foundation
import Testing

/// Depth 100 000 (ten times the depth the adversarial tests use) must not overflow the stack in convert, hitTest, snapshots or deallocation.
@Suite struct DeepTreeTests {
    static let depth = 100_000

    /// A chain of `depth` layers, each 100×100 at (50, 50) in its parent (so every map is the identity).
    static func chain() -> (root: Layer, leaf: Layer) {
        let root = Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 50)))
        var leaf = root
        for _ in 1..<depth {
            let next = Layer(geometry: root.geometry)
            leaf.addSublayer(next)
            leaf = next
        }
        return (root, leaf)
    }

    @Test func convertAndHitTestAtDepth100000() {
        let (root, leaf) = Self.chain()
        #expect(leaf.convert(CGPoint(x: 10, y: 20), to: nil) == CGPoint(x: 10, y: 20))
        #expect(leaf.convert(CGPoint(x: 10, y: 20), from: root) == CGPoint(x: 10, y: 20))
        #expect(root.hitTest(CGPoint(x: 10, y: 20)) === leaf)
        let tree = LayerTree(root: root)
        #expect(tree.count == Self.depth && tree.hitTest(CGPoint(x: 10, y: 20)) == Self.depth - 1)
        #expect(tree.convert(CGPoint(x: 1, y: 2), from: Self.depth - 1, to: 0) == CGPoint(x: 1, y: 2))
    }

    @Test func releasingADeepTreeDoesNotOverflow() {
        for _ in 0..<3 { _ = Self.chain() }
    }

    @Test func aDetachedSubtreeSurvivesItsOldRoot() {
        var (root, leaf): (Layer?, Layer) = Self.chain()
        let middle = leaf.superlayer!.superlayer!
        root = nil
        #expect(root == nil)
        #expect(middle.sublayers?.first?.sublayers?.first === leaf)
    }
}
