import CAMathCore
import _CAMathKernels

/// The planes forms (structure of arrays: ``TransformPlanes``, ``Point3DPlanes``, ``Point2DPlanes``) of concat,
/// invert and the point maps. Same results as the record forms — the same contract per path and precision
/// (<doc:ExactnessContract>): `.scalar` and `.simd` at `.exact` are the reference's bits, `.simd` at `.fast` is
/// within the same budgets — with kernels that run one element per vector lane and never shuffle. The output is an
/// `inout` value: it is written in place of its old contents, and never shares memory with an input (the types copy
/// on write). Paths: `.scalar`, `.simd`, `.auto` (the `.simd` kernels; threads as the record form's tuning says);
/// `.blas` throws: the planes have no CBLAS form. Mismatched counts and bad options throw before anything is
/// written.
extension Batch {
    /// Pairwise `out[i] = a[i]·b[i]` (`CATransform3DConcat`). Exact at either precision (the fast tables hold the
    /// exact concat, as for records). Cost: 64 multiplies + 48 adds per element; 384 bytes per element.
    public static func concat(
        _ a: TransformPlanes, _ b: TransformPlanes, into out: inout TransformPlanes,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try BatchError.check("b", b.count, equals: a.count)
        try BatchError.check("out", out.count, equals: a.count)
        try concatPlanes(.concatPairwise, .planes(a.storage), .planes(b.storage), into: &out, options: options)
    }

    /// Many by one: `out[i] = a[i]·b`. As the pairwise form.
    public static func concat(
        _ a: TransformPlanes, _ b: Transform3D, into out: inout TransformPlanes,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try BatchError.check("out", out.count, equals: a.count)
        try withUnsafePointer(to: b) { pb throws(BatchError) in
            try concatPlanes(.concatManyByOne, .planes(a.storage), .shared(doubles(pb)), into: &out, options: options)
        }
    }

    /// One by many: `out[i] = a·b[i]`. As the pairwise form.
    public static func concat(
        _ a: Transform3D, _ b: TransformPlanes, into out: inout TransformPlanes,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try BatchError.check("out", out.count, equals: b.count)
        try withUnsafePointer(to: a) { pa throws(BatchError) in
            try concatPlanes(.concatOneByMany, .shared(doubles(pa)), .planes(b.storage), into: &out, options: options)
        }
    }

    /// Value form of the pairwise planes concat.
    public static func concat(
        _ a: TransformPlanes, _ b: TransformPlanes, options: BatchOptions = .auto
    ) throws(BatchError) -> TransformPlanes {
        var out = TransformPlanes(count: a.count)
        try concat(a, b, into: &out, options: options)
        return out
    }

    /// Value form of the many-by-one planes concat.
    public static func concat(_ a: TransformPlanes, _ b: Transform3D, options: BatchOptions = .auto) throws(BatchError) -> TransformPlanes {
        var out = TransformPlanes(count: a.count)
        try concat(a, b, into: &out, options: options)
        return out
    }

    /// Value form of the one-by-many planes concat.
    public static func concat(_ a: Transform3D, _ b: TransformPlanes, options: BatchOptions = .auto) throws(BatchError) -> TransformPlanes {
        var out = TransformPlanes(count: b.count)
        try concat(a, b, into: &out, options: options)
        return out
    }

    /// `out[i] = Invert(t[i])` with CA's singular rule per element: a singular element comes back unchanged and
    /// `singular[i] = true` (when a mask is given; it must hold `t.count` flags). Bitwise at `.exact`; at `.fast`
    /// one division and 16 multiplies by the reciprocal per element (the same determinant, hence the same singular
    /// verdict; within the inverse budget). Cost: ~100 flops + 16 divisions per element.
    public static func invert(
        _ t: TransformPlanes, into out: inout TransformPlanes, singular: UnsafeMutableBufferPointer<Bool>? = nil,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try invertPlanes(.invert, t, into: &out, singular: singular, options: options)
    }

    /// The affine fast path of the planes invert: in each block of 256 transforms whose column 4 is `(0, 0, 0, 1)`
    /// throughout, the reduced Laplace formula runs (equal to the general formula's results up to the sign of zero,
    /// see <doc:ExactnessContract>, with 12 divisions, not 16); other blocks take the general formula, and so does
    /// `.fast` (one division per element either way). Same singular rule and mask as
    /// the planes `invert(_:into:singular:options:)`; which formula an element gets never depends on `threads`.
    public static func invertAffine(
        _ t: TransformPlanes, into out: inout TransformPlanes, singular: UnsafeMutableBufferPointer<Bool>? = nil,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try invertPlanes(.invertAffine, t, into: &out, singular: singular, options: options)
    }

    /// Value form of the planes invert: the inverses and the singular mask.
    public static func invert(
        _ t: TransformPlanes, options: BatchOptions = .auto
    ) throws(BatchError)
        -> (inverses: TransformPlanes, singular: [Bool])
    {
        try invertPlanes(.invert, t, options: options)
    }

    /// Value form of the planes `invertAffine(_:into:singular:options:)`: the inverses and the singular mask.
    public static func invertAffine(
        _ t: TransformPlanes, options: BatchOptions = .auto
    ) throws(BatchError)
        -> (inverses: TransformPlanes, singular: [Bool])
    {
        try invertPlanes(.invertAffine, t, options: options)
    }

    private static func invertPlanes(
        _ operation: BatchOperation, _ t: TransformPlanes, options: BatchOptions
    ) throws(BatchError)
        -> (inverses: TransformPlanes, singular: [Bool])
    {
        var out = TransformPlanes(count: t.count), singular = [Bool](repeating: false, count: t.count)
        try singular.withUnsafeMutableBufferPointer { mask throws(BatchError) in
            try invertPlanes(operation, t, into: &out, singular: mask, options: options)
        }
        return (out, singular)
    }

    /// The one implementation behind both planes inverses (`operation` `.invert` or `.invertAffine`).
    private static func invertPlanes(
        _ operation: BatchOperation, _ t: TransformPlanes, into out: inout TransformPlanes, singular: UnsafeMutableBufferPointer<Bool>?,
        options: BatchOptions
    ) throws(BatchError) {
        let n = t.count
        try BatchError.check("out", out.count, equals: n)
        if let singular { try BatchError.check("singular", singular.count, equals: n) }
        let (path, threads, kernels) = try planesSchedule(operation, count: n, options: options)
        guard n > 0 else { return }
        let source = PlaneOperand.planes(t.storage), tp = t.storage.planeStride, op = out.planeStride
        let target = SharedPointer(base: out.storage.baseToOverwrite())
        let mask = singular.flatMap { $0.baseAddress }.map {
            SharedPointer(base: UnsafeMutableRawPointer($0).assumingMemoryBound(to: UInt8.self))
        }
        chunks(count: n, threads: threads) { r in
            switch path {
            case .scalar:
                for i in r {
                    let m = source.transform(i), inverse = m.invertedIfPossible()
                    PlaneOperand.store(inverse ?? m, at: i, in: target.base, planeStride: op)
                    mask?.base[i] = inverse == nil ? 1 : 0
                }
            default:
                let (t, o, m) = (source.base + r.lowerBound, target.base + r.lowerBound, mask.map { $0.base + r.lowerBound })
                if operation == .invertAffine {
                    kernels.k.invert_affine_planes(t, tp, o, op, m, r.count)
                } else {
                    kernels.k.invert_planes(t, tp, o, op, m, r.count)
                }
            }
        }
    }

    /// `out[i] = t.mapPoint(points[i])`: `(x, y, z, 1)·t` divided by `W` (`W = 0` gives ±∞ or NaN). Bitwise at
    /// `.exact`; at `.fast` fused multiply-adds and one division (within the point budget; lanes whose products
    /// could overflow are redone exactly, so the special values are the reference's). Cost: 12 multiplies,
    /// 12 adds and 3 divisions per point; 48 bytes per point.
    public static func mapPoints(
        _ points: Point3DPlanes, through t: Transform3D, into out: inout Point3DPlanes,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try withUnsafePointer(to: t) { pt throws(BatchError) in
            try mapPlanes(.mapPoints3D, points, into: &out, entries: doubles(pt), options: options, reference: { t.mapPoint($0) }) {
                $0.map_points3_planes
            }
        }
    }

    /// Value form of the 3-D planes point map.
    public static func mapPoints(
        _ points: Point3DPlanes, through t: Transform3D, options: BatchOptions = .auto
    ) throws(BatchError) -> Point3DPlanes {
        var out = Point3DPlanes(count: points.count)
        try mapPoints(points, through: t, into: &out, options: options)
        return out
    }

    /// 2-D points through a homography: `out[i] = h.mapPoint(points[i])`, `(X/W, Y/W)`. Bitwise at `.exact`; at
    /// `.fast` one division per point and no fusing (within the point budget). Cost: 6 multiplies, 6 adds and 2
    /// divisions per point; 32 bytes per point.
    public static func mapPoints(
        _ points: Point2DPlanes, through h: Homography, into out: inout Point2DPlanes,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try withUnsafePointer(to: h) { ph throws(BatchError) in
            try mapPlanes(.mapPoints2D, points, into: &out, entries: doubles(ph), options: options, reference: { h.mapPoint($0) }) {
                $0.map_points2_planes
            }
        }
    }

    /// Value form of the 2-D planes point map.
    public static func mapPoints(
        _ points: Point2DPlanes, through h: Homography, options: BatchOptions = .auto
    ) throws(BatchError) -> Point2DPlanes {
        var out = Point2DPlanes(count: points.count)
        try mapPoints(points, through: h, into: &out, options: options)
        return out
    }

    /// The one implementation of the point maps: `reference` per point on `.scalar`, else the table entry `entry`
    /// picks, with the map's doubles `entries` (the transform's 16, the homography's 9).
    private static func mapPlanes<P: SendableMetatype>(
        _ operation: BatchOperation, _ points: PointPlanes<P>, into out: inout PointPlanes<P>,
        entries: UnsafePointer<Double>, options: BatchOptions, reference: @Sendable (P) -> P,
        entry: (camath_kernels) -> MapPlanesKernel?
    ) throws(BatchError) {
        let n = points.count
        try BatchError.check("out", out.count, equals: n)
        let (path, threads, kernels) = try planesSchedule(operation, count: n, options: options)
        guard n > 0 else { return }
        let source = points.storage, pp = points.planeStride, op = out.planeStride
        let target = SharedPointer(base: out.storage.baseToOverwrite()), matrix = SharedReadPointer(base: entries)
        let kernel = entry(kernels.k)!
        chunks(count: n, threads: threads) { r in
            switch path {
            case .scalar:
                for i in r {
                    var p = P()
                    for f in 0..<P.scalarCount { p[f] = source.value(f, i) }
                    let q = reference(p)
                    for f in 0..<P.scalarCount { target.base[f * op + i] = q[f] }
                }
            default:
                kernel(matrix.base, source.base + r.lowerBound, pp, target.base + r.lowerBound, op, r.count)
            }
        }
    }

    /// The one implementation of the three concat shapes.
    private static func concatPlanes(
        _ operation: BatchOperation, _ a: PlaneOperand, _ b: PlaneOperand, into out: inout TransformPlanes,
        options: BatchOptions
    ) throws(BatchError) {
        let n = out.count
        let (path, threads, kernels) = try planesSchedule(operation, count: n, options: options)
        guard n > 0 else { return }
        let op = out.planeStride, target = SharedPointer(base: out.storage.baseToOverwrite())
        chunks(count: n, threads: threads) { r in
            switch path {
            case .scalar:
                for i in r { PlaneOperand.store(a.transform(i).concatenating(b.transform(i)), at: i, in: target.base, planeStride: op) }
            default:
                kernels.k.concat_planes(
                    a.offset(r.lowerBound), a.planeStride, b.offset(r.lowerBound), b.planeStride,
                    target.base + r.lowerBound, op, r.count)
            }
        }
    }

    /// ``schedule(_:count:options:)`` for the planes forms: `.auto` runs the `.simd` kernels, `.blas` throws.
    private static func planesSchedule(
        _ operation: BatchOperation, count: Int, options: BatchOptions
    ) throws(BatchError)
        -> (path: BatchPath, threads: Int, kernels: KernelTable)
    {
        if options.path == .blas {
            throw .pathUnavailable(operation: operation.rawValue, path: .blas, reason: "the planes forms have no CBLAS form")
        }
        var simd = options
        if simd.path == .auto { simd.path = .simd }
        return try schedule(operation, count: count, options: simd)
    }
}

/// A planes point-map entry of the kernel table (3-D or 2-D: the same C signature).
typealias MapPlanesKernel =
    @convention(c) (UnsafePointer<Double>?, UnsafePointer<Double>?, Int, UnsafeMutablePointer<Double>?, Int, Int) -> Void

/// One operand of a planes kernel: 16 planes (`planeStride` doubles apart), or one shared matrix (16 contiguous
/// doubles, plane stride 0).
struct PlaneOperand: @unchecked Sendable {
    let base: UnsafePointer<Double>
    let planeStride: Int

    static func planes(_ storage: PlaneStorage) -> PlaneOperand { PlaneOperand(base: storage.base, planeStride: storage.planeStride) }
    static func shared(_ matrix: UnsafePointer<Double>) -> PlaneOperand { PlaneOperand(base: matrix, planeStride: 0) }

    /// The operand's pointer for the elements from `i` on.
    func offset(_ i: Int) -> UnsafePointer<Double> { planeStride == 0 ? base : base + i }

    /// Element i (the shared matrix for every i).
    func transform(_ i: Int) -> Transform3D {
        let p = offset(i), s = planeStride == 0 ? 1 : planeStride
        return Transform3D(
            m11: p[0], m12: p[s], m13: p[2 * s], m14: p[3 * s], m21: p[4 * s], m22: p[5 * s], m23: p[6 * s],
            m24: p[7 * s], m31: p[8 * s], m32: p[9 * s], m33: p[10 * s], m34: p[11 * s], m41: p[12 * s],
            m42: p[13 * s], m43: p[14 * s], m44: p[15 * s])
    }

    /// Writes `t` as element i of planes `planeStride` doubles apart.
    static func store(_ t: Transform3D, at i: Int, in planes: UnsafeMutablePointer<Double>, planeStride: Int) {
        withUnsafeBytes(of: t) { raw in
            for k in 0..<16 { planes[k * planeStride + i] = raw.load(fromByteOffset: 8 * k, as: Double.self) }
        }
    }
}
