import CAMath
import Testing

// Transaction, action and lifecycle code as it is written against QuartzCore, compiled with `import CAMath`
// alone: every API of the transactions issue by its Apple name.

/// A view-like delegate: no animation for `contents`, a slow fade for `opacity`, the rest by default.
final class BadgeDelegate: NSObject, CALayerDelegate, CAAnimationDelegate {
    var stops: [Bool] = []
    func action(for layer: CALayer, forKey event: String) -> CAAction? {
        switch event {
        case "contents": return NSNull()
        case "opacity":
            let fade = CABasicAnimation()
            fade.duration = 1
            fade.delegate = self
            return fade
        default: return nil
        }
    }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops.append(flag) }
}

@Suite struct PortedTransactionProgramTests {
    @Test func aBadgeAppearsMovesAndFades() throws {
        let clock = MediaClock(startTime: 100)
        try MediaClock.withCurrent(clock) {
            CATransaction.flush()
            let badge = CALayer(), delegate = BadgeDelegate()
            badge.delegate = delegate
            badge.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            badge.actions = [kCAOnOrderIn: NSNull()]
            CATransaction.flush()

            var completed = false
            CATransaction.begin()
            CATransaction.setAnimationDuration(0.5)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeOut))
            CATransaction.setCompletionBlock { completed = true }
            badge.position = CGPoint(x: 40, y: 40)
            badge.opacity = 0.5
            let duration: CFTimeInterval = CATransaction.animationDuration()
            #expect(duration == 0.5 && CATransaction.value(forKey: kCATransactionAnimationDuration) as? Double == 0.5)
            CATransaction.commit()

            #expect(badge.animationKeys() == ["position", "opacity"])
            let move = try #require(badge.animation(forKey: "position") as? CABasicAnimation)
            #expect(move.duration == 0.5 && move.timingFunction == CAMediaTimingFunction(name: .easeOut) && move.beginTime == 100)
            #expect(badge.animation(forKey: "opacity")?.duration == 1, "the delegate's action")
            FrameHook.run()
            clock.advance(by: 0.5)
            FrameHook.run()
            #expect(badge.animationKeys() == ["opacity"] && !completed)
            clock.advance(by: 0.5)
            FrameHook.run()
            #expect(completed && delegate.stops == [true] && badge.animationKeys() == nil)

            CATransaction.lock()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            badge.position = .zero
            CATransaction.commit()
            CATransaction.unlock()
            #expect(badge.animationKeys() == nil && badge.presentation()!.position == .zero)

            let scroller = CAScrollLayer()
            scroller.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            scroller.scrollMode = .vertically
            scroller.scroll(to: CGPoint(x: 5, y: 5))
            #expect(scroller.bounds.origin == CGPoint(x: 0, y: 5))
            let push = CATransition()
            push.type = .push
            push.subtype = .fromRight
            scroller.add(push, forKey: kCATransition)
            let spring = CASpringAnimation(perceptualDuration: 0.4, bounce: 0.2)
            spring.keyPath = "transform"
            spring.toValue = NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 1))
            scroller.add(spring, forKey: "pop")
            #expect(scroller.animationKeys() == ["transition", "pop"])
            scroller.removeAllAnimations()
            CATransaction.flush()
        }
    }
}
