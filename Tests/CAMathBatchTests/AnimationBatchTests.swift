import CAMath
import CAMathTestSupport
import Testing

/// The animation batch forms' contract beyond the per-level agreement (KernelAgreementTests): thread counts,
/// empty batches, refused arguments that write nothing.
@Suite struct AnimationBatchTests {
    /// Every double's bits (NaN equals NaN of the same payload).
    func bits<T: ExactnessComparable>(_ values: [T]) -> [UInt64] { values.flatMap(\.exactnessValues).map(\.bitPattern) }

    @Test func threadsAndPathsAgree() throws {
        let (animations, models) = AnimationCases.transformAnimations(5000, seed: 71)
        let batch = try TransformAnimationBatch(animations, models: models)
        for time in [0.3, 1.4, 3.75] {
            let one = try Batch.evaluate(batch, atParentTime: time, path: .simd, threads: 1)
            let two = try Batch.evaluate(batch, atParentTime: time, path: .simd, threads: 2)
            let scalar = try Batch.evaluate(batch, atParentTime: time, path: .scalar, threads: 2)
            #expect(bits(one.values) == bits(two.values) && one.contributes == two.contributes)
            #expect(bits(one.values) == bits(scalar.values) && one.contributes == scalar.contributes)
        }
        let x = TimingCurveCases.progresses
        let function = TimingFunction(name: .easeInEaseOut)
        #expect(bits(try Batch.evaluate(function, at: x, path: .simd, threads: 2)) == bits(x.map { function.evaluate($0) }))
    }

    @Test func emptyBatchesAndRefusedArguments() throws {
        let empty = try TransformAnimationBatch([], models: [])
        #expect(try Batch.evaluate(empty, atParentTime: 1).values.isEmpty)
        #expect(throws: BatchError.countMismatch(argument: "models", expected: 1, actual: 0)) {
            try TransformAnimationBatch([BasicAnimation(keyPath: "transform")], models: [])
        }
        let table = TimingCurveTable([TimingFunction(name: .easeIn)])
        var y = [7.0, 7.0]
        #expect(throws: BatchError.indexOutOfRange(argument: "indices", position: 1, index: 3, count: 1)) {
            try [0.5, 0.5].withUnsafeBufferPointer { x in
                try [UInt32(0), 3].withUnsafeBufferPointer { w in
                    try y.withUnsafeMutableBufferPointer { try Batch.evaluate(table, indices: w, at: x, into: $0) }
                }
            }
        }
        #expect(y == [7, 7], "a refused call writes nothing")
        #expect(throws: BatchError.countMismatch(argument: "y", expected: 2, actual: 1)) {
            var short = [7.0]
            try [0.5, 0.5].withUnsafeBufferPointer { x in
                try short.withUnsafeMutableBufferPointer { try Batch.evaluate(TimingFunction(name: .easeIn), at: x, into: $0) }
            }
        }
        var aliased = TimingCurveCases.progresses
        let expected = aliased.map { TimingFunction(name: .default).evaluate($0) }
        try aliased.withUnsafeMutableBufferPointer { b in
            try Batch.evaluate(TimingFunction(name: .default), at: UnsafeBufferPointer(b), into: b, path: .simd)
        }
        #expect(bits(aliased) == bits(expected), "y may be x's memory")
    }
}
