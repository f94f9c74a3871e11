@_spi(Benchmarks) import CAMath

/// Runs the layer scenes of a configuration: per scene and size, the contenders are checked against each other
/// and the reference, then timed in alternating rounds (one sample each per round) and reported as medians in
/// milliseconds per call; `render-update` also gets its memory floor from the run's measured bandwidth.
package enum LayerSceneRunner {
    package static func run(
        _ configuration: BenchmarkConfiguration, limits: MachineLimits,
        progress: (String) -> Void = { _ in }
    ) throws -> [Report.SceneRow] {
        var rows: [Report.SceneRow] = []
        for scene in configuration.layerScenes {
            for n in scene.sizes(full: configuration.sceneSizes == "full", quick: configuration.sceneSizes == "quick") {
                progress("[scene] \(scene.rawValue) N=\(n)")
                let (contenders, check) = try scene.contenders(layers: n)
                let problem = try check()
                for c in contenders { try c.run() }
                let perSample = configuration.seconds / Double(configuration.repetitions)
                let calls = try contenders.map { c in
                    let start = Stopwatch.now()
                    try c.run()
                    return max(1, Int(perSample / max(Stopwatch.now() - start, 1e-9)))
                }
                var samples = Array(repeating: [Double](), count: contenders.count)
                var worst = [Double?](repeating: nil, count: contenders.count)
                for _ in 0..<configuration.repetitions {
                    for (k, c) in contenders.enumerated() {
                        let start = Stopwatch.now()
                        if c.timesEachCall {
                            for _ in 0..<calls[k] {
                                let call = Stopwatch.now()
                                try c.run()
                                worst[k] = max(worst[k] ?? 0, (Stopwatch.now() - call) * 1e3)
                            }
                        } else {
                            for _ in 0..<calls[k] { try c.run() }
                        }
                        samples[k].append((Stopwatch.now() - start) / Double(calls[k]) * 1e3)
                    }
                }
                var floor: Double?
                if scene == .renderUpdate {
                    let bytes = LayerScene.renderUpdateBytesPerLayer * n
                    if let gbps = limits.memoryBandwidth(
                        read: bytes / 2, written: bytes - bytes / 2, workingSet: bytes,
                        threads: Batch.processorCount)
                    {
                        floor = Double(bytes) / (gbps * 1e9) * 1e3
                    }
                }
                for (k, c) in contenders.enumerated() {
                    let sorted = samples[k].sorted()
                    rows.append(
                        Report.SceneRow(
                            scene: scene.rawValue, layers: n, contender: c.name, threads: c.threads,
                            milliseconds: sorted[sorted.count / 2], minMilliseconds: sorted.first!,
                            maxMilliseconds: sorted.last!, samples: sorted.count, worstCallMilliseconds: worst[k], memory: c.memory,
                            memoryFloorMilliseconds: floor, problem: problem))
                }
            }
        }
        return rows
    }
}
