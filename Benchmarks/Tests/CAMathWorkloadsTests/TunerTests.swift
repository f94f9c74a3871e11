@_spi(Benchmarks) import CAMath
import CAMathWorkloads
import Testing

@Suite struct TunerTests {
    @Test func thresholdRule() {
        // Wins from 1000 on, a small memory-bound gain at 1e6 does not cancel it.
        #expect(
            Tuner.threshold([(100, 300, 80), (1_000, 300, 120), (10_000, 250, 290), (100_000, 110, 200), (1_000_000, 90, 96)]) == 10_000)
        // A real loss at the largest size means the candidate never wins for good.
        #expect(Tuner.threshold([(100, 300, 80), (10_000, 250, 290), (1_000_000, 90, 60)]) == nil)
        // Never 10 % better: no threshold.
        #expect(Tuner.threshold([(100, 100, 105), (1_000, 100, 104)]) == nil)
        #expect(Tuner.threshold([]) == nil)
    }

    @Test func generatedSourceNamesTheReportAndEveryThreshold() {
        let tuning = BatchTuning(threadingThreshold: [.invert: 10_000, .hitTest: 1_000_000], blasCrossover: [:])
        let source = Tuner.source(for: tuning, report: "Reports/x/report.md")
        #expect(source.contains("Reports/x/report.md") && source.contains(".invert: 10000,") && source.contains(".hitTest: 1000000,"))
        #expect(source.contains("blasCrossover: [:]"))
    }

    @Test func everyWorkloadRunsOnEveryPathItSupports() throws {
        for operation in BatchOperation.allCases {
            let w = Workloads.make(operation, count: 64)
            for path in BenchmarkPath.allCases where w.supports(path) {
                try w.run(path: path, threads: 2)
            }
            #expect(try w.meetsContract(path: .simd, threads: 2), "\(operation)")
        }
    }
}
