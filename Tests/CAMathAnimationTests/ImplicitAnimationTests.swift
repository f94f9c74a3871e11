import CAMathAnimation
import CAMathCore
import CAMathLayer
import CAMathQuartzCore
import Foundation
import Testing

/// A fade of opacity to 0 that reports to `log`.
func fadeOut(reportingTo log: LifecycleLog) -> CABasicAnimation {
    let a = CABasicAnimation(keyPath: "opacity")
    a.toValue = 0.0
    a.delegate = log
    return a
}

/// Records the delegate calls it receives, by animation name.
final class LifecycleLog: NSObject, CAAnimationDelegate {
    var calls: [String] = []
    /// Called after a stop is logged.
    var onStop: () -> Void = {}
    func animationDidStart(_ anim: CAAnimation) { calls.append("start \(name(anim))") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        calls.append("stop \(name(anim)) \(flag)")
        onStop()
    }
    private func name(_ anim: CAAnimation) -> String { (anim as? CAPropertyAnimation)?.keyPath ?? "?" }
}

@Suite struct ImplicitAnimationTests {
    /// The example of the transactions article: a position change animates over 0.25 s on the default curve.
    @Test func thePositionExample() throws {
        try onManualClock(at: 10) { clock in
            let root = committedLayer()
            var done = false
            CATransaction.begin()
            CATransaction.setCompletionBlock { done = true }
            root.position = CGPoint(x: 100, y: 0)
            CATransaction.commit()
            let a = try #require(root.animation(forKey: "position") as? CABasicAnimation)
            #expect(a.beginTime == 10 && a.duration == 0.25 && a.keyPath == "position")
            #expect(a.fromValue == nil && a.toValue == nil && a.byValue == nil && a.isRemovedOnCompletion)
            #expect(a.timingFunction == CAMediaTimingFunction(name: .default))
            let log = LifecycleLog()
            a.delegate = log
            FrameHook.run()
            #expect(log.calls == ["start position"], "u = 0 is active")
            clock.advance(to: 10.125)
            let y = CAMediaTimingFunction(name: .default).evaluate(0.5)
            #expect(root.presentation()!.position == CGPoint(x: 100 * y, y: 0))
            clock.advance(to: 10.25)
            #expect(!done)
            FrameHook.run()
            #expect(log.calls == ["start position", "stop position true"])
            #expect(root.animationKeys() == nil && done, "removed on completion, then the block runs")
            #expect(root.presentation()!.position == CGPoint(x: 100, y: 0))
        }
    }

    @Test func everyAnimatablePropertyAnimates() throws {
        try onManualClock { clock in
            try animateEveryProperty(clock)
        }
    }

    /// Changes every animatable property (and two that are not) in one transaction and reads them a quarter and
    /// half way.
    func animateEveryProperty(_ clock: MediaClock) throws {
        let l = committedLayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        l.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
        l.position = CGPoint(x: 4, y: 4)
        l.anchorPoint = CGPoint(x: 0, y: 0)
        l.anchorPointZ = 2
        l.zPosition = 3
        l.transform = CATransform3DMakeScale(3, 3, 1)
        l.sublayerTransform = CATransform3DMakeTranslation(8, 0, 0)
        l.opacity = 0
        l.isHidden = true
        l.masksToBounds = true
        l.isGeometryFlipped = true
        l.name = "n"
        CATransaction.commit()
        #expect(
            l.animationKeys() == [
                "bounds", "position", "anchorPoint", "anchorPointZ", "zPosition", "transform",
                "sublayerTransform", "opacity", "hidden", "masksToBounds"
            ])
        clock.advance(by: 0.25)
        let p = try #require(l.presentation())
        // The linear curve goes through the Core Animation solver, which is exact to about 1e-11 here.
        func near(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) < 1e-9 }
        #expect(near(p.bounds.width, 15) && near(p.bounds.height, 15) && near(p.position.x, 1) && near(p.position.y, 1))
        #expect(near(p.anchorPoint.x, 0.375) && near(p.anchorPointZ, 0.5) && near(p.zPosition, 0.75))
        #expect(abs(p.opacity - 0.75) < 1e-6 && !p.isHidden && !p.masksToBounds, "flags keep the old value below half way")
        #expect(p.isGeometryFlipped, "a flag without an action changes at once")
        #expect(near(p.transform.m11, 1.5) && near(p.sublayerTransform.m41, 2))
        clock.advance(by: 0.25)
        let half = try #require(l.presentation())
        #expect(half.isHidden && half.masksToBounds, "…and take the new one from half way")
    }

    @Test func animationsStartFromWhereTheLayerAppears() {
        onManualClock { clock in
            let l = committedLayer()
            CATransaction.begin()
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            CATransaction.setAnimationDuration(1)
            l.position = CGPoint(x: 100, y: 0)
            l.position = CGPoint(x: 50, y: 0)
            CATransaction.commit()
            #expect(l.animationKeys() == ["position"], "one animation per key survives")
            clock.advance(by: 0.5)
            #expect(l.presentation()!.position == CGPoint(x: 25, y: 0), "from the pre-transaction appearance to the last value")
            // A change during a running animation starts from the presented value.
            CATransaction.begin()
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            CATransaction.setAnimationDuration(1)
            l.position = CGPoint(x: 25, y: 100)
            CATransaction.commit()
            clock.advance(by: 0.5)
            #expect(l.presentation()!.position == CGPoint(x: 25, y: 50))
        }
    }

    @Test func suppressedChangesAreImmediate() {
        onManualClock { _ in
            let l = committedLayer()
            CATransaction.setDisableActions(true)
            l.position = CGPoint(x: 1, y: 0)
            CATransaction.flush()
            CATransaction.setAnimationDuration(0)
            l.position = CGPoint(x: 2, y: 0)
            CATransaction.flush()
            CATransaction.setAnimationDuration(.nan)
            l.position = CGPoint(x: 3, y: 0)
            CATransaction.flush()
            l.actions = ["position": NSNull()]
            l.position = CGPoint(x: 4, y: 0)
            CATransaction.flush()
            #expect(l.animationKeys() == nil && l.presentation()!.position == CGPoint(x: 4, y: 0))
            final class Slow: CALayer {
                override func action(forKey event: String) -> (any CAAction)? {
                    let action = super.action(forKey: event) as? CABasicAnimation
                    action?.duration = 3
                    return action
                }
            }
            let s = Slow()
            CATransaction.flush()
            s.opacity = 0
            #expect(s.animation(forKey: "opacity")?.duration == 3, "an override customises the built-in animation")
        }
    }

    @Test func theDelegateHearsEveryStop() throws {
        try onManualClock { clock in
            let l = committedLayer()
            let log = LifecycleLog()
            func animation(_ key: String, duration: Double = 1) -> CABasicAnimation {
                let a = CABasicAnimation(keyPath: key)
                a.toValue = 0.5
                a.duration = duration
                a.delegate = log
                return a
            }
            l.add(animation("opacity"), forKey: "removed")
            l.add(animation("zPosition"), forKey: "replaced")
            l.add(animation("anchorPointZ"), forKey: "kept")
            let forever = animation("position.x")
            forever.repeatCount = .infinity
            l.add(forever, forKey: "forever")
            CATransaction.flush()
            FrameHook.run()
            #expect(log.calls == ["start opacity", "start zPosition", "start anchorPointZ", "start position.x"])
            log.calls = []
            l.removeAnimation(forKey: "removed")
            l.add(animation("bounds.size.width"), forKey: "replaced")
            #expect(log.calls.isEmpty, "stops wait for a frame")
            CATransaction.flush()
            FrameHook.run()
            #expect(log.calls == ["stop opacity false", "stop zPosition false", "start bounds.size.width"])
            log.calls = []
            let kept = try #require(l.animation(forKey: "kept"))
            kept.isRemovedOnCompletion = false
            kept.fillMode = .forwards
            clock.advance(by: 2)
            FrameHook.run()
            #expect(log.calls == ["stop anchorPointZ true", "stop bounds.size.width true"])
            #expect(l.animationKeys() == ["kept", "forever"], "a finished animation not removed on completion stays")
            #expect(l.presentation()!.anchorPointZ == 0.5, "and its fill applies")
            log.calls = []
            l.removeAnimation(forKey: "kept")
            FrameHook.run()
            #expect(log.calls.isEmpty, "removing a finished animation calls nothing")
            // Removed before it started: no start.
            let later = animation("opacity")
            later.beginTime = 100
            l.add(later, forKey: "later")
            CATransaction.flush()
            FrameHook.run()
            l.removeAnimation(forKey: "later")
            FrameHook.run()
            #expect(log.calls == ["stop opacity false"])
        }
    }

    @Test func freeingALayerStopsItsAnimations() {
        onManualClock { _ in
            let log = LifecycleLog()
            do {
                let l = committedLayer()
                l.add(fadeOut(reportingTo: log), forKey: "fade")
                CATransaction.flush()
            }
            FrameHook.run()
            #expect(log.calls == ["stop opacity false"])
        }
    }

    @Test func anIdleAnimationNeverStarts() {
        onManualClock { clock in
            let l = committedLayer()
            let log = LifecycleLog()
            let a = fadeOut(reportingTo: log)
            a.timeOffset = .nan
            l.add(a, forKey: "idle")
            CATransaction.flush()
            clock.advance(by: 5)
            FrameHook.run()
            #expect(log.calls.isEmpty && l.animationKeys() == ["idle"])
            #expect(a.localTime(parentTime: .nan).phase == .idle)
        }
    }

    @Test func framesOnlySeeTheirOwnClock() {
        let log = LifecycleLog()
        onManualClock(at: 0) { _ in
            let l = committedLayer()
            l.add(fadeOut(reportingTo: log), forKey: "fade")
            CATransaction.flush()
            onManualClock(at: 50) { _ in FrameHook.run() }
            #expect(log.calls.isEmpty, "another clock's frame does not see this animation")
            FrameHook.run()
            #expect(log.calls == ["start opacity"])
            l.removeAllAnimations()
        }
    }
}

@Suite struct TransactionValueTests {
    @Test func transformsBoxInNSValue() throws {
        let t = CATransform3DRotate(CATransform3DMakeScale(1, 2, 3), 0.5, 0, 0, 1)
        let box = NSValue(caTransform3D: t)
        #expect(box.caTransform3DValue == t && NSValue(cgPoint: .zero).caTransform3DValue == CATransform3DIdentity)
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(NSValue(cgAffineTransform: affine).cgAffineTransformValue == affine)
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue == CGPoint(x: 1, y: 2))
        #expect(NSValue(cgSize: CGSize(width: 1, height: 2)).cgSizeValue == CGSize(width: 1, height: 2))
        #expect(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(box.cgPointValue == .zero && box.cgRectValue == .zero, "another box reads zero, never traps")
        let l = CALayer()
        l.setValue(box, forKey: "transform")
        #expect(l.transform == t)
        let a = CABasicAnimation(keyPath: "transform")
        a.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
        a.toValue = box
        let v = try #require(a.value(atProgress: 1, model: .transform(.identity), current: .transform(.identity)))
        #expect(v == .transform(t))
        #expect(AnimationValue(true) == .flag(true) && AnimationValue(NSNumber(value: 1)) == .number(1))
    }

    @Test func defaultValuesAndSpringsByFeel() {
        #expect(CAAnimation.defaultValue(forKey: "speed") as? Float == 1)
        #expect(CAAnimation.defaultValue(forKey: "removedOnCompletion") as? Bool == true)
        #expect(CAAnimation.defaultValue(forKey: "duration") == nil)
        let spring = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.25)
        let omega = 2 * Double.pi / 0.5
        #expect(spring.keyPath == nil && spring.mass == 1 && spring.stiffness == omega * omega && spring.allowsOverdamping)
        #expect(spring.damping == (2 * 0.75) * (omega * omega).squareRoot() && spring.duration == 0)
        #expect(abs(spring.perceptualDuration - 0.5) < 1e-15 && abs(spring.bounce - 0.25) < 1e-15)
        let over = CASpringAnimation(perceptualDuration: 1, bounce: -0.5)
        #expect(abs(over.spring.dampingRatio - 2) < 1e-15 && abs(over.bounce + 0.5) < 1e-15)
        for (d, b) in [(0.0, 0.0), (-1, 0), (.nan, 0), (.infinity, 0), (1, -1), (1, 1.5), (1, .nan)] {
            let s = CASpringAnimation(perceptualDuration: d, bounce: b)
            #expect(s.mass == 1 && s.stiffness == 100 && s.damping == 10 && s.allowsOverdamping, "\(d), \(b)")
        }
    }

    @Test func aSegmentCurveThatYieldsNaNContributesNothing() {
        let nanCurve = CAMediaTimingFunction(controlPoints: .nan, 0, 1, 1)
        let values = CAKeyframeAnimation(keyPath: "position.x")
        values.values = [0.0, 10.0, 20.0]
        values.timingFunctions = [nanCurve, CAMediaTimingFunction(name: .linear)]
        #expect(values.keyframeValue(atProgress: 0.25, model: .number(0)) == nil)
        #expect(values.keyframeValue(atProgress: 0.75, model: .number(0))?.value == .number(15))
        let path = CAKeyframeAnimation(keyPath: "position")
        path.path = BezierPath(elements: [.move(to: .zero), .line(to: CGPoint(x: 10, y: 0))])
        path.timingFunctions = [nanCurve]
        #expect(path.keyframeValue(atProgress: 0.5, model: .point(.zero)) == nil)
        let l = CALayer()
        l.add(values, forKey: "x", atMediaTime: 0)
        values.beginTime = 0
        #expect(l.presentation(at: 0.0625)!.position.x == 0, "the model, not NaN")
    }

    @Test func scrollLayersMoveTheirBoundsOrigin() {
        let scroll = CAScrollLayer()
        scroll.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        let content = CALayer()
        content.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        scroll.addSublayer(content)
        content.scroll(CGPoint(x: 30, y: 40))
        #expect(scroll.bounds.origin == CGPoint(x: 30, y: 40))
        #expect(content.visibleRect == CGRect(x: 30, y: 40, width: 100, height: 50))
        content.scrollRectToVisible(CGRect(x: 200, y: 40, width: 20, height: 10))
        #expect(scroll.bounds.origin == CGPoint(x: 120, y: 40), "the least distance")
        content.scrollRectToVisible(CGRect(x: 10, y: 0, width: 300, height: 10))
        #expect(scroll.bounds.origin == CGPoint(x: 10, y: 0), "a long rect aligns its minimum")
        scroll.scrollMode = .horizontally
        scroll.scroll(to: CGPoint(x: 5, y: 5))
        #expect(scroll.bounds.origin == CGPoint(x: 5, y: 0))
        scroll.scrollMode = .none
        scroll.scroll(to: CGPoint(x: 9, y: 9))
        scroll.scroll(to: CGRect.null)
        #expect(scroll.bounds.origin == CGPoint(x: 5, y: 0) && scroll.visibleRect == scroll.bounds)
        let loose = CALayer()
        loose.scroll(CGPoint(x: 1, y: 1))
        #expect(loose.visibleRect == loose.bounds)
    }

    @Test func transitionsAreTimedAnimations() {
        let t = CATransition()
        #expect(t.type == .fade && t.subtype == nil && t.startProgress == 0 && t.endProgress == 1)
        t.type = .push
        t.subtype = .fromLeft
        t.startProgress = 0.2
        t.endProgress = 0.6
        t.startProgress = 2
        t.endProgress = .nan
        t.duration = 2
        #expect(t.startProgress == 0.2 && t.endProgress == 0.6)
        let progress = t.progress(atParentTime: 1)!
        #expect(abs(progress - 0.4) < 1e-7 && t.progress(atParentTime: 3) == nil)
        let copy = t.copy() as! CATransition
        #expect(copy.type == .push && copy.subtype == .fromLeft)
        let l = CALayer()
        l.add(t, forKey: kCATransition)
        #expect(l.animationKeys() == ["transition"])
    }
}

@Suite struct FramePredictionTests {
    /// Frames that look only at predicted events call back exactly as frames that look at everything, whatever the
    /// clocks: random animations (begin times, speeds including 0 and negative, repeats, autoreverse, offsets, fill)
    /// on layers whose ancestors run fast, slow, paused or backwards, stepped through random frame times.
    @Test(arguments: 0..<24)
    func predictionsCallBackAsAFullScan(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        func build(_ log: LifecycleLog) -> [CALayer] {
            var r = random
            let root = CALayer(), group = CALayer()
            group.speed = [1, 2, 0.5, 0, -1][Int(r.next() % 5)]
            group.beginTime = Double(r.next() % 4) - 1
            root.addSublayer(group)
            var layers = [root, group]
            for i in 0..<6 {
                let layer = CALayer()
                (i % 2 == 0 ? group : root).addSublayer(layer)
                layer.timeOffset = Double(r.next() % 3) * 0.25
                for k in 0..<3 {
                    let a = CABasicAnimation(keyPath: ["opacity", "zPosition", "position.x"][k])
                    a.toValue = 1.0
                    a.beginTime = Double(r.next() % 6) * 0.25
                    a.duration = [0.1, 0.5, 1, 2][Int(r.next() % 4)]
                    a.speed = [1, 2, 0.5, 0, -1][Int(r.next() % 5)]
                    a.repeatCount = [0, 1.5, 3][Int(r.next() % 3)]
                    a.autoreverses = r.next() % 2 == 0
                    a.isRemovedOnCompletion = r.next() % 3 != 0
                    a.delegate = log
                    layer.add(a, forKey: "\(i).\(k)")
                }
                layers.append(layer)
            }
            return layers
        }
        let predicted = LifecycleLog(), scanned = LifecycleLog()
        let clockA = MediaClock(startTime: 0), clockB = MediaClock(startTime: 0)
        var a: [CALayer] = [], b: [CALayer] = []
        MediaClock.withCurrent(clockA) {
            CATransaction.flush(); a = build(predicted); CATransaction.flush()
        }
        MediaClock.withCurrent(clockB) {
            CATransaction.flush(); b = build(scanned); CATransaction.flush()
        }
        for _ in 0..<60 {
            let dt = Double(random.next() % 8) / 16
            clockA.advance(by: dt)
            clockB.advance(by: dt)
            MediaClock.withCurrent(clockA) { FrameHook.run() }
            MediaClock.withCurrent(clockB) { FrameHook.run(predicting: false) }
            #expect(predicted.calls == scanned.calls, "seed \(seed) at \(clockA.now)")
            guard predicted.calls == scanned.calls else { return }
        }
        #expect(zip(a, b).allSatisfy { $0.animationKeys() == $1.animationKeys() })
        #expect(!predicted.calls.isEmpty)
        for layer in a + b { layer.removeAllAnimations() }
    }
}

/// A small seeded generator (SplitMix64), copied by value so two trees can be built from one seed.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct PathSubpathTests {
    /// Two subpaths: move (0,0), line (10,0), move (0,10), line (10,10), then a trailing move that is ignored.
    /// Leading move-tos collapse to the last; the jump at key time 1/2 takes no time; discrete holds the
    /// start of each element, the last keyframe at the end.
    @Test func severalSubpathsJumpWithoutTime() throws {
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = BezierPath(elements: [
            .move(to: CGPoint(x: 99, y: 99)), .move(to: .zero), .line(to: CGPoint(x: 10, y: 0)),
            .move(to: CGPoint(x: 0, y: 10)), .line(to: CGPoint(x: 10, y: 10)),
            .move(to: CGPoint(x: 50, y: 50))
        ])
        func at(_ f: Double) throws -> AnimationValue { try #require(a.keyframeValue(atProgress: f, model: .point(.zero))).value }
        #expect(try at(0) == .point(.zero) && at(0.25) == .point(CGPoint(x: 5, y: 0)))
        #expect(try at(0.5) == .point(CGPoint(x: 0, y: 10)), "at the jump's key time: the new subpath's start")
        #expect(try at(0.5.nextDown).point.map { $0.x > 9.99 && $0.y == 0 } == true, "from the left: the end of the first")
        #expect(try at(1) == .point(CGPoint(x: 10, y: 10)))
        a.calculationMode = .discrete
        // Three keyframes held a third each: S₀, S₁ (the second subpath's start, not the first one's end), K₂.
        #expect(try at(0.25) == .point(.zero) && at(0.5) == .point(CGPoint(x: 0, y: 10)) && at(0.75) == .point(CGPoint(x: 10, y: 10)))
        a.calculationMode = .paced
        #expect(try at(0.5) == .point(CGPoint(x: 0, y: 10)), "no length is spent on the jump")
        a.path = BezierPath(elements: [.move(to: CGPoint(x: 3, y: 4)), .move(to: CGPoint(x: 5, y: 6))])
        #expect(try at(0.3) == .point(CGPoint(x: 5, y: 6)), "no drawing element: the last move-to")
    }
}

extension AnimationValue {
    var point: CGPoint? { if case .point(let p) = self { p } else { nil } }
}
