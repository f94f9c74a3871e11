import CAMathCore
import _CAMathKernels

/// Many transform pairs prepared for interpolation at many fractions — an animation's frames: both
/// endpoints of every pair decomposed once (the rule's 2-D or 3-D decomposition, as
/// `Transform3D.interpolated(to:fraction:)` picks it), so that
/// ``InterpolationPlan/interpolate(fraction:into:options:)`` only blends and recomposes.
///
/// Every fraction gives the bits of `from[i].interpolated(to: to[i], fraction: t)`. Cost of preparing: two
/// decompositions and the slerp's angle per pair (vector lanes where the CPU has them); memory: 68 doubles
/// per pair (32 for both transforms, 36 for the records).
public struct InterpolationPlan: Sendable {
    /// The pairs' start and end transforms.
    public let from: [Transform3D], to: [Transform3D]
    /// The pair records, `CAMATH_PAIR_FIELDS` (28) doubles per pair, pair by pair on cache-line-aligned
    /// memory: what a frame reads of a pair — both ends' translation, scale and skew, the slerp's
    /// quaternions, its angle and that angle's sine — in one run of 224 bytes, so a frame that blends one
    /// pair of each animation reads only those pairs' cache lines.
    let records: AlignedDoubles
    /// The perspective records, `CAMATH_PAIR_PERSPECTIVE_FIELDS` (8) doubles per pair, one cache line each:
    /// both ends' perspectives, which a frame reads only for the pairs flagged `CAMATH_PAIR_PERSPECTIVE`.
    let perspectives: AlignedDoubles
    /// Each pair's `CAMATH_PAIR_*` bits: `BLENDABLE` where the kernels blend it (at a fraction they cover) —
    /// both ends decomposed, and not two identities (which the rule answers before decomposing) — else the
    /// pair takes the reference; `BOUNDED` where its record's blended fields are finite and below 2⁸⁰, which
    /// lets the kernels skip their scans for huge parts (every pair of a real layer tree); `PERSPECTIVE` where
    /// the kernels read its perspective record (see ``PairRecords/flags(_:)``).
    let pairFlags: [UInt8]

    /// Prepares the pairs `from[i] → to[i]`, decomposing with the kernels of `instructionSet`
    /// (``InstructionSet/current`` for `nil`). Throws when the counts differ or the instruction set cannot run.
    public init(from: [Transform3D], to: [Transform3D], instructionSet: InstructionSet? = nil) throws(BatchError) {
        try BatchError.check("to", to.count, equals: from.count)
        let set = instructionSet ?? .current
        guard let kernels = set.kernels else { throw .instructionSetUnavailable(requested: set.name, cpu: InstructionSet.cpu.name) }
        let n = from.count
        let records = AlignedDoubles(count: PairRecords.fields * n), perspectives = AlignedDoubles(count: PairRecords.perspectiveFields * n)
        let storage = PairRecords(records: records.mutableBase, perspectives: perspectives.mutableBase)
        var pairFlags = [UInt8](repeating: 0, count: n)
        from.withUnsafeBufferPointer { pf in
            to.withUnsafeBufferPointer { pt in
                DecompositionScratch.blocks(of: 0..<n) { b, s in
                    Self.prepare(
                        from: pf.baseAddress! + b.lowerBound, to: pt.baseAddress! + b.lowerBound, count: b.count, scratch: s,
                        kernels: kernels,
                        into: storage.from(b.lowerBound))
                    pairFlags.withUnsafeMutableBufferPointer { ($0.baseAddress! + b.lowerBound).update(from: s.methods, count: b.count) }
                }
            }
        }
        (self.from, self.to, self.records, self.perspectives) = (from, to, records, perspectives)
        self.pairFlags = pairFlags
    }

    /// The number of pairs.
    public var count: Int { from.count }

    /// Whether the kernels interpolate at `t`: not NaN/±∞, 0 or 1 (steps 1–2 of the rule answer those
    /// alone), and `|t| < 2¹⁷`, so that the slerp's sines (of at most `|t|·π/2`) never need the long reduction.
    static func coversFraction(_ t: Double) -> Bool { t.isFinite && t != 0 && t != 1 && t.magnitude < 0x1p17 }

    /// Decomposes `count` pairs into the scratch's records (`first`, `second` and their statuses) by the rule's
    /// method per pair, writes their pair and perspective records into `pairs`, and their flags into `methods`
    /// (see ``InterpolationPlan/pairFlags``).
    static func prepare(
        from: UnsafePointer<Transform3D>, to: UnsafePointer<Transform3D>, count: Int,
        scratch s: DecompositionScratch, kernels: KernelTable, into pairs: PairRecords
    ) {
        for j in 0..<count {
            s.methods[j] = from[j].isAffine && to[j].isAffine ? 2 : 1
        }
        // A block of one method runs that rule alone; a mixed block runs both in every lane.
        let uniform = count > 0 && (1..<count).allSatisfy { s.methods[$0] == s.methods[0] }
        let methods = uniform ? nil : UnsafePointer(s.methods), method = uniform ? Int32(s.methods[0]) : 0
        kernels.k.decompose(doubles(from), methods, method, CAMATH_QUATERNION, s.first, s.stride, s.firstStatus, count)
        kernels.k.decompose(doubles(to), methods, method, CAMATH_QUATERNION, s.second, s.stride, s.secondStatus, count)
        kernels.k.pair_records(s.first, s.second, s.stride, pairs.records, pairs.perspectives, count)
        let decomposed = DecompositionStatus.decomposed.rawValue
        for j in 0..<count {
            let identities = from[j].isIdentity && to[j].isIdentity
            let blendable = !identities && s.firstStatus[j] == decomposed && s.secondStatus[j] == decomposed
            s.methods[j] = UInt8((blendable ? CAMATH_PAIR_BLENDABLE : 0) | pairs.flags(j))
        }
    }

    /// Interpolates `count` pairs into `out`, pair j at `fractions[j]` with flags `flag(j)`
    /// (``InterpolationPlan/pairFlags``, gathered into the scratch's `methods` for the kernel). The pairs the
    /// kernel does not cover — a fraction outside ``coversFraction(_:)``, or no `CAMATH_PAIR_BLENDABLE` — take
    /// `reference(j)`, kept while the kernel writes `out` (which may be an input), then copied over it. The
    /// pairs' records are `pairs`, pair j the j-th, or with `indices` the `indices[j]`-th. `stream`: write
    /// `out` with non-temporal stores (``streams(_:)``). One pass over the pairs before the kernel, and one
    /// after it only where a pair took the reference.
    static func evaluate(
        count: Int, pairs: PairRecords, indices: UnsafePointer<Int64>? = nil, flag: (Int) -> UInt8,
        fractions: UnsafePointer<Double>, scratch s: DecompositionScratch, kernels: KernelTable,
        into out: UnsafeMutablePointer<Transform3D>, stream: Bool, reference: (Int) -> Transform3D
    ) {
        var kept = false
        for j in 0..<count {
            let f = flag(j)
            s.methods[j] = f
            let covered = Int32(f) & CAMATH_PAIR_BLENDABLE != 0 && coversFraction(fractions[j])
            s.marks[j] = covered ? 0 : 1
            if !covered {
                s.keep(reference(j), j)
                kept = true
            }
        }
        kernels.k.interpolate(pairs.records, pairs.perspectives, indices, s.methods, fractions, doubles(out), s.slow, count, stream ? 1 : 0)
        if kept { s.copyKept(count: count, into: out) }
    }

    /// Whether a call that writes `count` matrices straight into its caller's output has the kernels write
    /// them with non-temporal stores: from 2¹⁵ matrices (4 MiB, beyond every core's L2 and half a Zen 1 core
    /// complex's L3), where a plain store first reads each line it writes from memory. Measured, Zen 4 VM,
    /// animate-transforms: 1e5 animations 26 → 33 Mops/s on one thread and 50 → 69 on two, 1e6 25.5 → 29.5
    /// and 49 → 56; 1e4 unchanged. Below, the output stays in cache for whatever reads it next.
    package static func streams(_ count: Int) -> Bool { count >= 1 << 15 }
}

extension InterpolationPlan {
    /// `out[i] = from[i].interpolated(to: to[i], fraction: t)` from the prepared decompositions: only
    /// the blend, the slerp and the recomposition per pair. Paths: `.scalar` (the reference per pair, from the
    /// plan's transforms); `.simd` (vector lanes: bit-identical); `.blas` throws. `precision: .fast` as in
    /// `Batch.interpolate(from:to:fraction:into:options:)`. Cost: O(n).
    public func interpolate(
        fraction t: Double, into out: UnsafeMutableBufferPointer<Transform3D>,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try BatchError.check("out", out.count, equals: count)
        let (resolved, threadCount, kernels) = try Batch.schedule(.blendPrepared, count: count, options: options)
        evaluate(
            into: out, reference: resolved == .scalar || !InterpolationPlan.coversFraction(t), threads: threadCount, kernels: kernels,
            fractions: .one(t))
    }

    /// `out[i] = from[i].interpolated(to: to[i], fraction: fractions[i])`: each pair at its own
    /// fraction (an animation's frame), with the bits of the reference. Paths and precisions as
    /// ``interpolate(fraction:into:options:)``; a fraction the kernels do not
    /// cover (NaN, ±∞, 0, 1, |t| ≥ 2¹⁷) takes the reference for its pair. Throws when the counts differ.
    /// Cost: O(n).
    public func interpolate(
        fractions: UnsafeBufferPointer<Double>, into out: UnsafeMutableBufferPointer<Transform3D>,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try BatchError.check("fractions", fractions.count, equals: count)
        try BatchError.check("out", out.count, equals: count)
        let (resolved, threadCount, kernels) = try Batch.schedule(.blendPrepared, count: count, options: options)
        guard let f = fractions.baseAddress else { return }
        evaluate(
            into: out, reference: resolved == .scalar, threads: threadCount, kernels: kernels, fractions: .each(SharedReadPointer(base: f)))
    }

    /// Array form of ``interpolate(fractions:into:options:)``.
    public func interpolate(fractions: [Double], options: BatchOptions = .auto) throws(BatchError) -> [Transform3D] {
        try Array.filled(count: count) { out throws(BatchError) in
            try fractions.withUnsafeBufferPointer { f throws(BatchError) in
                try interpolate(fractions: f, into: out, options: options)
            }
        }
    }

    /// Array form of ``interpolate(fraction:into:options:)``.
    public func interpolate(fraction t: Double, options: BatchOptions = .auto) throws(BatchError) -> [Transform3D] {
        try Array.filled(count: count) { out throws(BatchError) in
            try interpolate(fraction: t, into: out, options: options)
        }
    }
}

extension InterpolationPlan {
    /// Output i from pair i at `fractions(i)`, into `out[i]`: the reference when `reference`, else the kernels
    /// block by block over `threads` threads.
    func evaluate(
        into out: UnsafeMutableBufferPointer<Transform3D>, reference: Bool, threads threadCount: Int, kernels: KernelTable,
        fractions: PerElement
    ) {
        guard out.count > 0, let o = out.baseAddress else { return }
        let po = SharedPointer(base: o), stream = InterpolationPlan.streams(out.count)
        withPointers { plan in
            Batch.chunks(count: out.count, threads: threadCount) { r in
                if reference {
                    for i in r { po.base[i] = plan.from[i].interpolated(to: plan.to[i], fraction: fractions(i)) }
                    return
                }
                DecompositionScratch.blocks(of: r) { k, s in
                    plan.evaluateBlock(k, fractions: fractions, scratch: s, kernels: kernels, into: po.base, stream: stream)
                }
            }
        }
    }

    /// The plan's arrays as pointers, for one call.
    package func withPointers<R>(_ body: (PlanPointers) -> R) -> R {
        withExtendedLifetime((records, perspectives)) {
            from.withUnsafeBufferPointer { pf in
                to.withUnsafeBufferPointer { pt in
                    pairFlags.withUnsafeBufferPointer { fl in
                        body(
                            PlanPointers(
                                from: pf.baseAddress!, to: pt.baseAddress!,
                                pairs: PairRecords(records: records.mutableBase, perspectives: perspectives.mutableBase),
                                flags: fl.baseAddress!))
                    }
                }
            }
        }
    }
}

/// An ``InterpolationPlan``'s arrays as pointers, shared read-only by the threads of one call.
package struct PlanPointers: @unchecked Sendable {
    package let from: UnsafePointer<Transform3D>, to: UnsafePointer<Transform3D>
    /// Read only: the plan's records.
    package let pairs: PairRecords
    package let flags: UnsafePointer<UInt8>

    /// Outputs `k` (within one block) into `out`, from pairs `k` in order at `fractions`.
    package func evaluateBlock(
        _ k: Range<Int>, fractions: PerElement, scratch s: DecompositionScratch, kernels: KernelTable,
        into out: UnsafeMutablePointer<Transform3D>, stream: Bool
    ) {
        let l = k.lowerBound
        for j in 0..<k.count { s.fractions[j] = fractions(l + j) }
        InterpolationPlan.evaluate(
            count: k.count, pairs: pairs.from(l), flag: { flags[l + $0] }, fractions: s.fractions,
            scratch: s, kernels: kernels, into: out + l, stream: stream
        ) { j in
            from[l + j].interpolated(to: to[l + j], fraction: s.fractions[j])
        }
    }

    /// `out[j]` from pair `indices[j]` at `fractions[j]` for j < `count` (at most one block), the kernel reading
    /// the records by index.
    package func evaluateGathered(
        count: Int, indices: UnsafePointer<Int64>, fractions: UnsafePointer<Double>, scratch s: DecompositionScratch,
        kernels: KernelTable, into out: UnsafeMutablePointer<Transform3D>, stream: Bool
    ) {
        InterpolationPlan.evaluate(
            count: count, pairs: pairs, indices: indices, flag: { flags[Int(indices[$0])] }, fractions: fractions,
            scratch: s, kernels: kernels, into: out, stream: stream
        ) { j in
            from[Int(indices[j])].interpolated(to: to[Int(indices[j])], fraction: fractions[j])
        }
    }
}
