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

    /// The animations (private copies) and their models.
    let animations: [PropertyAnimation]
    let models: [Transform3D]
    let shapes: [Shape]
    /// Each animation's timing, resolved, whether it is removed on completion, its spring (springs only)
    /// and whether it is additive or cumulative.
    let timings: [ResolvedMediaTiming]
    let removed: [Bool]
    let springs: [Spring]
    let combines: [Bool]
    /// The first pair of each animation in ``plan`` and, for keyframes, the number of values, whether the
    /// effective mode is discrete, the segment timing functions where they apply, and the timeline.
    let pairStart: [Int]
    let keyCounts: [Int]
    let discrete: [Bool]
    let segmentFunctions: [[TimingFunction]?]
    let timelines: [KeyTimeline?]
    /// The animation-level timing function of each (an index into ``curves``; `UInt32.max`: none, or paced).
    let curveIndex: [UInt32]
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
        var copies: [PropertyAnimation] = [], shapes: [Shape] = [], pairStart: [Int] = [], timelines: [KeyTimeline?] = []
        var keyframes: [KeyframeInterpolation?] = [], curveIndex: [UInt32] = [], cycleEnds: [Transform3D] = [], from: [Transform3D] = [], to: [Transform3D] = []
        for (animation, model) in zip(animations, models) {
            let copy = animation.copy() as! PropertyAnimation
            copies.append(copy)
            pairStart.append(from.count)
            var shape = Shape.reference, timeline: KeyTimeline? = nil, keyframe: KeyframeInterpolation? = nil
            var curve = UInt32.max, end = Transform3D.identity
            let wholeTransform = copy.valueFunction == nil && (copy.keyPath == nil || copy.target?.part == .whole)
            if wholeTransform, let part = copy.modelPart(model: .transform(model), target: copy.target) {
                if let basic = copy as? BasicAnimation, !(basic.fromValue == nil && basic.toValue == nil && basic.byValue == nil),
                   let (a, b) = basic.ends(model: part), case .transform(let ta) = a, case .transform(let tb) = b {
                    shape = basic is SpringAnimation ? .spring : .basic
                    from.append(ta); to.append(tb)
                    end = copy.autoreverses ? ta : tb
                    curve = shape == .spring ? .max : index(of: copy.timingFunction)
                } else if let animation = copy as? KeyframeAnimation, animation.path == nil,
                          let interpolation = animation.interpolation(model: part) {
                    // Pair i is (v_i, v_{i+1}); a single value is the pair (v_0, v_0).
                    let keys = interpolation.values.compactMap { if case .transform(let t) = $0 { t } else { nil } }
                    shape = .keyframe
                    keyframe = interpolation
                    timeline = keys.count > 1 ? interpolation.timeline() : nil
                    for i in 0..<max(keys.count - 1, 1) { from.append(keys[i]); to.append(keys[min(i + 1, keys.count - 1)]) }
                    end = copy.autoreverses ? keys[0] : keys[keys.count - 1]
                    curve = animation.isPaced ? .max : index(of: copy.timingFunction)
                }
            }
            shapes.append(shape); keyframes.append(keyframe); timelines.append(timeline); curveIndex.append(curve); cycleEnds.append(end)
        }
        plan = try InterpolationPlan(from: from, to: to, instructionSet: instructionSet)
        keyCounts = keyframes.map { $0?.values.count ?? 0 }
        discrete = keyframes.map { $0?.isDiscrete ?? false }
        segmentFunctions = keyframes.map { k in k.flatMap { $0.usesSegmentFunctions ? $0.timingFunctions : nil } }
        timings = copies.map { ResolvedMediaTiming($0.timing) }
        removed = copies.map(\.isRemovedOnCompletion)
        springs = copies.map { ($0 as? SpringAnimation)?.spring ?? Spring() }
        combines = copies.map { $0.isAdditive || $0.isCumulative }
        (self.animations, self.models, self.shapes, self.pairStart) = (copies, models, shapes, pairStart)
        (self.timelines, self.curveIndex, self.cycleEnds) = (timelines, curveIndex, cycleEnds)
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

extension TransformAnimationBatch {
    /// The vector path for animations `r`: time mappings and springs per animation, the timing curves in
    /// vector lanes, the keyframe segments, the blends of the plan's pairs in vector lanes, then additive and
    /// cumulative — each step the reference's. A value an animation takes whole (its model, a keyframe) is
    /// written at once; the blended ones are gathered, blended and scattered.
    func evaluate(_ r: Range<Int>, times: PerElement, over current: SharedReadPointer<Transform3D>?, kernels: KernelTable,
                  into out: UnsafeMutablePointer<Transform3D>, contributes: UnsafeMutablePointer<Bool>?) {
        let n = r.count, lo = r.lowerBound
        // The value where an animation contributes nothing: the current one, or the model. Read before `out`
        // (maybe `current`'s memory) is written.
        var bases = [Transform3D](); bases.reserveCapacity(n)
        for i in r { bases.append(current?.base[i] ?? models[i]) }
        var applied = [Bool](repeating: false, count: n), pending = [Bool](repeating: false, count: n)
        var progress = [Double](repeating: 0, count: n), cycles = [Double](repeating: 0, count: n)
        var curveInputs: [Double] = [], curveWhich: [UInt32] = [], curveOwners: [Int] = []
        curveInputs.reserveCapacity(n); curveWhich.reserveCapacity(n); curveOwners.reserveCapacity(n)
        for j in 0..<n {
            let i = lo + j
            if shapes[i] == .reference {
                (out[i], applied[j]) = referenceValue(i, atParentTime: times(i), over: bases[j])
                continue
            }
            let e = timings[i].evaluate(parentTime: times(i), removedOnCompletion: removed[i])
            guard e.contributes else { out[i] = bases[j]; continue }
            applied[j] = true
            pending[j] = true
            cycles[j] = e.cycle
            progress[j] = shapes[i] == .spring ? springs[i].fraction(atTime: e.basicTime) : e.progress
            if curveIndex[i] != .max {
                curveInputs.append(progress[j]); curveWhich.append(curveIndex[i]); curveOwners.append(j)
            }
        }
        // The timing curves, in vector lanes (the curve-less keep their progress).
        if !curveInputs.isEmpty {
            var curved = [Double](repeating: 0, count: curveInputs.count)
            curves.fields.withUnsafeBufferPointer { fields in
                curved.withUnsafeMutableBufferPointer { y in
                    Batch.curveLanes(fields.baseAddress!, functions: curves.functions, which: curveWhich, x: curveInputs, y: y.baseAddress!,
                                     count: curveInputs.count, kernels: kernels)
                }
            }
            for (k, j) in curveOwners.enumerated() { progress[j] = curved[k] }
        }
        var pairs: [Int] = [], fractions: [Double] = [], owners: [Int] = []
        pairs.reserveCapacity(n); fractions.reserveCapacity(n); owners.reserveCapacity(n)
        for j in 0..<n where pending[j] {
            let i = lo + j, f = progress[j], start = pairStart[i]
            if f.isNaN { out[i] = bases[j]; applied[j] = false; continue }
            let keys = keyCounts[i]
            guard keys > 0 else { pairs.append(start); fractions.append(f); owners.append(j); continue }
            // Keyframes: value k is the start of pair k, or the end of pair k − 1.
            func value(_ k: Int) -> Transform3D { k == 0 ? plan.from[start] : plan.to[start + k - 1] }
            guard let timeline = timelines[i] else { out[i] = value(0); continue }
            if discrete[i] {
                out[i] = value(timeline.discreteIndex(at: f, count: keys))
                continue
            }
            switch timeline.position(at: f) {
            case .first: out[i] = value(0)
            case .last: out[i] = value(keys - 1)
            case .segment(let s, let local):
                pairs.append(start + s); owners.append(j)
                fractions.append(KeyframeInterpolation.segmentProgress(segmentFunctions[i], s, local))
            }
        }
        if !owners.isEmpty {
            withUnsafeTemporaryAllocation(of: Transform3D.self, capacity: owners.count) { scratch in
                pairs.withUnsafeBufferPointer { pp in
                    fractions.withUnsafeBufferPointer { ff in
                        plan.evaluate(into: scratch, reference: false, threads: 1, kernels: kernels,
                                      pairs: SharedReadPointer(base: pp.baseAddress!), fractions: .each(SharedReadPointer(base: ff.baseAddress!)))
                    }
                }
                for (k, j) in owners.enumerated() { out[lo + j] = scratch[k] }
            }
        }
        for j in 0..<n {
            let i = lo + j
            contributes?[i] = applied[j]
            guard applied[j], combines[i], shapes[i] != .reference else { continue }
            let animation = animations[i]
            if case .transform(let t)? = animation.combined(.transform(out[i]), cycleEnd: .transform(cycleEnds[i]), cycle: cycles[j],
                                                           current: .transform(bases[j]), target: animation.target) {
                out[i] = t
            } else {
                out[i] = bases[j]
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

