import CAMathAnimation
import CAMathQuartzCore
import Foundation
import _CAMathTestSupport
import Testing

/// Seeded scripts of transactions, actions, animations, frames and callbacks that call back in
/// (`TransactionScript`, which the fuzz target `fuzz-transactions` drives from bytes): every step keeps the rules
/// of the *Transactions and actions* article, and nothing outlives the script. Then the bugs the scripts found, each
/// as the smallest program that showed it.
@Suite struct TransactionScriptTests {
    /// The seeds after 64 are those that failed before their fixes (a completion block before a stop, presentations
    /// through a render tree after a re-preparation, layout marks of presentation copies).
    @Test(arguments: Array(0..<64) + [78, 119, 127, 137, 212, 217, 268, 270, 294, 319])
    func scriptsKeepTheTransactionRules(seed: UInt64) {
        // The seed is mixed first: SeededSource's sequences for seeds s and s + 1 are the same, shifted by one draw.
        var mixer = SeededGenerator(seed: seed)
        let script = TransactionScript(source: SeededSource(seed: mixer.next()), count: 2 + Int(seed % 7))
        let problem = script.run(steps: 300)
        #expect(problem == nil, "seed \(seed): \(problem ?? "")")
    }

    /// A completion block whose last animation is removed by a delegate callback of the same frame runs at the next
    /// frame, after that animation's stop is delivered.
    @Test func aBlockRunsAfterAStopItsFramesCallbacksCaused() {
        final class Log: NSObject, CAAnimationDelegate {
            var calls: [String] = []
            weak var other: CALayer?
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                calls.append("stop \((anim as? CABasicAnimation)?.keyPath ?? "?")")
                other?.removeAllAnimations()
            }
        }
        onManualClock(at: 0) { clock in
            let a = committedLayer(), b = committedLayer(), log = Log()
            log.other = b
            let short = CABasicAnimation(keyPath: "opacity"), long = CABasicAnimation(keyPath: "position.x")
            short.duration = 0.1
            long.duration = 10
            short.delegate = log
            long.delegate = log
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.calls.append("block") }
            a.add(short, forKey: "short")
            b.add(long, forKey: "long")
            CATransaction.commit()
            clock.advance(by: 0.5)
            FrameHook.run()
            #expect(log.calls == ["stop opacity"], "the block waits: its last animation stopped during this frame")
            FrameHook.run()
            #expect(log.calls == ["stop opacity", "stop position.x", "block"])
        }
    }

    /// An animation removed long before its predicted event is not kept alive by the clock's event queue.
    @Test func removedAnimationsAreReleasedBeforeTheirPredictedTime() {
        onManualClock(at: 0) { clock in
            let layer = committedLayer()
            weak var held: CAAnimation?
            for k in 0..<8 {
                let far = CABasicAnimation(keyPath: "opacity")
                far.beginTime = 1e6
                layer.add(far, forKey: "far \(k)")
            }
            CATransaction.flush()
            FrameHook.run()
            held = layer.animation(forKey: "far 0")
            #expect(held != nil)
            layer.removeAllAnimations()
            CATransaction.flush()
            clock.advance(by: 1)
            FrameHook.run()
            #expect(held == nil, "the stopped animations left the event queue")
        }
    }
}
