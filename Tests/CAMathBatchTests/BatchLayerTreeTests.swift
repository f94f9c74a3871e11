@_spi(Benchmarks) import CAMath
import _CAMathTestSupport
import Foundation
import PropertyBased
import Testing

/// Bulk frames and bulk hit tests equal `Layer` on random trees (up to 200 layers, 10⁴ points).
@Suite struct BatchLayerTreeTests {
    @Test func framesEqualLayerFrames() async throws {
        await checkProperty(LayerTreeGen.tree(maxNodes: 200), seededRuns: 40, randomRuns: 10) { spec in
            let layers = spec.build()
            let order = LayerReference.preorder(layers[0])
            let tree = LayerTree(root: layers[0])
            let expected = order.map(\.frame)
            for level in KernelSets.runnable {
                for (path, threads) in [(BatchPath.scalar, 1), (.simd, 1), (.simd, 3), (.auto, 2)] {
                    let frames = try Batch.frames(of: tree, options: BatchOptions(path: path, threads: threads, instructionSet: level))
                    expectExact(frames, expected, Exactness.of(.frames, on: path)!, "\(path) \(level) in\n\(spec)")
                    var planned = [CGRect](repeating: .null, count: tree.count)
                    try planned.withUnsafeMutableBufferPointer {
                        try FramePlan(tree).frames(into: $0, options: BatchOptions(path: path, threads: threads, instructionSet: level))
                    }
                    expectExact(planned, expected, Exactness.of(.frames, on: path)!, "from a plan: \(path) \(level) in\n\(spec)")
                }
            }
        }
    }

    @Test func hitTestsEqualLayerHitTests() async throws {
        let points = Gen.double(in: -150...450).simd2.array(of: 10_000)
        await checkProperty(zip(LayerTreeGen.tree(maxNodes: 200), points), seededRuns: 6, randomRuns: 2) { spec, raw in
            let layers = spec.build()
            let order = LayerReference.preorder(layers[0])
            let index = Dictionary(uniqueKeysWithValues: order.enumerated().map { (ObjectIdentifier($1), $0) })
            let cgPoints = raw.map { CGPoint($0) } + [CGPoint(x: CGFloat.nan, y: 0), CGPoint(x: 0, y: CGFloat.infinity)]
            let expected = cgPoints.map { p in layers[0].hitTest(p).map { index[ObjectIdentifier($0)]! } }
            let tree = LayerTree(root: layers[0])
            for level in KernelSets.runnable {
                for (path, threads) in [(BatchPath.simd, 1), (.simd, 7), (.auto, 2)] {
                    let hits = try Batch.hitTest(
                        cgPoints, in: tree, options: BatchOptions(path: path, threads: threads, instructionSet: level))
                    let mismatches = zip(hits, expected).enumerated().filter { $1.0 != $1.1 }
                    #expect(
                        mismatches.isEmpty,
                        "\(path) \(level): first mismatch \(mismatches.first.map { "point \(cgPoints[$0.offset]) got \(String(describing: $0.element.0)) expected \(String(describing: $0.element.1))" } ?? "") in\n\(spec)"
                    )
                }
            }
            let scalar = try Batch.hitTest(Array(cgPoints.prefix(500)), in: tree, options: .scalar)
            #expect(scalar == Array(expected.prefix(500)))
        }
    }

    @Test func aHundredThousandPointsAgainstAThousandLayers() throws {
        // The DESIGN's sizing: 1e5 points against a 1e3-layer tree; checks agreement on a sample.
        var rng = Xoshiro(seed: (42, 43, 44, 45))
        let spec = LayerTreeGen.tree(maxNodes: 1000).run(using: &rng)
        let layers = spec.build()
        let tree = LayerTree(root: layers[0])
        let points = (0..<100_000).map { _ in
            CGPoint(x: Double.random(in: -150...450, using: &rng), y: Double.random(in: -150...450, using: &rng))
        }
        let hits = try Batch.hitTest(points, in: tree, options: .simd)
        let sample = Array(points.prefix(300))
        #expect(Array(hits.prefix(300)) == (try Batch.hitTest(sample, in: tree, options: .scalar)))
    }

    @Test func emptyTreeAndEmptyBatches() throws {
        let root = Layer()
        let tree = LayerTree(root: root)
        #expect(try Batch.hitTest([], in: tree).isEmpty)
        #expect(try Batch.hitTest([CGPoint(x: 0, y: 0)], in: tree) == [nil])
        #expect(try Batch.frames(of: tree) == [CGRect(x: 0, y: 0, width: 0, height: 0)])
    }
}
