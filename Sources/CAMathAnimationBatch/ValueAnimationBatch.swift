import CAMathAnimation
@_spi(Benchmarks) import CAMathBatch
import CAMathCore
import _CAMathKernels
import Foundation

/// Many animations of properties whose values are numbers, points, sizes, rects or vectors of one width
/// (`opacity`, `position`, `bounds`, `bounds.size.width`, …), prepared once to be evaluated at one parent
/// time per frame by ``evaluate(atParentTime:into:contributes:options:)``.
///
/// Values are rows of `width` doubles — a value's components in order (x, y, width, height). Basic,
/// spring and keyframe animations (values, every calculation mode) of the whole value, of a field
/// (`position.x`, `bounds.size`) or of a transform key path (`transform.rotation.z`, `transform.translation`) take
/// the batch's path: the time mapping per animation, the timing curves
/// in vector lanes, the keyframe segment, then the lerp — or the cubic modes' Hermite spline, its tangents
/// computed once — and additive and cumulative, on flat rows, each with the reference's arithmetic. Anything
/// else (a value function, a keyframe path, a "none" row, values of another kind) is evaluated by the
/// reference per animation. The model values are read at preparation: prepare again when they change.
///
/// An animation of a transform key path runs in the space of its part: its model is the key path's read of the
/// model transform (a number, or a size for `translation`), its current value the read of the presentation
/// transform so far, and its row the part's value after cumulative and additive — the value the reference
/// writes into the transform through the key path, which is the caller's to write (`Batch.setting`).
///
/// The batch holds private copies of the animations and never changes them, so it may be shared between
/// threads.
public struct ValueAnimationBatch: @unchecked Sendable {
    /// The prepared columns, in one object: a frame copies the batch into the closures of every block it evaluates,
    /// and as fourteen arrays each copy cost a retain and a release of every one (Zen 5: 15 % of a render tree's
    /// frame of the common mix).
    private let storage: Storage

    /// The animations (private copies) and their models.
    var animations: [PropertyAnimation] { storage.animations }
    /// The kind of each model (its components are in ``modelRows``): a model is rebuilt when the reference needs
    /// it, instead of keeping an `AnimationValue` (136 bytes) per animation.
    var modelKinds: [ModelKind] { storage.modelKinds }
    /// Whether each animation is a group's child (its removal flag ignored); empty when none is.
    var groupChildren: [Bool] { storage.groupChildren }
    /// The components of every value (every model has this many).
    public var width: Int { storage.width }
    /// The models' components, `width` per animation.
    var modelRows: [Double] { storage.modelRows }
    /// Their timing, curves and keyframe timelines.
    var schedule: AnimationSchedule { storage.schedule }
    /// The components each animation animates: `partStart[i] ..< partStart[i] + partWidth[i]` of the row.
    var partStart: [UInt8] { storage.partStart }
    var partWidth: [UInt8] { storage.partWidth }
    /// Each pair's start and end (`width` doubles per pair, the first `partWidth` used) and, for the pairs of
    /// the cubic modes, the start's outgoing and the end's incoming tangent (`tangents` is empty when no pair
    /// is cubic).
    var starts: [Double] { storage.starts }
    var ends: [Double] { storage.ends }
    var tangentsOut: [Double] { storage.tangentsOut }
    var tangentsIn: [Double] { storage.tangentsIn }
    var cubic: [Bool] { storage.cubic }
    /// For cumulative animations: the end of one cycle (`width` per animation, else unused).
    var cycleEnds: [Double] { storage.cycleEnds }

    /// The columns the properties above read; immutable once made.
    private final class Storage {
        let animations: [PropertyAnimation], modelKinds: [ModelKind], groupChildren: [Bool], width: Int, modelRows: [Double]
        let schedule: AnimationSchedule, partStart: [UInt8], partWidth: [UInt8]
        let starts: [Double], ends: [Double], tangentsOut: [Double], tangentsIn: [Double], cubic: [Bool], cycleEnds: [Double]

        init(
            animations: [PropertyAnimation], modelKinds: [ModelKind], groupChildren: [Bool], width: Int, modelRows: [Double],
            schedule: AnimationSchedule, partStart: [UInt8], partWidth: [UInt8], starts: [Double], ends: [Double],
            tangentsOut: [Double], tangentsIn: [Double], cubic: [Bool], cycleEnds: [Double]
        ) {
            (self.animations, self.modelKinds, self.groupChildren, self.width, self.modelRows) = (
                animations, modelKinds, groupChildren, width, modelRows
            )
            (self.schedule, self.partStart, self.partWidth) = (schedule, partStart, partWidth)
            (self.starts, self.ends, self.tangentsOut, self.tangentsIn, self.cubic, self.cycleEnds) = (
                starts, ends, tangentsOut, tangentsIn, cubic, cycleEnds
            )
        }
    }

    /// The number of animations.
    public var count: Int { animations.count }

    /// Prepares `animations[i]` over model value `models[i]` (counts must match). Every model must be a
    /// number, point, size, rect or vector (of at most 255 components) of the first model's width; a transform,
    /// another width or a longer vector throws `BatchError.invalidValue(argument:position:reason:)`.
    /// Cost: O(keyframes).
    public init(_ animations: [PropertyAnimation], models: [AnimationValue]) throws(BatchError) {
        try self.init(animations, models: models, copying: true)
    }

    /// `init(_:models:)` over `animations` themselves when not `copying` (a render tree's records, whose animations are
    /// layers' stored copies, CAMathEngine's *Render trees*); `groupChildren[i]` (when not empty) marks animation i a
    /// group's child, whose removal flag is ignored.
    package init(_ animations: [PropertyAnimation], models: [AnimationValue], copying: Bool, groupChildren: [Bool] = []) throws(BatchError)
    {
        try BatchError.check("models", models.count, equals: animations.count)
        // Components are read and appended in place (AnimationValue.appendComponents): an array per value made
        // several allocations per animation, a third of a render tree's build.
        let width = models.first?.componentCount ?? 0
        var modelRows: [Double] = []
        modelRows.reserveCapacity(width * models.count)
        for i in models.indices {
            guard let count = models[i].componentCount else {
                throw .invalidValue(argument: "models", position: i, reason: "a transform; animate it with a TransformAnimationBatch")
            }
            guard count == width else {
                throw .invalidValue(argument: "models", position: i, reason: "\(count) components where the batch has \(width)")
            }
            guard width <= Int(UInt8.max) else {
                throw .invalidValue(argument: "models", position: i, reason: "\(width) components; a value batch takes at most 255")
            }
            models[i].appendComponents(to: &modelRows)
        }
        var builder = AnimationSchedule.Builder()
        var copies: [PropertyAnimation] = [], partStart: [UInt8] = [], partWidth: [UInt8] = [], cycleEnds: [Double] = []
        var starts: [Double] = [], ends: [Double] = [], tangentsOut: [Double] = [], tangentsIn: [Double] = [], cubic: [Bool] = []
        copies.reserveCapacity(animations.count)
        cycleEnds.reserveCapacity(width * animations.count)
        // Rows are padded with zeros to the batch's width, appended in place.
        func append(_ c: [Double], to rows: inout [Double]) {
            rows.append(contentsOf: c)
            rows.append(contentsOf: repeatElement(0, count: width - c.count))
        }
        func append(_ value: AnimationValue, to rows: inout [Double]) {
            let end = rows.count + width
            value.appendComponents(to: &rows)
            rows.append(contentsOf: repeatElement(0, count: end - rows.count))
        }
        func addPair(_ start: AnimationValue, _ end: AnimationValue, tangents: (out: [Double], in: [Double])? = nil) {
            append(start, to: &starts); append(end, to: &ends); cubic.append(tangents != nil)
            append(tangents?.out ?? [], to: &tangentsOut); append(tangents?.in ?? [], to: &tangentsIn)
        }
        for i in animations.indices {
            let animation = animations[i], isGroupChild = !groupChildren.isEmpty && groupChildren[i]
            let copy = copying ? animation.copy() as! PropertyAnimation : animation
            copies.append(copy)
            // The end of one cycle (zeros where the reference evaluates the animation).
            var end: AnimationValue?, range = 0..<width
            defer {
                if let end { append(end, to: &cycleEnds) } else { append([], to: &cycleEnds) }
                partStart.append(UInt8(range.lowerBound)); partWidth.append(UInt8(range.count))
            }
            switch copy.target?.part {
            case nil, .whole?: break
            case .field(let path)?: range = AnimatedKeyPath.fieldRange(path, of: models[i]) ?? range
            case .transform?: break
            }
            // A transform key path's animation runs in its part's space: its model is the part already.
            let partSpace = copy.transformKeyPath != nil
            guard copy.valueFunction == nil, copy.keyPath == nil || copy.target != nil,
                let part = partSpace
                    ? (copy.isAdditive ? models[i].additiveIdentity : models[i]) : copy.modelPart(model: models[i], target: copy.target),
                part.componentCount == range.count
            else {
                builder.addReference(copy, isGroupChild: isGroupChild)
                continue
            }
            if let basic = copy as? BasicAnimation, let (a, b) = basic.ends(model: part, previous: basic.previousValue),
                a.isSameKind(as: part), b.isSameKind(as: part), a.componentCount != nil, b.componentCount != nil
            {
                builder.addBasic(basic, isGroupChild: isGroupChild)
                addPair(a, b)
                end = copy.autoreverses ? a : b
            } else if let animation = copy as? KeyframeAnimation, animation.path == nil,
                let interpolation = animation.interpolation(model: part)
            {
                let values = interpolation.values.map { $0.components! }, keys = values.count
                let spline = interpolation.effectiveMode == .cubic || interpolation.effectiveMode == .cubicPaced
                builder.addKeyframes(animation, interpolation, isGroupChild: isGroupChild)
                for i in 0..<max(keys - 1, 1) {
                    let tangents =
                        spline && keys > 1 ? (interpolation.tangents(values, at: i).out, interpolation.tangents(values, at: i + 1).in) : nil
                    addPair(interpolation.values[i], interpolation.values[min(i + 1, keys - 1)], tangents: tangents)
                }
                end = copy.autoreverses ? interpolation.values[0] : interpolation.values[keys - 1]
            } else {
                builder.addReference(copy, isGroupChild: isGroupChild)
            }
        }
        if !cubic.contains(true) { (tangentsOut, tangentsIn) = ([], []) }
        storage = Storage(
            animations: copies, modelKinds: models.map { ModelKind($0)! }, groupChildren: groupChildren, width: width,
            modelRows: modelRows, schedule: builder.build(), partStart: partStart, partWidth: partWidth, starts: starts,
            ends: ends, tangentsOut: tangentsOut, tangentsIn: tangentsIn, cubic: cubic, cycleEnds: cycleEnds)
    }

    /// The reference: animation i's presentation value at parent time `p` over `current` (its model's row
    /// when `nil`; `current` itself when it contributes nothing), written as a row into `out` (which may be
    /// `current`), and whether it contributed — what every path reproduces. O(1) plus the keyframes' search.
    public func referenceValue(
        _ i: Int, atParentTime p: Double, over current: UnsafePointer<Double>?,
        into out: UnsafeMutablePointer<Double>
    ) -> Bool {
        let animation = animations[i], model = self.model(i)
        let base = current.map { c in model.with((0..<width).map { c[$0] }) } ?? model
        let evaluation = animation.evaluation(at: p, isGroupChild: !groupChildren.isEmpty && groupChildren[i])
        let value =
            animation.transformKeyPath == nil
            ? animation.value(at: evaluation, model: model, current: base)
            : animation.partValue(at: evaluation, modelPart: model, currentPart: base)
        guard let value, value.isSameKind(as: model), let c = value.components else {
            for c in 0..<width { out[c] = current?[c] ?? modelRows[i * width + c] }
            return false
        }
        out.update(from: c, count: width)
        return true
    }
}

extension ValueAnimationBatch {
    /// The kinds of value a model may be (what its components are).
    enum ModelKind: UInt8 {
        case number, point, size, rect, vector

        /// The kind of `value`; `nil` for a transform or a flag.
        init?(_ value: AnimationValue) {
            switch value {
            case .number: self = .number
            case .point: self = .point
            case .size: self = .size
            case .rect: self = .rect
            case .vector: self = .vector
            case .transform, .flag: return nil
            }
        }
    }

    /// Animation i's model, rebuilt from its kind and its components (allocating only for a vector). O(width).
    func model(_ i: Int) -> AnimationValue {
        let o = i * width
        func c(_ k: Int) -> Double { modelRows[o + k] }
        switch modelKinds[i] {
        case .number: return .number(c(0))
        case .point: return .point(CGPoint(x: c(0), y: c(1)))
        case .size: return .size(CGSize(width: c(0), height: c(1)))
        case .rect: return .rect(CGRect(x: c(0), y: c(1), width: c(2), height: c(3)))
        case .vector: return .vector(Array(modelRows[o..<o + width]))
        }
    }
}

extension Batch {
    /// The frame's evaluation over `batch` at one parent time for all (`times` `.one`) or one per animation (`.each`),
    /// over `current` rows or the models', into `out`, marking what contributes: what the public forms call, and the
    /// engine's chunks.
    package static func evaluate(
        _ batch: ValueAnimationBatch, times: PerElement, over current: SharedReadPointer<Double>?,
        into out: UnsafeMutableBufferPointer<Double>, contributes: UnsafeMutableBufferPointer<Bool>?,
        options: BatchOptions
    ) throws(BatchError) {
        let n = batch.count, w = batch.width
        try BatchError.check("out", out.count, equals: n * w)
        if let contributes { try BatchError.check("contributes", contributes.count, equals: n) }
        let (resolved, threadCount, kernels) = try schedule(.animateValues, count: n, options: options.exactPrecision)
        guard n > 0 else { return }
        let po = SharedPointer(base: out.baseAddress ?? UnsafeMutablePointer(bitPattern: MemoryLayout<Double>.alignment)!)
        let pc = contributes?.baseAddress.map { SharedPointer(base: $0) }
        let classes = resolved == .scalar ? nil : batch.schedule.classSteps(times, kernels: kernels)
        chunks(count: n, threads: threadCount) { r in
            if resolved == .scalar {
                for i in r {
                    let applied = batch.referenceValue(
                        i, atParentTime: times(i), over: current.map { $0.base + i * w }, into: po.base + i * w)
                    pc?.base[i] = applied
                }
                return
            }
            batch.evaluate(r, times: times, classes: classes, over: current, kernels: kernels, into: po.base, contributes: pc?.base)
        }
    }
}

extension ValueAnimationBatch {
    /// The vector path for animations `r`, block by block: the schedule's steps (time mappings, curves and
    /// keyframe segments), then per animation its part's value — a keyframe whole, or a pair's lerp or Hermite
    /// spline at its fraction — with cumulative and additive, written into the row over the current value.
    func evaluate(
        _ r: Range<Int>, times: PerElement, classes: TimingClasses.Steps?, over current: SharedReadPointer<Double>?, kernels: KernelTable,
        into out: UnsafeMutablePointer<Double>, contributes: UnsafeMutablePointer<Bool>?
    ) {
        AnimationBlockScratch.with { a in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: Batch.block * width) { values in
                schedule.withPointers { pointers in
                    withRows { rows in
                        DecompositionScratch.pieces(of: r) { k in
                            let pairCount = schedule.resolveBlock(
                                k, times: times, classes: classes, pointers: pointers, scratch: a, kernels: kernels)
                            evaluateBlock(
                                k, times: times, over: current, pairCount: pairCount, rows: rows, scratch: a, values: values.baseAddress!,
                                into: out, contributes: contributes)
                        }
                    }
                }
            }
        }
    }

    /// Animations `k` (one block) after the schedule decided their steps: the blended parts into `values`
    /// (row j of the block), then every row written over the current value, read before `out` (maybe
    /// `current`'s memory) is.
    private func evaluateBlock(
        _ k: Range<Int>, times: PerElement, over current: SharedReadPointer<Double>?, pairCount: Int, rows: ValueRows,
        scratch a: AnimationBlockScratch, values: UnsafeMutablePointer<Double>,
        into out: UnsafeMutablePointer<Double>, contributes: UnsafeMutablePointer<Bool>?
    ) {
        let lo = k.lowerBound, w = width
        for c in 0..<pairCount {
            let p = Int(a.pairs[c]), f = a.fractions[c], j = a.owners[c], pw = Int(partWidth[lo + j])
            let start = rows.starts + p * w, end = rows.ends + p * w, v = values + j * w
            if cubic[p] {
                let h = HermiteWeights(f), outgoing = rows.tangentsOut + p * w, incoming = rows.tangentsIn + p * w
                for q in 0..<pw { v[q] = h.value(start[q], outgoing[q], end[q], incoming[q]) }
            } else {
                for q in 0..<pw { v[q] = AnimationValue.lerp(start[q], end[q], f) }
            }
        }
        for j in 0..<k.count {
            let i = lo + j, row = out + i * w, base = current.map { $0.base + i * w } ?? rows.models + i * w
            switch a.steps[j] {
            case .reference:
                // Evaluated whether or not the caller asked which animations contribute (an optional chain's
                // assignment would skip the call).
                let applied = referenceValue(i, atParentTime: times(i), over: current.map { $0.base + i * w }, into: row)
                contributes?[i] = applied
                continue
            case .untouched:
                if row != base { row.update(from: base, count: w) }
                contributes?[i] = false
                continue
            case .key:
                let pair = schedule.pairStart[i] + max(a.keyValue[j] - 1, 0)
                (values + j * w).update(from: (a.keyValue[j] == 0 ? rows.starts : rows.ends) + pair * w, count: Int(partWidth[i]))
            case .blend:
                break
            }
            // Cumulative, then additive, on the part; the rest of the row is the current value's.
            let v = values + j * w, s = Int(partStart[i]), pw = Int(partWidth[i]), flags = schedule.flags[i]
            if flags.contains(.cumulative) {
                let cycle = max(a.cycles[j], 0), end = rows.cycleEnds + i * w
                for q in 0..<pw { v[q] = cycle * end[q] + v[q] }
            }
            if flags.contains(.additive) {
                for q in 0..<pw { v[q] = base[s + q] + v[q] }
            }
            for q in 0..<w { row[q] = q >= s && q < s + pw ? v[q - s] : base[q] }
            contributes?[i] = true
        }
    }

    /// The batch's arrays as pointers, for one call.
    func withRows<R>(_ body: (ValueRows) -> R) -> R {
        modelRows.withUnsafeBufferPointer { m in
            starts.withUnsafeBufferPointer { s in
                ends.withUnsafeBufferPointer { e in
                    tangentsOut.withUnsafeBufferPointer { to in
                        tangentsIn.withUnsafeBufferPointer { ti in
                            cycleEnds.withUnsafeBufferPointer { c in
                                func base(_ b: UnsafeBufferPointer<Double>) -> UnsafePointer<Double> {
                                    b.baseAddress ?? UnsafePointer(bitPattern: MemoryLayout<Double>.alignment)!
                                }
                                return body(
                                    ValueRows(
                                        models: base(m), starts: base(s), ends: base(e), tangentsOut: base(to), tangentsIn: base(ti),
                                        cycleEnds: base(c)))
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A ``ValueAnimationBatch``'s rows as pointers, shared read-only by the threads of one call.
struct ValueRows: @unchecked Sendable {
    let models: UnsafePointer<Double>, starts: UnsafePointer<Double>, ends: UnsafePointer<Double>
    let tangentsOut: UnsafePointer<Double>, tangentsIn: UnsafePointer<Double>, cycleEnds: UnsafePointer<Double>
}

extension ValueAnimationBatch {
    /// `out` row i (``ValueAnimationBatch/width`` doubles) = animation i's presentation value over its model
    /// at parent time `p` (the model where it contributes nothing, which `contributes[i]` reports), with the
    /// bits of the reference. Paths: `.scalar` (the reference per animation); `.simd` (the timing curves in
    /// vector lanes, the blends on flat rows: bit-identical); `.blas` throws. Mismatched counts throw before
    /// anything is written. Cost: O(n·width) — per animation a time mapping, a curve solve and a blend.
    public func evaluate(
        atParentTime p: Double,
        into out: UnsafeMutableBufferPointer<Double>,
        contributes: UnsafeMutableBufferPointer<Bool>? = nil,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try Batch.evaluate(self, times: .one(p), over: nil, into: out, contributes: contributes, options: options.exactPrecision)
    }

    /// As ``evaluate(atParentTime:into:contributes:options:)``
    /// with animation i at its own parent time `parentTimes[i]` and over row i of `current` (the
    /// presentation value so far: an additive animation adds to it, a field animation writes into it, and
    /// it is the value where the animation contributes nothing). `out` may be `current`'s memory.
    /// Mismatched counts throw before anything is written.
    public func evaluate(
        atParentTimes parentTimes: UnsafeBufferPointer<Double>,
        over current: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Double>,
        contributes: UnsafeMutableBufferPointer<Bool>? = nil,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try BatchError.check("parentTimes", parentTimes.count, equals: count)
        try BatchError.check("current", current.count, equals: count * width)
        guard let t = parentTimes.baseAddress, let c = current.baseAddress else {
            return try Batch.evaluate(self, times: .one(0), over: nil, into: out, contributes: contributes, options: options.exactPrecision)
        }
        try Batch.evaluate(
            self, times: .each(SharedReadPointer(base: t)), over: SharedReadPointer(base: c), into: out, contributes: contributes,
            options: options.exactPrecision)
    }

    /// Array form of ``evaluate(atParentTime:into:contributes:options:)``:
    /// the rows, one after another, and whether each animation contributed.
    public func evaluate(
        atParentTime p: Double,
        options: BatchOptions = .auto
    ) throws(BatchError)
        -> (values: [Double], contributes: [Bool])
    {
        var contributes = [Bool](repeating: false, count: count)
        let values = try Array.filled(count: count * width) { out throws(BatchError) in
            try contributes.withUnsafeMutableBufferPointer { c throws(BatchError) in
                try evaluate(atParentTime: p, into: out, contributes: c, options: options.exactPrecision)
            }
        }
        return (values, contributes)
    }
}
