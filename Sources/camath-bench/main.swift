import CAMath
import CAMathWorkloads
import Foundation

// Measures every batch operation and the `.auto` thresholds. Flags: --quick, --write-tuning PATH.
let arguments = CommandLine.arguments.dropFirst()
let quick = arguments.contains("--quick")
let sizes = quick ? [1_000, 100_000] : [100, 1_000, 10_000, 100_000, 1_000_000]

let tuningPath = arguments.firstIndex(of: "--write-tuning").flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil }
if let path = tuningPath {
    let result = try Tuner.measure(seconds: quick ? 0.05 : 0.15) { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    for row in result.rows {
        print(row.0.rawValue, row.1, String(format: "%.1f %.1f", row.2, row.3), row.4.map { String(format: "%.1f", $0) } ?? "-")
    }
    try Tuner.source(for: result.tuning, report: "the latest run").write(toFile: path, atomically: true, encoding: .utf8)
} else {
    FileHandle.standardError.write(Data("isa \(InstructionSet.current), cblas \(CBLAS.available.map { "\($0.path) \($0.configuration)" } ?? "none")\n".utf8))
    print("| op | N | scalar | simd T1 | simd T\(Batch.processorCount) | blas T1 | auto (measured thresholds) | max ulp simd |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for operation in BatchOperation.allCases {
        for n in sizes {
            let w = Workloads.make(operation, count: n)
            func mops(_ path: BatchPath, _ threads: Int?) -> String {
                guard w.supports(path), let t = try? Stopwatch.time(w, path: path, threads: threads, seconds: quick ? 0.05 : 0.2) else { return "-" }
                return String(format: "%.1f", t.mops)
            }
            let ulp = (try? w.maxULPDifference(path: .simd, threads: 2)) ?? -1
            print("| \(operation.rawValue) | \(n) | \(mops(.scalar, 1)) | \(mops(.simd, 1)) | \(mops(.simd, Batch.processorCount)) | \(mops(.blas, 1)) | \(mops(.auto, nil)) | \(ulp) |")
        }
    }
}
