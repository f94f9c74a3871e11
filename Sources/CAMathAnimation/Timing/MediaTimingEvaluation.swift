/// Where an animation is at one parent time (<doc:MediaTimingModel>): its phase, whether it contributes
/// a value, and the time inside its current cycle.
public struct MediaTimingEvaluation: Sendable, Equatable {
    /// Before, inside or after the active interval; idle when a time or timing input is NaN or infinite (the
    /// position is unresolved: the object contributes nothing and never starts).
    public enum Phase: String, Sendable { case before, active, after, idle }

    /// Whether the object shows a value at this time (active, or filled, and not removed).
    public var contributes: Bool
    /// The phase of the elapsed time (also for an object that does not contribute).
    public var phase: Phase
    /// β ∈ [0, d]: the time inside the current cycle, after autoreverse; 0 when it does not contribute.
    public var basicTime: Double
    /// π = β/d, before any timing function (0 for an infinite duration); 0 when it does not contribute.
    public var progress: Double
    /// k: the index of the current cycle (negative with a negative offset); 0 when it does not contribute.
    public var cycle: Double

    /// No contribution in `phase`.
    public static func none(_ phase: Phase) -> MediaTimingEvaluation {
        MediaTimingEvaluation(contributes: false, phase: phase, basicTime: 0, progress: 0, cycle: 0)
    }
}

extension MediaTimingParameters {
    /// d: the duration, or 0.25 s when it is not > 0 (0, negative or NaN); +∞ is kept. O(1).
    @inlinable public var resolvedDuration: Double { duration > 0 ? duration : MediaTimingParameters.defaultDuration }

    /// The repeat count as the model reads it: NaN or negative → 0, ≥ `Float.greatestFiniteMagnitude`
    /// (+∞ included) → +∞. O(1).
    @inlinable public var effectiveRepeatCount: Double {
        let rc = Double(repeatCount)
        if rc.isNaN || rc < 0 { return 0 }
        return rc >= Double(Float.greatestFiniteMagnitude) ? .infinity : rc
    }

    /// The repeat duration as the model reads it: NaN or negative → 0. O(1).
    @inlinable public var effectiveRepeatDuration: Double {
        repeatDuration.isNaN || repeatDuration < 0 ? 0 : repeatDuration
    }

    /// C: one cycle, forward and (when autoreversing) back: d or 2·d. O(1).
    @inlinable public var cycleDuration: Double { autoreverses ? 2 * resolvedDuration : resolvedDuration }

    /// D: the active duration: the repeat duration if > 0, else repeat count × C if > 0, else C; +∞ for
    /// an infinite count or duration. O(1).
    @inlinable public var activeDuration: Double {
        let rd = effectiveRepeatDuration, rc = effectiveRepeatCount, c = cycleDuration
        if rd > 0 { return rd }
        if rc > 0 { return rc * c }
        return c
    }

    /// The object's state at parent time `p` (<doc:MediaTimingModel>): elapsed time u = (p − b)·s, phase,
    /// fill, offset, cycle and remainder with the end rule, autoreverse. With `removedOnCompletion` an
    /// object in its after phase contributes nothing whatever its fill. Non-finite p, b, s or o, an offset
    /// position a′ that is not finite, or a′/C that is not finite → no contribution (so k is always finite);
    /// the arithmetic is +, −, ×, /, floor and compares in a fixed order, so batch forms reproduce it bit for
    /// bit. O(1).
    public func evaluate(parentTime p: Double, removedOnCompletion: Bool = false) -> MediaTimingEvaluation {
        ResolvedMediaTiming(self).evaluate(parentTime: p, removedOnCompletion: removedOnCompletion)
    }

    /// The parent time p_child a group's children see when the group is at `evaluation`: its basic time,
    /// or d·TF(β/d) through the group's timing function. O(1) plus one timing-function evaluation.
    public func childTime(of evaluation: MediaTimingEvaluation, timingFunction: TimingFunction?) -> Double {
        guard let timingFunction else { return evaluation.basicTime }
        let d = resolvedDuration
        return d * timingFunction.evaluate(evaluation.basicTime / d)
    }

    /// A layer's local time for parent time `t`: (t − b)·s + o, in that order. Speed 0 maps every time
    /// to the offset. IEEE throughout. O(1).
    @inlinable public func localTime(fromParent t: Double) -> Double { (t - beginTime) * Double(speed) + timeOffset }

    /// The inverse: (t − o)/s + b, in that order; speed 0 gives ±∞ or NaN by IEEE. O(1).
    @inlinable public func parentTime(fromLocal t: Double) -> Double { (t - timeOffset) / Double(speed) + beginTime }
}

/// Timing properties with everything the evaluation derives from them computed once — d, C, D and the fill
/// flags — as plain numbers: what a batch stores per animation. ``evaluate(parentTime:removedOnCompletion:)``
/// is the one implementation of the model; ``MediaTimingParameters`` evaluates through it.
public struct ResolvedMediaTiming: Sendable, Equatable {
    /// b, Double(speed), o.
    public let beginTime: Double, speed: Double, timeOffset: Double
    /// d (the resolved duration), C (one cycle) and D (the active duration).
    public let duration: Double, cycleDuration: Double, activeDuration: Double
    public let autoreverses: Bool, fillsBackwards: Bool, fillsForwards: Bool

    /// Resolves `t`. O(1).
    public init(_ t: MediaTimingParameters) {
        beginTime = t.beginTime; speed = Double(t.speed); timeOffset = t.timeOffset
        duration = t.resolvedDuration; cycleDuration = t.cycleDuration; activeDuration = t.activeDuration
        autoreverses = t.autoreverses; fillsBackwards = t.fillMode.fillsBackwards; fillsForwards = t.fillMode.fillsForwards
    }

    /// As ``MediaTimingParameters/evaluate(parentTime:removedOnCompletion:)``. O(1).
    public func evaluate(parentTime p: Double, removedOnCompletion: Bool = false) -> MediaTimingEvaluation {
        let b = beginTime, s = speed, o = timeOffset
        guard p.isFinite, b.isFinite, s.isFinite, o.isFinite else { return .none(.idle) }
        let d = duration, cycleLength = cycleDuration, active = activeDuration
        let u = (p - b) * s
        let phase: MediaTimingEvaluation.Phase
        var a: Double
        if s > 0 {
            phase = u < 0 ? .before : (u >= active ? .after : .active)
            a = u
        } else if s == 0 {
            phase = .active
            a = 0
        } else {
            phase = u > 0 ? .before : (u <= -active ? .after : .active)
            a = active + u
        }
        switch phase {
        case .active, .idle: break
        case .before:
            guard fillsBackwards else { return .none(phase) }
            a = s >= 0 ? 0 : active
        case .after:
            guard fillsForwards, !removedOnCompletion else { return .none(phase) }
            a = s >= 0 ? active : 0
        }
        let shifted = a + o
        guard shifted.isFinite else { return .none(phase) }
        var k = 0.0, r = shifted
        if cycleLength.isFinite {
            // A quotient beyond the doubles: the position within a cycle is rounding noise; no contribution.
            let cycles = shifted / cycleLength
            guard cycles.isFinite else { return .none(phase) }
            k = cycles.rounded(.down)
            r = min(max(shifted - k * cycleLength, 0), cycleLength)
            if r == 0 && a == active && shifted > 0 {
                k -= 1
                r = cycleLength
            }
        }
        let basic = (!autoreverses || r <= d) ? r : 2 * d - r
        return MediaTimingEvaluation(contributes: true, phase: phase, basicTime: basic, progress: basic / d, cycle: k)
    }
}
