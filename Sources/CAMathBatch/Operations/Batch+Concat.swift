import CAMathCore
import _CAMathKernels

extension Batch {
    /// Pairwise `out[i] = a[i]·b[i]` (`CATransform3DConcat`). `out` may be `a` or `b` (in place).
    /// Paths: `.scalar`, `.simd` (bitwise, see <doc:ExactnessContract>); `.blas` throws (not a single matrix product).
    /// Cost: 64 multiplies + 48 adds per element; memory-bound at ~384 bytes per element.
    /// `instructionSet` chooses the `.simd` kernels (`nil`: ``InstructionSet/current``; one the CPU cannot
    /// run throws), as in every batch operation that has vector kernels. The `.simd` kernels are exact at either
    /// `precision` (see ``BatchPrecision``); `.fast` lets `.auto` take `.blas` where the tuning says CBLAS wins.
    public static func concat(
        _ a: UnsafeBufferPointer<Transform3D>, _ b: UnsafeBufferPointer<Transform3D>,
        into out: UnsafeMutableBufferPointer<Transform3D>,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try BatchError.check("b", b.count, equals: a.count)
        try BatchError.check("out", out.count, equals: a.count)
        try concat(.concatPairwise, a.baseAddress, aStep: 1, b.baseAddress, bStep: 1, out, options: options)
    }

    /// Many by one: `out[i] = a[i]·b` — one transform applied after many. `out` may be `a`.
    /// Paths: `.scalar`, `.simd` (bitwise, see <doc:ExactnessContract>), `.blas` (one `(4N×4)·(4×4)` dgemm per chunk; FMA order; a chunk with a
    /// non-finite entry or one of magnitude 2^500 or more runs the SIMD kernel).
    public static func concat(
        _ a: UnsafeBufferPointer<Transform3D>, _ b: Transform3D,
        into out: UnsafeMutableBufferPointer<Transform3D>,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try BatchError.check("out", out.count, equals: a.count)
        try withUnsafePointer(to: b) { pb throws(BatchError) in
            try concat(.concatManyByOne, a.baseAddress, aStep: 1, pb, bStep: 0, out, options: options)
        }
    }

    /// One by many: `out[i] = a·b[i]` — one transform applied before many. `out` may be `b`.
    /// Paths: `.scalar`, `.simd` (bitwise, see <doc:ExactnessContract>); `.blas` throws (not a single matrix product in this layout).
    public static func concat(
        _ a: Transform3D, _ b: UnsafeBufferPointer<Transform3D>,
        into out: UnsafeMutableBufferPointer<Transform3D>,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try BatchError.check("out", out.count, equals: b.count)
        try withUnsafePointer(to: a) { pa throws(BatchError) in
            try concat(.concatOneByMany, pa, aStep: 0, b.baseAddress, bStep: 1, out, options: options)
        }
    }

    /// Array form of pairwise `concat(_:_:into:options:)`.
    public static func concat(
        _ a: [Transform3D], _ b: [Transform3D],
        options: BatchOptions = .auto
    ) throws(BatchError) -> [Transform3D] {
        try BatchError.check("b", b.count, equals: a.count)
        return try Array.filled(count: a.count) { out throws(BatchError) in
            try a.withUnsafeBufferPointer { pa throws(BatchError) in
                try b.withUnsafeBufferPointer { pb throws(BatchError) in try concat(pa, pb, into: out, options: options) }
            }
        }
    }

    /// Array form of many-by-one concat: `a[i]·b`.
    public static func concat(
        _ a: [Transform3D], _ b: Transform3D,
        options: BatchOptions = .auto
    ) throws(BatchError) -> [Transform3D] {
        try Array.filled(count: a.count) { out throws(BatchError) in
            try a.withUnsafeBufferPointer { pa throws(BatchError) in try concat(pa, b, into: out, options: options) }
        }
    }

    /// Array form of one-by-many concat: `a·b[i]`.
    public static func concat(
        _ a: Transform3D, _ b: [Transform3D],
        options: BatchOptions = .auto
    ) throws(BatchError) -> [Transform3D] {
        try Array.filled(count: b.count) { out throws(BatchError) in
            try b.withUnsafeBufferPointer { pb throws(BatchError) in try concat(a, pb, into: out, options: options) }
        }
    }

    /// The one implementation behind the three shapes: `out[m] = a[m·aStep]·b[m·bStep]`.
    private static func concat(
        _ operation: BatchOperation, _ a: UnsafePointer<Transform3D>?, aStep: Int,
        _ b: UnsafePointer<Transform3D>?, bStep: Int, _ out: UnsafeMutableBufferPointer<Transform3D>,
        options: BatchOptions
    ) throws(BatchError) {
        let n = out.count
        let (resolved, threadCount, kernels) = try schedule(operation, count: n, options: options)
        guard n > 0, let a, let b, let o = out.baseAddress else { return }
        let pa = SharedReadPointer(base: a), pb = SharedReadPointer(base: b), po = SharedPointer(base: o)
        switch resolved {
        case .scalar:
            chunks(count: n, threads: threadCount) { r in
                for m in r { po.base[m] = pa.base[m * aStep].concatenating(pb.base[m * bStep]) }
            }
        case .blas where UnsafeRawPointer(a) != UnsafeRawPointer(o): // many-by-one only (the others refuse .blas)
            let library = try blasLibrary(for: operation)
            chunks(count: n, threads: threadCount) { r in
                let chunk = doubles(pa.base + r.lowerBound), one = doubles(pb.base)
                if CBLAS.takes(chunk, rows: 4 * r.count, columns: 4, stride: 4) && CBLAS.takes(one, rows: 4, columns: 4, stride: 4) {
                    library.gemm(m: 4 * r.count, n: 4, k: 4, chunk, lda: 4, one, ldb: 4, beta: 0, doubles(po.base + r.lowerBound), ldc: 4)
                } else {
                    kernels.k.concat(chunk, 16, one, 0, doubles(po.base + r.lowerBound), r.count)
                }
            }
        case .blas, .simd, .auto: // .blas in place: dgemm may not alias its output, so the SIMD kernel runs
            chunks(count: n, threads: threadCount) { r in
                kernels.k.concat(
                    doubles(pa.base + r.lowerBound * aStep), 16 * aStep, doubles(pb.base + r.lowerBound * bStep),
                    16 * bStep, doubles(po.base + r.lowerBound), r.count)
            }
        }
    }
}
