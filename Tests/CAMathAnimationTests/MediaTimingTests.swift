import CAMathAnimation
import CAMathLayer
import _CAMathTestSupport
import PropertyBased
import Testing

@Suite struct MediaTimingTests {
    @Test func layersAndAnimationsHaveTheirDefaults() {
        let layer = Layer()
        #expect(layer.duration == .infinity && layer.speed == 1 && layer.beginTime == 0 && layer.fillMode == .removed)
        let animation = BasicAnimation(keyPath: "position")
        #expect(animation.duration == 0 && animation.speed == 1 && animation.isRemovedOnCompletion)
    }

    @Test func convertTimeRoundTrips() async {
        let speeds = Gen.int(in: -8...8).filter { $0 != 0 }.map { Float($0) / 4 }
        await checkProperty(zip(Gen.double(in: -100...100).array(of: 4), speeds.array(of: 2), Gen.double(in: -1e3...1e3))) { bo, s, t in
            let root = Layer(), a = Layer(), b = Layer()
            root.addSublayer(a); a.addSublayer(b)
            a.beginTime = bo[0]; a.timeOffset = bo[1]; a.speed = s[0]
            b.beginTime = bo[2]; b.timeOffset = bo[3]; b.speed = s[1]
            let there = b.convertTime(t, from: root)
            let back = b.convertTime(there, to: root)
            #expect(abs(back - t) <= 1e-12 * max(1, abs(t)) * 1e3, "t \(t) → \(there) → \(back)")
            #expect(b.convertTime(t, from: b) == t)
            #expect(b.convertTime(t, to: nil) == b.convertTime(t, to: root))
        }
    }

    @Test func rescalingTheParentClockChangesNothing() async {
        let timing = zip(
            Gen.double(in: -10...10), Gen.double(in: 0.125...8), Gen.int(in: -4...4), Gen.double(in: -2...2),
            Gen.int(in: 0...4), Gen.bool, Gen.int(in: 0...3)
        )
        .map { b, d, s, o, rc, ar, fill in
            MediaTimingParameters(
                beginTime: b, duration: d, speed: Float(s) / 2, timeOffset: o, repeatCount: Float(rc) / 2,
                autoreverses: ar, fillMode: [FillMode.removed, .forwards, .backwards, .both][fill])
        }
        await checkProperty(zip(timing, Gen.double(in: -20...40), Gen.int(in: -3...3))) { t, p, e in
            let lambda = Double(sign: .plus, exponent: e, significand: 1)
            var scaled = t
            scaled.beginTime = lambda * t.beginTime
            scaled.speed = t.speed / Float(lambda)
            #expect(scaled.evaluate(parentTime: lambda * p) == t.evaluate(parentTime: p), "\(t) at \(p), λ \(lambda)")
        }
    }

    @Test func specialValuesNeverContribute() {
        let t = MediaTimingParameters(duration: 1)
        for p in [Double.nan, .infinity, -.infinity] { #expect(!t.evaluate(parentTime: p).contributes) }
        #expect(!MediaTimingParameters(beginTime: .nan, duration: 1).evaluate(parentTime: 0).contributes)
        #expect(!MediaTimingParameters(duration: 1, speed: .infinity).evaluate(parentTime: 0).contributes)
        #expect(MediaTimingParameters(duration: .nan).resolvedDuration == 0.25)
        #expect(MediaTimingParameters(duration: 1, repeatCount: .nan).activeDuration == 1)
        #expect(MediaTimingParameters(duration: 1, repeatCount: .infinity).activeDuration == .infinity)
        let paused = MediaTimingParameters(duration: 4, speed: 0, timeOffset: 1).evaluate(parentTime: 1e9)
        #expect(paused.contributes && paused.progress == 0.25)
        let layer = Layer()
        layer.speed = 0
        #expect(layer.convertTime(1, to: nil).isInfinite)
    }

    @Test func theEndOfTheActiveIntervalIsTheEndOfTheLastCycle() {
        let t = MediaTimingParameters(duration: 1, repeatCount: 2, autoreverses: true, fillMode: .forwards)
        let end = t.evaluate(parentTime: 4)
        #expect(end.phase == .after && end.progress == 0 && end.cycle == 1)
        let half = MediaTimingParameters(duration: 1, repeatCount: 2.5, autoreverses: true, fillMode: .forwards).evaluate(parentTime: 100)
        #expect(half.progress == 1)
    }

    /// A group child's begin time of 0 stays 0 in the group's time: only an animation added directly to a layer
    /// takes "now" (the group, here 5 at media time 5), and the child's duration of 0 takes the group's.
    @Test func aGroupChildsBeginTimeOfZeroIsNeverNow() throws {
        let layer = Layer()
        let child = BasicAnimation(keyPath: "position.x")
        child.fromValue = 0.0
        child.toValue = 10.0
        let group = AnimationGroup()
        group.animations = [child]
        group.duration = 2
        layer.add(group, forKey: "g", atMediaTime: 5)
        let stored = try #require(layer.animation(forKey: "g") as? AnimationGroup)
        let storedChild = try #require(stored.animations?.first)
        #expect(stored.beginTime == 5 && storedChild.beginTime == 0 && storedChild.duration == 2)
        #expect(layer.presentation(at: 6)!.position.x == 5)
    }
}
