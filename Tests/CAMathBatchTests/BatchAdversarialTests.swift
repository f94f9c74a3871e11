@_spi(Benchmarks) import CAMath
import _CAMathTestSupport
import Foundation
import Testing

/// CAMathCore's *Conventions* article, *Special values* for the batch paths: on the shared adversarial inputs every batch operation's `.simd` path
/// (every instruction set of ``KernelSets``, 1 and 2 threads) and `.auto` meet the operation's contract
/// (``Exactness/of(_:on:precision:)``) against `.scalar`, which is the reference applied element by element.
@Suite struct BatchAdversarialTests {
    static let matrices = Adversarial.matrices
    static let reversed = Array(Adversarial.matrices.reversed())

    /// Runs `run` on `.scalar`, on `.simd` at every level in `levels` and on `.auto`, and checks each output
    /// against the scalar one under `operation`'s contract. Prints a summary line only when all of them met it.
    func agree(_ operation: BatchOperation, _ name: String, levels: [InstructionSet] = KernelSets.runnable,
               _ run: (BatchPath, Int, InstructionSet) throws(BatchError) -> [Double]) throws {
        let reference = try run(.scalar, 1, .current)
        var configurations = 0, met = true
        for level in levels {
            for threads in [1, 2] {
                let out = try run(.simd, threads, level)
                met = expectExact(out, reference, Exactness.of(operation, on: .simd)!, "\(name) \(level) \(threads) threads") && met
                configurations += 1
            }
        }
        met = expectExact(try run(.auto, 1, .current), reference, Exactness.of(operation, on: .auto)!, "\(name) auto") && met
        if met {
            print("special values: Batch.\(name): \(reference.count) output values × \(configurations + 1) configurations (simd on \(levels.map(\.name).joined(separator: ", ")), auto) meet \(Exactness.of(operation, on: .simd)!) against .scalar")
        }
    }

    static func flat(_ t: [Transform3D]) -> [Double] { t.flatMap(\.elements) }
    static func flat(_ v: [TransformKeyPathValue]) -> [Double] {
        v.flatMap { value -> [Double] in
            switch value {
            case .number(let x): [x]
            case .size(let w, let h): [w, h]
            case .transform(let m): m.elements
            }
        }
    }

    @Test func concatInverseAndAffineParts() throws {
        let m = Self.matrices, r = Self.reversed, base = Adversarial.base
        try agree(.concatPairwise, "concat(pairwise)") { p, t, l throws(BatchError) in Self.flat(try Batch.concat(m, r, options: BatchOptions(path: p, threads: t, instructionSet: l))) }
        try agree(.concatManyByOne, "concat(many-by-one)") { p, t, l throws(BatchError) in Self.flat(try Batch.concat(m, base, options: BatchOptions(path: p, threads: t, instructionSet: l))) }
        try agree(.concatOneByMany, "concat(one-by-many)") { p, t, l throws(BatchError) in Self.flat(try Batch.concat(base, m, options: BatchOptions(path: p, threads: t, instructionSet: l))) }
        try agree(.invert, "invert") { p, t, l throws(BatchError) in
            let (inverses, singular) = try Batch.invert(m, options: BatchOptions(path: p, threads: t, instructionSet: l))
            return Self.flat(inverses) + singular.map { $0 ? 1 : 0 }
        }
        try agree(.invertAffine, "invertAffine") { p, t, l throws(BatchError) in
            let (inverses, singular) = try Batch.invertAffine(m, options: BatchOptions(path: p, threads: t, instructionSet: l))
            return Self.flat(inverses) + singular.map { $0 ? 1 : 0 }
        }
        try agree(.affineRoundTrip, "affineParts", levels: [.current]) { p, t, _ throws(BatchError) in
            let (flags, parts) = try Batch.affineParts(of: m, options: BatchOptions(path: p, threads: t))
            return flags.map { $0 ? 1 : 0 } + parts.flatMap(\.elements)
        }
        // The scalar path is the reference applied element by element.
        let (inverses, singular) = try Batch.invert(m, options: .scalar)
        expectExact(inverses, m.map { $0.inverted() })
        #expect(zip(m, singular).allSatisfy { ($0.invertedIfPossible() == nil) == $1 })
    }

    @Test func pointMaps() throws {
        let points3 = Adversarial.points.map { SIMD3(Double($0.x), Double($0.y), 7) } + SpecialValues.all.map { SIMD3(1, 2, $0) }
        let points2 = Adversarial.points.map { SIMD2(Double($0.x), Double($0.y)) }
        let sample = stride(from: 0, to: Self.matrices.count, by: 3).map { Self.matrices[$0] }
        try agree(.mapPoints3D, "mapPoints(3-D)") { p, t, l throws(BatchError) in
            var out: [Double] = []
            for m in sample { out += try Batch.mapPoints(points3, through: m, options: BatchOptions(path: p, threads: t, instructionSet: l)).flatMap { [$0.x, $0.y, $0.z] } }
            return out
        }
        try agree(.mapPoints2D, "mapPoints(2-D)") { p, t, l throws(BatchError) in
            var out: [Double] = []
            for m in sample {
                out += try Batch.mapPoints(points2, through: Homography(m), options: BatchOptions(path: p, threads: t, instructionSet: l)).flatMap { [$0.x, $0.y] }
            }
            return out
        }
    }

    @Test func decompositionKeyPathsAndBlend() throws {
        let m = Self.matrices, r = Self.reversed
        try agree(.decompose, "decompose") { p, t, l throws(BatchError) in
            try Batch.decompose(m, options: BatchOptions(path: p, threads: t, instructionSet: l)).flatMap { d -> [Double] in
                guard let d else { return [-1] }
                return [d.translation.x, d.translation.y, d.translation.z, d.scale.x, d.scale.y, d.scale.z, d.skew.x,
                        d.rotation.x, d.rotation.y, d.rotation.z, d.quaternion.w, d.perspective.z]
            }
        }
        try agree(.keyPathRead, "values(for:)") { p, t, l throws(BatchError) in
            var out: [Double] = []
            for path in TransformKeyPath.allCases { out += Self.flat(try Batch.values(for: path, of: m, options: BatchOptions(path: p, threads: t, instructionSet: l))) }
            return out
        }
        let values = (0..<m.count).map { Adversarial.keyPathValues[$0 % Adversarial.keyPathValues.count] }
        try agree(.keyPathWrite, "setting(_:of:to:)") { p, t, l throws(BatchError) in
            var out: [Double] = []
            for path in TransformKeyPath.allCases {
                let (written, refused) = try Batch.setting(path, of: m, to: values, options: BatchOptions(path: p, threads: t, instructionSet: l))
                out += Self.flat(written) + refused.map { $0 ? 1 : 0 }
            }
            return out
        }
        try agree(.blend, "interpolate") { p, t, l throws(BatchError) in
            var out: [Double] = []
            for fraction in [0.3, 0, 1, .nan, .infinity, -2.5, 1e7] { out += Self.flat(try Batch.interpolate(from: m, to: r, fraction: fraction, options: BatchOptions(path: p, threads: t, instructionSet: l))) }
            return out
        }
    }

    @Test func framesAndHitTestsOfAdversarialTrees() throws {
        let tree = LayerTree(root: Adversarial.tree())
        let points = Adversarial.points + stride(from: -50.0, through: 450, by: 12.5).flatMap { x in stride(from: -50.0, through: 350, by: 25).map { CGPoint(x: x, y: $0) } }
        try agree(.frames, "frames") { p, t, l throws(BatchError) in
            try Batch.frames(of: tree, options: BatchOptions(path: p, threads: t, instructionSet: l)).flatMap { [$0.origin.x, $0.origin.y, $0.size.width, $0.size.height].map(Double.init) }
        }
        try agree(.hitTest, "hitTest") { p, t, l throws(BatchError) in
            try Batch.hitTest(points, in: tree, options: BatchOptions(path: p, threads: t, instructionSet: l)).map(Double.init)
        }
        // The scalar paths are the tree's own answers.
        let frames = try Batch.frames(of: tree, options: .scalar)
        expectExact(frames, tree.frames())
        #expect(try Batch.hitTest(points, in: tree, options: .scalar) == points.map { tree.hitTest($0) ?? Batch.noHit })
    }
}

/// Concurrent batch calls on shared inputs: eight tasks at once, each with two threads inside, give
/// the results of one call alone (and, under ThreadSanitizer, no data race).
@Suite struct BatchConcurrencyTests {
    @Test func eightTasksOnSharedInputsAgreeWithOneCall() async throws {
        let n = 20_000
        let a = BatchInputs.transforms(n, seed: 11), b = BatchInputs.transforms(n, seed: 12)
        let points = BatchInputs.points3(n, seed: 13), tree = LayerTree(root: Adversarial.chain(depth: 50).root)
        let hitPoints = (0..<n).map { CGPoint(x: Double($0 % 120) - 10, y: Double($0 % 97)) }
        struct Results: Equatable, Sendable {
            var concat: [Transform3D], inverse: [Transform3D], points: [SIMD3<Double>], hits: [Int], frames: [CGRect]
        }
        @Sendable func run() throws -> Results {
            Results(concat: try Batch.concat(a, b, options: BatchOptions(path: .simd, threads: 2)),
                    inverse: try Batch.invert(a, options: BatchOptions(path: .simd, threads: 2)).inverses,
                    points: try Batch.mapPoints(points, through: b[5], options: BatchOptions(path: .simd, threads: 2)),
                    hits: try Batch.hitTest(hitPoints, in: tree, options: .auto), frames: try Batch.frames(of: tree, options: BatchOptions(path: .simd, threads: 2)))
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
