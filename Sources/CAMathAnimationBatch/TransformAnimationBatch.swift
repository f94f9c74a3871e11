import CAMathAnimation
@_spi(Benchmarks) import CAMathBatch
import CAMathCore
import _CAMathKernels

/// Many animations of whole transforms (`transform`, `sublayerTransform`), prepared once to be evaluated at
/// one parent time per frame by `Batch.evaluate(_:atParentTime:into:contributes:options:)`.
///
/// Every segment's two ends are decomposed once (an `InterpolationPlan`): a frame maps each animation's time
/// (CAMathAnimation's *media-timing model*), runs its timing curve, picks its keyframe segment and only
/// blends, slerps and recomposes. Basic, spring and keyframe animations (values, any calculation mode) take
/// that path, with additive and cumulative applied after the blend; anything else (a value function, a
/// keyframe path, a "none" row, a group) is evaluated by the reference per animation. The model values are
/// the sources of missing ends and are read at preparation: prepare again when they change.
///
/// The batch holds private copies of the animations and never changes them, so it may be shared between
/// threads.
public struct TransformAnimationBatch: @unchecked Sendable {
    /// The animations (private copies) and their models.
    let animations: [PropertyAnimation]
    let models: [Transform3D]
    /// Whether each animation is a group's child (its removal flag ignored); empty when none is.
    let groupChildren: [Bool]
    /// Their timing, curves and keyframe timelines.
    let schedule: AnimationSchedule
    /// Each pair's start and end transforms, decomposed.
    let plan: InterpolationPlan
    /// For cumulative or additive animations: the end of one cycle (else unused); empty when no animation of the
    /// batch is either.
    let cycleEnds: [Transform3D]

    /// The number of animations.
    public var count: Int { animations.count }

    /// Prepares `animations[i]` over model transform `models[i]` (counts must match), decomposing with the
    /// kernels of `instructionSet`. Cost: O(segments) decompositions.
    public init(
        _ animations: [PropertyAnimation], models: [Transform3D],
        instructionSet: InstructionSet? = nil
    ) throws(BatchError) {
        try self.init(animations, models: models, instructionSet: instructionSet, copying: true)
    }

    /// `init(_:models:instructionSet:)` over `animations` themselves when not `copying` (a render tree's records, whose
    /// animations are layers' stored copies, CAMathEngine's *Render trees*); `groupChildren[i]` (when not empty) marks
    /// animation i a group's child, whose removal flag is ignored.
    package init(
        _ animations: [PropertyAnimation], models: [Transform3D], instructionSet: InstructionSet?, copying: Bool,
        groupChildren: [Bool] = []
    ) throws(BatchError) {
        try BatchError.check("models", models.count, equals: animations.count)
        var builder = AnimationSchedule.Builder()
        var copies: [PropertyAnimation] = [], cycleEnds: [Transform3D] = [], from: [Transform3D] = [], to: [Transform3D] = []
        copies.reserveCapacity(animations.count); cycleEnds.reserveCapacity(animations.count)
        from.reserveCapacity(animations.count); to.reserveCapacity(animations.count)
        for i in animations.indices {
            let animation = animations[i], model = models[i], isGroupChild = !groupChildren.isEmpty && groupChildren[i]
            let copy = copying ? animation.copy() as! PropertyAnimation : animation
            copies.append(copy)
            var end = Transform3D.identity
            defer { cycleEnds.append(end) }
            let wholeTransform = copy.valueFunction == nil && (copy.keyPath == nil || copy.target?.part == .whole)
            guard wholeTransform, let part = copy.modelPart(model: .transform(model), target: copy.target) else {
                builder.addReference(copy, isGroupChild: isGroupChild)
                continue
            }
            if let basic = copy as? BasicAnimation, let (a, b) = basic.ends(model: part, previous: basic.previousValue),
                case .transform(let ta) = a, case .transform(let tb) = b
            {
                builder.addBasic(basic, isGroupChild: isGroupChild)
                from.append(ta); to.append(tb)
                end = copy.autoreverses ? ta : tb
            } else if let animation = copy as? KeyframeAnimation, animation.path == nil,
                let interpolation = animation.interpolation(model: part)
            {
                let values = interpolation.values.compactMap { if case .transform(let t) = $0 { t } else { nil } }
                let keys = values.count
                builder.addKeyframes(animation, interpolation, isGroupChild: isGroupChild)
                for i in 0..<max(keys - 1, 1) {
                    from.append(values[i]); to.append(values[min(i + 1, keys - 1)])
                }
                end = copy.autoreverses ? values[0] : values[keys - 1]
            } else {
                builder.addReference(copy, isGroupChild: isGroupChild)
            }
        }
        plan = try InterpolationPlan(from: from, to: to, instructionSet: instructionSet)
        schedule = builder.build()
        (self.animations, self.models, self.groupChildren) = (copies, models, groupChildren)
        self.cycleEnds = schedule.flags.contains(where: \.combines) ? cycleEnds : []
    }

    /// The reference: animation i's presentation value at parent time `p` over `current` (its model when
    /// `nil`; `current` itself when it contributes nothing), and whether it contributed — what every path
    /// reproduces. O(1) (a blend).
    public func referenceValue(
        _ i: Int, atParentTime p: Double, over current: Transform3D? = nil
    )
        -> (Transform3D, Bool)
    {
        let animation = animations[i], base = current ?? models[i]
        let evaluation = animation.evaluation(at: p, isGroupChild: !groupChildren.isEmpty && groupChildren[i])
        guard case .transform(let t)? = animation.value(at: evaluation, model: .transform(models[i]), current: .transform(base)) else {
            return (base, false)
        }
        return (t, true)
    }
}

extension TransformAnimationBatch {
    /// The pair animation `i` blends at parent time `p` and at what fraction, with its cycle — the schedule's
    /// step for it alone, with the exact kernels (the reference's bits) — or `nil` where it blends nothing.
    func blend(_ i: Int, atParentTime p: Double) -> (from: Transform3D, to: Transform3D, fraction: Double, cycle: Double)? {
        AnimationBlockScratch.with { a in
            schedule.withPointers { pointers in
                let kernels = InstructionSet.portable.kernels!
                guard
                    schedule.resolveBlock(i..<(i + 1), times: .one(p), classes: nil, pointers: pointers, scratch: a, kernels: kernels) == 1
                else { return nil }
                return (plan.from[Int(a.pairs[0])], plan.to[Int(a.pairs[0])], a.fractions[0], a.cycles[0])
            }
        }
    }
}

extension Batch {
    /// The frame's evaluation over `batch` at one parent time for all (`times` `.one`) or one per animation (`.each`),
    /// over `current` or the models, into `out`, marking what contributes: what the public forms call, and the
    /// engine's chunks.
    package static func evaluate(
        _ batch: TransformAnimationBatch, times: PerElement, over current: SharedReadPointer<Transform3D>?,
        into out: UnsafeMutableBufferPointer<Transform3D>, contributes: UnsafeMutableBufferPointer<Bool>?,
        options: BatchOptions
    ) throws(BatchError) {
        let n = batch.count
        try BatchError.check("out", out.count, equals: n)
        if let contributes { try BatchError.check("contributes", contributes.count, equals: n) }
        let (resolved, threadCount, kernels) = try schedule(.animateTransforms, count: n, options: options)
        guard n > 0, let o = out.baseAddress else { return }
        let po = SharedPointer(base: o), pc = contributes?.baseAddress.map { SharedPointer(base: $0) }
        let classes = resolved == .scalar ? nil : batch.schedule.classSteps(times, kernels: kernels)
        chunks(count: n, threads: threadCount) { r in
            if resolved == .scalar {
                for i in r {
                    let (t, applied) = batch.referenceValue(i, atParentTime: times(i), over: current?.base[i])
                    po.base[i] = t
                    pc?.base[i] = applied
                }
                return
            }
            batch.evaluate(r, times: times, classes: classes, over: current, kernels: kernels, into: po.base, contributes: pc?.base)
        }
    }
}

extension TransformAnimationBatch {
    /// The vector path for animations `r`, block by block: the schedule's steps (time mappings, curves and
    /// keyframe segments), the blends of the plan's pairs in vector lanes, then additive and cumulative —
    /// each step the reference's. A value an animation takes whole (its model, a keyframe) is written at
    /// once; the blended ones are gathered, blended and scattered.
    func evaluate(
        _ r: Range<Int>, times: PerElement, classes: TimingClasses.Steps?, over current: SharedReadPointer<Transform3D>?,
        kernels: KernelTable,
        into out: UnsafeMutablePointer<Transform3D>, contributes: UnsafeMutablePointer<Bool>?
    ) {
        let b = Batch.block
        AnimationBlockScratch.with { a in
            withUnsafeTemporaryAllocation(of: Transform3D.self, capacity: 2 * b) { t in
                schedule.withPointers { pointers in
                    plan.withPointers { plan in
                        DecompositionScratch.blocks(of: r) { k, s in
                            prefetchPairs(of: k.prefix(48), plan: plan)
                            let pairCount = schedule.resolveBlock(
                                k, times: times, classes: classes, pointers: pointers, scratch: a, kernels: kernels)
                            evaluateBlock(
                                k, times: times, over: current, pairCount: pairCount, plan: plan, scratch: a, bases: t.baseAddress!,
                                values: t.baseAddress! + b, decomposition: s, kernels: kernels, into: out, contributes: contributes)
                        }
                    }
                }
            }
        }
    }

    /// Asks the cache for every pair record animations `k` may blend (one run of the plan): the interpolation
    /// kernel prefetches each lane block's records one block ahead, but the first block of a call would wait
    /// for memory, so the block loop asks for the first animations' records before the schedule's steps run
    /// (measured, Zen 4 VM, 1e6 animations: +3–4 % with the first 48, less with 16 or the whole block).
    private func prefetchPairs(of k: Range<Int>, plan: PlanPointers) {
        guard !k.isEmpty else { return }
        let pairs = schedule.pairs(of: k)
        camath_prefetch(plan.pairs.from(pairs.lowerBound).records, pairs.count * PairRecords.fields * MemoryLayout<Double>.stride)
    }

    /// Animations `k` (one block) after the schedule decided their steps. The value where animation i
    /// contributes nothing is `current[i]` or its model, read (into `bases`) before `out[i]` (maybe
    /// `current`'s memory) is written.
    private func evaluateBlock(
        _ k: Range<Int>, times: PerElement, over current: SharedReadPointer<Transform3D>?, pairCount: Int, plan: PlanPointers,
        scratch a: AnimationBlockScratch, bases: UnsafeMutablePointer<Transform3D>, values: UnsafeMutablePointer<Transform3D>,
        decomposition s: DecompositionScratch, kernels: KernelTable,
        into out: UnsafeMutablePointer<Transform3D>, contributes: UnsafeMutablePointer<Bool>?
    ) {
        let lo = k.lowerBound, m = k.count
        // Locals, not reads through the scratch or `self` in the loops (see AnimationSchedule.resolveBlock).
        let steps = a.steps, keyValue = a.keyValue, owners = a.owners, flags = schedule.flags, pairStart = schedule.pairStart
        func base(_ i: Int) -> Transform3D { current?.base[i] ?? models[i] }
        var combining = false
        for j in 0..<m {
            let i = lo + j
            switch steps[j] {
            case .reference:
                let applied: Bool
                (out[i], applied) = referenceValue(i, atParentTime: times(i), over: base(i))
                contributes?[i] = applied
                continue
            case .untouched:
                out[i] = base(i)
                contributes?[i] = false
                continue
            case .key, .blend:
                contributes?[i] = true
                if flags[i].combines {
                    bases[j] = base(i)
                    combining = true
                }
            }
            if steps[j] == .key {
                let start = pairStart[i], v = keyValue[j]
                out[i] = v == 0 ? plan.from[start] : plan.to[start + v - 1]
            }
        }
        // The blends: straight into `out` when every animation of the block blends, else gathered and scattered.
        if pairCount > 0 {
            let direct = pairCount == m
            plan.evaluateGathered(
                count: pairCount, indices: a.pairs, fractions: a.fractions, scratch: s, kernels: kernels,
                into: direct ? out + lo : values, stream: direct && InterpolationPlan.streams(count))
            if !direct {
                for c in 0..<pairCount { out[lo + owners[c]] = values[c] }
            }
        }
        guard combining else { return }
        for j in 0..<m where steps[j] == .key || steps[j] == .blend {
            let i = lo + j
            guard flags[i].combines else { continue }
            let animation = animations[i]
            if case .transform(let t)? = animation.combined(
                .transform(out[i]), cycleEnd: .transform(cycleEnds[i]), cycle: a.cycles[j],
                current: .transform(bases[j]), target: animation.target)
            {
                out[i] = t
            } else {
                out[i] = bases[j]
                contributes?[i] = false
            }
        }
    }
}

extension TransformAnimationBatch {
    /// `out[i]` = animation i's presentation value over its model at parent time `p` (the model where it
    /// contributes nothing, which `contributes[i]` reports): the time mapping, the timing curve and the
    /// blend of the reference, with its bits. Paths: `.scalar` (the reference per animation); `.simd` (the
    /// curves and the blends in vector lanes: bit-identical); `.blas` throws. `precision: .fast` blends as
    /// `InterpolationPlan.interpolate(fractions:into:options:)` does at that precision; the
    /// timing, the curves, the choice of segment and every value taken whole stay exact (within
    /// `ExactnessBudget.transformAnimation(_:_:atParentTime:over:)`). Mismatched counts throw before anything
    /// is written. Cost: O(n) — per animation a time mapping, a curve solve and a blend.
    public func evaluate(
        atParentTime p: Double,
        into out: UnsafeMutableBufferPointer<Transform3D>,
        contributes: UnsafeMutableBufferPointer<Bool>? = nil,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try Batch.evaluate(self, times: .one(p), over: nil, into: out, contributes: contributes, options: options)
    }

    /// As ``evaluate(atParentTime:into:contributes:options:)`` with animation i at its
    /// own parent time `parentTimes[i]` (its layer's local time) and over `current[i]` (the presentation value
    /// so far: an additive animation adds to it, and it is the value where the animation contributes nothing).
    /// `out` may be `current`'s memory. Mismatched counts throw before anything is written.
    public func evaluate(
        atParentTimes parentTimes: UnsafeBufferPointer<Double>,
        over current: UnsafeBufferPointer<Transform3D>,
        into out: UnsafeMutableBufferPointer<Transform3D>,
        contributes: UnsafeMutableBufferPointer<Bool>? = nil,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try BatchError.check("parentTimes", parentTimes.count, equals: count)
        try BatchError.check("current", current.count, equals: count)
        guard let t = parentTimes.baseAddress, let c = current.baseAddress else {
            return try Batch.evaluate(self, times: .one(0), over: nil, into: out, contributes: contributes, options: options)
        }
        try Batch.evaluate(
            self, times: .each(SharedReadPointer(base: t)), over: SharedReadPointer(base: c), into: out, contributes: contributes,
            options: options)
    }

    /// Array form of ``evaluate(atParentTime:into:contributes:options:)``: the values and
    /// whether each animation contributed.
    public func evaluate(
        atParentTime p: Double,
        options: BatchOptions = .auto
    ) throws(BatchError)
        -> (values: [Transform3D], contributes: [Bool])
    {
        var contributes = [Bool](repeating: false, count: count)
        let values = try Array.filled(count: count) { out throws(BatchError) in
            try contributes.withUnsafeMutableBufferPointer { c throws(BatchError) in
                try evaluate(atParentTime: p, into: out, contributes: c, options: options)
            }
        }
        return (values, contributes)
    }
}
