import CAMath

/// Seeded media timings and parent times for the media-timing model's lane form: each parameter drawn from
/// values that take every branch — speeds positive, negative, zero and non-finite; durations positive, zero,
/// negative, tiny, infinite and NaN; repeat counts fractional, infinite and invalid; offsets that move the time
/// across cycles; every fill and autoreverse — and times before, inside, at the end of and after the active
/// interval, and non-finite.
public enum MediaTimingCases {
    /// One case: a resolved timing, whether it is removed on completion, and the parent time.
    public struct Case: Sendable {
        public let timing: ResolvedMediaTiming
        public let removed: Bool
        public let time: Double
    }

    /// `count` cases from `seed`.
    public static func sweep(_ count: Int, seed: UInt64) -> [Case] {
        var state = seed
        func pick<T>(_ values: [T]) -> T {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return values[Int((state >> 33) % UInt64(values.count))]
        }
        let fills: [FillMode] = [.removed, .forwards, .backwards, .both]
        return (0..<count).map { _ in
            let parameters = MediaTimingParameters(
                beginTime: pick([0, 1, -2, 0.5, -0.0, 1e300, .infinity, .nan]),
                duration: pick([1, 2, 0.3, 0, -1, 1e-300, .infinity, .nan]),
                speed: pick([1, 2, -1, -0.5, 0, 3, .infinity, .nan, 1e30]),
                timeOffset: pick([0, 0.25, -0.5, 1, -0.0, 1e20, .infinity]),
                repeatCount: pick([0, 2, 2.5, .infinity, -1, .nan, 1e30]),
                repeatDuration: pick([0, 0, 3.5, .infinity, -2]),
                autoreverses: pick([false, true]),
                fillMode: pick(fills))
            let timing = ResolvedMediaTiming(parameters)
            // Times at the active interval's end (in the parent's clock) hit the end-of-cycle rule.
            let end = timing.speed != 0 ? timing.beginTime + timing.activeDuration / timing.speed : 0
            let time = pick([-3, -0.5, 0, 0.3, 0.999, 1, 1.4, 2.2, 3.75, 9, 1e6, -1e300, .nan, .infinity, end, end.nextUp, end.nextDown])
            return Case(timing: timing, removed: pick([false, true]), time: time)
        }
    }
}
