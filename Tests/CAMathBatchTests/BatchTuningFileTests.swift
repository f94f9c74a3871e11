@_spi(Benchmarks) @testable import CAMathBatch
import Foundation
import Testing

/// The tuning file `camath-bench --write-tuning` writes and `CAMATH_TUNING` loads, and what `.auto` may
/// choose at each precision.
@Suite struct BatchTuningFileTests {
    @Test func theFileFormatRoundTrips() throws {
        let tuning = BatchTuning(
            threadingThreshold: [.concatPairwise: 100_000, .hitTest: 1_000],
            blasCrossover: [.mapPoints3D: 300_000])
        let back = try BatchTuning(text: tuning.text)
        #expect(back.threadingThreshold == tuning.threadingThreshold)
        #expect(back.blasCrossover == tuning.blasCrossover)
        #expect(tuning.text.hasPrefix("# camath tuning 1\n"))
        let compiled = try BatchTuning(text: BatchTuning.measured.text)
        #expect(compiled.threadingThreshold == BatchTuning.measured.threadingThreshold)
    }

    /// The tuning the ThreadSanitizer lane loads (`scripts/sanitize.sh thread`) threads every operation from one
    /// block on, so an operation added later without a line there would run its suites on one thread.
    @Test func theSanitizerTuningThreadsEveryOperationFromOneBlock() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/threaded-from-one-block.tuning")
        let tuning = try BatchTuning(contentsOfFile: file.path)
        #expect(tuning.threadingThreshold == Dictionary(uniqueKeysWithValues: BatchOperation.allCases.map { ($0, 256) }))
        #expect(tuning.blasCrossover.isEmpty)
    }

    @Test func commentsBlankLinesAndSpacingAreAccepted() throws {
        let tuning = try BatchTuning(text: "# made by hand\n\n  threading\tinvert   3000  # two cores from 3e3\r\nblas map-points-2d 1\n")
        #expect(tuning.threadingThreshold == [.invert: 3000])
        #expect(tuning.blasCrossover == [.mapPoints2D: 1])
    }

    @Test(arguments: [
        ("threading invert", 1, "expected '<threading|blas> <operation> <size>', got 'threading invert'"),
        ("threading rotate 10", 1, "unknown operation 'rotate'"),
        ("# ok\nthreading invert -5", 2, "'-5' is not a positive integer"),
        ("threading invert 1e3", 1, "'1e3' is not a positive integer"),
        ("blas invert 10", 1, "invert is not a matrix product"),
        ("threading blend 10\nthreading blend 20", 2, "blend given twice"),
        ("fast invert 10", 1, "unknown rule 'fast' (threading or blas)")
    ])
    func everyBadLineIsNamed(text: String, line: Int, reason: String) {
        #expect(throws: BatchTuningError(source: "<text>", line: line, reason: reason)) { try BatchTuning(text: text) }
    }

    @Test func anUnreadableFileIsNamed() {
        do {
            _ = try BatchTuning(contentsOfFile: "/nonexistent/tuning")
            Issue.record("a missing file loaded")
        } catch {
            #expect(error.source == "/nonexistent/tuning" && error.line == 0 && error.reason.hasPrefix("cannot be read"))
        }
    }

    /// `.auto` at `.exact` stays on exact paths whatever the tuning; `.fast` may take `.blas` only where a
    /// crossover says so and a library loaded.
    @Test func autoLeavesTheExactPathsOnlyWhenAskedTo() {
        for operation in BatchOperation.allCases {
            for n in [0, 1, 100, 1_000_000, Int.max] {
                #expect(Batch.resolvedPath(.auto, for: operation, count: n) == .simd)
                let fast = Batch.resolvedPath(.auto, for: operation, count: n, precision: .fast)
                let crossover = Batch.tuning.blasCrossover[operation]
                #expect(fast == (crossover.map { n >= $0 } == true && CBLAS.available != nil ? .blas : .simd))
            }
            #expect(Exactness.of(operation, on: .auto) == Exactness.of(operation, on: .simd))
            #expect(
                Exactness.of(operation, on: .simd, precision: .fast)
                    == (operation.hasFastKernels ? .budget : Exactness.of(operation, on: .simd)))
            #expect(Exactness.of(operation, on: .scalar, precision: .fast) == .bitwise)
        }
    }
}

extension BatchTuningFileTests {
    /// The ordinal the per-call threshold table is indexed by is each operation's place in `allCases`.
    @Test func ordinalsFollowAllCases() {
        #expect(BatchOperation.allCases.map(\.ordinal) == Array(BatchOperation.allCases.indices))
    }
}
