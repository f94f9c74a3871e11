import CAMathCore
import _CAMathKernels

extension Batch {
    /// `out[i] = Invert(t[i])` with CA's singular rule per element (CAMathCore's *Conventions* article, *Inversion*): a singular element comes
    /// back unchanged and `singular[i] = true` (when a mask is given). `out` may be `t`.
    /// Paths: `.scalar`; `.simd` (vector lanes of the same Laplace formula in the same order: bitwise, see
    /// <doc:ExactnessContract>); `.blas` throws (LAPACK per matrix loses by 100×, see Reports/). Cost: ~100 flops + 16
    /// divisions per element; at `precision: .fast`, 1 division and 16 multiplies by the reciprocal (same
    /// determinant, hence the same singular verdict; within the inverse budget of <doc:ExactnessContract>).
    public static func invert(
        _ t: UnsafeBufferPointer<Transform3D>, into out: UnsafeMutableBufferPointer<Transform3D>,
        singular: UnsafeMutableBufferPointer<Bool>? = nil,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try invert(.invert, t, into: out, singular: singular, options: options)
    }

    /// The affine fast path of ``invert(_:into:singular:options:)-(UnsafeBufferPointer<Transform3D>,_,_,_)``: elements whose column 4 is
    /// `(0, 0, 0, 1)` use the reduced Laplace formula (the dropped terms are exact zeros, so results equal
    /// the general formula's up to the sign of zero — the one `.simd` contract that is not bitwise, see
    /// <doc:ExactnessContract> — at ~40% of the flops); other elements take the general formula. Same singular
    /// rule, same mask.
    public static func invertAffine(
        _ t: UnsafeBufferPointer<Transform3D>,
        into out: UnsafeMutableBufferPointer<Transform3D>,
        singular: UnsafeMutableBufferPointer<Bool>? = nil,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try invert(.invertAffine, t, into: out, singular: singular, options: options)
    }

    /// Array form of ``invert(_:into:singular:options:)-(UnsafeBufferPointer<Transform3D>,_,_,_)``: the inverses and the singular mask.
    public static func invert(
        _ t: [Transform3D], options: BatchOptions = .auto
    ) throws(BatchError)
        -> (inverses: [Transform3D], singular: [Bool])
    {
        try invert(.invert, t, options: options)
    }

    /// Array form of ``invertAffine(_:into:singular:options:)-(UnsafeBufferPointer<Transform3D>,_,_,_)``: the inverses and the
    /// singular mask.
    public static func invertAffine(
        _ t: [Transform3D], options: BatchOptions = .auto
    ) throws(BatchError)
        -> (inverses: [Transform3D], singular: [Bool])
    {
        try invert(.invertAffine, t, options: options)
    }

    private static func invert(
        _ operation: BatchOperation, _ t: [Transform3D], options: BatchOptions
    ) throws(BatchError)
        -> (inverses: [Transform3D], singular: [Bool])
    {
        var mask = [Bool](repeating: false, count: t.count)
        let inverses = try Array.filled(count: t.count) { out throws(BatchError) in
            try t.withUnsafeBufferPointer { pt throws(BatchError) in
                try mask.withUnsafeMutableBufferPointer { pm throws(BatchError) in
                    try invert(operation, pt, into: out, singular: pm, options: options)
                }
            }
        }
        return (inverses, mask)
    }

    private static func invert(
        _ operation: BatchOperation, _ t: UnsafeBufferPointer<Transform3D>,
        into out: UnsafeMutableBufferPointer<Transform3D>, singular: UnsafeMutableBufferPointer<Bool>?,
        options: BatchOptions
    ) throws(BatchError) {
        let n = t.count
        try BatchError.check("out", out.count, equals: n)
        if let singular { try BatchError.check("singular", singular.count, equals: n) }
        let (resolved, threadCount, kernels) = try schedule(operation, count: n, options: options)
        guard n > 0, let ti = t.baseAddress, let o = out.baseAddress else { return }
        let pt = SharedReadPointer(base: ti), po = SharedPointer(base: o)
        let pm = singular?.baseAddress.map { SharedPointer(base: $0) }
        if resolved == .scalar {
            chunks(count: n, threads: threadCount) { r in
                for i in r {
                    let inverse = pt.base[i].invertedIfPossible()
                    po.base[i] = inverse ?? pt.base[i]
                    pm?.base[i] = inverse == nil
                }
            }
            return
        }
        chunks(count: n, threads: threadCount) { r in
            let src = doubles(pt.base + r.lowerBound), dst = doubles(po.base + r.lowerBound)
            let mask = pm.map { UnsafeMutableRawPointer($0.base + r.lowerBound).assumingMemoryBound(to: UInt8.self) }
            guard operation == .invertAffine else {
                kernels.k.invert(src, dst, mask, r.count)
                return
            }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Batch.block) { general in
                var start = r.lowerBound
                while start < r.upperBound {
                    let count = min(Batch.block, r.upperBound - start), offset = start - r.lowerBound
                    kernels.k.invert_affine(src + 16 * offset, dst + 16 * offset, mask.map { $0 + offset }, general.baseAddress, count)
                    forEachMarked(general.baseAddress!, count: count) { k in
                        kernels.k.invert(src + 16 * (offset + k), dst + 16 * (offset + k), mask.map { $0 + offset + k }, 1)
                    }
                    start += count
                }
            }
        }
    }
}
