import CAMathCore
import CAMathKernels

/// Many transform pairs prepared for interpolation at many fractions — an animation's frames: both
/// endpoints of every pair decomposed once (the rule's 2-D or 3-D decomposition, as
/// `Transform3D.interpolated(to:fraction:)` picks it), so that
/// ``Batch/interpolate(_:fraction:into:path:precision:threads:instructionSet:)`` only blends and recomposes.
///
/// Every fraction gives the bits of `from[i].interpolated(to: to[i], fraction: t)`. Cost of preparing: two
/// decompositions per pair (vector lanes where the CPU has them); memory: 72 doubles per pair.
public struct InterpolationPlan: Sendable {
    /// The pairs' start and end transforms.
    public let from: [Transform3D], to: [Transform3D]
    /// The decompositions' records in groups of `PlanPointers.group` pairs (the kernels' lane count): per
    /// group the first transforms' records, field-major (field f of pair i at `f·group + i % group`), then the
    /// second's, on cache-line-aligned memory. One group of lanes reads one run of 80 whole cache lines, so a
    /// long plan is read as one stream, not forty, and the two records of a pair never alias in the caches.
    let records: AlignedDoubles
    let firstStatus: [UInt8], secondStatus: [UInt8], identityPairs: [UInt8]

    /// Prepares the pairs `from[i] → to[i]`, decomposing with the kernels of `instructionSet`
    /// (``InstructionSet/current`` for `nil`). Throws when the counts differ or the instruction set cannot run.
    public init(from: [Transform3D], to: [Transform3D], instructionSet: InstructionSet? = nil) throws(BatchError) {
        try BatchError.check("to", to.count, equals: from.count)
        let set = instructionSet ?? .current
        guard let kernels = set.kernels else { throw .instructionSetUnavailable(requested: set.name, cpu: InstructionSet.cpu.name) }
        let n = from.count, group = PlanPointers.group
        let records = AlignedDoubles(count: 2 * Int(CAMATH_PARTS) * group * ((n + group - 1) / group))
        let first = records.mutableBase, second = first + PlanPointers.secondRecords
        var firstStatus = [UInt8](repeating: 0, count: n), secondStatus = firstStatus, identityPairs = firstStatus
        from.withUnsafeBufferPointer { pf in
            to.withUnsafeBufferPointer { pt in
                DecompositionScratch.blocks(of: 0..<n) { b, s in
                    Self.prepare(from: pf.baseAddress! + b.lowerBound, to: pt.baseAddress! + b.lowerBound, count: b.count, scratch: s, kernels: kernels)
                    PlanPointers.store(s.first, stride: s.stride, pairs: b, into: first)
                    PlanPointers.store(s.second, stride: s.stride, pairs: b, into: second)
                    firstStatus.withUnsafeMutableBufferPointer { ($0.baseAddress! + b.lowerBound).update(from: s.firstStatus, count: b.count) }
                    secondStatus.withUnsafeMutableBufferPointer { ($0.baseAddress! + b.lowerBound).update(from: s.secondStatus, count: b.count) }
                    identityPairs.withUnsafeMutableBufferPointer { ($0.baseAddress! + b.lowerBound).update(from: s.methods, count: b.count) }
                }
            }
        }
        (self.from, self.to, self.records) = (from, to, records)
        (self.firstStatus, self.secondStatus, self.identityPairs) = (firstStatus, secondStatus, identityPairs)
    }

    /// The number of pairs.
    public var count: Int { from.count }

    /// Whether the kernels interpolate at `t`: not NaN/±∞, 0 or 1 (steps 1–2 of the rule answer those
    /// alone), and `|t| < 2¹⁷`, so that the slerp's sines (of at most `|t|·π/2`) never need the long reduction.
    static func coversFraction(_ t: Double) -> Bool { t.isFinite && t != 0 && t != 1 && t.magnitude < 0x1p17 }

    /// Decomposes `count` pairs into the scratch's records (`first`, `second` and their statuses) by the rule's
    /// method per pair, and marks the pairs of two identities in `methods` (1) for ``evaluate``.
    static func prepare(from: UnsafePointer<Transform3D>, to: UnsafePointer<Transform3D>, count: Int,
                        scratch s: DecompositionScratch, kernels: KernelTable) {
        for j in 0..<count {
            s.methods[j] = from[j].isAffine && to[j].isAffine ? 2 : 1
        }
        // A block of one method runs that rule alone; a mixed block runs both in every lane.
        let uniform = count > 0 && (1..<count).allSatisfy { s.methods[$0] == s.methods[0] }
        let methods = uniform ? nil : UnsafePointer(s.methods), method = uniform ? Int32(s.methods[0]) : 0
        kernels.k.decompose(doubles(from), methods, method, CAMATH_QUATERNION, s.first, s.stride, s.firstStatus, count)
        kernels.k.decompose(doubles(to), methods, method, CAMATH_QUATERNION, s.second, s.stride, s.secondStatus, count)
        for j in 0..<count {
            s.methods[j] = from[j].isIdentity && to[j].isIdentity ? 1 : 0
        }
    }

    /// Interpolates `count` prepared pairs, pair j at `s.fractions[j]`, into `out`. The pairs the kernel does
    /// not cover — a fraction outside ``coversFraction(_:)``, two identities (the rule answers the identity
    /// before decomposing), an undecomposable or rare endpoint — take `reference(j)`, kept while the kernel
    /// writes `out` (which may be an input), then copied over it. The records are those of a block scratch
    /// (field-major, `stride` apart), or with `planStart` a plan's own of pairs `planStart…` (in groups), or
    /// those at `offsets`.
    static func evaluate(count: Int, first: UnsafePointer<Double>, second: UnsafePointer<Double>, stride: Int, planStart: Int? = nil,
                         offsets: UnsafePointer<Int64>? = nil,
                         firstStatus: UnsafePointer<UInt8>, secondStatus: UnsafePointer<UInt8>, identityPairs: UnsafePointer<UInt8>,
                         scratch s: DecompositionScratch, kernels: KernelTable, into out: UnsafeMutablePointer<Transform3D>,
                         reference: (Int) -> Transform3D) {
        let decomposed = DecompositionStatus.decomposed.rawValue
        for j in 0..<count {
            let covered = coversFraction(s.fractions[j]) && identityPairs[j] == 0 && firstStatus[j] == decomposed && secondStatus[j] == decomposed
            s.marks[j] = covered ? 0 : 1
            if !covered { s.keep(reference(j), j) }
        }
        if let planStart {
            // A plan's own records from pair planStart on, in place: one call per group of lanes (or the part of
            // one the range covers), each one run of memory.
            var j = 0
            while j < count {
                let p = planStart + j, piece = min(PlanPointers.group - p % PlanPointers.group, count - j)
                kernels.k.interpolate(first + PlanPointers.record(p), second + PlanPointers.record(p), PlanPointers.group, nil, s.fractions + j,
                                      doubles(out + j), s.slow + j, piece)
                j += piece
            }
        } else {
            kernels.k.interpolate(first, second, stride, offsets, s.fractions, doubles(out), s.slow, count)
        }
        s.copyKept(count: count, into: out)
    }
}

extension Batch {
    /// `out[i] = plan.from[i].interpolated(to: plan.to[i], fraction: t)` from the prepared decompositions: only
    /// the blend, the slerp and the recomposition per pair. Paths: `.scalar` (the reference per pair, from the
    /// plan's transforms); `.simd` (vector lanes: bit-identical); `.blas` throws. `precision: .fast` as in
    /// ``interpolate(from:to:fraction:into:path:precision:threads:instructionSet:)``. Cost: O(n).
    public static func interpolate(_ plan: InterpolationPlan, fraction t: Double, into out: UnsafeMutableBufferPointer<Transform3D>,
                                   path: BatchPath = .auto, precision: BatchPrecision = .exact, threads: Int? = nil,
                                   instructionSet: InstructionSet? = nil) throws(BatchError) {
        try BatchError.check("out", out.count, equals: plan.count)
        let (resolved, threadCount, kernels) = try schedule(.blendPrepared, count: plan.count, path: path, precision: precision, threads: threads,
                                                            instructionSet: instructionSet)
        plan.evaluate(into: out, reference: resolved == .scalar || !InterpolationPlan.coversFraction(t), threads: threadCount, kernels: kernels,
                      fractions: .one(t))
    }

    /// `out[i] = plan.from[i].interpolated(to: plan.to[i], fraction: fractions[i])`: each pair at its own
    /// fraction (an animation's frame), with the bits of the reference. Paths and precisions as
    /// ``interpolate(_:fraction:into:path:precision:threads:instructionSet:)``; a fraction the kernels do not
    /// cover (NaN, ±∞, 0, 1, |t| ≥ 2¹⁷) takes the reference for its pair. Throws when the counts differ.
    /// Cost: O(n).
    public static func interpolate(_ plan: InterpolationPlan, fractions: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Transform3D>,
                                   path: BatchPath = .auto, precision: BatchPrecision = .exact, threads: Int? = nil,
                                   instructionSet: InstructionSet? = nil) throws(BatchError) {
        try BatchError.check("fractions", fractions.count, equals: plan.count)
        try BatchError.check("out", out.count, equals: plan.count)
        let (resolved, threadCount, kernels) = try schedule(.blendPrepared, count: plan.count, path: path, precision: precision, threads: threads,
                                                            instructionSet: instructionSet)
        guard let f = fractions.baseAddress else { return }
        plan.evaluate(into: out, reference: resolved == .scalar, threads: threadCount, kernels: kernels, fractions: .each(SharedReadPointer(base: f)))
    }

    /// Array form of ``interpolate(_:fractions:into:path:precision:threads:instructionSet:)``.
    public static func interpolate(_ plan: InterpolationPlan, fractions: [Double], path: BatchPath = .auto, precision: BatchPrecision = .exact,
                                   threads: Int? = nil, instructionSet: InstructionSet? = nil) throws(BatchError) -> [Transform3D] {
        try Array.filled(count: plan.count) { out throws(BatchError) in
            try fractions.withUnsafeBufferPointer { f throws(BatchError) in
                try interpolate(plan, fractions: f, into: out, path: path, precision: precision, threads: threads, instructionSet: instructionSet)
            }
        }
    }

    /// Array form of ``interpolate(_:fraction:into:path:precision:threads:instructionSet:)``.
    public static func interpolate(_ plan: InterpolationPlan, fraction t: Double, path: BatchPath = .auto, precision: BatchPrecision = .exact,
                                   threads: Int? = nil, instructionSet: InstructionSet? = nil) throws(BatchError) -> [Transform3D] {
        try Array.filled(count: plan.count) { out throws(BatchError) in
            try interpolate(plan, fraction: t, into: out, path: path, precision: precision, threads: threads, instructionSet: instructionSet)
        }
    }
}

extension InterpolationPlan {
    /// Output i from pair `pairs[i]` (pair i when `pairs` is nil) at `fractions(i)`, into `out[i]`: the
    /// reference when `reference`, else the kernels block by block over `threads` threads (a gathered block
    /// first copies its pairs' records into the scratch).
    func evaluate(into out: UnsafeMutableBufferPointer<Transform3D>, reference: Bool, threads threadCount: Int, kernels: KernelTable,
                  pairs: SharedReadPointer<Int>? = nil, fractions: PerElement) {
        guard out.count > 0, let o = out.baseAddress else { return }
        let po = SharedPointer(base: o)
        withPointers { plan in
            Batch.chunks(count: out.count, threads: threadCount) { r in
                if reference {
                    for i in r {
                        let p = pairs?.base[i] ?? i
                        po.base[i] = plan.from[p].interpolated(to: plan.to[p], fraction: fractions(i))
                    }
                    return
                }
                DecompositionScratch.blocks(of: r) { k, s in
                    plan.evaluateBlock(k, pairs: pairs, fractions: fractions, scratch: s, kernels: kernels, into: po.base)
                }
            }
        }
    }

    /// The plan's arrays as pointers, for one call.
    func withPointers<R>(_ body: (PlanPointers) -> R) -> R {
        withExtendedLifetime(records) {
            from.withUnsafeBufferPointer { pf in
                to.withUnsafeBufferPointer { pt in
                    firstStatus.withUnsafeBufferPointer { sa in
                        secondStatus.withUnsafeBufferPointer { sb in
                            identityPairs.withUnsafeBufferPointer { ip in
                                body(PlanPointers(from: pf.baseAddress!, to: pt.baseAddress!, first: records.base, second: records.base + PlanPointers.secondRecords,
                                                  firstStatus: sa.baseAddress!, secondStatus: sb.baseAddress!, identityPairs: ip.baseAddress!))
                            }
                        }
                    }
                }
            }
        }
    }
}

/// An ``InterpolationPlan``'s arrays as pointers, shared read-only by the threads of one call.
struct PlanPointers: @unchecked Sendable {
    let from: UnsafePointer<Transform3D>, to: UnsafePointer<Transform3D>
    let first: UnsafePointer<Double>, second: UnsafePointer<Double>
    let firstStatus: UnsafePointer<UInt8>, secondStatus: UnsafePointer<UInt8>, identityPairs: UnsafePointer<UInt8>

    /// Pairs per group of a plan's records: the kernels' lane count (`TL_W`).
    static let group = 16

    /// Where a group's second records start, from its first.
    static let secondRecords = Int(CAMATH_PARTS) * group

    /// The offset of pair p's first record from the first group's (its second: the same from
    /// ``secondRecords``): groups of ``group`` pairs, first records then second, each field-major.
    static func record(_ p: Int) -> Int {
        2 * Int(CAMATH_PARTS) * group * (p / group) + p % group
    }

    /// Copies the records of pairs `pairs` (one block, from its start) out of a block scratch (field-major,
    /// `stride` apart) into a plan's groups.
    static func store(_ records: UnsafePointer<Double>, stride: Int, pairs: Range<Int>, into plan: UnsafeMutablePointer<Double>) {
        let start = pairs.lowerBound
        for g in Swift.stride(from: 0, to: pairs.count, by: group) {
            let count = min(group, pairs.count - g)
            for f in 0..<Int(CAMATH_PARTS) {
                (plan + record(start + g) + f * group).update(from: records + f * stride + g, count: count)
            }
        }
    }

    /// Outputs `k` (within one block) into `out`: in place from the plan's records, or — with `pairs` — from
    /// the pairs' records, which the kernel gathers by their offsets.
    func evaluateBlock(_ k: Range<Int>, pairs: SharedReadPointer<Int>?, fractions: PerElement,
                       scratch s: DecompositionScratch, kernels: KernelTable, into out: UnsafeMutablePointer<Transform3D>) {
        let l = k.lowerBound
        for j in 0..<k.count { s.fractions[j] = fractions(l + j) }
        guard let pairs else {
            InterpolationPlan.evaluate(count: k.count, first: first, second: second, stride: Self.group, planStart: l,
                                       firstStatus: firstStatus + l, secondStatus: secondStatus + l, identityPairs: identityPairs + l,
                                       scratch: s, kernels: kernels, into: out + l) { j in
                from[l + j].interpolated(to: to[l + j], fraction: s.fractions[j])
            }
            return
        }
        for j in 0..<k.count {
            let p = pairs.base[l + j]
            s.offsets[j] = Int64(Self.record(p))
            s.firstStatus[j] = firstStatus[p]
            s.secondStatus[j] = secondStatus[p]
            s.methods[j] = identityPairs[p]
        }
        InterpolationPlan.evaluate(count: k.count, first: first, second: second, stride: Self.group, offsets: s.offsets, firstStatus: s.firstStatus,
                                   secondStatus: s.secondStatus, identityPairs: s.methods, scratch: s, kernels: kernels, into: out + l) { j in
            from[pairs.base[l + j]].interpolated(to: to[pairs.base[l + j]], fraction: s.fractions[j])
        }
    }
}
