/// Key times of a keyframe animation and where a progress falls between them (<doc:Keyframes>).
package struct KeyTimeline: Sendable {
    /// Where a progress falls.
    package enum Position: Equatable {
        /// At or before the first key time: the first value.
        case first
        /// At or after the last key time: the last value.
        case last
        /// In segment i (from key i to key i + 1) at local progress s ∈ [0, 1).
        case segment(Int, Double)
    }

    package let times: [Double]

    /// The given key times when they are valid for `count` keys (each in [0, 1] and not NaN,
    /// non-decreasing, first 0, last 1, exactly `count` of them), else even spacing
    /// `Double(i)/Double(divisions)`.
    package init(given: [Double]?, count: Int, divisions: Int) {
        if let given, given.count == count, given.first == 0, given.last == 1,
            given.allSatisfy({ $0 >= 0 && $0 <= 1 }), zip(given, given.dropFirst()).allSatisfy({ $0 <= $1 })
        {
            times = given
        } else {
            times = (0..<count).map { Double($0) / Double(divisions) }
        }
    }

    /// Explicit key times (paced modes).
    package init(times: [Double]) { self.times = times }

    /// The paced key times of cumulative lengths `lengths` (L_i, L_0 = 0): L_i/L, the last exactly 1;
    /// even spacing when L is 0 or not finite.
    package init(pacedLengths lengths: [Double]) {
        let total = lengths[lengths.count - 1]
        if total > 0 && total.isFinite {
            times = lengths.map { $0 / total }
        } else {
            times = (0..<lengths.count).map { Double($0) / Double(lengths.count - 1) }
        }
    }

    /// Linear and cubic: f ≤ k₀ → first; f ≥ k_last → last; else the largest i ≤ n − 2 with k_i ≤ f and
    /// s = (f − k_i)/(k_{i+1} − k_i) (a zero-length segment is never chosen).
    package func position(at f: Double) -> Position {
        times.withUnsafeBufferPointer { Self.position(in: $0, at: f) }
    }

    /// Discrete, for `count` values (with count + 1 key times): f ≥ 1 → the last; f < k₀ → the first;
    /// else the largest i ≤ count − 1 with k_i ≤ f.
    package func discreteIndex(at f: Double, count: Int) -> Int {
        times.withUnsafeBufferPointer { Self.discreteIndex(in: $0, at: f, count: count) }
    }

    /// ``position(at:)`` over key times held elsewhere (at least one): what a batch that stores many
    /// timelines in one array calls.
    package static func position(in times: UnsafeBufferPointer<Double>, at f: Double) -> Position {
        if f <= times[0] { return .first }
        if f >= times[times.count - 1] { return .last }
        var i = times.count - 2
        while i > 0 && times[i] > f { i -= 1 }
        return .segment(i, (f - times[i]) / (times[i + 1] - times[i]))
    }

    /// ``discreteIndex(at:count:)`` over key times held elsewhere (at least one).
    package static func discreteIndex(in times: UnsafeBufferPointer<Double>, at f: Double, count: Int) -> Int {
        if f >= 1 { return count - 1 }
        if f < times[0] { return 0 }
        var i = min(count - 1, times.count - 1)
        while i > 0 && times[i] > f { i -= 1 }
        return i
    }
}
