@_spi(Benchmarks) import CAMath
@_spi(Benchmarks) import _CAMathTestSupport
@_spi(Benchmarks) import _CAMathCatalogue
import Testing

/// The plane types (structure of arrays) as collections and values, and the planes forms' refusals. Their results
/// are held to the reference by the catalogue's planes entries (CatalogueTests) at every level and precision.
@Suite struct PlanesTests {
    let transforms = BatchInputs.transforms(37, seed: 71)

    /// The bits of values (the inputs hold NaN, which `==` never matches).
    func bits<C: Collection>(_ values: C) -> [UInt64] where C.Element: ExactnessComparable {
        Array(values).exactnessValues.map(\.bitPattern)
    }

    @Test func transformsRoundTripBitForBitThroughThePlanes() throws {
        let special = Adversarial.matrices
        let planes = TransformPlanes(transforms + special)
        #expect(planes.count == transforms.count + special.count)
        #expect(planes.planeStride % 8 == 0 && planes.planeStride >= planes.count)
        #expect(Array(planes).exactnessValues.map(\.bitPattern) == (transforms + special).exactnessValues.map(\.bitPattern))
        var records = [Transform3D](repeating: .identity, count: planes.count)
        try records.withUnsafeMutableBufferPointer { out in try planes.copy(into: out) }
        #expect(records.exactnessValues.map(\.bitPattern) == (transforms + special).exactnessValues.map(\.bitPattern))
        planes.withUnsafePlanes { p in
            #expect(p[5 * planes.planeStride + 3] == transforms[3].m22, "plane 5 holds m22")
        }
        let points = BatchInputs.points3(19, seed: 72)
        #expect(bits(Point3DPlanes(points)) == bits(points))
        let flat = points.map { SIMD2($0.x, $0.y) }
        #expect(bits(Point2DPlanes(flat)) == bits(flat))
    }

    @Test func aCopyIsAValueTheOtherKeepsItsElements() {
        var a = TransformPlanes(transforms)
        let b = a
        a[4] = .identity
        #expect(a[4] == .identity && bits(b) == bits(transforms) && bits(a.prefix(4)) == bits(transforms.prefix(4)))
        #expect(TransformPlanes([Transform3D.identity, .identity]) == TransformPlanes(count: 2) && a != b)
        var p = Point3DPlanes(count: 3)
        let q = p
        let stride = p.planeStride
        p.withUnsafeMutablePlanes { d in
            d[1] = 5; d[2 * stride + 2] = -1
        }
        #expect(Array(p) == [SIMD3(0, 0, 0), SIMD3(5, 0, 0), SIMD3(0, 0, -1)] && Array(q) == [SIMD3<Double>](repeating: .zero, count: 3))
        #expect(TransformPlanes(count: 2) == TransformPlanes(repeating: .identity, count: 2) && TransformPlanes(count: 0).isEmpty)
    }

    /// The output is written in place of its old value even when it shares memory with an input: the input keeps
    /// its elements.
    @Test func anOutputThatSharesMemoryWithAnInputLeavesTheInputAlone() throws {
        let a = TransformPlanes(transforms)
        var out = a
        try Batch.concat(a, Transform3D(scaleX: 2, y: 3, z: 4), into: &out, options: BatchOptions(path: .simd))
        #expect(bits(a) == bits(transforms))
        #expect(bits(out) == bits(transforms.map { $0.concatenating(Transform3D(scaleX: 2, y: 3, z: 4)) }))
    }

    @Test func mismatchedCountsAndCBLASThrowBeforeWriting() throws {
        let a = TransformPlanes(transforms), b = TransformPlanes(transforms.dropLast())
        var out = TransformPlanes(repeating: .identity, count: transforms.count)
        #expect(throws: BatchError.countMismatch(argument: "b", expected: 37, actual: 36)) { try Batch.concat(a, b, into: &out) }
        var short = TransformPlanes(count: 3)
        #expect(throws: BatchError.countMismatch(argument: "out", expected: 37, actual: 3)) { try Batch.invert(a, into: &short) }
        var flags = [Bool](repeating: false, count: 2)
        flags.withUnsafeMutableBufferPointer { f in
            _ = #expect(throws: BatchError.countMismatch(argument: "singular", expected: 37, actual: 2)) {
                try Batch.invert(a, into: &out, singular: f)
            }
        }
        #expect(throws: BatchError.self) { try Batch.concat(a, a, into: &out, options: BatchOptions(path: .blas)) }
        #expect(throws: BatchError.self) {
            try Batch.mapPoints(Point3DPlanes(count: 4), through: .identity, options: BatchOptions(path: .blas))
        }
        #expect(out == TransformPlanes(repeating: .identity, count: transforms.count), "nothing written")
        #expect(throws: BatchError.self) { try Batch.invert(a, options: BatchOptions(path: .simd, threads: 0)) }
    }

    @Test func rectanglesRoundTripAndFramePlanesMatchTheRecords() throws {
        let rects = Adversarial.rects + [CGRect(x: -0.0, y: 1, width: -2, height: .nan)]
        #expect(bits(RectPlanes(rects)) == bits(rects), "stored as given, not standardized")
        var planes = RectPlanes(count: 2)
        let copy = planes
        planes[1] = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(Array(planes) == [.zero, CGRect(x: 1, y: 2, width: 3, height: 4)] && Array(copy) == [.zero, .zero])
        planes.withUnsafePlanes { p in #expect(p[3 * planes.planeStride + 1] == 4, "plane 3 holds the heights") }
        let plan = FramePlan(LayerTree(root: Adversarial.tree()))
        for options in [BatchOptions(path: .scalar), BatchOptions(path: .simd), BatchOptions(path: .simd, precision: .fast)] {
            #expect(bits(try plan.framePlanes(options: options)) == bits(try Batch.frames(of: plan.tree, options: options)))
        }
        var short = RectPlanes(count: 1)
        #expect(throws: BatchError.countMismatch(argument: "out", expected: plan.count, actual: 1)) { try plan.frames(into: &short) }
        #expect(throws: BatchError.self) { try plan.framePlanes(options: BatchOptions(path: .blas)) }
        #expect(Array(short) == [.zero], "nothing written")
    }

    @Test func emptyPlanesGiveEmptyResults() throws {
        let empty = TransformPlanes(count: 0)
        let concatenated = try Batch.concat(empty, empty), inverted = try Batch.invert(empty)
        #expect(concatenated.isEmpty && inverted.inverses.isEmpty && inverted.singular.isEmpty)
        #expect(try Batch.mapPoints(Point2DPlanes(count: 0), through: Homography(.identity)).isEmpty)
        #expect(RectPlanes(count: 0).isEmpty && RectPlanes([CGRect]()).isEmpty)
    }
}
