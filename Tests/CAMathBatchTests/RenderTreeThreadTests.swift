@_spi(Benchmarks) import CAMath
import CAMathLayer
import _CAMathTestSupport
import Dispatch
import Foundation
import Testing

/// Render trees and threads (*Render trees*, *Threads*): a render tree, like its layers, is used by one thread at a
/// time — Swift 6 refuses to share one (neither is `Sendable`), and code that hands one over does so through
/// something that orders the threads (a queue, a lock, a semaphore). What they share underneath (kernel tables,
/// timing curve tables, the transaction lock and the timelines) is safe: independent trees run side by side. Run
/// under the thread sanitizer in CI.
@Suite struct RenderTreeThreadTests {
    /// One thread's work on its own tree: frames with animation edits, commits, renders, presentations and hit tests,
    /// each answer compared with the reference fold; the problems found.
    static func work(on root: Layer, _ renderTree: RenderTree, clock: MediaClock, steps: Range<Int>, seed: UInt64) -> [String] {
        var problems: [String] = []
        let layers = renderTree.layers
        for step in steps {
            for (k, layer) in layers.enumerated() where k % 7 == step % 7 {
                if step % 2 == 0 {
                    let fade = BasicAnimation(keyPath: "opacity")
                    fade.fromValue = 0.1; fade.toValue = 0.9; fade.duration = 2
                    layer.add(fade, forKey: "fade", atMediaTime: clock.now)
                } else {
                    layer.removeAnimation(forKey: "fade")
                    layer.position = CGPoint(x: Double(k % 13) * 3, y: Double(step))
                }
            }
            LayerTransaction.flush()
            clock.advance(by: 0.125)
            let t = clock.now + 0.05
            guard let (geometries, mismatches) = try? RenderTreeTests.outputs(of: renderTree, at: t) else {
                problems.append("seed \(seed) step \(step): render threw")
                continue
            }
            if !geometries || !mismatches.isEmpty {
                problems.append("seed \(seed) step \(step): outputs of layers \(mismatches.prefix(4))")
            }
            let presented = RenderTreeTests.summary(root.presentation(at: t)!)
            if presented != Layer.withoutRenderTree(root, { RenderTreeTests.reference(root, at: t) }) {
                problems.append("seed \(seed) step \(step): presentation")
            }
            let expected = Layer.withoutRenderTree(root) { root.presentation(at: t)! }, order = LayerTree.layers(of: expected)
            for p in [CGPoint(x: 120, y: 90), CGPoint(x: 400, y: 300), CGPoint(x: 610, y: 455)] {
                if renderTree.hitTest(p) != expected.hitTest(p).flatMap({ h in order.firstIndex { $0 === h } }) {
                    problems.append("seed \(seed) step \(step): hit test at \(p)")
                }
            }
        }
        return problems
    }

    /// Two threads, each with its own clock, layers and render tree, edit, commit, render, present and hit-test at the
    /// same time: every answer is the reference's.
    @Test func independentTreesRunSideBySide() {
        let problems = ThreadResults()
        let done = DispatchSemaphore(value: 0)
        for worker in 0..<2 {
            Thread {
                let clock = MediaClock(startTime: Double(worker))
                MediaClock.withCurrent(clock) {
                    let root = AnimationCases.animatedTree(150, seed: UInt64(31 + worker))
                    LayerTransaction.flush()
                    do {
                        let renderTree = try RenderTree(root: root)
                        problems.add(Self.work(on: root, renderTree, clock: clock, steps: 0..<10, seed: UInt64(31 + worker)))
                    } catch {
                        problems.add(["worker \(worker): \(error)"])
                    }
                }
                done.signal()
            }.start()
        }
        for _ in 0..<2 { done.wait() }
        #expect(problems.all.isEmpty, "\(problems.all.prefix(6))")
    }

    /// A render tree and its layers made on one thread, used on a second (handed over through a semaphore, as a queue
    /// would), then on the first again: the tree keeps answering as the reference does, and nothing races.
    @Test func aTreeHandedOverBetweenThreadsKeepsAnswering() throws {
        final class Handover: @unchecked Sendable {
            let root: Layer, renderTree: RenderTree, clock: MediaClock
            init(root: Layer, renderTree: RenderTree, clock: MediaClock) {
                (self.root, self.renderTree, self.clock) = (root, renderTree, clock)
            }
        }
        let clock = MediaClock(startTime: 2)
        let handover = try MediaClock.withCurrent(clock) {
            let root = AnimationCases.animatedTree(120, seed: 41)
            LayerTransaction.flush()
            let renderTree = try RenderTree(root: root)
            #expect(Self.work(on: root, renderTree, clock: clock, steps: 0..<3, seed: 41).isEmpty, "first thread, before")
            return Handover(root: root, renderTree: renderTree, clock: clock)
        }
        let problems = ThreadResults()
        let done = DispatchSemaphore(value: 0)
        Thread {
            MediaClock.withCurrent(handover.clock) {
                problems.add(Self.work(on: handover.root, handover.renderTree, clock: handover.clock, steps: 3..<7, seed: 41))
            }
            done.signal()
        }.start()
        done.wait()
        #expect(problems.all.isEmpty, "second thread: \(problems.all.prefix(6))")
        MediaClock.withCurrent(clock) {
            #expect(Self.work(on: handover.root, handover.renderTree, clock: clock, steps: 7..<10, seed: 41).isEmpty, "first thread, after")
        }
    }
}

/// Problems reported by threads, under a lock.
private final class ThreadResults: @unchecked Sendable {
    private let lock = NSLock()
    private var problems: [String] = []
    func add(_ more: [String]) { lock.withLock { problems += more } }
    var all: [String] { lock.withLock { problems } }
}
