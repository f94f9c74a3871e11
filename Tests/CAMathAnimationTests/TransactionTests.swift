import CAMathAnimation
import CAMathLayer
import CAMathQuartzCore
import Foundation
import Testing

/// Runs `body` on a manual clock at `start`, with the calling thread's transactions closed before and after (a
/// test thread may hold an implicit transaction left by another test).
func onManualClock<R>(at start: Double = 10, _ body: (MediaClock) throws -> R) rethrows -> R {
    let clock = MediaClock(startTime: start)
    return try MediaClock.withCurrent(clock) {
        CATransaction.flush()
        defer { CATransaction.flush() }
        return try body(clock)
    }
}

/// A layer at `position`, committed (so it animates implicitly).
func committedLayer(at position: CGPoint = .zero) -> CALayer {
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    layer.position = position
    CATransaction.flush()
    return layer
}

@Suite struct TransactionTests {
    @Test func settingsAreScopedByNesting() {
        onManualClock { _ in
            #expect(CATransaction.animationDuration() == 0.25 && !CATransaction.disableActions())
            #expect(CATransaction.animationTimingFunction() == nil && CATransaction.completionBlock() == nil)
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setDisableActions(true)
            CATransaction.setValue("outer", forKey: "custom")
            CATransaction.begin()
            #expect(
                CATransaction.animationDuration() == 1 && CATransaction.disableActions(),
                "a nested transaction reads the enclosing settings")
            #expect(CATransaction.value(forKey: "custom") as? String == "outer")
            CATransaction.setAnimationDuration(2)
            CATransaction.setValue(nil, forKey: "custom")
            #expect(CATransaction.animationDuration() == 2 && CATransaction.value(forKey: "custom") == nil, "nil hides the enclosing value")
            CATransaction.commit()
            #expect(CATransaction.animationDuration() == 1 && CATransaction.disableActions(), "what the nested one set ended with it")
            #expect(CATransaction.value(forKey: "custom") as? String == "outer")
            CATransaction.commit()
            #expect(CATransaction.animationDuration() == 0.25 && !CATransaction.disableActions(), "the levels are discarded")
            #expect(CATransaction.value(forKey: "custom") == nil)
        }
    }

    @Test func theKeysAreTheSettings() {
        onManualClock { _ in
            CATransaction.begin()
            CATransaction.setValue(3, forKey: kCATransactionAnimationDuration)
            #expect(CATransaction.animationDuration() == 3)
            CATransaction.setValue(NSNumber(value: 1.5), forKey: kCATransactionAnimationDuration)
            #expect(CATransaction.value(forKey: kCATransactionAnimationDuration) as? Double == 1.5)
            CATransaction.setValue("soon", forKey: kCATransactionAnimationDuration)
            #expect(CATransaction.animationDuration() == 1.5, "a value the key cannot take is ignored")
            CATransaction.setValue(true, forKey: kCATransactionDisableActions)
            #expect(CATransaction.disableActions())
            CATransaction.setValue(NSNumber(value: false), forKey: kCATransactionDisableActions)
            #expect(!CATransaction.disableActions() && CATransaction.value(forKey: kCATransactionDisableActions) as? Bool == false)
            let easeIn = CAMediaTimingFunction(name: .easeIn)
            CATransaction.setValue(easeIn, forKey: kCATransactionAnimationTimingFunction)
            #expect(CATransaction.animationTimingFunction() === easeIn)
            CATransaction.setValue(12, forKey: kCATransactionAnimationTimingFunction)
            #expect(CATransaction.animationTimingFunction() === easeIn)
            #expect(
                [
                    kCATransactionAnimationDuration, kCATransactionDisableActions, kCATransactionAnimationTimingFunction,
                    kCATransactionCompletionBlock
                ] == ["animationDuration", "disableActions", "animationTimingFunction", "completionBlock"])
            CATransaction.setAnimationDuration(-1)
            #expect(CATransaction.animationDuration() == -1, "durations are stored as given")
            let l = CALayer()
            let a = CABasicAnimation(keyPath: "position.x")
            a.duration = .nan
            l.add(a, forKey: "x")
            #expect(l.animation(forKey: "x")?.duration == 0.25, "a transaction duration that is not > 0 leaves 0.25 s")
            CATransaction.commit()
        }
    }

    @Test func anImplicitTransactionOpensOnChangeAndFlushes() {
        onManualClock { _ in
            CATransaction.setAnimationDuration(5)
            #expect(CATransaction.animationDuration() == 5, "a setter opens the implicit transaction")
            CATransaction.flush()
            #expect(CATransaction.animationDuration() == 0.25)
            CATransaction.flush()
            CATransaction.flush()
            CATransaction.commit()
            #expect(CATransaction.animationDuration() == 0.25, "commit and flush with nothing open do nothing")

            // A flush inside an explicit transaction waits for it to close.
            let l = committedLayer()
            l.position = CGPoint(x: 1, y: 0)
            CATransaction.begin()
            CATransaction.setAnimationDuration(7)
            CATransaction.flush()
            #expect(CATransaction.animationDuration() == 7, "the explicit level survives a flush")
            #expect(l.presentation()!.position == .zero, "nothing is committed while the explicit level is open")
            CATransaction.commit()
            #expect(l.presentation()!.position == .zero, "the change animates from the old position…")
            #expect(l.animation(forKey: "position")?.beginTime == 10, "…and the pending flush committed it")
        }
    }

    @Test func onlyTheOutermostCommitTakesEffect() {
        onManualClock { clock in
            let l = committedLayer()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            CATransaction.begin()
            l.position = CGPoint(x: 5, y: 5)
            CATransaction.commit()
            #expect(l.presentation()!.position == .zero, "a nested commit commits nothing")
            clock.advance(by: 1)
            CATransaction.commit()
            #expect(l.presentation()!.position == CGPoint(x: 5, y: 5))
        }
    }

    @Test func eachThreadHasItsOwnStack() async {
        let (ready, done) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let seen = LockedBox<[String]>([])
        let other = Thread {
            CATransaction.flush()
            seen.mutate { $0.append("\(CATransaction.animationDuration()) \(CATransaction.disableActions())") }
            CATransaction.begin()
            CATransaction.setAnimationDuration(3)
            ready.signal()
            done.wait()
            seen.mutate { $0.append("\(CATransaction.animationDuration())") }
            CATransaction.commit()
            seen.mutate { $0.append("\(CATransaction.animationDuration())") }
            ready.signal()
        }
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setAnimationDuration(5)
        CATransaction.setDisableActions(true)
        other.start()
        ready.wait()
        #expect(CATransaction.animationDuration() == 5 && CATransaction.disableActions(), "the other thread's begin changes nothing here")
        done.signal()
        ready.wait()
        CATransaction.commit()
        #expect(seen.value == ["0.25 false", "3.0", "0.25"])
    }

    @Test func lockIsRecursiveAndToleratesStrangers() {
        CATransaction.lock()
        CATransaction.lock()
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.commit()
        CATransaction.unlock()
        CATransaction.unlock()
        // A stranger's unlock changes nothing: the lock is free afterwards, and another thread can take it.
        let done = DispatchSemaphore(value: 0)
        Thread {
            CATransaction.unlock(); done.signal()
        }.start()
        done.wait()
        CATransaction.lock()
        let taken = LockedBox(false)
        Thread {
            CATransaction.lock(); taken.mutate { $0 = true }; CATransaction.unlock(); done.signal()
        }.start()
        #expect(done.wait(timeout: .now() + 0.2) == .timedOut && !taken.value, "held here: the other thread waits")
        CATransaction.unlock()
        #expect(done.wait(timeout: .now() + 5) == .success && taken.value)
    }

    @Test func aBeginTimeOfZeroResolvesAtTheCommit() {
        onManualClock { clock in
            let root = committedLayer(), sub = CALayer()
            sub.beginTime = 2
            root.addSublayer(sub)
            CATransaction.flush()
            let a = CABasicAnimation(keyPath: "opacity")
            a.toValue = 0.0
            let b = CABasicAnimation(keyPath: "opacity")
            b.toValue = 0.5
            b.beginTime = 0.5
            CATransaction.begin()
            sub.add(a, forKey: "a")
            clock.advance(by: 1)
            root.add(a, forKey: "a")
            sub.add(b, forKey: "b")
            #expect(sub.animation(forKey: "a")?.beginTime == 0, "unresolved until the commit")
            #expect(sub.presentation()!.opacity == 1, "an animation not committed does not contribute")
            clock.advance(by: 1)
            CATransaction.commit()
            #expect(root.animation(forKey: "a")?.beginTime == 12, "one time for the whole transaction")
            #expect(sub.animation(forKey: "a")?.beginTime == 10, "in the layer's own time (begin time 2)")
            #expect(sub.animation(forKey: "b")?.beginTime == 0.5, "a begin time that is not 0 is kept")
            #expect(a.beginTime == 0, "the caller's object is unchanged")
        }
    }

    @Test func presentationShowsTheCommittedState() {
        onManualClock { _ in
            let l = committedLayer(at: CGPoint(x: 1, y: 1))
            CATransaction.setDisableActions(true)
            l.position = CGPoint(x: 9, y: 9)
            l.opacity = 0.5
            l.speed = 0
            #expect(l.presentation()!.position == CGPoint(x: 1, y: 1) && l.presentation()!.opacity == 1)
            #expect(l.presentation()!.model() === l)
            CATransaction.flush()
            #expect(l.presentation()!.position == CGPoint(x: 9, y: 9) && l.presentation()!.opacity == 0.5)
            let fresh = CALayer()
            fresh.position = CGPoint(x: 3, y: 3)
            #expect(fresh.presentation()!.position == CGPoint(x: 3, y: 3), "a layer never committed presents its model")
        }
    }

    @Test func completionBlocksWaitForTheirAnimations() {
        onManualClock { clock in
            let l = committedLayer()
            var runs: [String] = []
            CATransaction.begin()
            CATransaction.setCompletionBlock { runs.append("outer") }
            l.opacity = 0
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setCompletionBlock { runs.append("inner") }
            l.position = CGPoint(x: 10, y: 0)
            #expect(CATransaction.completionBlock() != nil)
            CATransaction.commit()
            CATransaction.setCompletionBlock { runs.append("cleared") }
            CATransaction.setCompletionBlock(nil)
            CATransaction.commit()
            #expect(runs.isEmpty, "never inside a commit")
            FrameHook.run()
            #expect(runs == ["cleared"], "a block without animations runs at the next frame, even when cleared with nil")
            clock.advance(to: 10.25)
            FrameHook.run()
            #expect(runs == ["cleared"], "the outer block also waits for the nested transaction's animation")
            clock.advance(to: 11)
            FrameHook.run()
            #expect(runs == ["cleared", "outer", "inner"], "oldest group first, once")
            FrameHook.run()
            #expect(runs.count == 3)

            // Two blocks in one transaction both run; animations added before a block was set do not join it.
            runs = []
            CATransaction.begin()
            l.position = CGPoint(x: 20, y: 0)
            CATransaction.setCompletionBlock { runs.append("first") }
            CATransaction.setCompletionBlock { runs.append("second") }
            CATransaction.commit()
            FrameHook.run()
            #expect(runs == ["first", "second"])
            // A removed animation counts as stopped.
            runs = []
            CATransaction.begin()
            CATransaction.setCompletionBlock { runs.append("removed") }
            l.position = CGPoint(x: 30, y: 0)
            CATransaction.commit()
            FrameHook.run()
            #expect(runs.isEmpty)
            l.removeAllAnimations()
            FrameHook.run()
            #expect(runs == ["removed"])
        }
    }

    @Test func theClockOnlyMovesForward() {
        let clock = MediaClock(startTime: 5)
        #expect(clock.now == 5 && clock.isManual && !MediaClock.system.isManual)
        clock.advance(by: 1)
        clock.advance(by: -1)
        clock.advance(by: .nan)
        clock.advance(to: 3)
        clock.advance(to: .infinity)
        #expect(clock.now == 6)
        clock.advance(to: 7.5)
        #expect(clock.now == 7.5)
        #expect(MediaClock(startTime: .nan).now == 0)
        MediaClock.withCurrent(clock) { #expect(CACurrentMediaTime() == 7.5) }
        let a = MediaClock.system.now, b = CACurrentMediaTime()
        #expect(b >= a && b - a < 60)
        MediaClock.system.advance(by: 100)
        #expect(MediaClock.system.now - a < 60, "the system clock cannot be moved")
    }
}

/// A value shared with another thread, behind a lock.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func mutate(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}

@Suite struct TransactionThreadTests {
    /// Four threads, each with its own clock and layers, animate, commit, run frames and completion blocks at the
    /// same time: each sees only its own callbacks (the lock, the completion list and the timing epoch are
    /// shared; under the thread sanitizer in CI).
    @Test func threadsAnimateSideBySide() {
        let results = LockedBox<[Int: [String]]>([:])
        let done = DispatchSemaphore(value: 0)
        for worker in 0..<4 {
            Thread {
                let clock = MediaClock(startTime: Double(worker))
                MediaClock.withCurrent(clock) {
                    CATransaction.flush()
                    let log = LifecycleLog()
                    var blocks = 0
                    let layers = (0..<8).map { _ in committedLayer() }
                    for round in 0..<5 {
                        CATransaction.begin()
                        CATransaction.setCompletionBlock { blocks += 1 }
                        for layer in layers {
                            layer.position = CGPoint(x: round, y: worker)
                            layer.animation(forKey: "position")?.delegate = log
                        }
                        let root = layers[0]
                        root.addSublayer(CALayer())
                        CATransaction.commit()
                        clock.advance(by: 0.5)
                        FrameHook.run()
                        FrameHook.run()
                    }
                    results.mutate { $0[worker] = log.calls + ["blocks \(blocks)"] }
                }
                done.signal()
            }.start()
        }
        for _ in 0..<4 { done.wait() }
        for worker in 0..<4 {
            let calls = results.value[worker] ?? []
            #expect(calls.last == "blocks 5", "worker \(worker): \(calls.suffix(3))")
            #expect(calls.filter { $0 == "start position" }.count == 40 && calls.filter { $0 == "stop position true" }.count == 40)
        }
    }
}

@Suite struct FrameTimerTests {
    /// A completion block without animations runs at the first frame after its commit: here the frame comes from
    /// a `FrameTimer` on a thread's run loop, and from one on a dispatch queue. Each runs on a clock of its own,
    /// as the transaction commits: a frame on the system clock would visit every animation other tests commit
    /// under it (and remove the finished ones) while they run.
    @Test func timersRunTheFrameHook() {
        let ran = LockedBox<[String]>([])
        let finished = DispatchSemaphore(value: 0)
        Thread {
            let clock = MediaClock(startTime: 1)
            MediaClock.withCurrent(clock) {
                CATransaction.flush()
                CATransaction.begin()
                CATransaction.setCompletionBlock { ran.mutate { $0.append("run loop") } }
                CATransaction.commit()
            }
            let timer = FrameTimer(runLoop: .current, interval: 0.002, clock: clock)
            let deadline = Date().addingTimeInterval(5)
            while ran.value.isEmpty, Date() < deadline { RunLoop.current.run(until: Date().addingTimeInterval(0.01)) }
            timer.invalidate()
            finished.signal()
        }.start()
        finished.wait()
        #expect(ran.value == ["run loop"])

        let queue = DispatchQueue(label: "frames")
        let arrived = DispatchSemaphore(value: 0)
        let clock = MediaClock(startTime: 2)
        let other = FrameTimer(queue: queue, interval: 0.002, clock: MediaClock(startTime: 2))
        MediaClock.withCurrent(clock) {
            CATransaction.flush()
            CATransaction.begin()
            CATransaction.setCompletionBlock { arrived.signal() }
            CATransaction.commit()
        }
        #expect(arrived.wait(timeout: .now() + 0.1) == .timedOut, "another clock's frames do not run the block")
        other.invalidate()
        let timer = FrameTimer(queue: queue, interval: 0.002, clock: clock)
        #expect(arrived.wait(timeout: .now() + 5) == .success)
        timer.invalidate()
        timer.invalidate()
        _ = FrameTimer(queue: queue, interval: .nan, clock: clock)
    }
}
