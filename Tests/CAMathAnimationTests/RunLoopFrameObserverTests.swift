import CAMathAnimation
import CAMathLayer
import CAMathQuartzCore
import Foundation
import Testing

/// The opt-in run-loop integration: a frame at the end of every turn, and a wake-up while animations run.
@Suite struct RunLoopFrameObserverTests {
    /// Spins the calling thread's run loop for `seconds`.
    private func spin(_ seconds: Double = 0.05) {
        RunLoop.current.run(until: Date(timeIntervalSinceNow: seconds))
    }

    /// Apple code that never flushes: the turn's end commits the implicit transaction, runs the completion block of
    /// a transaction without animations, and later delivers an animation's finish.
    @Test func turnsEndWithAFrame() {
        onManualClock(at: 10) { clock in
            let frames = RunLoopFrameObserver(clock: clock)
            let layer = committedLayer()
            var done = false
            CATransaction.begin()
            CATransaction.setCompletionBlock { done = true }
            layer.name = "no animation"
            CATransaction.commit()
            #expect(!done, "never inside the commit")
            spin()
            #expect(done, "at the end of the turn")

            layer.position = CGPoint(x: 100, y: 0)
            #expect(layer.animation(forKey: "position")?.beginTime == 0, "added at the change, not committed yet")
            spin()
            #expect(layer.animation(forKey: "position")?.beginTime == 10, "committed at the turn's end")

            let log = LifecycleLog()
            let fade = fadeOut(reportingTo: log)
            fade.duration = 0.5
            layer.add(fade, forKey: "fade")
            spin()
            #expect(log.calls == ["start opacity"])
            // The clock moves on another thread, which does not wake this run loop: the observer's timer must, for
            // the finish to arrive before the run ends.
            let started = Date()
            var stoppedAfter: TimeInterval?
            log.onStop = { stoppedAfter = Date().timeIntervalSince(started) }
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { clock.advance(by: 1) }
            spin(2)
            #expect(log.calls == ["start opacity", "stop opacity true"])
            #expect((stoppedAfter ?? .infinity) < 1.5, "woken within a frame or so, not at the end of the run")
            #expect(layer.animation(forKey: "fade") == nil && layer.animation(forKey: "position") == nil)

            DispatchQueue.global().sync { frames.invalidate() } // from another thread
            layer.position = .zero
            spin()
            #expect(layer.animation(forKey: "position")?.beginTime == 0, "no commit once invalidated")
            CATransaction.flush()
        }
    }
}
