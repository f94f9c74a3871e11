import CAMathAnimation
@_spi(Benchmarks) import CAMathBatch
import _CAMathKernels

/// The animations of a schedule grouped by everything that decides their steps at one parent time: shape,
/// resolved timing and its flags, spring, timing curve, and keyframe timeline (count, key times, segment
/// curves, discrete or not), the numbers compared bit for bit. Animations of one class take the same step,
/// cycle, keyframe value, fraction and pair (counted from each animation's first), so a frame at one parent
/// time resolves each class once, by the schedule's own rules on one animation of it, and every animation
/// copies its class's result: the same bits as resolving each alone.
///
/// A compositor's frame is mostly this case — the animations of one transaction share their begin time,
/// duration and curve — and it makes a frame's timing O(classes) instead of O(animations). Built only where
/// it pays: when the classes are at most a quarter of the animations (`init?` fails otherwise). Animations
/// evaluated by the reference have no class.
final class TimingClasses: Sendable {
    /// The class of each animation; `UInt32.max` for the reference's.
    let classOf: [UInt32]
    /// One animation of each class, a schedule of its own: class c is its animation c.
    let representatives: AnimationSchedule

    /// The classes of `schedule`, or `nil` where there are more than a quarter as many as animations. O(animations).
    init?(_ schedule: AnimationSchedule) {
        var index: [Key: UInt32] = [:], chosen: [Int] = [], classOf = [UInt32](repeating: .max, count: schedule.count)
        for i in 0..<schedule.count where schedule.shapes[i] != .reference {
            let key = Key(schedule, i)
            if let c = index[key] {
                classOf[i] = c
            } else {
                classOf[i] = UInt32(chosen.count)
                index[key] = classOf[i]
                chosen.append(i)
            }
        }
        guard !chosen.isEmpty, 4 * chosen.count <= schedule.count else { return nil }
        self.classOf = classOf
        representatives = schedule.restricted(to: chosen)
    }

    /// What decides an animation's steps, as bits. The common animation (no spring, no key times, one pair) keeps
    /// everything inline: making and hashing its key allocates nothing.
    private struct Key: Hashable {
        let shape: AnimationSchedule.Shape, timingFlags: UInt8, discrete: Bool, curve: UInt32, keys: Int
        /// The timing fields (`CAMATH_TIMING_FIELDS` of the eight).
        let timing: SIMD8<UInt64>
        /// The spring's parameters (springs only) and the key times.
        let numbers: [UInt64]
        /// The first pair's segment curve, and the others' (how many pairs there are follows from the shape and keys).
        let firstSegmentCurve: UInt32
        let segmentCurves: [UInt32]

        init(_ s: borrowing AnimationSchedule, _ i: Int) {
            shape = s.shapes[i]; timingFlags = s.timingFlags[i]; discrete = s.flags[i].contains(.discrete)
            curve = s.curveIndex[i]; keys = s.keyCounts[i]
            var timing = SIMD8<UInt64>()
            for k in 0..<Int(CAMATH_TIMING_FIELDS) { timing[k] = s.timings[k * s.count + i].bitPattern }
            self.timing = timing
            var numbers: [UInt64] = []
            if shape == .spring {
                let spring = s.springs[i]
                numbers += [spring.mass, spring.stiffness, spring.damping, spring.initialVelocity].map(\.bitPattern)
                numbers.append(spring.allowsOverdamping ? 1 : 0)
            }
            if s.timeStart[i + 1] > s.timeStart[i] { numbers += s.keyTimes[s.timeStart[i]..<s.timeStart[i + 1]].map(\.bitPattern) }
            self.numbers = numbers
            let pairs = s.pairs(of: i..<(i + 1))
            firstSegmentCurve = pairs.isEmpty ? .max : s.pairCurve[pairs.lowerBound]
            segmentCurves = pairs.count > 1 ? Array(s.pairCurve[pairs.dropFirst()]) : []
        }

        /// The inline fields mixed into one word (a multiply and a shift per field), then the arrays, which are empty
        /// for the common animation: fed to the hasher field by field, a key took about 1 300 instructions to hash,
        /// a tenth of a render tree's build. Equal keys mix equally; `==` still compares every field.
        func hash(into hasher: inout Hasher) {
            func mix(_ x: UInt64, _ y: UInt64) -> UInt64 {
                let z = (x ^ y) &* 0x9E37_79B9_7F4A_7C15
                return z ^ (z >> 29)
            }
            var x = UInt64(shape.rawValue) | UInt64(timingFlags) << 8 | UInt64(discrete ? 1 : 0) << 16 | UInt64(curve) << 32
            x = mix(x, UInt64(bitPattern: Int64(keys)))
            x = mix(x, UInt64(firstSegmentCurve))
            for k in 0..<8 { x = mix(x, timing[k]) }
            hasher.combine(x)
            if !numbers.isEmpty { hasher.combine(numbers) }
            if !segmentCurves.isEmpty { hasher.combine(segmentCurves) }
        }
    }

    /// Every class's steps at one parent time, indexed by class.
    struct Steps: Sendable {
        let steps: [AnimationSchedule.Step], cycles: [Double], keyValue: [Int]
        /// For a blending class: its pair, counted from the animation's first, and its fraction.
        let pairOffset: [Int], fractions: [Double]
    }

    /// The steps of every class at parent time `p`: the schedule's `AnimationSchedule.resolveBlock(_:times:classes:pointers:scratch:kernels:)`
    /// on the representatives. O(classes).
    func resolve(atParentTime p: Double, kernels: KernelTable) -> Steps {
        let n = representatives.count
        var steps = [AnimationSchedule.Step](repeating: .untouched, count: n), cycles = [Double](repeating: 0, count: n)
        var keyValue = [Int](repeating: 0, count: n), pairOffset = [Int](repeating: 0, count: n),
            fractions = [Double](repeating: 0, count: n)
        AnimationBlockScratch.with { a in
            representatives.withPointers { pointers in
                DecompositionScratch.pieces(of: 0..<n) { k in
                    let pairCount = representatives.resolveBlock(
                        k, times: .one(p), classes: nil, pointers: pointers, scratch: a, kernels: kernels)
                    for j in 0..<k.count {
                        steps[k.lowerBound + j] = a.steps[j]; cycles[k.lowerBound + j] = a.cycles[j];
                        keyValue[k.lowerBound + j] = a.keyValue[j]
                    }
                    for c in 0..<pairCount {
                        let owner = k.lowerBound + a.owners[c]
                        pairOffset[owner] = Int(a.pairs[c]) - representatives.pairStart[owner]
                        fractions[owner] = a.fractions[c]
                    }
                }
            }
        }
        return Steps(steps: steps, cycles: cycles, keyValue: keyValue, pairOffset: pairOffset, fractions: fractions)
    }
}
