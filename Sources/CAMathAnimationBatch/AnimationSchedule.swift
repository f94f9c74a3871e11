import CAMathAnimation
@_spi(Benchmarks) import CAMathBatch
import CAMathCore
import _CAMathKernels

/// The timing half of an animation batch, shared by ``TransformAnimationBatch`` and ``ValueAnimationBatch``:
/// per animation its resolved timing, spring, timing curve and keyframe timeline, and where its value pairs
/// start in the batch's own pair storage. A frame asks it, block by block, what each animation needs — the
/// reference, nothing, one keyframe value whole, or a pair blended at a fraction — and the batch supplies
/// the values of its kind.
struct AnimationSchedule: Sendable {
    /// How an animation is evaluated.
    enum Shape: UInt8 { case basic, spring, keyframe, reference }

    /// Per-animation facts, a bit each.
    struct Flags: OptionSet {
        let rawValue: UInt8
        /// Additive.
        static let additive = Flags(rawValue: 1)
        /// Cumulative.
        static let cumulative = Flags(rawValue: 2)
        /// A keyframe animation whose effective mode is discrete.
        static let discrete = Flags(rawValue: 4)

        /// Additive or cumulative.
        var combines: Bool { !isDisjoint(with: [.additive, .cumulative]) }
    }

    /// What one frame asks of an animation (`resolveBlock(_:times:pointers:scratch:kernels:)`).
    enum Step: UInt8 {
        /// Evaluated by the reference.
        case reference
        /// Contributes nothing: the value stays what it was.
        case untouched
        /// Keyframe value `keyValue` whole: the start of its pair `keyValue`, or the end of pair `keyValue − 1`.
        case key
        /// A pair blended at a fraction (listed in the scratch's `pairs`, `owners` and `fractions`).
        case blend
    }

    let shapes: [Shape]
    /// Each animation's resolved timing as the `media_timing` kernel reads it: `CAMATH_TIMING_FIELDS`
    /// fields (b, s, o, d, C, D), field-major (field k of animation i at `k·count + i`), and its
    /// `CAMATH_TIMING_*` bits.
    let timings: [Double]
    let timingFlags: [UInt8]
    let flags: [Flags]
    /// Springs' parameters (springs only).
    let springs: [DampedSpring]
    /// The first pair of each animation and, for keyframes, the number of values (0 otherwise).
    let pairStart: [Int]
    let keyCounts: [Int]
    /// Keyframe timelines, all in one array: animation i's key times are `keyTimes[timeStart[i]..<timeStart[i + 1]]`
    /// (none for a keyframe animation of one value, which always shows it).
    let keyTimes: [Double]
    let timeStart: [Int]
    /// The animation-level timing function of each, and the segment function of each pair (indices into
    /// `curves`; `UInt32.max`: none — linear, paced or a missing segment function).
    let curveIndex: [UInt32]
    let pairCurve: [UInt32]
    let curves: TimingCurveTable
    /// Animations grouped by what decides their steps, for frames at one parent time (`nil` where grouping
    /// does not pay).
    private(set) var classes: TimingClasses? = nil

    /// The number of animations.
    var count: Int { shapes.count }

    /// The pairs of animations `r` (not empty), in the batch's pair storage: one run, in order.
    func pairs(of r: Range<Int>) -> Range<Int> {
        pairStart[r.lowerBound]..<(r.upperBound < count ? pairStart[r.upperBound] : pairCurve.count)
    }

    /// Collects the schedule one animation at a time; the batch appends each animation's pairs to its own
    /// storage in the same order.
    struct Builder {
        private var functions: [TimingFunction] = [], functionIndex: [TimingFunction: UInt32] = [:]
        private var shapes: [Shape] = [], timingFields = [[Double]](repeating: [], count: Int(CAMATH_TIMING_FIELDS)),
            timingFlags: [UInt8] = []
        private var flags: [Flags] = [], springs: [DampedSpring] = []
        private var pairStart: [Int] = [], keyCounts: [Int] = [], keyTimes: [Double] = [], timeStart: [Int] = []
        private var curveIndex: [UInt32] = [], pairCurve: [UInt32] = []

        init() {}

        private mutating func index(of function: TimingFunction?) -> UInt32 {
            guard let function else { return .max }
            if let i = functionIndex[function] { return i }
            functions.append(function)
            functionIndex[function] = UInt32(functions.count - 1)
            return UInt32(functions.count - 1)
        }

        private mutating func begin(
            _ animation: PropertyAnimation, _ shape: Shape, keys: Int, curve: TimingFunction?, extra: Flags = [],
            isGroupChild: Bool
        ) {
            var flag = extra
            if animation.isAdditive { flag.insert(.additive) }
            if animation.isCumulative { flag.insert(.cumulative) }
            shapes.append(shape); flags.append(flag); keyCounts.append(keys)
            let timing = ResolvedMediaTiming(animation.timing)
            for (k, value) in timing.laneFields.enumerated() { timingFields[k].append(value) }
            timingFlags.append(timing.laneFlags(removedOnCompletion: animation.isRemovedOnCompletion && !isGroupChild))
            springs.append((animation as? SpringAnimation)?.spring ?? DampedSpring())
            pairStart.append(pairCurve.count); timeStart.append(keyTimes.count)
            curveIndex.append(index(of: curve))
        }

        /// An animation the reference evaluates (no pairs). A group's child (`isGroupChild`, here and below) ignores its
        /// removal flag.
        mutating func addReference(_ animation: PropertyAnimation, isGroupChild: Bool = false) {
            begin(animation, .reference, keys: 0, curve: nil, isGroupChild: isGroupChild)
        }

        /// A basic or spring animation: one pair (its from and to).
        mutating func addBasic(_ animation: BasicAnimation, isGroupChild: Bool = false) {
            let spring = animation is SpringAnimation
            begin(animation, spring ? .spring : .basic, keys: 0, curve: spring ? nil : animation.timingFunction, isGroupChild: isGroupChild)
            pairCurve.append(.max)
        }

        /// A keyframe animation with `interpolation` (of `keys` values): pairs (v_i, v_{i+1}) with segment
        /// function i where they apply, or the pair (v_0, v_0) for a single value.
        mutating func addKeyframes(_ animation: KeyframeAnimation, _ interpolation: KeyframeInterpolation, isGroupChild: Bool = false) {
            let keys = interpolation.values.count
            begin(
                animation, .keyframe, keys: keys, curve: animation.isPaced ? nil : animation.timingFunction,
                extra: interpolation.isDiscrete ? .discrete : [], isGroupChild: isGroupChild)
            if keys > 1 { keyTimes += interpolation.timeline().times }
            let segmentFunctions = interpolation.usesSegmentFunctions ? interpolation.timingFunctions ?? [] : []
            for i in 0..<max(keys - 1, 1) {
                pairCurve.append(i < segmentFunctions.count ? index(of: segmentFunctions[i]) : .max)
            }
        }

        /// The schedule of the animations added so far.
        func build() -> AnimationSchedule {
            var schedule = AnimationSchedule(
                shapes: shapes, timings: Array(timingFields.joined()), timingFlags: timingFlags, flags: flags, springs: springs,
                pairStart: pairStart, keyCounts: keyCounts, keyTimes: keyTimes, timeStart: timeStart + [keyTimes.count],
                curveIndex: curveIndex, pairCurve: pairCurve,
                curves: TimingCurveTable(functions))
            schedule.classes = TimingClasses(schedule)
            return schedule
        }
    }

    /// The schedule of `animations` alone (indices in order), in their order, without classes: their arrays
    /// gathered, their pairs numbered from 0 in the same order, the curve table shared. O(their pairs and key times).
    func restricted(to animations: [Int]) -> AnimationSchedule {
        let n = animations.count
        var timings = [Double](repeating: 0, count: Int(CAMATH_TIMING_FIELDS) * n)
        for (j, i) in animations.enumerated() {
            for f in 0..<Int(CAMATH_TIMING_FIELDS) { timings[f * n + j] = self.timings[f * count + i] }
        }
        var pairStart: [Int] = [], pairCurve: [UInt32] = [], keyTimes: [Double] = [], timeStart: [Int] = []
        for i in animations {
            pairStart.append(pairCurve.count); timeStart.append(keyTimes.count)
            pairCurve += self.pairCurve[pairs(of: i..<(i + 1))]
            keyTimes += self.keyTimes[self.timeStart[i]..<self.timeStart[i + 1]]
        }
        return AnimationSchedule(
            shapes: animations.map { shapes[$0] }, timings: timings, timingFlags: animations.map { timingFlags[$0] },
            flags: animations.map { flags[$0] }, springs: animations.map { springs[$0] }, pairStart: pairStart,
            keyCounts: animations.map { keyCounts[$0] }, keyTimes: keyTimes, timeStart: timeStart + [keyTimes.count],
            curveIndex: animations.map { curveIndex[$0] }, pairCurve: pairCurve, curves: curves)
    }

    /// The steps of this schedule's classes at parent time `p` when every animation is at that one parent
    /// time — `times` is `.one(p)`, or per animation with every time bit for bit `p` (a presentation tree
    /// whose layers keep their parents' time, as most do) — and the schedule has classes, else `nil` (each
    /// animation resolved alone). O(classes), and per-animation times are read until the first that differs.
    func classSteps(_ times: PerElement, kernels: KernelTable) -> TimingClasses.Steps? {
        guard let classes, count > 0 else { return nil }
        switch times {
        case .one(let p):
            return classes.resolve(atParentTime: p, kernels: kernels)
        case .each(let t):
            let p = t.base[0]
            for i in 1..<count where t.base[i].bitPattern != p.bitPattern { return nil }
            return classes.resolve(atParentTime: p, kernels: kernels)
        }
    }

    /// The arrays the kernels read, as pointers for one call.
    struct Pointers {
        let curveFields: UnsafePointer<Double>, keyTimes: UnsafeBufferPointer<Double>
        let timings: UnsafeBufferPointer<Double>, timingFlags: UnsafeBufferPointer<UInt8>
    }

    /// Runs `body` with the schedule's arrays as pointers, for one call.
    func withPointers<R>(_ body: (Pointers) -> R) -> R {
        curves.fields.withUnsafeBufferPointer { fields in
            keyTimes.withUnsafeBufferPointer { keyTimes in
                timings.withUnsafeBufferPointer { timings in
                    timingFlags.withUnsafeBufferPointer { timingFlags in
                        body(Pointers(curveFields: fields.baseAddress!, keyTimes: keyTimes, timings: timings, timingFlags: timingFlags))
                    }
                }
            }
        }
    }

    /// Decides every step of animations `k` (one block) at `times`: the time mappings in vector lanes, the
    /// springs per animation, the timing curves in vector lanes, the keyframe segments and their segment
    /// curves (vector lanes again) — each the reference's rule. Writes `steps`, `cycles`, `keyValue` per
    /// animation (indexed from the block's start) and the blends into `pairs`, `owners` and `fractions`;
    /// returns their number. A NaN progress contributes nothing, as in the reference. With `classes` (this
    /// schedule's `classSteps(_:kernels:)` at `times`) each animation copies its class's steps instead.
    func resolveBlock(
        _ k: Range<Int>, times: PerElement, classes: TimingClasses.Steps?, pointers p: Pointers, scratch a: AnimationBlockScratch,
        kernels: KernelTable
    ) -> Int {
        if let classes, let classOf = self.classes?.classOf { return copyBlock(k, classOf: classOf, classes: classes, scratch: a) }
        let lo = k.lowerBound
        // The scratch's pointers and the schedule's arrays as locals: read through the scratch or `self` in the
        // loops, each was loaded again after every store (the compiler cannot tell that the stores leave them be).
        let steps = a.steps, contributes = a.contributes, basic = a.basic, progress = a.progress, cycles = a.cycles
        let curveIO = a.curveIO, curveWhich = a.curveWhich, curveOwner = a.curveOwner, keyValue = a.keyValue
        let pairs = a.pairs, fractions = a.fractions, owners = a.owners
        let shapes = self.shapes, springs = self.springs, curveIndex = self.curveIndex, pairStart = self.pairStart
        let keyCounts = self.keyCounts, timeStart = self.timeStart, flags = self.flags, pairCurve = self.pairCurve
        func mediaTiming(_ t: UnsafePointer<Double>, step: Int) {
            kernels.k.media_timing(
                p.timings.baseAddress! + lo, count, p.timingFlags.baseAddress! + lo, t, step, contributes, basic, progress,
                cycles, k.count)
        }
        switch times {
        case .one(let t): withUnsafePointer(to: t) { mediaTiming($0, step: 0) }
        case .each(let t): mediaTiming(t.base + lo, step: 1)
        }
        var curveCount = 0
        for j in 0..<k.count {
            let i = lo + j
            guard shapes[i] != .reference else { steps[j] = .reference; continue }
            guard contributes[j] != 0 else { steps[j] = .untouched; continue }
            steps[j] = .blend
            if shapes[i] == .spring { progress[j] = springs[i].fraction(atTime: basic[j]) }
            if curveIndex[i] != .max {
                curveIO[curveCount] = progress[j]; curveWhich[curveCount] = curveIndex[i]; curveOwner[curveCount] = j
                curveCount += 1
            }
        }
        // The animations' timing curves, in vector lanes (the curve-less keep their progress).
        Batch.curveLanes(
            p.curveFields, functions: curves.functions, which: curveWhich, x: curveIO, y: curveIO, count: curveCount, kernels: kernels)
        for c in 0..<curveCount { progress[curveOwner[c]] = curveIO[c] }
        // Each blending animation's pair and fraction, or its keyframe value, and the segments' own curves.
        var pairCount = 0
        curveCount = 0
        for j in 0..<k.count where steps[j] == .blend {
            let i = lo + j, f = progress[j], start = pairStart[i]
            if f.isNaN { steps[j] = .untouched; continue }
            let keys = keyCounts[i]
            guard keys > 0 else {
                pairs[pairCount] = Int64(start); fractions[pairCount] = f; owners[pairCount] = j
                pairCount += 1
                continue
            }
            let timeline = UnsafeBufferPointer(rebasing: p.keyTimes[timeStart[i]..<timeStart[i + 1]])
            steps[j] = .key
            guard !timeline.isEmpty else { keyValue[j] = 0; continue }
            if flags[i].contains(.discrete) {
                keyValue[j] = KeyTimeline.discreteIndex(in: timeline, at: f, count: keys)
                continue
            }
            switch KeyTimeline.position(in: timeline, at: f) {
            case .first: keyValue[j] = 0
            case .last: keyValue[j] = keys - 1
            case .segment(let segment, let local):
                let pair = start + segment
                steps[j] = .blend
                pairs[pairCount] = Int64(pair); fractions[pairCount] = local; owners[pairCount] = j
                if pairCurve[pair] != .max {
                    curveIO[curveCount] = local; curveWhich[curveCount] = pairCurve[pair]; curveOwner[curveCount] = pairCount
                    curveCount += 1
                }
                pairCount += 1
            }
        }
        Batch.curveLanes(
            p.curveFields, functions: curves.functions, which: curveWhich, x: curveIO, y: curveIO, count: curveCount, kernels: kernels)
        for c in 0..<curveCount { fractions[curveOwner[c]] = curveIO[c] }
        guard curveCount > 0 else { return pairCount }
        // A segment curve that yields NaN: that animation contributes nothing, as in the reference.
        var kept = 0
        for c in 0..<pairCount {
            if fractions[c].isNaN { steps[owners[c]] = .untouched; continue }
            (pairs[kept], fractions[kept], owners[kept]) = (pairs[c], fractions[c], owners[c])
            kept += 1
        }
        return kept
    }

    /// `resolveBlock(_:times:classes:pointers:scratch:kernels:)` from the classes' steps: each animation's
    /// step, cycle and keyframe value its class's, its pair its class's counted from its own first.
    private func copyBlock(_ k: Range<Int>, classOf: [UInt32], classes c: TimingClasses.Steps, scratch a: AnimationBlockScratch) -> Int {
        let steps = a.steps, cycles = a.cycles, keyValue = a.keyValue, pairs = a.pairs, fractions = a.fractions, owners = a.owners
        let pairStart = self.pairStart
        var pairCount = 0
        for j in 0..<k.count {
            let i = k.lowerBound + j, m = Int(classOf[i])
            guard m != Int(UInt32.max) else { steps[j] = .reference; continue }
            let step = c.steps[m]
            steps[j] = step; cycles[j] = c.cycles[m]; keyValue[j] = c.keyValue[m]
            if step == .blend {
                pairs[pairCount] = Int64(pairStart[i] + c.pairOffset[m]); fractions[pairCount] = c.fractions[m]; owners[pairCount] = j
                pairCount += 1
            }
        }
        return pairCount
    }
}

/// Per-thread scratch of an animation batch's vector path: one block's intermediate numbers (at most
/// `Batch.block` animations), reused block after block so that no step allocates per call
/// or per animation.
struct AnimationBlockScratch {
    /// Each animation's step, cycle and — for `AnimationSchedule.Step.key` — keyframe value.
    let steps: UnsafeMutablePointer<AnimationSchedule.Step>, cycles: UnsafeMutablePointer<Double>, keyValue: UnsafeMutablePointer<Int>
    /// The time mapping's verdict (1: contributes) and basic time.
    let contributes: UnsafeMutablePointer<UInt8>, basic: UnsafeMutablePointer<Double>
    /// Progress after the time mapping (and the spring), then after the animation's curve.
    let progress: UnsafeMutablePointer<Double>
    /// Inputs of one curve pass, their functions and whose they are; curves are evaluated in place.
    let curveIO: UnsafeMutablePointer<Double>, curveWhich: UnsafeMutablePointer<UInt32>, curveOwner: UnsafeMutablePointer<Int>
    /// The pairs to blend (as the interpolation kernel reads their indices), the animation of each (within
    /// the block) and its fraction.
    let pairs: UnsafeMutablePointer<Int64>, owners: UnsafeMutablePointer<Int>, fractions: UnsafeMutablePointer<Double>

    /// Runs `body` with a scratch for blocks of up to `Batch.block` animations. Always inlined:
    /// out of line, each of its nested closures copied the batch that `body` captures — a retain and a release
    /// of every array of it per call (measured, Zen 5 VM, 1e3 animations on one thread: transforms 48.7 → 59.6,
    /// values 73.3 → 103.6 Mops/s).
    @inline(__always) static func with<R>(_ body: (AnimationBlockScratch) -> R) -> R {
        let b = Batch.block
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 5 * b) { d in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * b) { n in
                withUnsafeTemporaryAllocation(of: Int64.self, capacity: b) { pairs in
                    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: b) { w in
                        withUnsafeTemporaryAllocation(of: AnimationSchedule.Step.self, capacity: b) { s in
                            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: b) { c in
                                let d = d.baseAddress!, n = n.baseAddress!
                                return body(
                                    AnimationBlockScratch(
                                        steps: s.baseAddress!, cycles: d, keyValue: n + 2 * b, contributes: c.baseAddress!,
                                        basic: d + 4 * b, progress: d + b, curveIO: d + 2 * b, curveWhich: w.baseAddress!,
                                        curveOwner: n, pairs: pairs.baseAddress!, owners: n + b, fractions: d + 3 * b))
                            }
                        }
                    }
                }
            }
        }
    }
}

extension ResolvedMediaTiming {
    /// The `CAMATH_TIMING_FIELDS` doubles the `media_timing` kernel reads, in its order.
    var laneFields: [Double] { [beginTime, speed, timeOffset, duration, cycleDuration, activeDuration] }

    /// The `CAMATH_TIMING_*` bits of this timing, removed on completion or not.
    func laneFlags(removedOnCompletion: Bool) -> UInt8 {
        UInt8(
            (autoreverses ? CAMATH_TIMING_AUTOREVERSES : 0) | (fillsBackwards ? CAMATH_TIMING_FILLS_BACKWARDS : 0)
                | (fillsForwards ? CAMATH_TIMING_FILLS_FORWARDS : 0) | (removedOnCompletion ? CAMATH_TIMING_REMOVED : 0))
    }
}
