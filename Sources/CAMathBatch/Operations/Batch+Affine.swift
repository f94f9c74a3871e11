import CAMathCore

extension Batch {
    /// The affine round trip in bulk (CAMathCore's *Conventions* article, *The affine bridge*): `isAffine[i] = t[i].isAffine` and
    /// `affine[i] = GetAffineTransform(t[i])` (copied even when not affine). Either output may be omitted.
    /// Every path runs the same exact comparisons and copies (nothing to round); `.blas` throws.
    public static func affineParts(
        of t: UnsafeBufferPointer<Transform3D>, isAffine: UnsafeMutableBufferPointer<Bool>?,
        affine: UnsafeMutableBufferPointer<Transform2D>?,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        let n = t.count
        if let isAffine { try BatchError.check("isAffine", isAffine.count, equals: n) }
        if let affine { try BatchError.check("affine", affine.count, equals: n) }
        let threadCount = try schedule(.affineRoundTrip, count: n, options: options.exactPrecision).threads
        guard n > 0, let ti = t.baseAddress else { return }
        let pt = SharedReadPointer(base: ti)
        let pm = isAffine?.baseAddress.map { SharedPointer(base: $0) }, pa = affine?.baseAddress.map { SharedPointer(base: $0) }
        chunks(count: n, threads: threadCount) { r in
            for i in r {
                pm?.base[i] = pt.base[i].isAffine
                pa?.base[i] = pt.base[i].affineTransform
            }
        }
    }

    /// `out[i] = MakeAffineTransform(affine[i])`, bit for bit. `.blas` throws.
    public static func makeTransforms(
        from affine: UnsafeBufferPointer<Transform2D>,
        into out: UnsafeMutableBufferPointer<Transform3D>,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        let n = affine.count
        try BatchError.check("out", out.count, equals: n)
        let threadCount = try schedule(.affineRoundTrip, count: n, options: options.exactPrecision).threads
        guard n > 0, let ai = affine.baseAddress, let o = out.baseAddress else { return }
        let pa = SharedReadPointer(base: ai), po = SharedPointer(base: o)
        chunks(count: n, threads: threadCount) { r in
            for i in r { po.base[i] = Transform3D(pa.base[i]) }
        }
    }

    /// Array form of ``affineParts(of:isAffine:affine:options:)``.
    public static func affineParts(
        of t: [Transform3D], options: BatchOptions = .auto
    ) throws(BatchError)
        -> (isAffine: [Bool], affine: [Transform2D])
    {
        var flags = [Bool](repeating: false, count: t.count), parts = [Transform2D](repeating: Transform2D(), count: t.count)
        try t.withUnsafeBufferPointer { pt throws(BatchError) in
            try flags.withUnsafeMutableBufferPointer { pf throws(BatchError) in
                try parts.withUnsafeMutableBufferPointer { pa throws(BatchError) in
                    try affineParts(of: pt, isAffine: pf, affine: pa, options: options.exactPrecision)
                }
            }
        }
        return (flags, parts)
    }

    /// Array form of ``makeTransforms(from:into:options:)``.
    public static func makeTransforms(
        from affine: [Transform2D],
        options: BatchOptions = .auto
    ) throws(BatchError) -> [Transform3D] {
        try [Transform3D].filled(count: affine.count) { out throws(BatchError) in
            try affine.withUnsafeBufferPointer { pa throws(BatchError) in
                try makeTransforms(from: pa, into: out, options: options.exactPrecision)
            }
        }
    }
}
