import CAMathCore
import CAMathLayer
import Foundation
import Testing

@Suite struct LayerTreeManagementTests {
    func names(_ layer: Layer) -> [String] { (layer.sublayers ?? []).map { $0.name ?? "?" } }
    func layer(_ name: String) -> Layer { Layer(geometry: LayerGeometry(), name: name) }

    @Test func defaultsAreCALayers() {
        let l = Layer()
        #expect(l.bounds == .zero && l.position == .zero && l.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(l.anchorPointZ == 0 && l.zPosition == 0 && l.transform.isIdentity && l.sublayerTransform.isIdentity)
        #expect(!l.isGeometryFlipped && !l.masksToBounds && !l.isHidden)
        #expect(l.sublayers == nil && l.superlayer == nil && l.name == nil)
    }

    @Test func addInsertAndOrder() {
        let p = layer("p"), a = layer("a"), b = layer("b"), c = layer("c"), d = layer("d")
        p.addSublayer(a); p.addSublayer(b)
        p.insertSublayer(c, at: 1)
        #expect(names(p) == ["a", "c", "b"])
        p.insertSublayer(d, below: a)
        #expect(names(p) == ["d", "a", "c", "b"])
        p.insertSublayer(d, above: b)
        #expect(names(p) == ["a", "c", "b", "d"])
        p.insertSublayer(a, above: c)
        #expect(names(p) == ["c", "a", "b", "d"])
        p.insertSublayer(b, at: 1000)
        #expect(names(p) == ["c", "a", "d", "b"])
        #expect([a, b, c, d].allSatisfy { $0.superlayer === p })
    }

    @Test func missingSiblingsInsertAtTheEnds() {
        let p = layer("p"), a = layer("a"), stranger = layer("x"), b = layer("b"), c = layer("c")
        p.addSublayer(a)
        p.insertSublayer(b, below: stranger)
        p.insertSublayer(c, above: nil)
        #expect(names(p) == ["b", "a", "c"])
    }

    @Test func addingALayerWithASuperlayerMovesIt() {
        let p = layer("p"), q = layer("q"), a = layer("a")
        p.addSublayer(a)
        q.addSublayer(a)
        #expect(p.sublayers == nil && names(q) == ["a"] && a.superlayer === q)
    }

    @Test func removeAndReplace() {
        let p = layer("p"), a = layer("a"), b = layer("b"), c = layer("c")
        p.sublayers = [a, b]
        p.replaceSublayer(a, with: c)
        #expect(names(p) == ["c", "b"] && a.superlayer == nil && c.superlayer === p)
        p.replaceSublayer(a, with: b) // a is not a sublayer: no change
        #expect(names(p) == ["c", "b"])
        p.replaceSublayer(c, with: b) // b moves into c's slot
        #expect(names(p) == ["b"] && c.superlayer == nil)
        b.removeFromSuperlayer()
        #expect(p.sublayers == nil && b.superlayer == nil)
        b.removeFromSuperlayer()
        p.sublayers = [a, c]
        p.sublayers = [c]
        #expect(names(p) == ["c"] && a.superlayer == nil)
        p.sublayers = nil
        #expect(p.sublayers == nil && c.superlayer == nil)
    }

    @Test func addingAnAncestorIsIgnored() {
        let p = Layer(), c = Layer(), g = Layer()
        p.addSublayer(p)
        #expect(p.sublayers == nil && p.superlayer == nil)
        p.addSublayer(c); c.addSublayer(g)
        c.addSublayer(p)
        g.sublayers = [p]
        g.insertSublayer(c, at: 0)
        #expect(p.sublayers == [c] && c.sublayers == [g] && g.sublayers == nil && p.superlayer == nil)
    }

    @Test func superlayerIsWeak() {
        var parent: Layer? = Layer()
        let child = Layer()
        parent!.addSublayer(child)
        parent = nil
        #expect(child.superlayer == nil)
    }
}
