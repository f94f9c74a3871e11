import CAMath
import CAMathBaselines
import Foundation
#if CAMATH_EIGEN_GLM
import CAMathBaselinesCXX
#endif

/// Each operation's peers (``BenchmarkPath/isBaseline``) over a workload's buffers: the plain C loops always,
/// Eigen and glm where they were built (`CAMATH_EIGEN_GLM`). An AoS peer writes the workload's output buffer; an
/// SoA peer reads planes converted before timing and writes its own planes, which its ``Peer/publish`` moves into
/// the output buffer for the check. So every peer's output is checked against the reference like a path's.
enum Baselines {
    /// A C function of one input array, one output array and a count (the inverses, frames, key-path reads).
    typealias Map = @convention(c) (UnsafePointer<Double>?, UnsafeMutablePointer<Double>?, Int) -> Void
    /// A C function of two inputs (a matrix and points, or two matrix arrays), one output and a count.
    typealias Binary = @convention(c) (UnsafePointer<Double>?, UnsafePointer<Double>?, UnsafeMutablePointer<Double>?, Int) -> Void

    /// The four AoS builds of the loop `camath_baseline_<name>_…` by path, and gcc's (``GCCPeers``) where it built them.
    static func aos<F>(_ name: String, rcp: F, rcpFMA: F, div: F, divFMA: F) -> [BenchmarkPath: F] {
        withGCC(name, [.cLoop: rcp, .cLoopFMA: rcpFMA, .cDiv: div, .cDivFMA: divFMA])
    }

    /// The two SoA builds of the loop `camath_baseline_<name>_…` by path, and gcc's where it built them.
    static func soa<F>(_ name: String, div: F, rcpFMA: F) -> [BenchmarkPath: F] { withGCC(name, [.cSoA: div, .cSoAFMA: rcpFMA]) }

    /// `clang` (the package's builds, by `c-*` path) and the gcc build of each, by `gcc-*` path, where there is one.
    private static func withGCC<F>(_ name: String, _ clang: [BenchmarkPath: F]) -> [BenchmarkPath: F] {
        let builds: [(BenchmarkPath, BenchmarkPath, String)] = [
            (.cLoop, .gccLoop, "rcp"), (.cLoopFMA, .gccLoopFMA, "rcp_fma"), (.cDiv, .gccDiv, "div"),
            (.cDivFMA, .gccDivFMA, "div_fma"), (.cSoA, .gccSoA, "div"), (.cSoAFMA, .gccSoAFMA, "rcp_fma")
        ]
        var kinds = clang
        for (path, gcc, suffix) in builds where clang[path] != nil {
            kinds[gcc] = GCCPeers.function("camath_baseline_\(name)_\(suffix)", as: F.self)
        }
        return kinds
    }

    /// `out[m] = a[m·aStep]·b[m·bStep]` (steps in matrices: 0 or 1).
    static func concat(
        _ a: Buffer<Transform3D>, aStep: Int, _ b: Buffer<Transform3D>, bStep: Int,
        _ out: Buffer<Transform3D>
    ) -> [BenchmarkPath: Peer] {
        typealias Concat =
            @convention(c) (UnsafePointer<Double>?, Int, UnsafePointer<Double>?, Int, UnsafeMutablePointer<Double>?, Int) -> Void
        var kinds: [BenchmarkPath: Concat] = aos(
            "concat", rcp: camath_baseline_concat_rcp, rcpFMA: camath_baseline_concat_rcp_fma,
            div: camath_baseline_concat_div, divFMA: camath_baseline_concat_div_fma)
        #if CAMATH_EIGEN_GLM
        kinds[.eigen] = camath_eigen_concat
        kinds[.glm] = camath_glm_concat
        #endif
        let n = out.pointer.count, (sa, sb) = (16 * aStep, 16 * bStep)
        var peers = kinds.mapValues { f in Peer(run: { f(a.doubles, sa, b.doubles, sb, out.doubles, n) }) }
        // A shared matrix stays 16 doubles; an array becomes 16 planes.
        let left = aStep == 0 ? nil : Planes(a.doubles, stride: 16, fields: 16, count: n)
        let right = bStep == 0 ? nil : Planes(b.doubles, stride: 16, fields: 16, count: n)
        let loops: [BenchmarkPath: Binary] =
            switch (aStep, bStep) {
            case (0, _):
                soa("concat_soa_one_by", div: camath_baseline_concat_soa_one_by_div, rcpFMA: camath_baseline_concat_soa_one_by_rcp_fma)
            case (_, 0):
                soa("concat_soa_by_one", div: camath_baseline_concat_soa_by_one_div, rcpFMA: camath_baseline_concat_soa_by_one_rcp_fma)
            default: soa("concat_soa", div: camath_baseline_concat_soa_div, rcpFMA: camath_baseline_concat_soa_rcp_fma)
            }
        let result = Planes(fields: 16, count: n)
        for (path, f) in loops {
            peers[path] = Peer(
                run: { f(left?.doubles ?? a.doubles, right?.doubles ?? b.doubles, result.doubles, n) },
                publish: { result.interleave(into: out.doubles, stride: 16) })
        }
        return peers
    }

    /// One matrix array in, one out: the AoS builds (and Eigen and glm's), and the SoA builds over 16 planes.
    static func transformMap(
        _ t: Buffer<Transform3D>, _ out: Buffer<Transform3D>, aos kinds: [BenchmarkPath: Map],
        soa loops: [BenchmarkPath: Map]
    ) -> [BenchmarkPath: Peer] {
        let n = out.pointer.count
        var peers = kinds.mapValues { f in Peer(run: { f(t.doubles, out.doubles, n) }) }
        let input = Planes(t.doubles, stride: 16, fields: 16, count: n), result = Planes(fields: 16, count: n)
        for (path, f) in loops {
            peers[path] = Peer(run: { f(input.doubles, result.doubles, n) }, publish: { result.interleave(into: out.doubles, stride: 16) })
        }
        return peers
    }

    static func invert(_ t: Buffer<Transform3D>, _ out: Buffer<Transform3D>) -> [BenchmarkPath: Peer] {
        var kinds: [BenchmarkPath: Map] = aos(
            "invert", rcp: camath_baseline_invert_rcp, rcpFMA: camath_baseline_invert_rcp_fma,
            div: camath_baseline_invert_div, divFMA: camath_baseline_invert_div_fma)
        #if CAMATH_EIGEN_GLM
        kinds[.eigen] = camath_eigen_invert
        kinds[.glm] = camath_glm_invert
        #endif
        return transformMap(
            t, out, aos: kinds, soa: soa("invert_soa", div: camath_baseline_invert_soa_div, rcpFMA: camath_baseline_invert_soa_rcp_fma))
    }

    static func invertAffine(_ t: Buffer<Transform3D>, _ out: Buffer<Transform3D>) -> [BenchmarkPath: Peer] {
        var kinds: [BenchmarkPath: Map] = aos(
            "invert_affine", rcp: camath_baseline_invert_affine_rcp, rcpFMA: camath_baseline_invert_affine_rcp_fma,
            div: camath_baseline_invert_affine_div, divFMA: camath_baseline_invert_affine_div_fma)
        #if CAMATH_EIGEN_GLM
        kinds[.eigen] = camath_eigen_invert_affine
        kinds[.glm] = camath_glm_invert_affine
        #endif
        return transformMap(
            t, out, aos: kinds,
            soa: soa("invert_affine_soa", div: camath_baseline_invert_affine_soa_div, rcpFMA: camath_baseline_invert_affine_soa_rcp_fma))
    }

    /// Points through one matrix (`m`: 16 doubles, or the homography's 9), `fields` coordinates per point in records
    /// of `stride` doubles: the AoS builds over the records, the SoA builds over coordinate planes.
    static func points<M, P>(
        _ m: Buffer<M>, _ p: Buffer<P>, _ out: Buffer<P>, stride: Int, fields: Int,
        aos kinds: [BenchmarkPath: Binary], soa loops: [BenchmarkPath: Binary]
    ) -> [BenchmarkPath: Peer] {
        let n = out.pointer.count
        var peers = kinds.mapValues { f in Peer(run: { f(m.doubles, p.doubles, out.doubles, n) }) }
        let input = Planes(p.doubles, stride: stride, fields: fields, count: n), result = Planes(fields: fields, count: n)
        for (path, f) in loops {
            peers[path] = Peer(
                run: { f(m.doubles, input.doubles, result.doubles, n) }, publish: { result.interleave(into: out.doubles, stride: stride) })
        }
        return peers
    }

    static func points3(_ m: Buffer<Transform3D>, _ p: Buffer<SIMD3<Double>>, _ out: Buffer<SIMD3<Double>>) -> [BenchmarkPath: Peer] {
        var kinds: [BenchmarkPath: Binary] = aos(
            "points3", rcp: camath_baseline_points3_rcp, rcpFMA: camath_baseline_points3_rcp_fma,
            div: camath_baseline_points3_div, divFMA: camath_baseline_points3_div_fma)
        #if CAMATH_EIGEN_GLM
        kinds[.eigen] = camath_eigen_points3
        kinds[.glm] = camath_glm_points3
        #endif
        return points(
            m, p, out, stride: 4, fields: 3, aos: kinds,
            soa: soa("points3_soa", div: camath_baseline_points3_soa_div, rcpFMA: camath_baseline_points3_soa_rcp_fma))
    }

    /// 2-D points: the C loops only (Eigen and glm have no 3×3 homography map of their own worth timing
    /// apart from the 3-D one).
    static func points2(_ h: Homography, _ p: Buffer<SIMD2<Double>>, _ out: Buffer<SIMD2<Double>>) -> [BenchmarkPath: Peer] {
        let entries = Buffer([h.h11, h.h12, h.h13, h.h21, h.h22, h.h23, h.h31, h.h32, h.h33])
        let kinds: [BenchmarkPath: Binary] = aos(
            "points2", rcp: camath_baseline_points2_rcp, rcpFMA: camath_baseline_points2_rcp_fma,
            div: camath_baseline_points2_div, divFMA: camath_baseline_points2_div_fma)
        return points(
            entries, p, out, stride: 2, fields: 2, aos: kinds,
            soa: soa("points2_soa", div: camath_baseline_points2_soa_div, rcpFMA: camath_baseline_points2_soa_rcp_fma))
    }

    /// Frames from layer records a user would keep (bounds size, anchor, position, transform: 23 doubles),
    /// written as CGRects: the C loops only.
    static func frames(_ tree: LayerTree, _ out: Buffer<CGRect>) -> [BenchmarkPath: Peer] {
        let fields = Int(CAMATH_BASELINE_LAYER), n = out.pointer.count
        let records = Buffer(
            tree.geometries.flatMap { g -> [Double] in
                [
                    Double(g.bounds.size.width), Double(g.bounds.size.height), Double(g.anchorPoint.x), Double(g.anchorPoint.y),
                    Double(g.anchorPointZ), Double(g.position.x), Double(g.position.y)
                ] + g.transform.elements
            })
        let kinds: [BenchmarkPath: Map] = aos(
            "frames", rcp: camath_baseline_frames_rcp, rcpFMA: camath_baseline_frames_rcp_fma,
            div: camath_baseline_frames_div, divFMA: camath_baseline_frames_div_fma)
        var peers = kinds.mapValues { f in Peer(run: { f(records.doubles, out.doubles, n) }) }
        let input = Planes(records.doubles, stride: fields, fields: fields, count: n), result = Planes(fields: 4, count: n)
        let loops: [BenchmarkPath: Map] = soa("frames_soa", div: camath_baseline_frames_soa_div, rcpFMA: camath_baseline_frames_soa_rcp_fma)
        for (path, f) in loops {
            peers[path] = Peer(run: { f(input.doubles, result.doubles, n) }, publish: { result.interleave(into: out.doubles, stride: 4) })
        }
        return peers
    }

    /// The flat hit-test loop (every node for every point, node by node, no pruning) over node records a user would precompute
    /// from the tree: each level map's inverse, its forward weights and the standardized bounds. For trees without
    /// transform layers (the workload's), whose nodes the reference takes as they are. The loops write node indices
    /// (−1: none) into their own buffer, published as `hits` (`nil`: none).
    static func hitTest(_ tree: LayerTree, _ points: Buffer<CGPoint>, _ hits: Buffer<Int?>) -> [BenchmarkPath: Peer] {
        let count = tree.count, n = points.pointer.count, found = Buffer(repeating: Int64(0), count: n)
        let parents = Buffer(tree.parents.map { Int32($0) })
        let flags = Buffer(
            tree.geometries.indices.map { i -> UInt8 in
                let g = tree.geometries[i]
                return (!g.isHidden && tree.levelMaps[i].inverse != nil ? 1 : 0) | (g.masksToBounds ? 2 : 0)
            })
        let nodes = Buffer(
            tree.geometries.indices.flatMap { i -> [Double] in
                let map = tree.levelMaps[i], h = map.inverse ?? Homography(.identity), f = map.forward
                let r = Rect2D(tree.geometries[i].bounds), s = r.standardized
                let box = r.isNull ? [Double](repeating: .infinity, count: 4) : [s.x, s.x + s.width, s.y, s.y + s.height]
                return [h.h11, h.h12, h.h13, h.h21, h.h22, h.h23, h.h31, h.h32, h.h33, f.h13, f.h23, f.h33] + box
            })
        let scratch = Buffer(repeating: 0.0, count: 3 * count * n)
        typealias HitTest =
            @convention(c) (
                UnsafePointer<Int32>?, UnsafePointer<UInt8>?, UnsafePointer<Double>?, Int, UnsafePointer<Double>?,
                UnsafeMutablePointer<Int64>?,
                UnsafeMutablePointer<Double>?, Int
            ) -> Void
        let kinds: [BenchmarkPath: HitTest] = aos(
            "hit_test", rcp: camath_baseline_hit_test_rcp, rcpFMA: camath_baseline_hit_test_rcp_fma,
            div: camath_baseline_hit_test_div, divFMA: camath_baseline_hit_test_div_fma)
        return kinds.mapValues { f in
            Peer(
                run: {
                    f(
                        parents.pointer.baseAddress, flags.pointer.baseAddress, nodes.doubles, count, points.doubles,
                        found.pointer.baseAddress,
                        scratch.doubles, n)
                },
                publish: {
                    for i in 0..<n { hits.pointer[i] = found.pointer[i] < 0 ? nil : Int(found.pointer[i]) }
                })
        }
    }

    /// The key paths' decomposition: the reference's algorithm in C (and glm's decompose), whose records
    /// ``Peer/publish`` turns into the workload's decompositions.
    static func decompose(_ t: Buffer<Transform3D>, _ out: Buffer<Transform3D.Decomposition?>) -> [BenchmarkPath: Peer] {
        var kinds: [BenchmarkPath: Map] = [.cDiv: camath_baseline_decompose_div, .cDivFMA: camath_baseline_decompose_div_fma]
        #if CAMATH_EIGEN_GLM
        kinds[.glm] = camath_glm_decompose
        #endif
        let width = Int(CAMATH_BASELINE_DECOMPOSITION) + 1, n = out.pointer.count
        let records = Buffer(repeating: 0.0, count: width * n)
        return kinds.mapValues { f in
            Peer(
                run: { f(t.doubles, records.doubles, n) },
                publish: {
                    for i in 0..<n {
                        let d = records.pointer[(width * i)..<(width * (i + 1))].map { $0 }
                        out.pointer[i] =
                            d[width - 1] == 0
                            ? nil
                            : Transform3D.Decomposition(
                                translation: SIMD3(d[0], d[1], d[2]), scale: SIMD3(d[3], d[4], d[5]), skew: SIMD3(d[6], d[7], d[8]),
                                perspective: SIMD4(d[9], d[10], d[11], d[12]), rotation: SIMD3(d[13], d[14], d[15]),
                                quaternion: Quaternion(x: d[16], y: d[17], z: d[18], w: d[19]))
                    }
                })
        }
    }

    /// The rotation.z key path read through the reference's decomposition in C.
    static func rotationZ(_ t: Buffer<Transform3D>, _ out: Buffer<TransformKeyPathValue>) -> [BenchmarkPath: Peer] {
        let kinds: [BenchmarkPath: Map] = [.cDiv: camath_baseline_rotation_z_div, .cDivFMA: camath_baseline_rotation_z_div_fma]
        let n = out.pointer.count, angles = Buffer(repeating: 0.0, count: n)
        return kinds.mapValues { f in
            Peer(run: { f(t.doubles, angles.doubles, n) }, publish: { for i in 0..<n { out.pointer[i] = .number(angles.pointer[i]) } })
        }
    }

    /// The rotation.z key path written through the reference's decomposition and Euler recomposition in C.
    static func setRotationZ(
        _ t: Buffer<Transform3D>, _ values: Buffer<TransformKeyPathValue>, _ out: Buffer<Transform3D>
    ) -> [BenchmarkPath: Peer] {
        let kinds: [BenchmarkPath: Binary] = [.cDiv: camath_baseline_set_rotation_z_div, .cDivFMA: camath_baseline_set_rotation_z_div_fma]
        let n = out.pointer.count, angles = Buffer(values.pointer.map { $0.number ?? .nan })
        return kinds.mapValues { f in Peer(run: { f(t.doubles, angles.doubles, out.doubles, n) }) }
    }

    /// Interpolation a fraction `t` of the way: the reference's algorithm in C, and glm's decompose-slerp-recompose.
    static func blend(
        _ a: Buffer<Transform3D>, _ b: Buffer<Transform3D>, fraction t: Double, _ out: Buffer<Transform3D>
    ) -> [BenchmarkPath: Peer] {
        typealias Blend = (UnsafePointer<Double>?, UnsafePointer<Double>?, Double, UnsafeMutablePointer<Double>?, Int) -> Void
        var kinds: [BenchmarkPath: Blend] = [.cDiv: camath_baseline_blend_div, .cDivFMA: camath_baseline_blend_div_fma]
        #if CAMATH_EIGEN_GLM
        kinds[.glm] = camath_glm_blend
        #endif
        let n = out.pointer.count
        return kinds.mapValues { f in Peer(run: { f(a.doubles, b.doubles, t, out.doubles, n) }) }
    }
}

/// Structure-of-arrays planes: `fields` planes of `count` doubles each (plane f holds field f of every element),
/// 64-byte aligned; made before timing, so the SoA peers are timed on their own layout.
final class Planes: @unchecked Sendable {
    let fields: Int, count: Int
    private let storage: Buffer<Double>

    init(fields: Int, count: Int) {
        self.fields = fields; self.count = count
        storage = Buffer(repeating: 0, count: fields * count)
    }

    /// The planes of `count` records of `stride` doubles whose first `fields` doubles are the fields.
    convenience init(_ records: UnsafePointer<Double>, stride: Int, fields: Int, count: Int) {
        self.init(fields: fields, count: count)
        for i in 0..<count {
            for f in 0..<fields { storage.pointer[f * count + i] = records[stride * i + f] }
        }
    }

    var doubles: UnsafeMutablePointer<Double> { storage.doubles }

    /// Writes the fields back as records of `stride` doubles (the doubles past `fields` untouched).
    func interleave(into records: UnsafeMutablePointer<Double>, stride: Int) {
        for i in 0..<count {
            for f in 0..<fields { records[stride * i + f] = storage.pointer[f * count + i] }
        }
    }
}
