import CAMathCore
import _CAMathKernels

extension Batch {
    /// `out[i] = t[i].decomposed(method)` (`nil` where undecomposable).
    ///
    /// Paths: `.scalar` (the reference per element); `.simd` (the decomposition in vector lanes through
    /// CAMathCore's `Elementary` in lane form, branches as lane masks: bit-identical); `.blas` throws. Cost: O(n); per
    /// element one 4×4 inversion (with perspective, or always for `.interpolation3D`), an `asin`, two
    /// `atan2` and a square root.
    public static func decompose(
        _ t: UnsafeBufferPointer<Transform3D>,
        method: Transform3D.DecompositionMethod = .keyPaths,
        into out: UnsafeMutableBufferPointer<Transform3D.Decomposition?>,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try BatchError.check("out", out.count, equals: t.count)
        let (resolved, threadCount, kernels) = try schedule(.decompose, count: t.count, options: options.exactPrecision)
        guard !t.isEmpty, let tb = t.baseAddress, let o = out.baseAddress else { return }
        let pt = SharedReadPointer(base: tb), po = SharedPointer(base: o)
        chunks(count: t.count, threads: threadCount) { r in
            if resolved == .scalar {
                for i in r { po.base[i] = pt.base[i].decomposed(method) }
                return
            }
            DecompositionScratch.blocks(of: r) { b, s in
                kernels.k.decompose(
                    doubles(pt.base + b.lowerBound), nil, method.kernelCode, CAMATH_EULER | CAMATH_QUATERNION, s.first, s.stride,
                    s.firstStatus, b.count)
                Transform3D.Decomposition.store(records: s.first, stride: s.stride, count: b.count, to: po.base + b.lowerBound)
                for (j, i) in b.enumerated() {
                    switch s.status(s.firstStatus, j) {
                    case .decomposed: break
                    case .undecomposable: po.base[i] = nil
                    case .needsReference: po.base[i] = pt.base[i].decomposed(method)
                    }
                }
            }
        }
    }

    /// `out[i] = t[i].value(for: keyPath)` (CAMathCore's *Key paths and decomposition* article, *Key paths*;
    /// undecomposable reads 0). Paths as ``decompose(_:method:into:options:)``, bit-identical.
    public static func values(
        for keyPath: TransformKeyPath, of t: UnsafeBufferPointer<Transform3D>,
        into out: UnsafeMutableBufferPointer<TransformKeyPathValue>,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try BatchError.check("out", out.count, equals: t.count)
        let (resolved, threadCount, kernels) = try schedule(.keyPathRead, count: t.count, options: options.exactPrecision)
        guard !t.isEmpty, let tb = t.baseAddress, let o = out.baseAddress else { return }
        let pt = SharedReadPointer(base: tb), po = SharedPointer(base: o)
        let rotations: Int32 = keyPath.eulerAngleRead, layout = KeyPathValueLayout.current
        chunks(count: t.count, threads: threadCount) { r in
            if resolved == .scalar {
                for i in r { po.base[i] = pt.base[i].value(for: keyPath) }
                return
            }
            DecompositionScratch.blocks(of: r) { b, s in
                kernels.k.decompose(doubles(pt.base + b.lowerBound), nil, 0, rotations, s.first, s.stride, s.firstStatus, b.count)
                for (j, i) in b.enumerated() {
                    switch s.status(s.firstStatus, j) {
                    case .decomposed:
                        if let layout {
                            layout.store(keyPath.components(s.first, stride: s.stride, j), to: po.base + i)
                        } else {
                            po.base[i] = keyPath.read(s.first, stride: s.stride, j)
                        }
                    case .undecomposable: po.base[i] = keyPath.undecomposableValue
                    case .needsReference: po.base[i] = pt.base[i].value(for: keyPath)
                    }
                }
            }
        }
    }

    /// `out[i] = t[i].setting(keyPath, to: values[i])` (CAMathCore's *Key paths and decomposition* article, *Key
    /// paths*). A refused write (wrong value kind, undecomposable matrix) leaves `out[i] = t[i]` and sets
    /// `refused[i] = true` when a mask is given; a NaN/±∞ value leaves `out[i] = t[i]` without refusing.
    /// Paths: `.scalar` (the reference per element); `.simd` (decomposition and the Euler recomposition in
    /// vector lanes, the edit per element; an angle of 2¹⁹ or more goes to the reference: bit-identical);
    /// `.blas` throws. `out` may be `t`'s memory. Cost: O(n), one decomposition and recomposition per element.
    public static func setting(
        _ keyPath: TransformKeyPath, of t: UnsafeBufferPointer<Transform3D>,
        to values: UnsafeBufferPointer<TransformKeyPathValue>,
        into out: UnsafeMutableBufferPointer<Transform3D>,
        refused: UnsafeMutableBufferPointer<Bool>? = nil,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try BatchError.check("values", values.count, equals: t.count)
        try BatchError.check("out", out.count, equals: t.count)
        if let refused { try BatchError.check("refused", refused.count, equals: t.count) }
        let (resolved, threadCount, kernels) = try schedule(.keyPathWrite, count: t.count, options: options.exactPrecision)
        guard !t.isEmpty, let tb = t.baseAddress, let vb = values.baseAddress, let o = out.baseAddress else { return }
        let pt = SharedReadPointer(base: tb), pv = SharedReadPointer(base: vb), po = SharedPointer(base: o)
        let pr = refused?.baseAddress.map { SharedPointer(base: $0) }
        chunks(count: t.count, threads: threadCount) { r in
            if resolved == .scalar {
                for i in r {
                    let written = try? pt.base[i].setting(keyPath, to: pv.base[i])
                    pr?.base[i] = written == nil
                    po.base[i] = written ?? pt.base[i]
                }
                return
            }
            DecompositionScratch.blocks(of: r) { b, s in
                kernels.k.decompose(
                    doubles(pt.base + b.lowerBound), nil, 0, keyPath.eulerAnglesForWrite, s.first, s.stride, s.firstStatus, b.count)
                // Edit the decompositions the kernel covers; the others (refusals, non-finite values, angles of 2¹⁹ or
                // more, rare lanes) keep the reference's result, computed before the kernel writes `out`, which may be `t`.
                for (j, i) in b.enumerated() {
                    let p = s.first
                    if s.status(s.firstStatus, j) == .decomposed, keyPath.write(pv.base + i, to: p, stride: s.stride, j),
                        max(p[13 * s.stride + j].magnitude, p[14 * s.stride + j].magnitude, p[15 * s.stride + j].magnitude) < 0x1p19
                    {
                        s.marks[j] = 0
                        pr?.base[i] = false
                    } else {
                        let written = try? pt.base[i].setting(keyPath, to: pv.base[i])
                        s.keep(written ?? pt.base[i], j)
                        s.marks[j] = 1
                        pr?.base[i] = written == nil
                    }
                }
                kernels.k.recompose(s.first, s.stride, 0, doubles(po.base + b.lowerBound), s.slow, b.count)
                s.copyKept(count: b.count, into: po.base + b.lowerBound)
            }
        }
    }

    /// `out[i] = from[i].interpolated(to: to[i], fraction: t)` (CAMathCore's *Key paths and decomposition*
    /// article, *Interpolation*). Paths: `.scalar` (the reference per element); `.simd` (both decompositions,
    /// the slerp and the recomposition in vector lanes; a fraction of 2¹⁷ or more in magnitude, whose slerp
    /// sines may need the long reduction, takes the reference: bit-identical); `.blas` throws. `out` may be
    /// `from`'s or `to`'s memory. `precision: .fast` takes the slerp's sines from polynomials and fuses the
    /// blend and the recomposition (within the blend budget of <doc:ExactnessContract>); the
    /// decompositions, the slerp's angle, sign and cut-off and every fallback to the reference stay exact.
    /// Cost: O(n), two decompositions, a slerp and a recomposition per pair. For many fractions of the same pairs, prepare an
    /// ``InterpolationPlan`` once.
    public static func interpolate(
        from: UnsafeBufferPointer<Transform3D>, to: UnsafeBufferPointer<Transform3D>,
        fraction t: Double, into out: UnsafeMutableBufferPointer<Transform3D>,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try BatchError.check("to", to.count, equals: from.count)
        try BatchError.check("out", out.count, equals: from.count)
        let (resolved, threadCount, kernels) = try schedule(.blend, count: from.count, options: options)
        guard !from.isEmpty, let fb = from.baseAddress, let tb = to.baseAddress, let o = out.baseAddress else { return }
        let pf = SharedReadPointer(base: fb), pt = SharedReadPointer(base: tb), po = SharedPointer(base: o)
        let stream = InterpolationPlan.streams(from.count)
        chunks(count: from.count, threads: threadCount) { r in
            if resolved == .scalar || !InterpolationPlan.coversFraction(t) {
                for i in r { po.base[i] = pf.base[i].interpolated(to: pt.base[i], fraction: t) }
                return
            }
            DecompositionScratch.blocks(of: r) { b, s in
                InterpolationPlan.prepare(
                    from: pf.base + b.lowerBound, to: pt.base + b.lowerBound, count: b.count, scratch: s, kernels: kernels,
                    into: s.pairs)
                s.fractions.update(repeating: t, count: b.count)
                InterpolationPlan.evaluate(
                    count: b.count, pairs: s.pairs, flag: { s.methods[$0] }, fractions: s.fractions, scratch: s,
                    kernels: kernels, into: po.base + b.lowerBound, stream: stream
                ) { j in
                    pf.base[b.lowerBound + j].interpolated(to: pt.base[b.lowerBound + j], fraction: t)
                }
            }
        }
    }

    /// Array form of ``decompose(_:method:into:options:)``.
    public static func decompose(
        _ t: [Transform3D], method: Transform3D.DecompositionMethod = .keyPaths,
        options: BatchOptions = .auto
    ) throws(BatchError) -> [Transform3D.Decomposition?] {
        try Array.filled(count: t.count) { out throws(BatchError) in
            try t.withUnsafeBufferPointer { pt throws(BatchError) in
                try decompose(pt, method: method, into: out, options: options.exactPrecision)
            }
        }
    }

    /// Array form of ``values(for:of:into:options:)``.
    public static func values(
        for keyPath: TransformKeyPath, of t: [Transform3D],
        options: BatchOptions = .auto
    ) throws(BatchError) -> [TransformKeyPathValue] {
        try Array.filled(count: t.count) { out throws(BatchError) in
            try t.withUnsafeBufferPointer { pt throws(BatchError) in
                try values(for: keyPath, of: pt, into: out, options: options.exactPrecision)
            }
        }
    }

    /// Array form of ``setting(_:of:to:into:refused:options:)``: the written transforms and the refusals.
    public static func setting(
        _ keyPath: TransformKeyPath, of t: [Transform3D], to values: [TransformKeyPathValue],
        options: BatchOptions = .auto
    ) throws(BatchError)
        -> (transforms: [Transform3D], refused: [Bool])
    {
        var refused = [Bool](repeating: false, count: t.count)
        let written = try Array.filled(count: t.count) { out throws(BatchError) in
            try t.withUnsafeBufferPointer { pt throws(BatchError) in
                try values.withUnsafeBufferPointer { pv throws(BatchError) in
                    try refused.withUnsafeMutableBufferPointer { pr throws(BatchError) in
                        try setting(keyPath, of: pt, to: pv, into: out, refused: pr, options: options.exactPrecision)
                    }
                }
            }
        }
        return (written, refused)
    }

    /// Array form of ``interpolate(from:to:fraction:into:options:)``.
    public static func interpolate(
        from: [Transform3D], to: [Transform3D], fraction t: Double,
        options: BatchOptions = .auto
    ) throws(BatchError) -> [Transform3D] {
        try BatchError.check("to", to.count, equals: from.count)
        return try Array.filled(count: from.count) { out throws(BatchError) in
            try from.withUnsafeBufferPointer { pf throws(BatchError) in
                try to.withUnsafeBufferPointer { pt throws(BatchError) in
                    try interpolate(from: pf, to: pt, fraction: t, into: out, options: options)
                }
            }
        }
    }
}

extension TransformKeyPath {
    /// The Euler angle the key path reads, as the kernels' `parts` (0 for the key paths that read no rotation).
    var eulerAngleRead: Int32 {
        switch self {
        case .rotationX: CAMATH_ROTATION_X
        case .rotationY: CAMATH_ROTATION_Y
        case .rotationZ, .rotation: CAMATH_ROTATION_Z
        default: 0
        }
    }

    /// The Euler angles a write of this key path decomposes before recomposing: all three but the one the write
    /// replaces (an atan2 or an asin fewer per element for a rotation).
    var eulerAnglesForWrite: Int32 { CAMATH_EULER & ~eulerAngleRead }
}
