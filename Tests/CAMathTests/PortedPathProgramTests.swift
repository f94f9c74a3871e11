import CAMath
import Testing

// Keyframe-path code as it is written against QuartzCore and CoreGraphics, compiled with `import CAMath` alone.

/// Hears the orbit's start and stop.
final class OrbitDelegate: NSObject, CAAnimationDelegate {
    var calls: [String] = []
    func animationDidStart(_ anim: CAAnimation) { calls.append("start") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { calls.append("stop \(flag)") }
}

@Suite struct PortedPathProgramTests {
    /// A ball orbits a dial along an arc path, turning with it, inside a transaction with a completion block.
    @Test func aBallOrbitsAlongAnArc() throws {
        let clock = MediaClock(startTime: 50)
        try MediaClock.withCurrent(clock) {
            CATransaction.flush()
            let dial = CALayer()
            dial.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            let ball = CALayer()
            ball.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            ball.position = CGPoint(x: 150, y: 100)
            dial.addSublayer(ball)
            CATransaction.flush()

            let path = CGMutablePath()
            path.move(to: CGPoint(x: 150, y: 100))
            path.addArc(center: CGPoint(x: 100, y: 100), radius: 50, startAngle: 0, endAngle: .pi, clockwise: false)
            let orbit = CAKeyframeAnimation(keyPath: "position")
            orbit.path = path
            orbit.duration = 2
            orbit.calculationMode = .paced
            orbit.rotationMode = .rotateAuto
            let delegate = OrbitDelegate()
            orbit.delegate = delegate
            var done = false
            CATransaction.begin()
            CATransaction.setCompletionBlock { done = true }
            ball.add(orbit, forKey: "orbit")
            CATransaction.commit()

            // Half-way in time is half-way along the arc (paced): the bottom of the dial in y-down drawing, turned a
            // quarter with the path's direction there.
            let shown = try #require(ball.presentation(at: 51))
            #expect(abs(shown.position.x - 100) < 1e-9 && abs(shown.position.y - 150) < 0.02)
            let turn = try #require(shown.value(forKeyPath: "transform.rotation.z") as? CGFloat)
            #expect(abs(abs(turn) - .pi) < 1e-3)
            FrameHook.run()
            clock.advance(by: 2)
            FrameHook.run()
            #expect(delegate.calls == ["start", "stop true"] && ball.animation(forKey: "orbit") == nil)
            FrameHook.run()
            #expect(done)

            // CoreGraphics' shapes and copies, as Apple code spells them.
            let box: CGPath = CGPath(roundedRect: dial.bounds.insetBy(dx: 10, dy: 10), cornerWidth: 8, cornerHeight: 8, transform: nil)
            let frozen: CGPath? = path.copy()
            #expect(box.boundingBoxOfPath == dial.bounds.insetBy(dx: 10, dy: 10) && frozen == path && !path.isEmpty)
            let trace = CAKeyframeAnimation(keyPath: "position")
            trace.path = box
            trace.calculationMode = .paced
            #expect(trace.path === box)
        }
    }
}
