import CAMath
import CAMathBaselines
import Foundation
#if CAMATH_EIGEN_GLM
import CAMathBaselinesCXX
#endif

/// Each operation's baselines (``BenchmarkPath/isBaseline``) as closures over a workload's buffers: the
/// plain C loops always, Eigen and glm where they were built (`CAMATH_EIGEN_GLM`). Each writes the
/// workload's output buffer, so its result is checked like a path's.
enum Baselines {
    /// A C function of one input array, one output array and a count (the inverses and frames).
    typealias Map = (UnsafePointer<Double>?, UnsafeMutablePointer<Double>?, Int) -> Void

    /// `out[m] = a[m·aStep]·b[m·bStep]` (steps in matrices: 0 or 1).
    static func concat(_ a: Buffer<Transform3D>, aStep: Int, _ b: Buffer<Transform3D>, bStep: Int,
                       _ out: Buffer<Transform3D>) -> [BenchmarkPath: () -> Void] {
        typealias Concat = (UnsafePointer<Double>?, Int, UnsafePointer<Double>?, Int, UnsafeMutablePointer<Double>?, Int) -> Void
        var kinds: [BenchmarkPath: Concat] = [.cLoop: camath_baseline_concat_nofma, .cLoopFMA: camath_baseline_concat_fma]
        #if CAMATH_EIGEN_GLM
        kinds[.eigen] = camath_eigen_concat
        kinds[.glm] = camath_glm_concat
        #endif
        let n = out.pointer.count, (sa, sb) = (16 * aStep, 16 * bStep)
        return kinds.mapValues { f in { f(a.doubles, sa, b.doubles, sb, out.doubles, n) } }
    }

    static func invert(_ t: Buffer<Transform3D>, _ out: Buffer<Transform3D>) -> [BenchmarkPath: () -> Void] {
        var kinds: [BenchmarkPath: Map] = [.cLoop: camath_baseline_invert_nofma, .cLoopFMA: camath_baseline_invert_fma]
        #if CAMATH_EIGEN_GLM
        kinds[.eigen] = camath_eigen_invert
        kinds[.glm] = camath_glm_invert
        #endif
        let n = out.pointer.count
        return kinds.mapValues { f in { f(t.doubles, out.doubles, n) } }
    }

    static func invertAffine(_ t: Buffer<Transform3D>, _ out: Buffer<Transform3D>) -> [BenchmarkPath: () -> Void] {
        var kinds: [BenchmarkPath: Map] = [.cLoop: camath_baseline_invert_affine_nofma, .cLoopFMA: camath_baseline_invert_affine_fma]
        #if CAMATH_EIGEN_GLM
        kinds[.eigen] = camath_eigen_invert_affine
        kinds[.glm] = camath_glm_invert_affine
        #endif
        let n = out.pointer.count
        return kinds.mapValues { f in { f(t.doubles, out.doubles, n) } }
    }

    static func points3(_ m: Buffer<Transform3D>, _ p: Buffer<SIMD3<Double>>, _ out: Buffer<SIMD3<Double>>) -> [BenchmarkPath: () -> Void] {
        typealias Points = (UnsafePointer<Double>?, UnsafePointer<Double>?, UnsafeMutablePointer<Double>?, Int) -> Void
        var kinds: [BenchmarkPath: Points] = [.cLoop: camath_baseline_points3_nofma, .cLoopFMA: camath_baseline_points3_fma]
        #if CAMATH_EIGEN_GLM
        kinds[.eigen] = camath_eigen_points3
        kinds[.glm] = camath_glm_points3
        #endif
        let n = out.pointer.count
        return kinds.mapValues { f in { f(m.doubles, p.doubles, out.doubles, n) } }
    }

    /// 2-D points: the C loops only (Eigen and glm have no 3×3 homography map of their own worth timing
    /// apart from the 3-D one).
    static func points2(_ h: Homography, _ p: Buffer<SIMD2<Double>>, _ out: Buffer<SIMD2<Double>>) -> [BenchmarkPath: () -> Void] {
        let entries = Buffer([h.h11, h.h12, h.h13, h.h21, h.h22, h.h23, h.h31, h.h32, h.h33]), n = out.pointer.count
        let kinds: [BenchmarkPath: (UnsafePointer<Double>?, UnsafePointer<Double>?, UnsafeMutablePointer<Double>?, Int) -> Void] =
            [.cLoop: camath_baseline_points2_nofma, .cLoopFMA: camath_baseline_points2_fma]
        return kinds.mapValues { f in { f(entries.doubles, p.doubles, out.doubles, n) } }
    }

    /// Frames from layer records a user would keep (bounds size, anchor, position, transform: 23 doubles),
    /// written as CGRects: the C loops only.
    static func frames(_ tree: LayerTree, _ out: Buffer<CGRect>) -> [BenchmarkPath: () -> Void] {
        let records = Buffer(tree.geometries.flatMap { g -> [Double] in
            [Double(g.bounds.size.width), Double(g.bounds.size.height), Double(g.anchorPoint.x), Double(g.anchorPoint.y),
             Double(g.anchorPointZ), Double(g.position.x), Double(g.position.y)] + g.transform.elements
        })
        let kinds: [BenchmarkPath: Map] = [.cLoop: camath_baseline_frames_nofma, .cLoopFMA: camath_baseline_frames_fma]
        let n = out.pointer.count
        return kinds.mapValues { f in { f(records.doubles, out.doubles, n) } }
    }
}
