import Benchmark
@_spi(Benchmarks) import CAMath
import CAMathWorkloads

// package-benchmark suites over the CLI's workloads: every batch operation on the `.simd` path (one
// thread) and on `.auto`, at an in-cache and an out-of-cache size, and every layer scene's contenders at its
// default layer counts. Throughput counts calls; each call is a whole batch of `count` items (the hit test:
// point×layer pairs), or one scene call (a UI frame, a render update, a hit test).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration.maxDuration = .seconds(1)
    Benchmark.defaultConfiguration.maxIterations = 100_000
    Benchmark.defaultConfiguration.metrics = [.wallClock, .throughput, .mallocCountTotal]
    for operation in BatchOperation.allCases {
        for count in [1_000, 100_000] {
            let workload = Workloads.make(operation, count: count)
            for (path, threads) in [(BenchmarkPath.simd, Optional(1)), (.fast, Optional(1)), (.auto, nil)] where workload.supports(path) {
                Benchmark("\(operation.rawValue) N=\(count) \(path.rawValue)\(threads.map { " T\($0)" } ?? "")") { benchmark in
                    for _ in benchmark.scaledIterations {
                        try workload.run(path: path, threads: threads)
                    }
                    blackHole(workload)
                }
            }
        }
    }
    for scene in LayerScene.allCases {
        for layers in scene.sizes(full: false, quick: false) {
            guard let (contenders, _) = try? scene.contenders(layers: layers) else { continue }
            for contender in contenders {
                Benchmark("\(scene.rawValue) N=\(layers) \(contender.name) T\(contender.threads)") { benchmark in
                    for _ in benchmark.scaledIterations { try contender.run() }
                }
            }
        }
    }
}
