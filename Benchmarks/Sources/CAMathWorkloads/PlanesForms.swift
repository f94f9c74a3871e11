@_spi(Benchmarks) import CAMath

/// The planes forms of the workloads that have one: CAMath's structure-of-arrays API (``TransformPlanes``,
/// ``Point3DPlanes``, ``Point2DPlanes``) on the workload's inputs converted before timing, writing into an output
/// value made once; `publish` converts that output back into the workload's AoS buffer for the check.
enum PlanesForms {
    /// The concat shapes: pairwise, many by one, one by many.
    static func concat(_ a: Buffer<Transform3D>, _ b: Buffer<Transform3D>, _ out: Buffer<Transform3D>) -> PlanesForm {
        let pa = TransformPlanes(a.read), pb = TransformPlanes(b.read)
        return transforms(out) { result, options throws(BatchError) in try Batch.concat(pa, pb, into: &result, options: options) }
    }

    static func concat(_ a: Buffer<Transform3D>, _ m: Transform3D, _ out: Buffer<Transform3D>) -> PlanesForm {
        let pa = TransformPlanes(a.read)
        return transforms(out) { result, options throws(BatchError) in try Batch.concat(pa, m, into: &result, options: options) }
    }

    static func concat(_ m: Transform3D, _ b: Buffer<Transform3D>, _ out: Buffer<Transform3D>) -> PlanesForm {
        let pb = TransformPlanes(b.read)
        return transforms(out) { result, options throws(BatchError) in try Batch.concat(m, pb, into: &result, options: options) }
    }

    static func invert(_ t: Buffer<Transform3D>, _ out: Buffer<Transform3D>) -> PlanesForm {
        let input = TransformPlanes(t.read)
        return transforms(out) { result, options throws(BatchError) in try Batch.invert(input, into: &result, options: options) }
    }

    static func invertAffine(_ t: Buffer<Transform3D>, _ out: Buffer<Transform3D>) -> PlanesForm {
        let input = TransformPlanes(t.read)
        return transforms(out) { result, options throws(BatchError) in try Batch.invertAffine(input, into: &result, options: options) }
    }

    /// A form whose output is transforms: `call` writes them into one planes value, made once.
    private static func transforms(
        _ out: Buffer<Transform3D>,
        _ call: @escaping (inout TransformPlanes, BatchOptions) throws(BatchError) -> Void
    ) -> PlanesForm {
        var result = TransformPlanes(count: out.pointer.count)
        return PlanesForm(
            run: { q, threads throws(BatchError) in try call(&result, BatchOptions(path: .simd, precision: q, threads: threads)) },
            publish: { try? result.copy(into: out.pointer) })
    }

    /// A point map: `call` maps the input planes into one output value, made once.
    static func points<P: SIMD>(
        _ p: Buffer<P>, _ out: Buffer<P>,
        _ call: @escaping (PointPlanes<P>, inout PointPlanes<P>, BatchOptions) throws(BatchError) -> Void
    ) -> PlanesForm
    where P.Scalar == Double {
        let input = PointPlanes(p.read)
        var result = PointPlanes<P>(count: out.pointer.count)
        return PlanesForm(
            run: { q, threads throws(BatchError) in try call(input, &result, BatchOptions(path: .simd, precision: q, threads: threads)) },
            publish: { for (i, point) in result.enumerated() { out.pointer[i] = point } })
    }
}

extension PlanesForms {
    /// Frames from the workload's plan (already columns) into ``RectPlanes``, made once.
    static func frames(_ plan: FramePlan, _ out: Buffer<CGRect>) -> PlanesForm {
        var result = RectPlanes(count: plan.count)
        return PlanesForm(
            run: { q, threads throws(BatchError) in
                try plan.frames(into: &result, options: BatchOptions(path: .simd, precision: q, threads: threads))
            },
            publish: { for (i, r) in result.enumerated() { out.pointer[i] = r } })
    }
}
