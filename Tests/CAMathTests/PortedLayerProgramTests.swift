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
    @Test func clockWithASpinningHand() throws {
        let window = CALayer()
        window.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        let face = DialLayer()
        face.frame = CGRect(x: 60, y: 100, width: 200, height: 200)
        let hand = CALayer()
        hand.bounds = CGRect(x: 0, y: 0, width: 10, height: 80)
        hand.anchorPoint = CGPoint(x: 0.5, y: 0.9)
        hand.position = CGPoint(x: 100, y: 100)
        window.addSublayer(face)
        face.addSublayer(hand)
        hand.setValue(.pi / 2, forKeyPath: "transform.rotation.z")

        let angle = try #require(hand.value(forKeyPath: "transform.rotation.z") as? CGFloat)
        #expect(abs(angle - .pi / 2) < 1e-15)
        #expect(window.sublayers! == [face])
        #expect(face.value(forKey: "progress") as? CGFloat == 0)
        #expect(DialLayer(layer: face).ticks == 12)
        let tip = hand.convert(CGPoint(x: 5, y: 0), to: window)
        #expect(abs(tip.x - 232) < 1e-12 && abs(tip.y - 200) < 1e-12)
        #expect(window.hitTest(CGPoint(x: 230, y: 201)) === hand)
        #expect(window.hitTest(CGPoint(x: 160, y: 150)) === face)
        let frame = hand.frame
        #expect(abs(frame.origin.x - 92) < 1e-12 && abs(frame.origin.y - 95) < 1e-12)
        #expect(abs(frame.size.width - 80) < 1e-12 && abs(frame.size.height - 10) < 1e-12)
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
