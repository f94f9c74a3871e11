import CAMathAnimation
import CAMathCore
import CAMathLayer
import CAMathQuartzCore
import Foundation
import Testing

/// Every user callback may call back into CAMath (the *Calling back* section of the *Actions and events*
/// article): layout managers, layer delegates, actions, animation delegates, completion blocks and the frame
/// hook. Each test calls back in the way that used to recurse until the stack overflowed, and checks the
/// documented, bounded result.
@Suite struct ReentrancyTests {
    /// A manager whose `invalidateLayout(of:)` marks the layer again (a ported suite's natural code).
    @Test func aManagerThatMarksFromInvalidateIsToldOnce() {
        final class Marking: CALayoutManager {
            var invalidated = 0, laidOut = 0
            func invalidateLayout(of layer: CALayer) {
                invalidated += 1
                layer.setNeedsLayout()
            }
            func layoutSublayers(of layer: CALayer) { laidOut += 1 }
        }
        let l = CALayer(), manager = Marking()
        l.layoutManager = manager
        l.addSublayer(CALayer())
        l.bounds.size = CGSize(width: 10, height: 10)
        #expect(manager.invalidated == 1 && l.needsLayout())
        l.layoutIfNeeded()
        #expect(manager.laidOut == 1 && !l.needsLayout())
        l.setNeedsLayout()
        #expect(manager.invalidated == 2)
    }

    /// A layout that marks its own layer and lays out again, through the manager and through the delegate; and
    /// two such layouts, a layer's and its sublayer's, that each lay the other out again.
    @Test func aLayoutThatLaysOutAgainRunsOncePerPass() {
        final class Again: NSObject, CALayoutManager, CALayerDelegate {
            var laidOut = 0
            func layoutSublayers(of layer: CALayer) {
                laidOut += 1
                layer.setNeedsLayout()
                layer.layoutIfNeeded()
            }
        }
        for throughDelegate in [false, true] {
            let l = CALayer(), again = Again()
            if throughDelegate { l.delegate = again } else { l.layoutManager = again }
            l.setNeedsLayout()
            l.layoutIfNeeded()
            #expect(again.laidOut == 1, "delegate: \(throughDelegate)")
            #expect(l.needsLayout(), "the layout's own mark waits for the next pass")
            l.layoutIfNeeded()
            #expect(again.laidOut == 2)
        }
        let l = CALayer(), child = CALayer(), outer = Again(), inner = Again()
        l.layoutManager = outer
        child.layoutManager = inner
        l.addSublayer(child)
        l.layoutIfNeeded()
        #expect((1...4).contains(outer.laidOut) && (1...4).contains(inner.laidOut), "bounded: \(outer.laidOut), \(inner.laidOut)")
        #expect(l.needsLayout() || child.needsLayout())
    }

    /// A delegate whose action lookup sets the property it is asked about, and an action that sets it again.
    @Test func anEventPostedFromItsOwnActionDoesNotRecur() {
        final class Setting: NSObject, CALayerDelegate, CAAction {
            var asked = 0, ran = 0
            func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
                guard event == "position" else { return nil }
                asked += 1
                layer.position.x += 1
                return self
            }
            func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
                ran += 1
                (anObject as? CALayer)?.position.y += 1
            }
        }
        onManualClock { _ in
            let l = committedLayer(), setting = Setting()
            l.delegate = setting
            l.position = CGPoint(x: 10, y: 20)
            #expect(setting.asked == 1 && setting.ran == 1)
            #expect(l.position == CGPoint(x: 11, y: 21), "the nested changes happen; their events do not recur")
            l.opacity = 0.5
            l.position = .zero
            #expect(setting.asked == 2 && setting.ran == 2, "a later change posts again")
        }
        final class Running: NSObject, CAAction {
            var ran = 0
            func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
                ran += 1
                (anObject as? CALayer)?.opacity = 0.25
            }
        }
        onManualClock { _ in
            let l = CALayer(), running = Running()
            l.actions = ["opacity": running]
            l.opacity = 0.5
            #expect(running.ran == 1 && l.opacity == 0.25)
        }
    }

    /// Animation delegates that run frames and add animations from their callbacks, and a completion block that
    /// commits a transaction with a completion block of its own and runs a frame: each frame runs each once.
    @Test func callbacksThatRunFramesDoNotRecurse() {
        final class Chaining: NSObject, CAAnimationDelegate {
            var starts = 0, stops = 0
            weak var layer: CALayer?
            func animationDidStart(_ anim: CAAnimation) {
                starts += 1
                FrameHook.run()
            }
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                stops += 1
                FrameHook.run()
                guard stops < 5, let layer else { return }
                let next = CABasicAnimation(keyPath: "opacity")
                next.duration = 0.1
                next.delegate = self
                layer.add(next, forKey: "fade")
            }
        }
        onManualClock(at: 0) { clock in
            let l = committedLayer(), chaining = Chaining()
            chaining.layer = l
            let first = CABasicAnimation(keyPath: "opacity")
            first.duration = 0.1
            first.delegate = chaining
            l.add(first, forKey: "fade")
            CATransaction.flush()
            var frames = 0
            while chaining.stops < 5 && frames < 100 {
                clock.advance(by: 0.25)
                FrameHook.run()
                frames += 1
            }
            #expect(chaining.stops == 5 && chaining.starts == 5)
            #expect(frames <= 12, "each frame delivers its own calls; nested frames deliver none")

            var ran = 0
            func chain() {
                ran += 1
                guard ran < 4 else { return }
                CATransaction.begin()
                CATransaction.setCompletionBlock { chain() }
                CATransaction.commit()
                FrameHook.run()
            }
            CATransaction.begin()
            CATransaction.setCompletionBlock { chain() }
            CATransaction.commit()
            for expected in 1...4 {
                FrameHook.run()
                #expect(ran == expected, "one block per frame")
            }
            FrameHook.run()
            #expect(ran == 4)
        }
    }

    /// `commit()` and `flush()` from a completion block, with nothing open: nothing happens, nothing breaks.
    @Test func unbalancedCommitsFromCallbacksDoNothing() {
        onManualClock { _ in
            var ran = 0
            CATransaction.begin()
            CATransaction.setCompletionBlock {
                ran += 1
                CATransaction.commit()
                CATransaction.commit()
                CATransaction.flush()
            }
            CATransaction.commit()
            FrameHook.run()
            FrameHook.run()
            #expect(ran == 1)
            #expect(CATransaction.animationDuration() == 0.25)
        }
    }
}
