@_spi(Benchmarks) import CAMath

/// What a benchmark run measures: operations × sizes × paths × thread counts, and how long.
package struct BenchmarkConfiguration: Codable, Sendable, Equatable {
    /// Operations, by ``BatchOperation`` raw value.
    package var operations: [String]
    /// Batch sizes (elements; for the hit test, point×layer pairs), each ≥ 1.
    package var sizes: [Int]
    /// Paths, by ``BenchmarkPath`` raw value. `auto` is measured once per size, with the thread count the
    /// measured thresholds choose.
    package var paths: [String]
    /// Thread counts for the explicit paths, each ≥ 1.
    package var threads: [Int]
    /// Timed samples per configuration (after one warm-up call); the median is reported.
    package var repetitions: Int
    /// Wall time to spend timing each configuration at each size (split across the repetitions; a
    /// sample is at least one call).
    package var seconds: Double
    /// Seed of the inputs.
    package var seed: UInt64
    /// Layer scenes, by ``LayerScene`` raw value.
    package var scenes: [String]
    /// Which layer counts the scenes run at: `standard`, `full` or `quick` (``LayerScene/sizes(full:quick:)``).
    package var sceneSizes: String

    /// The default run, under three minutes on two cores: every operation and path, one thread and all, at
    /// N = 1e3 (in the core's caches) and 1e5 (beyond the L2). A size of 1e6 costs ten to twenty times as much
    /// (its DRAM-sized probes and scalar references), so it is left to ``full``.
    package static var standard: BenchmarkConfiguration {
        BenchmarkConfiguration(
            operations: BatchOperation.allCases.map(\.rawValue),
            sizes: [1_000, 100_000],
            paths: BenchmarkPath.allCases.map(\.rawValue),
            threads: Array(Set([1, Batch.processorCount])).sorted(),
            repetitions: 5, seconds: 0.1, seed: 42,
            scenes: LayerScene.allCases.map(\.rawValue), sceneSizes: "standard")
    }

    /// `--full`: the exhaustive sweep, N = 1e2…1e7.
    package static var full: BenchmarkConfiguration {
        var c = standard
        c.sizes = [100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000]
        c.sceneSizes = "full"
        return c
    }

    /// `--quick`: the default's sizes with three repetitions and short samples (a smoke run).
    package static var quick: BenchmarkConfiguration {
        var c = standard
        c.repetitions = 3
        c.seconds = 0.03
        c.sceneSizes = "quick"
        return c
    }

    /// The bandwidth probes' working sets this run's rooflines read: the ladder of
    /// ``MachineLimits/workingSets`` up to the first size at or above the largest working set of an
    /// operation with a cost (so a small run does not probe DRAM).
    package var probedWorkingSets: [Int] {
        let renderUpdate =
            layerScenes.contains(.renderUpdate)
            ? LayerScene.renderUpdateBytesPerLayer
                * (LayerScene.renderUpdate.sizes(full: sceneSizes == "full", quick: sceneSizes == "quick").max() ?? 0)
            : 0
        let largest =
            (batchOperations.compactMap { operation in
                OperationCost.of(operation).map { $0.bytes * (sizes.max() ?? 0) }
            } + [renderUpdate]).max() ?? 0
        let ladder = MachineLimits.workingSets
        let top = ladder.first { $0 >= largest } ?? ladder.last!
        return ladder.filter { $0 <= top }
    }

    /// The operations as values (the raw values were validated when the configuration was made).
    package var batchOperations: [BatchOperation] { operations.compactMap(BatchOperation.init(rawValue:)) }
    /// The layer scenes as values.
    package var layerScenes: [LayerScene] { scenes.compactMap(LayerScene.init(rawValue:)) }
    /// The paths as values.
    package var batchPaths: [BenchmarkPath] { paths.compactMap(BenchmarkPath.init(rawValue:)) }

    /// Why this configuration cannot run, or `nil` when it can.
    package var problem: String? {
        if operations.isEmpty && scenes.isEmpty { return "no operation selected" }
        if let bad = operations.first(where: { BatchOperation(rawValue: $0) == nil }) {
            let known = BatchOperation.allCases.map(\.rawValue) + LayerScene.allCases.map(\.rawValue)
            return "unknown operation '\(bad)' (known: \(known.joined(separator: ", ")))"
        }
        if let bad = scenes.first(where: { LayerScene(rawValue: $0) == nil }) { return "unknown layer scene '\(bad)'" }
        if !["standard", "full", "quick"].contains(sceneSizes) { return "unknown scene sizes '\(sceneSizes)'" }
        if sizes.isEmpty { return "no size selected" }
        if let bad = sizes.first(where: { $0 < 1 }) { return "size \(bad) is not a positive count" }
        if let bad = sizes.first(where: { $0 > 100_000_000 }) { return "size \(bad) is above the largest supported, 100000000" }
        if paths.isEmpty { return "no path selected" }
        if let bad = paths.first(where: { BenchmarkPath(rawValue: $0) == nil }) {
            return "unknown path '\(bad)' (known: \(BenchmarkPath.allCases.map(\.rawValue).joined(separator: ", ")))"
        }
        if threads.isEmpty { return "no thread count selected" }
        if let bad = threads.first(where: { $0 < 1 || $0 > 1024 }) { return "thread count \(bad) is not between 1 and 1024" }
        if repetitions < 1 || repetitions > 1000 { return "repetitions \(repetitions) is not between 1 and 1000" }
        if !(seconds > 0 && seconds <= 600) { return "seconds \(seconds) is not a duration between 0 and 600" }
        return nil
    }
}
