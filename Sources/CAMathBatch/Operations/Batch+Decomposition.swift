import CAMathCore

extension Batch {
    /// `out[i] = t[i].decomposed(method)` (`nil` where undecomposable). Every path runs the scalar
    /// reference per element (identical results; only the threading differs); `.blas` throws.
    public static func decompose(_ t: UnsafeBufferPointer<Transform3D>, method: Transform3D.DecompositionMethod = .keyPaths,
                                 into out: UnsafeMutableBufferPointer<Transform3D.Decomposition?>,
                                 path: BatchPath = .auto, threads: Int? = nil) throws(BatchError) {
        let pt = SharedReadPointer(base: t.baseAddress ?? dummy())
        try forEachIndex(.decompose, count: t.count, out: out, path: path, threads: threads) { pt.base[$0].decomposed(method) }
    }

    /// `out[i] = t[i].value(for: keyPath)` (CAMathCore's *Key paths and decomposition* article, *Key paths*; undecomposable reads 0). Per element, every path.
    public static func values(for keyPath: TransformKeyPath, of t: UnsafeBufferPointer<Transform3D>,
                              into out: UnsafeMutableBufferPointer<TransformKeyPathValue>,
                              path: BatchPath = .auto, threads: Int? = nil) throws(BatchError) {
        let pt = SharedReadPointer(base: t.baseAddress ?? dummy())
        try forEachIndex(.keyPathRead, count: t.count, out: out, path: path, threads: threads) { pt.base[$0].value(for: keyPath) }
    }

    /// `out[i] = t[i].setting(keyPath, to: values[i])` (CAMathCore's *Key paths and decomposition* article, *Key paths*). A refused write (wrong value kind,
    /// undecomposable matrix) leaves `out[i] = t[i]` and sets `refused[i] = true` when a mask is given;
    /// a NaN/±∞ value leaves `out[i] = t[i]` without refusing. Per element, every path.
    public static func setting(_ keyPath: TransformKeyPath, of t: UnsafeBufferPointer<Transform3D>,
                               to values: UnsafeBufferPointer<TransformKeyPathValue>,
                               into out: UnsafeMutableBufferPointer<Transform3D>, refused: UnsafeMutableBufferPointer<Bool>? = nil,
                               path: BatchPath = .auto, threads: Int? = nil) throws(BatchError) {
        try BatchError.check("values", values.count, equals: t.count)
        if let refused { try BatchError.check("refused", refused.count, equals: t.count) }
        let pt = SharedReadPointer(base: t.baseAddress ?? dummy()), pv = SharedReadPointer(base: values.baseAddress ?? dummy())
        let pr = refused?.baseAddress.map { SharedPointer(base: $0) }
        try forEachIndex(.keyPathWrite, count: t.count, out: out, path: path, threads: threads) { i in
            let written = try? pt.base[i].setting(keyPath, to: pv.base[i])
            pr?.base[i] = written == nil
            return written ?? pt.base[i]
        }
    }

    /// `out[i] = from[i].interpolated(to: to[i], fraction: t)` (CAMathCore's *Key paths and decomposition* article, *Interpolation*). Per element, every path.
    public static func interpolate(from: UnsafeBufferPointer<Transform3D>, to: UnsafeBufferPointer<Transform3D>, fraction t: Double,
                                   into out: UnsafeMutableBufferPointer<Transform3D>,
                                   path: BatchPath = .auto, threads: Int? = nil) throws(BatchError) {
        try BatchError.check("to", to.count, equals: from.count)
        let pf = SharedReadPointer(base: from.baseAddress ?? dummy()), pt = SharedReadPointer(base: to.baseAddress ?? dummy())
        try forEachIndex(.blend, count: from.count, out: out, path: path, threads: threads) { i in
            pf.base[i].interpolated(to: pt.base[i], fraction: t)
        }
    }

    /// Array form of ``decompose(_:method:into:path:threads:)``.
    public static func decompose(_ t: [Transform3D], method: Transform3D.DecompositionMethod = .keyPaths,
                                 path: BatchPath = .auto, threads: Int? = nil) throws(BatchError) -> [Transform3D.Decomposition?] {
        try Array.filled(count: t.count) { out throws(BatchError) in
            try t.withUnsafeBufferPointer { pt throws(BatchError) in try decompose(pt, method: method, into: out, path: path, threads: threads) }
        }
    }

    /// Array form of ``values(for:of:into:path:threads:)``.
    public static func values(for keyPath: TransformKeyPath, of t: [Transform3D], path: BatchPath = .auto, threads: Int? = nil) throws(BatchError) -> [TransformKeyPathValue] {
        try Array.filled(count: t.count) { out throws(BatchError) in
            try t.withUnsafeBufferPointer { pt throws(BatchError) in try values(for: keyPath, of: pt, into: out, path: path, threads: threads) }
        }
    }

    /// Array form of ``setting(_:of:to:into:refused:path:threads:)``: the written transforms and the refusals.
    public static func setting(_ keyPath: TransformKeyPath, of t: [Transform3D], to values: [TransformKeyPathValue],
                               path: BatchPath = .auto, threads: Int? = nil) throws(BatchError) -> (transforms: [Transform3D], refused: [Bool]) {
        var refused = [Bool](repeating: false, count: t.count)
        let written = try Array.filled(count: t.count) { out throws(BatchError) in
            try t.withUnsafeBufferPointer { pt throws(BatchError) in
                try values.withUnsafeBufferPointer { pv throws(BatchError) in
                    try refused.withUnsafeMutableBufferPointer { pr throws(BatchError) in
                        try setting(keyPath, of: pt, to: pv, into: out, refused: pr, path: path, threads: threads)
                    }
                }
            }
        }
        return (written, refused)
    }

    /// Array form of ``interpolate(from:to:fraction:into:path:threads:)``.
    public static func interpolate(from: [Transform3D], to: [Transform3D], fraction t: Double,
                                   path: BatchPath = .auto, threads: Int? = nil) throws(BatchError) -> [Transform3D] {
        try BatchError.check("to", to.count, equals: from.count)
        return try Array.filled(count: from.count) { out throws(BatchError) in
            try from.withUnsafeBufferPointer { pf throws(BatchError) in
                try to.withUnsafeBufferPointer { pt throws(BatchError) in try interpolate(from: pf, to: pt, fraction: t, into: out, path: path, threads: threads) }
            }
        }
    }

    /// The shared loop of the per-element operations: `out[i] = element(i)`, in fixed chunks.
    static func forEachIndex<Output>(_ operation: BatchOperation, count n: Int, out: UnsafeMutableBufferPointer<Output>,
                                     path: BatchPath, threads: Int?, _ element: @Sendable (Int) -> Output) throws(BatchError) {
        try BatchError.check("out", out.count, equals: n)
        let threadCount = try schedule(operation, count: n, path: path, threads: threads).threads
        guard n > 0, let o = out.baseAddress else { return }
        let po = SharedPointer(base: o)
        chunks(count: n, threads: threadCount) { r in
            for i in r { (po.base + i).initialize(to: element(i)) }
        }
    }

    /// A placeholder address for empty buffers (never dereferenced: the loops run zero times).
    static func dummy<T>() -> UnsafePointer<T> { UnsafePointer(bitPattern: MemoryLayout<T>.alignment)! }
}
