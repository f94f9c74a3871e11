@_spi(Benchmarks) import CAMathBatch
import CAMathCore
import CAMathLayer
import Foundation
import _CAMathKernels

/// A `LayerTree`'s geometry in columns for the frame kernels: build once (O(n)), run many times.
public struct FramePlan: Sendable {
    /// The tree the plan was built from (the `.scalar` path and the kernels' slow lanes use it).
    public let tree: LayerTree
    /// 19 columns of `count` doubles: bw, bh, ax, ay, az, px, py, m11, m21, m31, m41, m12, m22, m32, m42, m14, m24, m34, m44,
    /// each on a 64-byte line (a vector load never straddles two lines: unaligned columns cost the AVX-512 kernel a
    /// quarter of its speed).
    let columns: PlaneStorage

    /// Gathers the columns. Cost: O(n), one allocation.
    public init(_ tree: LayerTree) {
        self.tree = tree
        var columns = PlaneStorage(fields: 19, count: tree.count)
        let c = columns.mutableBase(), stride = columns.planeStride
        tree.geometries.withUnsafeBufferPointer { g in
            for i in g.indices { Self.gather(g.baseAddress! + i, into: c + i, stride: stride) }
        }
        self.columns = columns
    }

    /// Writes the 19 column values of the geometry at `g` to `c[k·stride]`, k = 0…18, in the columns' order: one
    /// store per value, read in place (through a tuple and a loop, or from a copied geometry, the gather took eight
    /// times the frame kernel's time).
    @inline(__always)
    static func gather(_ g: UnsafePointer<LayerGeometry>, into c: UnsafeMutablePointer<Double>, stride: Int) {
        c[0] = Double(g.pointee.bounds.size.width)
        c[stride] = Double(g.pointee.bounds.size.height)
        c[2 * stride] = Double(g.pointee.anchorPoint.x)
        c[3 * stride] = Double(g.pointee.anchorPoint.y)
        c[4 * stride] = Double(g.pointee.anchorPointZ)
        c[5 * stride] = Double(g.pointee.position.x)
        c[6 * stride] = Double(g.pointee.position.y)
        c[7 * stride] = g.pointee.transform.m11
        c[8 * stride] = g.pointee.transform.m21
        c[9 * stride] = g.pointee.transform.m31
        c[10 * stride] = g.pointee.transform.m41
        c[11 * stride] = g.pointee.transform.m12
        c[12 * stride] = g.pointee.transform.m22
        c[13 * stride] = g.pointee.transform.m32
        c[14 * stride] = g.pointee.transform.m42
        c[15 * stride] = g.pointee.transform.m14
        c[16 * stride] = g.pointee.transform.m24
        c[17 * stride] = g.pointee.transform.m34
        c[18 * stride] = g.pointee.transform.m44
    }

    /// The number of layers.
    public var count: Int { tree.count }
}

/// A `LayerTree` prepared for bulk hit tests: per node its parent, subtree end, level map inverse,
/// forward weight row and standardised bounds. Build once (O(n)), test many points.
///
/// A transform layer (`LayerGeometry.flattensSublayers` `false`) becomes a pass-through node: identity
/// inverse, forward weight `(0, 0, 1)`, no box and no mask, so its lanes carry its parent's points
/// unchanged (`x·1 + y·0 + 0` over `1`) and it is never hit; its sublayers back-map those points through
/// their map composed with its own, in the reference's order (`LayerHierarchy.hitTest(_:in:)`).
public struct HitTestPlan: Sendable {
    /// The tree the plan was built from (the `.scalar` path uses it).
    public let tree: LayerTree
    let parent: [Int32], subtreeEnd: [Int32], enterable: [UInt8], masks: [UInt8]
    let inverse: [Double], forwardWeight: [Double], box: [Double]

    /// Prepares `tree`. Cost: O(n), plus a 4×4 concatenation and a 3×3 inversion per node below a
    /// transform layer.
    public init(_ tree: LayerTree) {
        self.tree = tree
        let n = tree.count
        parent = tree.parents.map { Int32($0) }
        var end = (0..<n).map { Int32($0 + 1) }
        for i in stride(from: n - 1, to: 0, by: -1) { end[tree.parents[i]] = max(end[tree.parents[i]], end[i]) }
        subtreeEnd = end
        // The composed map of each transform layer to the plane its points are in (pre-order: parents first).
        var pending = [Transform3D?](repeating: nil, count: n)
        var enterable = [UInt8](), masks = [UInt8](), inverse = [Double](), weight = [Double](), box = [Double]()
        for (i, g) in tree.geometries.enumerated() {
            let above = tree.parents[i] == LayerTree.noParent ? nil : pending[tree.parents[i]]
            if !g.flattensSublayers {
                let own = tree.transformToSuperlayer(of: i)
                pending[i] = above.map { own.concatenating($0) } ?? own
                enterable.append(g.isHidden ? 0 : 1)
                masks.append(0)
                inverse += [1, 0, 0, 0, 1, 0, 0, 0, 1]
                weight += [0, 0, 1]
                box += [.nan, .nan, .nan, .nan]
                continue
            }
            let level = above.map { LevelMap(Homography(tree.transformToSuperlayer(of: i).concatenating($0))) } ?? tree.levelMaps[i]
            enterable.append(!g.isHidden && level.inverse != nil ? 1 : 0)
            masks.append(g.masksToBounds ? 1 : 0)
            if let h = level.inverse {
                inverse += [h.h11, h.h12, h.h13, h.h21, h.h22, h.h23, h.h31, h.h32, h.h33]
            } else {
                inverse += [Double](repeating: 0, count: 9)
            }
            weight += [level.forward.h13, level.forward.h23, level.forward.h33]
            let r = Rect2D(g.bounds)
            if r.isNull { box += [.infinity, .infinity, .infinity, .infinity]; continue }
            let s = r.standardized
            box += [s.x, s.x + s.width, s.y, s.y + s.height]
        }
        self.enterable = enterable
        self.masks = masks
        self.inverse = inverse
        self.forwardWeight = weight
        self.box = box
    }

    /// The number of layers.
    public var count: Int { tree.count }
}

extension FramePlan {
    /// Every layer's `frame` in its superlayer's space (CAMathLayer's *Layer geometry* article, *frame*), in the tree's order.
    /// Paths: `.scalar` (`LayerGeometry.frame` per layer); `.simd` (vector lanes of the same formula,
    /// bit-identical; lanes that need clipping or meet a non-finite value run the reference); `.blas` throws.
    /// At `precision: .fast`, fused multiply-adds and one reciprocal per corner (within the frame budget of
    /// `ExactnessBudget`; the same lanes fall back to the reference).
    public func frames(into out: UnsafeMutableBufferPointer<CGRect>, options: BatchOptions = .auto) throws(BatchError) {
        try BatchError.check("out", out.count, equals: count)
        guard let o = out.baseAddress else { _ = try Batch.schedule(.frames, count: 0, options: options); return }
        try Batch.frames(of: self, into: .records(SharedPointer(base: o)), options: options)
    }

    /// The planes form of `frames(into:options:)`: the same frames, bit for bit, written as x, y, width and
    /// height planes (the kernels store one frame per lane with no shuffle). `out` must hold the plan's count
    /// (else `countMismatch`, nothing written); memory it shares with another value is replaced, not written, so
    /// that value keeps its rectangles. Cost: as the records form.
    public func frames(into out: inout RectPlanes, options: BatchOptions = .auto) throws(BatchError) {
        try BatchError.check("out", out.count, equals: count)
        let plane = out.planeStride, base = out.storage.baseToOverwrite()
        try Batch.frames(of: self, into: .planes(SharedPointer(base: base), plane: plane), options: options)
    }

    /// Value form of the planes form of `frames(into:options:)` (a new ``RectPlanes``).
    public func framePlanes(options: BatchOptions = .auto) throws(BatchError) -> RectPlanes {
        var out = RectPlanes(count: count)
        try frames(into: &out, options: options)
        return out
    }
}

extension Batch {
    /// The plan's columns as the kernels' 19 column pointers for `FramePlan.frames(into:options:)`.
    fileprivate static func frames(of plan: FramePlan, into output: FrameOutput, options: BatchOptions) throws(BatchError) {
        let pc = SharedReadPointer(base: plan.columns.base), stride = plan.columns.planeStride
        try frames(of: plan.tree, into: output, options: options, block: 1024, gathers: false) { start, _, starts, _ in
            for k in 0..<19 { starts[k] = pc.base + k * stride + start }
        }
    }

    /// `FramePlan.frames(into:options:)` straight from a tree: each thread gathers a block's
    /// columns into its own scratch as it goes, so no plan is built (a frame loop whose tree changes every frame
    /// allocates nothing). The same results, bit for bit.
    public static func frames(
        of tree: LayerTree, into out: UnsafeMutableBufferPointer<CGRect>,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        try BatchError.check("out", out.count, equals: tree.count)
        guard let o = out.baseAddress else { _ = try schedule(.frames, count: 0, options: options); return }
        // Blocks of 64 layers: a gathered block's 19 columns (9.7 KB) stay in the L1 between the gather and the
        // kernel. A block is a cache tile here, not a unit of results (each layer's frame is its own), so it need not
        // be `Batch.block`: with 256-layer blocks (38 KB, past a 32 KB L1) the gather took 3.4 times as long (Zen 3
        // VM, render tree of 1e3 layers, perf), with 1024 (155 KB) a frame loop of 1e3 layers ran 25 % slower (Zen 4).
        let block = 64
        try frames(
            of: tree, into: .records(SharedPointer(base: o)), options: options,
            block: block, gathers: true
        ) { start, count, starts, scratch in
            tree.geometries.withUnsafeBufferPointer { g in
                for j in 0..<count { FramePlan.gather(g.baseAddress! + start + j, into: scratch + j, stride: block) }
            }
            for k in 0..<19 { starts[k] = UnsafePointer(scratch + k * block) }
        }
    }

    /// Where the frame kernels write: `CGRect` records, or 4 planes `plane` doubles apart.
    fileprivate enum FrameOutput: Sendable {
        case records(SharedPointer<CGRect>)
        case planes(SharedPointer<Double>, plane: Int)

        /// Runs the level's kernel on `count` layers from `start`, with `starts` pointing at their columns.
        func run(
            _ kernels: camath_kernels, _ starts: UnsafePointer<UnsafePointer<Double>?>, from start: Int, count: Int,
            slow: UnsafeMutablePointer<UInt8>
        ) {
            switch self {
            case .records(let o): kernels.frames(starts, doubles(o.base + start), slow, count)
            case .planes(let o, let plane): kernels.frames_planes(starts, o.base + start, plane, slow, count)
            }
        }

        /// Writes frame `r` of layer `i`.
        func store(_ r: CGRect, at i: Int) {
            switch self {
            case .records(let o): o.base[i] = r
            case .planes(let o, let plane): RectPlanes.store(r, at: i, in: o.base, stride: plane)
            }
        }
    }

    /// The frames of `tree`'s layers into `output`, `block` layers at a time on each thread: `columns(start, count,
    /// starts, scratch)` points `starts` at the 19 columns of layers `start..<start + count` (filling `scratch`, 19
    /// × `block` doubles when the form `gathers`, else empty); slow lanes take the reference. The caller checked
    /// the output's count.
    private static func frames(
        of tree: LayerTree, into output: FrameOutput, options: BatchOptions, block: Int, gathers: Bool,
        columns: @Sendable (Int, Int, UnsafeMutablePointer<UnsafePointer<Double>?>, UnsafeMutablePointer<Double>) -> Void
    ) throws(BatchError) {
        let n = tree.count
        let (resolved, threadCount, kernels) = try schedule(.frames, count: n, options: options)
        guard n > 0 else { return }
        chunks(count: n, threads: threadCount) { r in
            if resolved == .scalar {
                for i in r { output.store(tree.geometries[i].frame, at: i) }
                return
            }
            // Sized to the chunk when it is shorter than a block: a small batch's scratch stays on the stack.
            let lanes = min(block, r.count)
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: lanes) { slow in
                withUnsafeTemporaryAllocation(of: UnsafePointer<Double>?.self, capacity: 19) { starts in
                    // Gathered columns on 64-byte lines, as a plan's (block is a multiple of 8).
                    withUnsafeTemporaryAllocation(byteCount: 8 * (gathers ? 19 * block : 1), alignment: gathers ? 64 : 8) { bytes in
                        let scratch = bytes.bindMemory(to: Double.self)
                        var start = r.lowerBound
                        while start < r.upperBound {
                            let count = min(block, r.upperBound - start)
                            columns(start, count, starts.baseAddress!, scratch.baseAddress!)
                            output.run(kernels.k, starts.baseAddress!, from: start, count: count, slow: slow.baseAddress!)
                            forEachMarked(slow.baseAddress!, count: count) { k in
                                output.store(tree.geometries[start + k].frame, at: start + k)
                            }
                            start += count
                        }
                    }
                }
            }
        }
    }

    /// Array form of ``frames(of:into:options:)``.
    public static func frames(of tree: LayerTree, options: BatchOptions = .auto) throws(BatchError) -> [CGRect] {
        try Array.filled(count: tree.count) { out throws(BatchError) in
            try frames(of: tree, into: out, options: options)
        }
    }

    /// Array form of ``HitTestPlan/hitTest(_:into:options:)``, preparing the plan: each point's hit node, `nil`
    /// where no layer is hit.
    public static func hitTest(
        _ points: [CGPoint], in tree: LayerTree,
        options: BatchOptions = .auto
    ) throws(BatchError) -> [Int?] {
        let plan = HitTestPlan(tree)
        return try Array.filled(count: points.count) { out throws(BatchError) in
            try points.withUnsafeBufferPointer { pp throws(BatchError) in try plan.hitTest(pp, into: out, options: options.exactPrecision) }
        }
    }
}

extension HitTestPlan {
    /// Hit-tests many points against the tree from its root (CAMathLayer's *Layer geometry* article, *hitTest*): `hits[i]` = the node index
    /// `LayerTree.hitTest(points[i])` returns (`nil` where no layer is hit). Points are in the root's superlayer space.
    /// Paths: `.scalar` (the reference traversal per point); `.simd` (32 points at a time down the tree in
    /// pre-order: each node back-maps all lanes with its inverse; a lane is alive while no hidden,
    /// singular, behind-the-eye or masking level excluded it; the last alive node in pre-order that
    /// contains the lane's point is the hit — the reference's answer, with the same arithmetic, so
    /// bit-identical; subtrees with no alive lane are skipped); `.blas` throws.
    /// Scratch: 768 bytes per node per thread. Cost: O(points × visited nodes).
    public func hitTest(
        _ points: UnsafeBufferPointer<CGPoint>, into hits: UnsafeMutableBufferPointer<Int?>,
        options: BatchOptions = .auto
    ) throws(BatchError) {
        let n = points.count
        try BatchError.check("hits", hits.count, equals: n)
        let (resolved, threadCount, kernels) = try Batch.schedule(.hitTest, count: n, options: options.exactPrecision)
        guard n > 0, let p = points.baseAddress, let h = hits.baseAddress else { return }
        let pp = SharedReadPointer(base: p), ph = SharedPointer(base: h)
        if resolved == .scalar {
            Batch.chunks(count: n, threads: threadCount) { r in
                for i in r { ph.base[i] = tree.hitTest(pp.base[i]) }
            }
            return
        }
        let nodes = count
        withKernelTree { tree in
            let pt = SharedReadPointer(base: tree)
            Batch.chunks(count: n, threads: threadCount) { r in
                withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * Int(CAMATH_HIT_BLOCK) * nodes) { scratch in
                    // The kernel writes a block's node indices (−1: no hit) here; the caller's hits get `nil` for −1.
                    withUnsafeTemporaryAllocation(of: Int64.self, capacity: Int(CAMATH_HIT_BLOCK)) { found in
                        var start = r.lowerBound
                        while start < r.upperBound {
                            let block = min(Int(CAMATH_HIT_BLOCK), r.upperBound - start)
                            kernels.k.hit_test_block(pt.base, doubles(pp.base + start), found.baseAddress!, block, scratch.baseAddress)
                            for k in 0..<block { ph.base[start + k] = found[k] < 0 ? nil : Int(found[k]) }
                            start += block
                        }
                    }
                }
            }
        }
    }
}

extension HitTestPlan {
    /// The plan as the C kernel's struct, valid inside `body`.
    func withKernelTree<R>(_ body: (UnsafePointer<camath_hit_tree>) -> R) -> R {
        parent.withUnsafeBufferPointer { parent in
            subtreeEnd.withUnsafeBufferPointer { end in
                enterable.withUnsafeBufferPointer { enterable in
                    masks.withUnsafeBufferPointer { masks in
                        inverse.withUnsafeBufferPointer { inverse in
                            forwardWeight.withUnsafeBufferPointer { weight in
                                box.withUnsafeBufferPointer { box in
                                    var tree = camath_hit_tree(
                                        count: count, parent: parent.baseAddress, subtreeEnd: end.baseAddress,
                                        enterable: enterable.baseAddress, masks: masks.baseAddress,
                                        inverse: inverse.baseAddress, forwardWeight: weight.baseAddress,
                                        box: box.baseAddress)
                                    return withUnsafePointer(to: &tree) { body($0) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
