import CAMathCore
import CAMathLayer
import Foundation
import Testing

/// The SVG snapshot of a layer tree: what it draws, where, and what it leaves out.
@Suite struct LayerSnapshotTests {
    /// A window with a rotated card and a hidden badge on the card.
    private func scene() -> Layer {
        let window = Layer(
            geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 200, height: 100), position: CGPoint(x: 100, y: 50)),
            name: "window")
        var cardGeometry = LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 40, height: 20), position: CGPoint(x: 100, y: 50))
        cardGeometry.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        let card = Layer(geometry: cardGeometry, name: "card <A&B>")
        let badge = Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 4, height: 4), position: .zero), name: "badge")
        badge.isHidden = true
        window.addSublayer(card)
        card.addSublayer(badge)
        return window
    }

    private func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func drawsEveryVisibleLayerWhereItMaps() throws {
        let svg = scene().svgSnapshot(width: 220)
        #expect(svg.hasPrefix("<svg ") && svg.hasSuffix("</svg>\n"))
        #expect(count("<polygon ", in: svg) == 2, "the hidden badge is left out")
        #expect(svg.contains(">card &lt;A&amp;B&gt;</text>") && svg.contains(">window</text>"))
        // The window spans 200 × 100 units, plus margins of a twentieth (10 and 5) on each side: 220 pixels for 220
        // units. Its first corner, (0, 0) in its superlayer space, is at (10, 5); the card, turned a quarter, stands 20
        // wide and 40 high at the window's centre: its bounds origin maps to (110, 30) in the window's superlayer,
        // (120, 35) here.
        #expect(svg.contains("height=\"110.00\""))
        #expect(svg.contains("<polygon points=\"10.00,5.00 210.00,5.00 210.00,105.00 10.00,105.00\""))
        #expect(svg.contains("<polygon points=\"120.00,35.00 120.00,75.00 100.00,75.00 100.00,35.00\""))
        #expect(scene().svgSnapshot(width: 220) == svg, "the same tree, the same picture")
    }

    @Test func theHitTestGridColoursEachPointByTheLayerHit() {
        let root = scene(), tree = LayerTree(root: root)
        let svg = tree.svgSnapshot(width: 220, hitTestGrid: 11)
        #expect(count("<circle ", in: svg) == 121)
        // The grid covers the extent, -10…210 by -5…105, every 20 by 10 from (0, 0): its centre lands on the card, its
        // last column on the window's right edge, which a hit test leaves out.
        let cardColor = "#d62728", none = "#bbbbbb"
        #expect(svg.contains("fill=\"\(cardColor)\"/>") && svg.contains("fill=\"\(none)\"/>"))
        let hits = (0..<121).map { k -> Int? in
            let p = CGPoint(x: -10 + 220 * (Double(k % 11) + 0.5) / 11, y: -5 + 110 * (Double(k / 11) + 0.5) / 11)
            return tree.hitTest(p)
        }
        #expect(hits[60] == 1 && hits[0] == 0 && hits[10] == nil)
        #expect(count("fill=\"\(cardColor)\"/>", in: svg) == hits.filter { $0 == 1 }.count)
        #expect(count("fill=\"\(none)\"/>", in: svg) == hits.filter { $0 == nil }.count)
    }

    @Test func layersThatMapNowhereAreNamedNotDrawn() {
        let root = Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 10, height: 10)), name: "root")
        var lost = LayerGeometry(bounds: CGRect(x: 0, y: 0, width: Double.nan, height: 10))
        lost.transform.m34 = .infinity
        root.addSublayer(Layer(geometry: lost, name: "lost"))
        let svg = root.svgSnapshot(width: .nan, hitTestGrid: -3)
        #expect(svg.contains("<!-- lost: a corner maps to no finite point -->") && count("<polygon ", in: svg) == 1)
        #expect(svg.contains("width=\"480.00\"") && !svg.contains("<circle "))
        #expect(Layer().svgSnapshot().contains("<polygon "), "a layer of zero size is a point, still drawn")
    }
}
