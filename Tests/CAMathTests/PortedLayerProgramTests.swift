import CAMath
import Testing

// Layer code as it is written against QuartzCore, compiled with `import CAMath` alone: no Foundation
// import, no `try`, CALayer and CATransformLayer by their Apple names.

/// A CALayer subclass as ports bring them: state copied for presentation copies, a default value.
final class DialLayer: CALayer {
    var ticks = 12

    override init() {
        super.init()
    }

    override init(layer: Any) {
        super.init(layer: layer)
        if let dial = layer as? DialLayer { ticks = dial.ticks }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override class func defaultValue(forKey key: String) -> Any? {
        key == "progress" ? CGFloat(0) : super.defaultValue(forKey: key)
    }
}

@Suite struct PortedLayerProgramTests {
    @Test func aGaugeWithANeedle() throws {
        let window = CALayer()
        window.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        let dial = DialLayer()
        dial.frame = CGRect(x: 60, y: 100, width: 200, height: 200)
        let needle = CALayer()
        needle.bounds = CGRect(x: 0, y: 0, width: 4, height: 90)
        needle.anchorPoint = CGPoint(x: 0.5, y: 1) // pivots at its base
        needle.position = CGPoint(x: 100, y: 100)
        window.addSublayer(dial)
        dial.addSublayer(needle)
        needle.setValue(.pi / 2, forKeyPath: "transform.rotation.z")

        let angle = try #require(needle.value(forKeyPath: "transform.rotation.z") as? CGFloat)
        #expect(abs(angle - .pi / 2) < 1e-15)
        #expect(window.sublayers! == [dial])
        #expect(dial.value(forKey: "progress") as? CGFloat == 0)
        #expect(DialLayer(layer: dial).ticks == 12)
        // The tip (2, 0) is 90 pt above the pivot; turned a quarter, 90 pt to its right: (190, 100) in the dial.
        let tip = needle.convert(CGPoint(x: 2, y: 0), to: window)
        #expect(abs(tip.x - 250) < 1e-12 && abs(tip.y - 200) < 1e-12)
        #expect(window.hitTest(CGPoint(x: 245, y: 201)) === needle)
        #expect(window.hitTest(CGPoint(x: 160, y: 150)) === dial)
        let frame = needle.frame
        #expect(abs(frame.origin.x - 100) < 1e-12 && abs(frame.origin.y - 98) < 1e-12)
        #expect(abs(frame.size.width - 90) < 1e-12 && abs(frame.size.height - 4) < 1e-12)
    }

    /// A card in 3-D inside a CATransformLayer under a perspective: its front face, lifted 1 pt toward the
    /// viewer, is scaled by 500/499 about the stage's centre; the back face, turned by π about y and pushed
    /// 1 pt away, covers the same area behind it in tree order, so the front is what a touch hits.
    @Test func aCardInATransformLayer() {
        let stage = CALayer()
        stage.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
        stage.position = CGPoint(x: 200, y: 200)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        stage.sublayerTransform = perspective
        let card = CATransformLayer()
        card.bounds = CGRect(x: 0, y: 0, width: 100, height: 150)
        card.position = CGPoint(x: 200, y: 200)
        let front = CALayer(), back = CALayer()
        for face in [front, back] {
            face.bounds = card.bounds
            face.position = CGPoint(x: 50, y: 75)
        }
        front.zPosition = 1
        back.transform = CATransform3DTranslate(CATransform3DMakeRotation(.pi, 0, 1, 0), 0, 0, -1)
        card.addSublayer(back)
        card.addSublayer(front)
        stage.addSublayer(card)

        let corner = front.convert(CGPoint(x: 0, y: 0), to: stage)
        #expect(abs(corner.x - (200 - 50 * 500.0 / 499)) < 1e-9 && abs(corner.y - (200 - 75 * 500.0 / 499)) < 1e-9)
        #expect(stage.hitTest(CGPoint(x: 200, y: 200)) === front)
        #expect(stage.hitTest(CGPoint(x: 10, y: 10)) === stage)
        card.setValue(CATransform3DMakeRotation(.pi, 0, 1, 0), forKey: "transform")
        // Turned over, the front is still the last sublayer: tree order, not depth, decides (zPosition is ignored).
        #expect(stage.hitTest(CGPoint(x: 200, y: 200)) === front)
        #expect(card.value(forKeyPath: "transform.rotation.y") as? CGFloat != nil)
    }
}
