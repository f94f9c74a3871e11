@_spi(Benchmarks) import CAMath
import Foundation

/// The benchmark workloads of every batch operation, shared by `camath-bench` and the package-benchmark
/// suites.
package enum Workloads {
    /// A workload for `operation` with `count` elements (for the hit test: `count` point×layer pairs over
    /// a tree of √count layers), inputs seeded from `seed`.
    package static func make(_ operation: BatchOperation, count n: Int, seed: UInt64 = 42) -> Workload {
        let a = Buffer(SeededInputs.transforms(n, seed: seed)), b = Buffer(SeededInputs.transforms(n, seed: seed &+ 1))
        let one = SeededInputs.transforms(1, seed: seed &+ 2)[0], shared = Buffer([one])
        let out = Buffer(repeating: Transform3D(), count: n)
        let matrices: () -> [Double] = {
            UnsafeRawBufferPointer(out.pointer).withMemoryRebound(to: Double.self) { Array($0) }
        }
        switch operation {
        case .concatPairwise:
            return Workload(
                operation, count: n,
                body: { p, q, t throws(BatchError) in
                    try Batch.concat(a.read, b.read, into: out.pointer, options: BatchOptions(path: p, precision: q, threads: t))
                }, output: matrices,
                budget: { zip(a.read, b.read).flatMap { ExactnessBudget.concat($0, $1) } },
                baselines: Baselines.concat(a, aStep: 1, b, bStep: 1, out),
                planes: PlanesForms.concat(a, b, out))
        case .concatManyByOne:
            return Workload(
                operation, count: n,
                body: { p, q, t throws(BatchError) in
                    try Batch.concat(a.read, one, into: out.pointer, options: BatchOptions(path: p, precision: q, threads: t))
                }, output: matrices,
                budget: { a.read.flatMap { ExactnessBudget.concat($0, one) } },
                baselines: Baselines.concat(a, aStep: 1, shared, bStep: 0, out),
                planes: PlanesForms.concat(a, one, out))
        case .concatOneByMany:
            return Workload(
                operation, count: n,
                body: { p, q, t throws(BatchError) in
                    try Batch.concat(one, b.read, into: out.pointer, options: BatchOptions(path: p, precision: q, threads: t))
                }, output: matrices,
                budget: { b.read.flatMap { ExactnessBudget.concat(one, $0) } },
                baselines: Baselines.concat(shared, aStep: 0, b, bStep: 1, out),
                planes: PlanesForms.concat(one, b, out))
        case .invert:
            return Workload(
                operation, count: n,
                body: { p, q, t throws(BatchError) in
                    try Batch.invert(a.read, into: out.pointer, options: BatchOptions(path: p, precision: q, threads: t))
                }, output: matrices,
                budget: { a.read.flatMap(ExactnessBudget.invert) }, baselines: Baselines.invert(a, out), planes: PlanesForms.invert(a, out))
        case .invertAffine:
            let affine = Buffer(SeededInputs.affineTransforms(n, seed: seed))
            return Workload(
                operation, count: n,
                body: { p, q, t throws(BatchError) in
                    try Batch.invertAffine(affine.read, into: out.pointer, options: BatchOptions(path: p, precision: q, threads: t))
                }, output: matrices,
                budget: { affine.read.flatMap(ExactnessBudget.invert) }, baselines: Baselines.invertAffine(affine, out),
                planes: PlanesForms.invertAffine(affine, out))
        case .affineRoundTrip:
            let flags = Buffer(repeating: false, count: n), parts = Buffer(repeating: Transform2D(), count: n)
            return Workload(
                operation, count: n,
                body: { p, q, t throws(BatchError) in
                    try Batch.affineParts(
                        of: a.read, isAffine: flags.pointer, affine: parts.pointer, options: BatchOptions(path: p, threads: t))
                },
                output: { parts.pointer.flatMap { [$0.a, $0.b, $0.c, $0.d, $0.tx, $0.ty] } + flags.pointer.map { $0 ? 1 : 0 } })
        case .mapPoints3D:
            let points = Buffer(SeededInputs.points3(n, seed: seed)), mapped = Buffer(repeating: SIMD3<Double>(), count: n)
            return Workload(
                operation, count: n,
                body: { p, q, t throws(BatchError) in
                    try Batch.mapPoints(
                        points.read, through: one, into: mapped.pointer, options: BatchOptions(path: p, precision: q, threads: t))
                },
                output: { mapped.pointer.flatMap { [$0.x, $0.y, $0.z] } },
                budget: { points.read.flatMap { ExactnessBudget.mapPoint($0, through: one) } },
                baselines: Baselines.points3(shared, points, mapped),
                planes: PlanesForms.points(points, mapped) { p, o, options throws(BatchError) in
                    try Batch.mapPoints(p, through: one, into: &o, options: options)
                })
        case .mapPoints2D:
            let points = Buffer(SeededInputs.points2(n, seed: seed)), mapped = Buffer(repeating: SIMD2<Double>(), count: n)
            let h = Homography(one)
            return Workload(
                operation, count: n,
                body: { p, q, t throws(BatchError) in
                    try Batch.mapPoints(
                        points.read, through: h, into: mapped.pointer, options: BatchOptions(path: p, precision: q, threads: t))
                },
                output: { mapped.pointer.flatMap { [$0.x, $0.y] } },
                budget: { points.read.flatMap { ExactnessBudget.mapPoint($0, through: h) } },
                baselines: Baselines.points2(h, points, mapped),
                planes: PlanesForms.points(points, mapped) { p, o, options throws(BatchError) in
                    try Batch.mapPoints(p, through: h, into: &o, options: options)
                })
        case .decompose:
            let parts = Buffer(repeating: Transform3D.Decomposition?.none, count: n)
            return Workload(
                operation, count: n,
                body: { p, q, t throws(BatchError) in
                    try Batch.decompose(a.read, into: parts.pointer, options: BatchOptions(path: p, threads: t))
                },
                output: {
                    parts.pointer.flatMap { d in d.map { [$0.scale.x, $0.rotation.z, $0.translation.x, $0.quaternion.w] } ?? [.nan] }
                },
                baselines: Baselines.decompose(a, parts))
        case .keyPathRead:
            let values = Buffer(repeating: TransformKeyPathValue.number(0), count: n)
            return Workload(
                operation, count: n,
                body: { p, q, t throws(BatchError) in
                    try Batch.values(for: .rotationZ, of: a.read, into: values.pointer, options: BatchOptions(path: p, threads: t))
                },
                output: { values.pointer.map { $0.number ?? .nan } }, baselines: Baselines.rotationZ(a, values))
        case .keyPathWrite:
            let values = Buffer((0..<n).map { TransformKeyPathValue.number(Double($0 % 628) / 100) })
            return Workload(
                operation, count: n,
                body: { p, q, t throws(BatchError) in
                    try Batch.setting(
                        .rotationZ, of: a.read, to: values.read, into: out.pointer, options: BatchOptions(path: p, threads: t))
                }, output: matrices,
                baselines: Baselines.setRotationZ(a, values, out))
        case .blend:
            return Workload(
                operation, count: n,
                body: { p, q, t throws(BatchError) in
                    try Batch.interpolate(
                        from: a.read, to: b.read, fraction: 0.3, into: out.pointer, options: BatchOptions(path: p, precision: q, threads: t)
                    )
                }, output: matrices,
                budget: { zip(a.read, b.read).flatMap { ExactnessBudget.interpolation(from: $0, to: $1, fraction: 0.3) } },
                baselines: Baselines.blend(a, b, fraction: 0.3, out))
        case .blendPrepared:
            // The plan is made once, outside the timed calls: what an animation does before its frames. It
            // cannot fail here (equal counts, this CPU's kernels); if it did, every call reports the error.
            let plan: Result<InterpolationPlan, BatchError> = Result { () throws(BatchError) in
                try InterpolationPlan(from: Array(a.read), to: Array(b.read))
            }
            return Workload(
                operation, count: n,
                body: { p, q, t throws(BatchError) in
                    try plan.get().interpolate(fraction: 0.3, into: out.pointer, options: BatchOptions(path: p, precision: q, threads: t))
                }, output: matrices,
                budget: { zip(a.read, b.read).flatMap { ExactnessBudget.interpolation(from: $0, to: $1, fraction: 0.3) } })
        case .frames:
            let tree = SeededInputs.tree(n, seed: seed)
            let plan = FramePlan(tree), rects = Buffer(repeating: CGRect.zero, count: n)
            return Workload(
                operation, count: n,
                body: { p, q, t throws(BatchError) in
                    try plan.frames(into: rects.pointer, options: BatchOptions(path: p, precision: q, threads: t))
                },
                output: {
                    rects.pointer.flatMap { [Double($0.origin.x), Double($0.origin.y), Double($0.size.width), Double($0.size.height)] }
                },
                budget: { tree.geometries.flatMap(ExactnessBudget.frame) }, baselines: Baselines.frames(tree, rects),
                planes: PlanesForms.frames(plan, rects))
        case .hitTest:
            let layers = max(1, Int(Double(n).squareRoot().rounded())), pointCount = max(1, n / layers)
            let plan = HitTestPlan(SeededInputs.tree(layers, seed: seed))
            let points = Buffer(SeededInputs.points2(pointCount, seed: seed).map { CGPoint(x: $0.x + 500, y: $0.y + 500) })
            let hits = Buffer(repeating: Int?.none, count: pointCount)
            return Workload(
                operation, count: pointCount, items: pointCount * layers,
                body: { p, q, t throws(BatchError) in
                    try plan.hitTest(points.read, into: hits.pointer, options: BatchOptions(path: p, threads: t))
                },
                output: { hits.pointer.map { Double($0 ?? -1) } }, baselines: Baselines.hitTest(plan.tree, points, hits))
        case .timingFunction:
            // The five named curves and three custom ones (one overshooting, one with control x outside
            // [0, 1]), one per input in turn, at seeded progresses in [0, 1].
            let table = TimingCurveTable(SeededInputs.timingFunctions)
            let indices = Buffer((0..<n).map { UInt32($0 % table.functions.count) })
            let x = Buffer(SeededInputs.progresses(n, seed: seed)), y = Buffer(repeating: 0.0, count: n)
            return Workload(
                operation, count: n,
                body: { p, q, t throws(BatchError) in
                    try table.evaluate(indices: indices.read, at: x.read, into: y.pointer, options: BatchOptions(path: p, threads: t))
                },
                output: { Array(y.pointer) })
        case .animateTransforms:
            // One frame of n transform animations, prepared once: half basic (from → to), half keyframes
            // (three values at key times 0, 0.4, 1), every one with one of the workload timing functions, all
            // active at the frame time. They share begin time and duration, as one transaction's animations do,
            // so the batch resolves 8 timing classes per frame, not n timings (curve i mod 8 and shape i mod 2 go
            // together: each curve has one shape).
            let animations = SeededInputs.transformAnimations(n, seed: seed)
            let batch: Result<TransformAnimationBatch, BatchError> = Result { () throws(BatchError) in
                try TransformAnimationBatch(animations, models: Array(b.read))
            }
            return Workload(
                operation, count: n,
                body: { p, q, t throws(BatchError) in
                    try batch.get().evaluate(atParentTime: 0.7, into: out.pointer, options: BatchOptions(path: p, precision: q, threads: t))
                }, output: matrices,
                budget: {
                    (try? batch.get()).map { b in (0..<b.count).flatMap { ExactnessBudget.transformAnimation(b, $0, atParentTime: 0.7) } }
                        ?? []
                })
        case .animateValues:
            // One frame of n position animations (basic, additive, spring, linear and cubic keyframes), prepared
            // once, all active at the frame time; the output is their points.
            let (animations, models) = SeededInputs.positionAnimations(n, seed: seed)
            let batch: Result<ValueAnimationBatch, BatchError> = Result { () throws(BatchError) in
                try ValueAnimationBatch(animations, models: models)
            }
            let points = Buffer(repeating: 0.0, count: 2 * n)
            return Workload(
                operation, count: n,
                body: { p, q, t throws(BatchError) in
                    try batch.get().evaluate(atParentTime: 0.7, into: points.pointer, options: BatchOptions(path: p, threads: t))
                },
                output: { Array(points.pointer) })
        case .springs:
            // One frame of n springs (under-, critically and over-damped, with initial velocities) 0.3 s in.
            let springs = Buffer(SeededInputs.springs(n, seed: seed)), x = Buffer(repeating: 0.0, count: n)
            return Workload(
                operation, count: n,
                body: { p, q, t throws(BatchError) in
                    try Batch.springFractions(springs.read, atTime: 0.3, into: x.pointer, options: BatchOptions(path: p, threads: t))
                },
                output: { Array(x.pointer) }, budget: { springs.read.map { ExactnessBudget.springFraction($0, atTime: 0.3) } })
        case .presentationFrames:
            // A compositor's frame loop: the presentation tree of n animated layers at one time (one transform
            // animation each, a position animation on every 16th), written over the previous frame's tree, then
            // every layer's frame straight from it — the into: forms, as the other operations are timed.
            let root = SeededInputs.animatedLayers(n, seed: seed)
            let batch: Result<PresentationBatch, BatchError> = Result { () throws(BatchError) in try PresentationBatch(root: root) }
            let rects = Buffer(repeating: CGRect.zero, count: n)
            var tree: LayerTree?
            return Workload(
                operation, count: n,
                body: { p, q, t throws(BatchError) in
                    let b = try batch.get()
                    if tree == nil { tree = b.model }
                    try b.evaluate(atMediaTime: 0.7, into: &tree!, options: BatchOptions(path: p, threads: t))
                    try Batch.frames(of: tree!, into: rects.pointer, options: BatchOptions(path: p, threads: t))
                },
                output: {
                    rects.pointer.flatMap { [Double($0.origin.x), Double($0.origin.y), Double($0.size.width), Double($0.size.height)] }
                })
        case .autoresize:
            let (frames, masks) = SeededInputs.autoresizing(n, seed: seed)
            let input = Buffer(frames), bits = Buffer(masks), resized = Buffer(repeating: CGRect.zero, count: n)
            let old = CGSize(width: 1000, height: 800), new = CGSize(width: 1280, height: 720)
            return Workload(
                operation, count: n,
                body: { p, q, t throws(BatchError) in
                    try Batch.autoresize(
                        input.read, masks: bits.read, oldSuperlayerSize: old, newSuperlayerSize: new,
                        into: resized.pointer, options: BatchOptions(path: p, threads: t))
                },
                output: {
                    resized.pointer.flatMap { [Double($0.origin.x), Double($0.origin.y), Double($0.size.width), Double($0.size.height)] }
                })
        }
    }
}
