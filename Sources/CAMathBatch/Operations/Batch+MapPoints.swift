import CAMathCore
import _CAMathKernels

extension Batch {
    /// `out[i] = t.mapPoint(points[i])`: `(x, y, z, 1)·t` divided by `W` (CAMathCore's *Conventions* article, *Layout: row vectors*; `W = 0` gives ±∞/NaN).
    /// `out` may be `points`. Paths: `.scalar`; `.simd` (bitwise, see <doc:ExactnessContract>); `.blas` (one `(N×3)·(3×4)` dgemm
    /// plus the translation row per chunk, then a divide pass; FMA order; a chunk with a non-finite entry or one of
    /// magnitude 2^500 or more runs the SIMD kernel). Cost: 12 mul, 12 add, 3 div; at
    /// `precision: .fast`, fused multiply-adds and 1 division (within the point budget of <doc:ExactnessContract>).
    public static func mapPoints(
        _ points: UnsafeBufferPointer<SIMD3<Double>>, through t: Transform3D,
        into out: UnsafeMutableBufferPointer<SIMD3<Double>>,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try BatchError.check("out", out.count, equals: points.count)
        let stride = MemoryLayout<SIMD3<Double>>.stride
        try mapPoints(
            UnsafeRawPointer(points.baseAddress), inStride: stride, through: t,
            into: UnsafeMutableRawPointer(out.baseAddress), outStride: stride, count: points.count, options: options)
    }

    /// The stream form (DirectXMath's `XMVector3TransformCoordStream`): `count` points of three doubles
    /// `(x, y, z)` read every `inStride` bytes and written every `outStride` bytes (each ≥ 24). Contiguous
    /// `SIMD3<Double>` strides (32) take the level's vector kernel; other strides a portable loop of the same arithmetic.
    public static func mapPoints(
        _ input: UnsafeRawPointer?, inStride: Int, through t: Transform3D,
        into output: UnsafeMutableRawPointer?, outStride: Int, count: Int,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        guard inStride >= 24 else { throw .invalidStride(argument: "inStride", stride: inStride, minimum: 24) }
        guard outStride >= 24 else { throw .invalidStride(argument: "outStride", stride: outStride, minimum: 24) }
        guard count >= 0 else { throw .negativeCount(argument: "count", count: count) }
        let (resolved, threadCount, kernels) = try schedule(.mapPoints3D, count: count, options: options)
        let library = resolved == .blas ? try blasLibrary(for: .mapPoints3D) : nil
        guard count > 0, let input, let output else { return }
        let pin = SharedReadPointer(base: input.assumingMemoryBound(to: UInt8.self))
        let pout = SharedPointer(base: output.assumingMemoryBound(to: UInt8.self))
        let contiguous = inStride == 32 && outStride == 32
        let aliased = UnsafeRawPointer(input) == UnsafeRawPointer(output)
        withUnsafePointer(to: t) { pt in
            let matrix = SharedReadPointer(base: doubles(pt))
            chunks(count: count, threads: threadCount) { r in
                let src = UnsafeRawPointer(pin.base + r.lowerBound * inStride),
                    dst = UnsafeMutableRawPointer(pout.base + r.lowerBound * outStride)
                switch resolved {
                case .scalar:
                    for i in 0..<r.count {
                        let p = src + i * inStride
                        let q = t.mapPoint(
                            SIMD3(
                                p.loadUnaligned(as: Double.self), p.loadUnaligned(fromByteOffset: 8, as: Double.self),
                                p.loadUnaligned(fromByteOffset: 16, as: Double.self)))
                        let o = dst + i * outStride
                        o.storeBytes(of: q.x, as: Double.self)
                        o.storeBytes(of: q.y, toByteOffset: 8, as: Double.self)
                        o.storeBytes(of: q.z, toByteOffset: 16, as: Double.self)
                    }
                case .blas
                where contiguous && !aliased
                    && CBLAS.takes(src.assumingMemoryBound(to: Double.self), rows: r.count, columns: 3, stride: 4)
                    && CBLAS.takes(matrix.base, rows: 4, columns: 4, stride: 4):
                    mapPointsBLAS(library!, matrix.base, src, dst, count: r.count)
                default:
                    if contiguous {
                        kernels.k.map_points3(
                            matrix.base, src.assumingMemoryBound(to: Double.self),
                            dst.assumingMemoryBound(to: Double.self), r.count)
                    } else {
                        kernels.k.map_points3_strided(
                            matrix.base, src.assumingMemoryBound(to: UInt8.self), inStride,
                            dst.assumingMemoryBound(to: UInt8.self), outStride, r.count)
                    }
                }
            }
        }
    }

    /// Array form of `mapPoints(_:through:into:options:)` (3-D points).
    public static func mapPoints(
        _ points: [SIMD3<Double>], through t: Transform3D,
        options: BatchOptions = .auto
    ) throws(BatchError) -> [SIMD3<Double>] {
        try Array.filled(count: points.count) { out throws(BatchError) in
            try points.withUnsafeBufferPointer { pp throws(BatchError) in try mapPoints(pp, through: t, into: out, options: options) }
        }
    }

    /// 2-D points through a homography (CAMathCore's *Planar maps* article): `out[i] = h.mapPoint(points[i])`, `(X/W, Y/W)`.
    /// `out` may be `points`. Paths: `.scalar`; `.simd` (bitwise, see <doc:ExactnessContract>); `.blas` (a `(N×2)·(2×2)` dgemm
    /// for X and Y plus the translation row, then W and the divide; FMA order; a chunk with a non-finite entry or
    /// one of magnitude 2^500 or more runs the SIMD kernel).
    public static func mapPoints(
        _ points: UnsafeBufferPointer<SIMD2<Double>>, through h: Homography,
        into out: UnsafeMutableBufferPointer<SIMD2<Double>>,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        let n = points.count
        try BatchError.check("out", out.count, equals: n)
        let (resolved, threadCount, kernels) = try schedule(.mapPoints2D, count: n, options: options)
        let library = resolved == .blas ? try blasLibrary(for: .mapPoints2D) : nil
        guard n > 0, let source = points.baseAddress, let o = out.baseAddress else { return }
        let pp = SharedReadPointer(base: source), po = SharedPointer(base: o)
        let aliased = Int(bitPattern: source) == Int(bitPattern: o)
        withUnsafePointer(to: h) { ph in
            let entries = SharedReadPointer(base: doubles(ph))
            chunks(count: n, threads: threadCount) { r in
                switch resolved {
                case .scalar:
                    for i in r { po.base[i] = h.mapPoint(pp.base[i]) }
                case .blas
                where !aliased && CBLAS.takes(doubles(pp.base + r.lowerBound), rows: r.count, columns: 2, stride: 2)
                    && CBLAS.takes(entries.base, rows: 3, columns: 3, stride: 3):
                    let src = doubles(pp.base + r.lowerBound), dst = doubles(po.base + r.lowerBound)
                    for i in 0..<r.count { dst[2 * i] = h.h31; dst[2 * i + 1] = h.h32 }
                    withUnsafeTemporaryAllocation(of: Double.self, capacity: 4) { b in
                        b[0] = h.h11; b[1] = h.h12; b[2] = h.h21; b[3] = h.h22
                        library!.gemm(m: r.count, n: 2, k: 2, src, lda: 2, UnsafePointer(b.baseAddress!), ldb: 2, beta: 1, dst, ldc: 2)
                    }
                    for i in 0..<r.count {
                        let w = src[2 * i] * h.h13 + src[2 * i + 1] * h.h23 + h.h33
                        dst[2 * i] = dst[2 * i] / w
                        dst[2 * i + 1] = dst[2 * i + 1] / w
                    }
                default:
                    kernels.k.map_points2(entries.base, doubles(pp.base + r.lowerBound), doubles(po.base + r.lowerBound), r.count)
                }
            }
        }
    }

    /// Array form of the homography `mapPoints(_:through:into:options:)` (2-D points).
    public static func mapPoints(
        _ points: [SIMD2<Double>], through h: Homography,
        options: BatchOptions = .auto
    ) throws(BatchError) -> [SIMD2<Double>] {
        try Array.filled(count: points.count) { out throws(BatchError) in
            try points.withUnsafeBufferPointer { pp throws(BatchError) in try mapPoints(pp, through: h, into: out, options: options) }
        }
    }

    /// `out[i] = t.mapHomogeneous(points[i])`: homogeneous points `(x, y, z, w)` through `t`, with no
    /// divide (row-vector convention, `x·row 1 + y·row 2 + z·row 3 + w·row 4` in that order). Four
    /// consecutive points are the rows of one 4×4 matrix, so the call is the many-by-one concat of those
    /// matrices by `t` and has its contract: bitwise on `.scalar` and `.simd` at either precision, within
    /// the concat budget of <doc:ExactnessContract> on `.blas`; the last `count % 4` points take
    /// `Transform3D.mapHomogeneous(_:)` itself. `out` may be `points`. NaN and
    /// infinities propagate by IEEE 754 (`0·∞` is NaN). Mismatched counts and bad options throw before
    /// anything is written. Cost: 16 multiplies and 12 adds per point; memory-bound at 64 bytes per point.
    public static func mapPoints(
        _ points: UnsafeBufferPointer<SIMD4<Double>>, through t: Transform3D,
        into out: UnsafeMutableBufferPointer<SIMD4<Double>>,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try BatchError.check("out", out.count, equals: points.count)
        let groups = points.count / 4
        guard groups > 0, let p = points.baseAddress, let o = out.baseAddress else {
            _ = try concat([], t, options: options) // checks the options, as a call with points does
            for i in points.indices { out[i] = t.mapHomogeneous(points[i]) }
            return
        }
        try p.withMemoryRebound(to: Transform3D.self, capacity: groups) { a throws(BatchError) in
            try o.withMemoryRebound(to: Transform3D.self, capacity: groups) { c throws(BatchError) in
                try concat(
                    UnsafeBufferPointer(start: a, count: groups), t,
                    into: UnsafeMutableBufferPointer(start: c, count: groups), options: options)
            }
        }
        for i in 4 * groups..<points.count { out[i] = t.mapHomogeneous(points[i]) }
    }

    /// Array form of the homogeneous `mapPoints(_:through:into:options:)` (`SIMD4` points, no divide).
    public static func mapPoints(
        _ points: [SIMD4<Double>], through t: Transform3D,
        options: BatchOptions = .auto
    ) throws(BatchError) -> [SIMD4<Double>] {
        try Array.filled(count: points.count) { out throws(BatchError) in
            try points.withUnsafeBufferPointer { pp throws(BatchError) in try mapPoints(pp, through: t, into: out, options: options) }
        }
    }

    /// `(N×3)·(3×4) + row 4` into the output (stride 4 doubles), then `(X, Y, Z)/W`.
    private static func mapPointsBLAS(
        _ library: CBLAS, _ m: UnsafePointer<Double>, _ src: UnsafeRawPointer,
        _ dst: UnsafeMutableRawPointer, count: Int
    ) {
        let s = src.assumingMemoryBound(to: Double.self), d = dst.assumingMemoryBound(to: Double.self)
        for i in 0..<count { for j in 0..<4 { d[4 * i + j] = m[12 + j] } }
        library.gemm(m: count, n: 4, k: 3, s, lda: 4, m, ldb: 4, beta: 1, d, ldc: 4)
        for i in 0..<count {
            let w = d[4 * i + 3]
            d[4 * i] = d[4 * i] / w; d[4 * i + 1] = d[4 * i + 1] / w; d[4 * i + 2] = d[4 * i + 2] / w
        }
    }
}
