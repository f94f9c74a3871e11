@_spi(Benchmarks) import CAMath
import _CAMathTestSupport
import Foundation
import Testing

/// The `.blas` path within the budgets of `ExactnessBudget`. Skipped (with the loader's reason) where no CBLAS
/// library can be loaded; `.ci/run` installs libopenblas-dev so CI runs them.
@Suite(.enabled(if: CBLAS.available != nil, "no CBLAS library: \(CBLAS.shared)"))
struct BatchBLASTests {
    @Test(arguments: [1, 3, 17, 1000])
    func concatManyByOneWithinTheConcatBudget(n: Int) throws {
        let a = BatchInputs.transforms(n, seed: 21).filter(\.isFinite), b = BatchInputs.transforms(5, seed: 22)[1]
        for threads in [1, 2, 7] {
            let got = try Batch.concat(a, b, options: BatchOptions(path: .blas, threads: threads))
            for (x, g) in zip(a, got) {
                let r = x.concatenating(b)
                let (xe, be, ge, re) = (x.elements, b.elements, g.elements, r.elements)
                for i in 0..<4 {
                    for j in 0..<4 {
                        let rowNorm = (0..<4).map { xe[4 * i + $0] * xe[4 * i + $0] }.reduce(0, +).squareRoot()
                        let columnNorm = (0..<4).map { be[4 * $0 + j] * be[4 * $0 + j] }.reduce(0, +).squareRoot()
                        let budget = 4 * 0x1p-52 * rowNorm * columnNorm
                        #expect(abs(ge[4 * i + j] - re[4 * i + j]) <= budget, "element \(i)\(j) of \(x)")
                    }
                }
            }
        }
    }

    @Test func pointsWithinTheMappingBudget() throws {
        let points = BatchInputs.points3(1000, seed: 23).filter { $0.x.isFinite && $0.z.isFinite }
        for m in BatchInputs.transforms(7, seed: 24).filter(\.isFinite) {
            let got = try Batch.mapPoints(points, through: m, options: BatchOptions(path: .blas, threads: 2))
            let h = Homography(m)
            for (p, g) in zip(points, got) {
                let r = m.mapPoint(p)
                let w = abs(m.mapHomogeneous(p).w)
                guard w > 1e-3 else { continue } // near W = 0 the divide amplifies any reordering
                let scale = max(1, abs(p.x), abs(p.y), abs(p.z)) * max(1, m.maxMagnitude) / w
                #expect(abs(g.x - r.x) <= 1e-13 * scale && abs(g.y - r.y) <= 1e-13 * scale && abs(g.z - r.z) <= 1e-13 * scale)
            }
            let flat = points.map { SIMD2($0.x, $0.y) }
            var out = [SIMD2<Double>](repeating: .zero, count: flat.count)
            try flat.withUnsafeBufferPointer { pf in
                try out.withUnsafeMutableBufferPointer { po in
                    try Batch.mapPoints(pf, through: h, into: po, options: BatchOptions(path: .blas, threads: 3))
                }
            }
            for (p, g) in zip(flat, out) {
                let w = abs(h.forwardWeight(p))
                guard w > 1e-3 else { continue }
                let r = h.mapPoint(p), scale = max(1, abs(p.x), abs(p.y)) * max(1, m.maxMagnitude) / w
                #expect(abs(g.x - r.x) <= 1e-13 * scale && abs(g.y - r.y) <= 1e-13 * scale)
            }
        }
    }

    @Test func nonMatrixProductsRefuseTheBLASPath() {
        let t = BatchInputs.transforms(3, seed: 25)
        #expect(throws: BatchError.self) { try Batch.concat(t, t, options: .blas) }
        #expect(throws: BatchError.self) { try Batch.concat(t[0], t, options: .blas) }
        #expect(throws: BatchError.self) { try Batch.invert(t, options: .blas) }
    }

    @Test func loaderReportsWhatLoaded() throws {
        let library = try #require(CBLAS.available)
        #expect(!library.path.isEmpty && !library.configuration.isEmpty)
    }
}
