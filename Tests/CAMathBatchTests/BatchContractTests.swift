import CAMath
import _CAMathTestSupport
import Foundation
import Testing

/// Bad input never crashes and never writes: mismatched counts, bad thread counts, bad strides,
/// empty batches, unavailable paths.
@Suite struct BatchContractTests {
    static let sentinel = Transform3D(translationX: 7, y: 7, z: 7)

    @Test func mismatchedCountsThrowAndWriteNothing() {
        let a = BatchInputs.transforms(5, seed: 31), b = BatchInputs.transforms(4, seed: 32)
        var out = [Transform3D](repeating: Self.sentinel, count: 5), short = [Transform3D](repeating: Self.sentinel, count: 3)
        var mask = [Bool](repeating: false, count: 2)
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                out.withUnsafeMutableBufferPointer { po in
                    _ = #expect(throws: BatchError.countMismatch(argument: "b", expected: 5, actual: 4)) {
                        try Batch.concat(pa, pb, into: po)
                    }
                    mask.withUnsafeMutableBufferPointer { pm in
                        _ = #expect(throws: BatchError.countMismatch(argument: "singular", expected: 5, actual: 2)) {
                            try Batch.invert(pa, into: po, singular: pm)
                        }
                    }
                }
            }
            short.withUnsafeMutableBufferPointer { ps in
                _ = #expect(throws: BatchError.countMismatch(argument: "out", expected: 5, actual: 3)) {
                    try Batch.concat(pa, Self.sentinel, into: ps)
                }
                _ = #expect(throws: BatchError.self) { try Batch.concat(Self.sentinel, pa, into: ps) }
                _ = #expect(throws: BatchError.self) { try Batch.invert(pa, into: ps) }
                _ = #expect(throws: BatchError.self) { try Batch.invertAffine(pa, into: ps) }
            }
        }
        #expect(out.allSatisfy { $0 == Self.sentinel } && short.allSatisfy { $0 == Self.sentinel })
        #expect(throws: BatchError.self) { try Batch.concat(a, b) }
    }

    @Test func badThreadCountsAndStrides() throws {
        let a = BatchInputs.transforms(4, seed: 33)
        for threads in [0, -1, Int.min] {
            #expect(throws: BatchError.invalidThreadCount(threads)) { try Batch.concat(a, a, options: BatchOptions(threads: threads)) }
        }
        var out = [Double](repeating: -1, count: 12)
        let input = [Double](repeating: 1, count: 12)
        input.withUnsafeBytes { pin in
            out.withUnsafeMutableBytes { pout in
                _ = #expect(throws: BatchError.invalidStride(argument: "inStride", stride: 16, minimum: 24)) {
                    try Batch.mapPoints(pin.baseAddress, inStride: 16, through: .identity, into: pout.baseAddress, outStride: 24, count: 4)
                }
                _ = #expect(throws: BatchError.invalidStride(argument: "outStride", stride: 0, minimum: 24)) {
                    try Batch.mapPoints(pin.baseAddress, inStride: 24, through: .identity, into: pout.baseAddress, outStride: 0, count: 4)
                }
                _ = #expect(throws: BatchError.negativeCount(argument: "count", count: -3)) {
                    try Batch.mapPoints(pin.baseAddress, inStride: 24, through: .identity, into: pout.baseAddress, outStride: 24, count: -3)
                }
            }
        }
        #expect(out.allSatisfy { $0 == -1 })
    }

    @Test func emptyBatchesOnEveryPath() throws {
        for path in BatchPath.allCases where path != .blas {
            #expect(try Batch.concat([], [], options: BatchOptions(path: path)).isEmpty)
            #expect(try Batch.concat([], Transform3D.identity, options: BatchOptions(path: path)).isEmpty)
            #expect(try Batch.invert([], options: BatchOptions(path: path)).inverses.isEmpty)
            #expect(try Batch.mapPoints([SIMD3<Double>](), through: .identity, options: BatchOptions(path: path)).isEmpty)
            #expect(try Batch.mapPoints([SIMD4<Double>](), through: .identity, options: BatchOptions(path: path)).isEmpty)
        }
        try Batch.mapPoints(nil, inStride: 32, through: .identity, into: nil, outStride: 32, count: 0)
    }

    @Test func errorsNameTheProblem() {
        #expect(BatchError.countMismatch(argument: "out", expected: 5, actual: 3).description.contains("'out'"))
        #expect(BatchError.pathUnavailable(operation: "invert", path: .blas, reason: "x").description.contains("invert"))
    }
}
