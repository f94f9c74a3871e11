import CAMath
import CAMathTestSupport
import Foundation
import Testing

/// SPEC §5 for the batch paths: on the shared adversarial inputs every batch operation's `.simd` path
/// (at every instruction-set level, 1 and 2 threads) and `.auto` return exactly what `.scalar` returns
/// (NaN where it returns NaN), which is the reference applied element by element.
@Suite struct BatchAdversarialTests {
    static let levels = [InstructionSet.portable, .avx2, .avx512].filter { $0 <= .cpu }
    static let matrices = Adversarial.matrices
    static let reversed = Array(Adversarial.matrices.reversed())

    /// Runs `run` on `.scalar` and on every `.simd` configuration and `.auto`; the flattened outputs must
    /// be identical. Returns the number of elements compared per configuration.
    @discardableResult
    func agree(_ name: String, _ run: (BatchPath, Int) throws(BatchError) -> [Double]) throws -> Int {
        let reference = try run(.scalar, 1)
        var configurations = 1
        for level in Self.levels {
            try InstructionSet.withLimit(level) {
                for threads in [1, 2] {
                    let out = try run(.simd, threads)
                    #expect(out.count == reference.count && zip(out, reference).allSatisfy { identical($0, $1) }, "\(name) \(level) \(threads) threads")
                    configurations += 1
                }
            }
        }
        let auto = try run(.auto, 1)
        #expect(zip(auto, reference).allSatisfy { identical($0, $1) }, "\(name) auto")
        print("§5 Batch.\(name): \(reference.count) output values × \(configurations + 1) paths and levels, identical to .scalar")
        return reference.count
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
        try agree("concat(pairwise)") { p, t throws(BatchError) in Self.flat(try Batch.concat(m, r, path: p, threads: t)) }
        try agree("concat(many-by-one)") { p, t throws(BatchError) in Self.flat(try Batch.concat(m, base, path: p, threads: t)) }
        try agree("concat(one-by-many)") { p, t throws(BatchError) in Self.flat(try Batch.concat(base, m, path: p, threads: t)) }
        try agree("invert") { p, t throws(BatchError) in
            let (inverses, singular) = try Batch.invert(m, path: p, threads: t)
            return Self.flat(inverses) + singular.map { $0 ? 1 : 0 }
        }
        try agree("invertAffine") { p, t throws(BatchError) in
            let (inverses, singular) = try Batch.invertAffine(m, path: p, threads: t)
            return Self.flat(inverses) + singular.map { $0 ? 1 : 0 }
        }
        try agree("affineParts") { p, t throws(BatchError) in
            let (flags, parts) = try Batch.affineParts(of: m, path: p, threads: t)
            return flags.map { $0 ? 1 : 0 } + parts.flatMap(\.elements)
        }
        // The scalar path is the reference applied element by element.
        let (inverses, singular) = try Batch.invert(m, path: .scalar)
        #expect(zip(m, inverses).allSatisfy { $0.inverted().hasSameBits(as: $1) } && zip(m, singular).allSatisfy { ($0.invertedIfPossible() == nil) == $1 })
    }

    @Test func pointMaps() throws {
        let points3 = Adversarial.points.map { SIMD3(Double($0.x), Double($0.y), 7) } + SpecialValues.all.map { SIMD3(1, 2, $0) }
        let points2 = Adversarial.points.map { SIMD2(Double($0.x), Double($0.y)) }
        let sample = stride(from: 0, to: Self.matrices.count, by: 3).map { Self.matrices[$0] }
        try agree("mapPoints(3-D)") { p, t throws(BatchError) in
            var out: [Double] = []
            for m in sample { out += try Batch.mapPoints(points3, through: m, path: p, threads: t).flatMap { [$0.x, $0.y, $0.z] } }
            return out
        }
        try agree("mapPoints(2-D)") { p, t throws(BatchError) in
            var out: [Double] = []
            for m in sample { out += try Batch.mapPoints(points2, through: Homography(m), path: p, threads: t).flatMap { [$0.x, $0.y] } }
            return out
        }
    }

    @Test func decompositionKeyPathsAndBlend() throws {
        let m = Self.matrices, r = Self.reversed
        try agree("decompose") { p, t throws(BatchError) in
            try Batch.decompose(m, path: p, threads: t).flatMap { d -> [Double] in
                guard let d else { return [-1] }
                return [d.translation.x, d.translation.y, d.translation.z, d.scale.x, d.scale.y, d.scale.z, d.skew.x,
                        d.rotation.x, d.rotation.y, d.rotation.z, d.quaternion.w, d.perspective.z]
            }
        }
        try agree("values(for:)") { p, t throws(BatchError) in
            var out: [Double] = []
            for path in TransformKeyPath.allCases { out += Self.flat(try Batch.values(for: path, of: m, path: p, threads: t)) }
            return out
        }
        let values = (0..<m.count).map { Adversarial.keyPathValues[$0 % Adversarial.keyPathValues.count] }
        try agree("setting(_:of:to:)") { p, t throws(BatchError) in
            var out: [Double] = []
            for path in TransformKeyPath.allCases {
                let (written, refused) = try Batch.setting(path, of: m, to: values, path: p, threads: t)
                out += Self.flat(written) + refused.map { $0 ? 1 : 0 }
            }
            return out
        }
        try agree("interpolate") { p, t throws(BatchError) in
            var out: [Double] = []
            for fraction in [0.3, 0, 1, .nan, .infinity] { out += Self.flat(try Batch.interpolate(from: m, to: r, fraction: fraction, path: p, threads: t)) }
            return out
        }
    }

    @Test func framesAndHitTestsOfAdversarialTrees() throws {
        let geometries = Adversarial.geometries
        let root = Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 400, height: 300), position: CGPoint(x: 200, y: 150)))
        var layers = [root]
        for (k, g) in geometries.enumerated() {
            let layer = Layer(geometry: g)
            layers[k / 3].addSublayer(layer)
            layers.append(layer)
        }
        let tree = LayerTree(root: root)
        let points = Adversarial.points + stride(from: -50.0, through: 450, by: 12.5).flatMap { x in stride(from: -50.0, through: 350, by: 25).map { CGPoint(x: x, y: $0) } }
        try agree("frames") { p, t throws(BatchError) in
            try Batch.frames(of: tree, path: p, threads: t).flatMap { [$0.origin.x, $0.origin.y, $0.size.width, $0.size.height].map(Double.init) }
        }
        try agree("hitTest") { p, t throws(BatchError) in try Batch.hitTest(points, in: tree, path: p, threads: t).map(Double.init) }
        // The scalar paths are the tree's own answers.
        let frames = try Batch.frames(of: tree, path: .scalar)
        #expect(zip(frames, tree.frames()).allSatisfy { a, b in
            [a.origin.x, a.origin.y, a.size.width, a.size.height].elementsEqual([b.origin.x, b.origin.y, b.size.width, b.size.height]) { identical(Double($0), Double($1)) }
        })
        #expect(try Batch.hitTest(points, in: tree, path: .scalar) == points.map { tree.hitTest($0) ?? Batch.noHit })
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
            Results(concat: try Batch.concat(a, b, path: .simd, threads: 2),
                    inverse: try Batch.invert(a, path: .simd, threads: 2).inverses,
                    points: try Batch.mapPoints(points, through: b[5], path: .simd, threads: 2),
                    hits: try Batch.hitTest(hitPoints, in: tree, path: .auto), frames: try Batch.frames(of: tree, path: .simd, threads: 2))
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
            #expect(zip(r.concat, expected.concat).allSatisfy { $0.isIdentical(to: $1) })
            #expect(zip(r.inverse, expected.inverse).allSatisfy { $0.isIdentical(to: $1) })
            #expect(zip(r.points, expected.points).allSatisfy { identical($0.x, $1.x) && identical($0.y, $1.y) && identical($0.z, $1.z) })
            #expect(r.hits == expected.hits && r.frames == expected.frames)
        }
    }
}
