import CAMathAnimation
import CAMathCore
import CAMathKernels

/// Many animations of whole transforms (`transform`, `sublayerTransform`), prepared once to be evaluated at
/// one parent time per frame by ``Batch/evaluate(_:atParentTime:into:contributes:path:threads:instructionSet:)``.
///
/// Every segment's two ends are decomposed once (an ``InterpolationPlan``): a frame maps each animation's time
/// (CAMathAnimation's *media-timing model*), runs its timing curve, picks its keyframe segment and only
/// blends, slerps and recomposes. Basic, spring and keyframe animations (values, any calculation mode) take
/// that path, with additive and cumulative applied after the blend; anything else (a value function, a
/// keyframe path, a "none" row, a group) is evaluated by the reference per animation. The model values are
/// the sources of missing ends and are read at preparation: prepare again when they change.
///
/// The batch holds private copies of the animations and never changes them, so it may be shared between
/// threads.
public struct TransformAnimationBatch: @unchecked Sendable {
    /// How an animation is evaluated.
    enum Shape: UInt8 { case basic, spring, keyframe, reference }

    /// Per-animation facts, a bit each.
    struct Flags: OptionSet {
        let rawValue: UInt8
        /// Removed on completion.
        static let removed = Flags(rawValue: 1)
        /// Additive or cumulative.
        static let combines = Flags(rawValue: 2)
        /// A keyframe animation whose effective mode is discrete.
        static let discrete = Flags(rawValue: 4)
    }

    /// The animations (private copies) and their models.
    let animations: [PropertyAnimation]
    let models: [Transform3D]
    let shapes: [Shape]
    /// Each animation's timing, resolved, its flags and its spring (springs only).
    let timings: [ResolvedMediaTiming]
    let flags: [Flags]
    let springs: [Spring]
    /// The first pair of each animation in ``plan`` and, for keyframes, the number of values (0 otherwise).
    let pairStart: [Int]
    let keyCounts: [Int]
    /// Keyframe timelines, all in one array: animation i's key times are `keyTimes[timeStart[i]..<timeStart[i + 1]]`
    /// (none for a keyframe animation of one value, which always shows it).
    let keyTimes: [Double]
    let timeStart: [Int]
    /// The animation-level timing function of each, and the segment function of each pair (indices into
    /// ``curves``; `UInt32.max`: none — linear, paced or a missing segment function).
    let curveIndex: [UInt32]
    let pairCurve: [UInt32]
    let curves: TimingCurveTable
    /// Each pair's start and end transforms, decomposed.
    let plan: InterpolationPlan
    /// For cumulative or additive animations: the end of one cycle (else unused).
    let cycleEnds: [Transform3D]

    /// The number of animations.
    public var count: Int { animations.count }

    /// Prepares `animations[i]` over model transform `models[i]` (counts must match), decomposing with the
    /// kernels of `instructionSet`. Cost: O(segments) decompositions.
    public init(_ animations: [PropertyAnimation], models: [Transform3D], instructionSet: InstructionSet? = nil) throws(BatchError) {
        try BatchError.check("models", models.count, equals: animations.count)
        var functions: [TimingFunction] = [], functionIndex: [TimingFunction: UInt32] = [:]
        func index(of function: TimingFunction?) -> UInt32 {
            guard let function else { return .max }
            if let i = functionIndex[function] { return i }
            functions.append(function)
            functionIndex[function] = UInt32(functions.count - 1)
            return UInt32(functions.count - 1)
        }
        var copies: [PropertyAnimation] = [], shapes: [Shape] = [], pairStart: [Int] = [], keyCounts: [Int] = [], flags: [Flags] = []
        var keyTimes: [Double] = [], timeStart: [Int] = [], curveIndex: [UInt32] = [], pairCurve: [UInt32] = []
        var cycleEnds: [Transform3D] = [], from: [Transform3D] = [], to: [Transform3D] = []
        for (animation, model) in zip(animations, models) {
            let copy = animation.copy() as! PropertyAnimation
            copies.append(copy)
            pairStart.append(from.count)
            timeStart.append(keyTimes.count)
            var shape = Shape.reference, keys = 0, curve = UInt32.max, end = Transform3D.identity
            var flag: Flags = copy.isRemovedOnCompletion ? .removed : []
            if copy.isAdditive || copy.isCumulative { flag.insert(.combines) }
            let wholeTransform = copy.valueFunction == nil && (copy.keyPath == nil || copy.target?.part == .whole)
            if wholeTransform, let part = copy.modelPart(model: .transform(model), target: copy.target) {
                if let basic = copy as? BasicAnimation, !(basic.fromValue == nil && basic.toValue == nil && basic.byValue == nil),
                   let (a, b) = basic.ends(model: part), case .transform(let ta) = a, case .transform(let tb) = b {
                    shape = basic is SpringAnimation ? .spring : .basic
                    from.append(ta); to.append(tb); pairCurve.append(.max)
                    end = copy.autoreverses ? ta : tb
                    curve = shape == .spring ? .max : index(of: copy.timingFunction)
                } else if let animation = copy as? KeyframeAnimation, animation.path == nil,
                          let interpolation = animation.interpolation(model: part) {
                    // Pair i is (v_i, v_{i+1}) with segment function i where they apply; a single value is the
                    // pair (v_0, v_0).
                    let values = interpolation.values.compactMap { if case .transform(let t) = $0 { t } else { nil } }
                    let segmentFunctions = interpolation.usesSegmentFunctions ? interpolation.timingFunctions ?? [] : []
                    shape = .keyframe
                    keys = values.count
                    if interpolation.isDiscrete { flag.insert(.discrete) }
                    if keys > 1 { keyTimes += interpolation.timeline().times }
                    for i in 0..<max(keys - 1, 1) {
                        from.append(values[i]); to.append(values[min(i + 1, keys - 1)])
                        pairCurve.append(i < segmentFunctions.count ? index(of: segmentFunctions[i]) : .max)
                    }
                    end = copy.autoreverses ? values[0] : values[keys - 1]
                    curve = animation.isPaced ? .max : index(of: copy.timingFunction)
                }
            }
            shapes.append(shape); keyCounts.append(keys); flags.append(flag); curveIndex.append(curve); cycleEnds.append(end)
        }
        timeStart.append(keyTimes.count)
        plan = try InterpolationPlan(from: from, to: to, instructionSet: instructionSet)
        timings = copies.map { ResolvedMediaTiming($0.timing) }
        springs = copies.map { ($0 as? SpringAnimation)?.spring ?? Spring() }
        (self.animations, self.models, self.shapes, self.flags, self.pairStart, self.keyCounts) = (copies, models, shapes, flags, pairStart, keyCounts)
        (self.keyTimes, self.timeStart, self.curveIndex, self.pairCurve, self.cycleEnds) = (keyTimes, timeStart, curveIndex, pairCurve, cycleEnds)
        curves = TimingCurveTable(functions)
    }

    /// The reference: animation i's presentation value at parent time `p` over `current` (its model when
    /// `nil`; `current` itself when it contributes nothing), and whether it contributed — what every path
    /// reproduces. O(1) (a blend).
    public func referenceValue(_ i: Int, atParentTime p: Double, over current: Transform3D? = nil) -> (Transform3D, Bool) {
        let animation = animations[i], base = current ?? models[i]
        let evaluation = animation.evaluation(at: p, isGroupChild: false)
        guard case .transform(let t)? = animation.value(at: evaluation, model: .transform(models[i]), current: .transform(base)) else {
            return (base, false)
        }
        return (t, true)
    }
}

extension Batch {
    /// `out[i]` = animation i's presentation value over its model at parent time `p` (the model where it
    /// contributes nothing, which `contributes[i]` reports): the time mapping, the timing curve and the
    /// blend of the reference, with its bits. Paths: `.scalar` (the reference per animation); `.simd` (the
    /// curves and the blends in vector lanes: bit-identical); `.blas` throws. Mismatched counts throw before
    /// anything is written. Cost: O(n) — per animation a time mapping, a curve solve and a blend.
    public static func evaluate(_ batch: TransformAnimationBatch, atParentTime p: Double, into out: UnsafeMutableBufferPointer<Transform3D>,
                                contributes: UnsafeMutableBufferPointer<Bool>? = nil,
                                path: BatchPath = .auto, threads: Int? = nil, instructionSet: InstructionSet? = nil) throws(BatchError) {
        try evaluate(batch, times: .one(p), over: nil, into: out, contributes: contributes, path: path, threads: threads, instructionSet: instructionSet)
    }

    /// As ``evaluate(_:atParentTime:into:contributes:path:threads:instructionSet:)`` with animation i at its
    /// own parent time `parentTimes[i]` (its layer's local time) and over `current[i]` (the presentation value
    /// so far: an additive animation adds to it, and it is the value where the animation contributes nothing).
    /// `out` may be `current`'s memory. Mismatched counts throw before anything is written.
    public static func evaluate(_ batch: TransformAnimationBatch, atParentTimes parentTimes: UnsafeBufferPointer<Double>,
                                over current: UnsafeBufferPointer<Transform3D>, into out: UnsafeMutableBufferPointer<Transform3D>,
                                contributes: UnsafeMutableBufferPointer<Bool>? = nil,
                                path: BatchPath = .auto, threads: Int? = nil, instructionSet: InstructionSet? = nil) throws(BatchError) {
        try BatchError.check("parentTimes", parentTimes.count, equals: batch.count)
        try BatchError.check("current", current.count, equals: batch.count)
        guard let t = parentTimes.baseAddress, let c = current.baseAddress else {
            return try evaluate(batch, times: .one(0), over: nil, into: out, contributes: contributes, path: path, threads: threads, instructionSet: instructionSet)
        }
        try evaluate(batch, times: .each(SharedReadPointer(base: t)), over: SharedReadPointer(base: c), into: out, contributes: contributes,
                     path: path, threads: threads, instructionSet: instructionSet)
    }

    static func evaluate(_ batch: TransformAnimationBatch, times: PerElement, over current: SharedReadPointer<Transform3D>?,
                         into out: UnsafeMutableBufferPointer<Transform3D>, contributes: UnsafeMutableBufferPointer<Bool>?,
                         path: BatchPath, threads: Int?, instructionSet: InstructionSet?) throws(BatchError) {
        let n = batch.count
        try BatchError.check("out", out.count, equals: n)
        if let contributes { try BatchError.check("contributes", contributes.count, equals: n) }
        let (resolved, threadCount, kernels) = try schedule(.animateTransforms, count: n, path: path, threads: threads, instructionSet: instructionSet)
        guard n > 0, let o = out.baseAddress else { return }
        let po = SharedPointer(base: o), pc = contributes?.baseAddress.map { SharedPointer(base: $0) }
        chunks(count: n, threads: threadCount) { r in
            if resolved == .scalar {
                for i in r {
                    let (t, applied) = batch.referenceValue(i, atParentTime: times(i), over: current?.base[i])
                    po.base[i] = t
                    pc?.base[i] = applied
                }
                return
            }
            batch.evaluate(r, times: times, over: current, kernels: kernels, into: po.base, contributes: pc?.base)
        }
    }
}

/// Per-thread scratch of the vector path: one block's intermediate numbers (at most
/// `DecompositionScratch.block` animations), reused block after block so that no step allocates per call
/// or per animation.
struct AnimationBlockScratch {
    /// Progress after the time mapping (and the spring), then after the animation's curve.
    let progress: UnsafeMutablePointer<Double>, cycles: UnsafeMutablePointer<Double>
    /// Inputs of one curve pass, their functions and whose they are; curves are evaluated in place.
    let curveIO: UnsafeMutablePointer<Double>, curveWhich: UnsafeMutablePointer<UInt32>, curveOwner: UnsafeMutablePointer<Int>
    /// The pairs to blend and the animation of each (within the block); their fractions go to the
    /// decomposition scratch.
    let pairs: UnsafeMutablePointer<Int>, owners: UnsafeMutablePointer<Int>
    /// Whether an animation still waits for its value; whether it contributed.
    let pending: UnsafeMutablePointer<Bool>, applied: UnsafeMutablePointer<Bool>
    /// The value where a combining animation contributes nothing (read before `out` is written), and the
    /// blends before they are scattered.
    let bases: UnsafeMutablePointer<Transform3D>, values: UnsafeMutablePointer<Transform3D>

    /// Runs `body` with a scratch for blocks of up to `DecompositionScratch.block` animations.
    static func with(_ body: (AnimationBlockScratch) -> Void) {
        let b = DecompositionScratch.block
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * b) { d in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * b) { n in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: b) { w in
                    withUnsafeTemporaryAllocation(of: Bool.self, capacity: 2 * b) { f in
                        withUnsafeTemporaryAllocation(of: Transform3D.self, capacity: 2 * b) { t in
                            let d = d.baseAddress!, n = n.baseAddress!, f = f.baseAddress!, t = t.baseAddress!
                            body(AnimationBlockScratch(progress: d, cycles: d + b, curveIO: d + 2 * b, curveWhich: w.baseAddress!, curveOwner: n,
                                                       pairs: n + b, owners: n + 2 * b, pending: f, applied: f + b, bases: t, values: t + b))
                        }
                    }
                }
            }
        }
    }
}

extension TransformAnimationBatch {
    /// The vector path for animations `r`, block by block: time mappings and springs per animation, the
    /// timing curves in vector lanes, the keyframe segments and their segment curves (vector lanes again),
    /// the blends of the plan's pairs in vector lanes, then additive and cumulative — each step the
    /// reference's. A value an animation takes whole (its model, a keyframe) is written at once; the blended
    /// ones are gathered, blended and scattered.
    func evaluate(_ r: Range<Int>, times: PerElement, over current: SharedReadPointer<Transform3D>?, kernels: KernelTable,
                  into out: UnsafeMutablePointer<Transform3D>, contributes: UnsafeMutablePointer<Bool>?) {
        AnimationBlockScratch.with { a in
            curves.fields.withUnsafeBufferPointer { fields in
                keyTimes.withUnsafeBufferPointer { keyTimes in
                    plan.withPointers { plan in
                        DecompositionScratch.blocks(of: r) { k, s in
                            evaluateBlock(k, times: times, over: current, curveFields: fields.baseAddress!, keyTimes: keyTimes, plan: plan,
                                          scratch: a, decomposition: s, kernels: kernels, into: out, contributes: contributes)
                        }
                    }
                }
            }
        }
    }

    /// Animations `k` (one block). The value where animation i contributes nothing is `current[i]` or its
    /// model, read before `out[i]` (maybe `current`'s memory) is written.
    private func evaluateBlock(_ k: Range<Int>, times: PerElement, over current: SharedReadPointer<Transform3D>?, curveFields: UnsafePointer<Double>,
                               keyTimes: UnsafeBufferPointer<Double>, plan: PlanPointers, scratch a: AnimationBlockScratch,
                               decomposition s: DecompositionScratch, kernels: KernelTable,
                               into out: UnsafeMutablePointer<Transform3D>, contributes: UnsafeMutablePointer<Bool>?) {
        let lo = k.lowerBound, m = k.count
        func base(_ i: Int) -> Transform3D { current?.base[i] ?? models[i] }
        var curveCount = 0
        for j in 0..<m {
            let i = lo + j
            a.pending[j] = false
            a.applied[j] = false
            if shapes[i] == .reference {
                (out[i], a.applied[j]) = referenceValue(i, atParentTime: times(i), over: base(i))
                continue
            }
            let e = timings[i].evaluate(parentTime: times(i), removedOnCompletion: flags[i].contains(.removed))
            guard e.contributes else { out[i] = base(i); continue }
            if flags[i].contains(.combines) { a.bases[j] = base(i) }
            a.applied[j] = true
            a.pending[j] = true
            a.cycles[j] = e.cycle
            a.progress[j] = shapes[i] == .spring ? springs[i].fraction(atTime: e.basicTime) : e.progress
            if curveIndex[i] != .max {
                a.curveIO[curveCount] = a.progress[j]; a.curveWhich[curveCount] = curveIndex[i]; a.curveOwner[curveCount] = j
                curveCount += 1
            }
        }
        // The animations' timing curves, in vector lanes (the curve-less keep their progress).
        Batch.curveLanes(curveFields, functions: curves.functions, which: a.curveWhich, x: a.curveIO, y: a.curveIO, count: curveCount, kernels: kernels)
        for c in 0..<curveCount { a.progress[a.curveOwner[c]] = a.curveIO[c] }
        // Each pending animation's pair and fraction (into the decomposition scratch's fractions), and the
        // keyframe segments' own curves.
        var pairCount = 0
        curveCount = 0
        for j in 0..<m where a.pending[j] {
            let i = lo + j, f = a.progress[j], start = pairStart[i]
            if f.isNaN { out[i] = base(i); a.applied[j] = false; continue }
            let keys = keyCounts[i]
            guard keys > 0 else {
                a.pairs[pairCount] = start; s.fractions[pairCount] = f; a.owners[pairCount] = j
                pairCount += 1
                continue
            }
            // Keyframes: value v is the start of pair v, or the end of pair v − 1.
            func value(_ v: Int) -> Transform3D { v == 0 ? plan.from[start] : plan.to[start + v - 1] }
            let timeline = UnsafeBufferPointer(rebasing: keyTimes[timeStart[i]..<timeStart[i + 1]])
            guard !timeline.isEmpty else { out[i] = value(0); continue }
            if flags[i].contains(.discrete) {
                out[i] = value(KeyTimeline.discreteIndex(in: timeline, at: f, count: keys))
                continue
            }
            switch KeyTimeline.position(in: timeline, at: f) {
            case .first: out[i] = value(0)
            case .last: out[i] = value(keys - 1)
            case .segment(let segment, let local):
                let pair = start + segment
                a.pairs[pairCount] = pair; s.fractions[pairCount] = local; a.owners[pairCount] = j
                if pairCurve[pair] != .max {
                    a.curveIO[curveCount] = local; a.curveWhich[curveCount] = pairCurve[pair]; a.curveOwner[curveCount] = pairCount
                    curveCount += 1
                }
                pairCount += 1
            }
        }
        Batch.curveLanes(curveFields, functions: curves.functions, which: a.curveWhich, x: a.curveIO, y: a.curveIO, count: curveCount, kernels: kernels)
        for c in 0..<curveCount { s.fractions[a.curveOwner[c]] = a.curveIO[c] }
        // The blends: straight into `out` when every animation of the block blends, else gathered and scattered.
        if pairCount > 0 {
            let direct = pairCount == m
            plan.evaluateBlock(0..<pairCount, pairs: SharedReadPointer(base: a.pairs), fractions: .each(SharedReadPointer(base: s.fractions)),
                               scratch: s, kernels: kernels, into: direct ? out + lo : a.values)
            if !direct {
                for c in 0..<pairCount { out[lo + a.owners[c]] = a.values[c] }
            }
        }
        for j in 0..<m {
            let i = lo + j
            contributes?[i] = a.applied[j]
            guard a.applied[j], flags[i].contains(.combines), shapes[i] != .reference else { continue }
            let animation = animations[i]
            if case .transform(let t)? = animation.combined(.transform(out[i]), cycleEnd: .transform(cycleEnds[i]), cycle: a.cycles[j],
                                                           current: .transform(a.bases[j]), target: animation.target) {
                out[i] = t
            } else {
                out[i] = a.bases[j]
                contributes?[i] = false
            }
        }
    }
}

extension Batch {
    /// Array form of ``evaluate(_:atParentTime:into:contributes:path:threads:instructionSet:)``: the values and
    /// whether each animation contributed.
    public static func evaluate(_ batch: TransformAnimationBatch, atParentTime p: Double, path: BatchPath = .auto, threads: Int? = nil,
                                instructionSet: InstructionSet? = nil) throws(BatchError) -> (values: [Transform3D], contributes: [Bool]) {
        var contributes = [Bool](repeating: false, count: batch.count)
        let values = try Array.filled(count: batch.count) { out throws(BatchError) in
            try contributes.withUnsafeMutableBufferPointer { c throws(BatchError) in
                try evaluate(batch, atParentTime: p, into: out, contributes: c, path: path, threads: threads, instructionSet: instructionSet)
            }
        }
        return (values, contributes)
    }
}

