@_spi(Benchmarks) import CAMath
import _CAMathTestSupport
import Foundation
import Testing

/// Concurrent batch calls on shared inputs: eight tasks at once, each with two threads inside, give
/// the results of one call alone (and, under ThreadSanitizer, no data race).
@Suite struct BatchConcurrencyTests {
    @Test func eightTasksOnSharedInputsAgreeWithOneCall() async throws {
        let n = 20_000
        let a = BatchInputs.transforms(n, seed: 11), b = BatchInputs.transforms(n, seed: 12)
        let points = BatchInputs.points3(n, seed: 13), tree = LayerTree(root: Adversarial.chain(depth: 50).root)
        let hitPoints = (0..<n).map { CGPoint(x: Double($0 % 120) - 10, y: Double($0 % 97)) }
        struct Results: Equatable, Sendable {
            var concat: [Transform3D], inverse: [Transform3D], points: [SIMD3<Double>], hits: [Int?], frames: [CGRect]
        }
        @Sendable func run() throws -> Results {
            Results(
                concat: try Batch.concat(a, b, options: BatchOptions(path: .simd, threads: 2)),
                inverse: try Batch.invert(a, options: BatchOptions(path: .simd, threads: 2)).inverses,
                points: try Batch.mapPoints(points, through: b[5], options: BatchOptions(path: .simd, threads: 2)),
                hits: try Batch.hitTest(hitPoints, in: tree, options: .auto),
                frames: try Batch.frames(of: tree, options: BatchOptions(path: .simd, threads: 2)))
        }
        let expected = try run()
        let results = try await withThrowingTaskGroup(of: Results.self) { group in
            for _ in 0..<8 { group.addTask { try run() } }
            var all: [Results] = []
            for try await r in group { all.append(r) }
            return all
        }
        #expect(results.count == 8)
        for r in results {
            expectExact(r.concat, expected.concat)
            expectExact(r.inverse, expected.inverse)
            expectExact(r.points, expected.points)
            #expect(r.hits == expected.hits && r.frames == expected.frames)
        }
    }
}
