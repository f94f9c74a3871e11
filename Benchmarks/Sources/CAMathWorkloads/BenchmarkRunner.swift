@_spi(Benchmarks) import CAMath
@_spi(Benchmarks) import _CAMathCatalogue

/// Runs a ``BenchmarkConfiguration``: per operation and size, one workload; every path × thread count
/// is checked against `.scalar`'s output (and, for the operations the batch catalogue describes, its CAMath
/// paths also against the catalogue's cases of up to ``catalogueCount`` elements), then timed in alternating rounds (each configuration takes
/// one sample per round, so a burst of load on a shared machine hits all of them alike; each round starts with
/// an untimed call and at the next configuration, so the caches treat every configuration alike) and reported
/// as the median with its spread. Each round also re-runs the memory probes at the working sets the
/// rows' roofline reads, so the roof sees the same drift of a shared machine's bandwidth as the rows.
package enum BenchmarkRunner {
    /// One configuration of a path: `threads` is `nil` for `.auto`.
    struct Setting { let path: BenchmarkPath; let threads: Int? }

    /// The largest catalogue case a row is checked on (the catalogue's hit-test reference walks every layer
    /// for every point, so its cost grows with the square of the size).
    static let catalogueCount = 1_000

    /// The first break of `s`'s contract on the catalogue's cases (seeded) of `operation`, or `nil`; `nil` for a
    /// baseline or an operation the catalogue does not describe.
    static func catalogueMismatch(_ cases: [CatalogueCase], _ s: Setting) -> String? {
        guard let call = s.path.call else { return nil }
        let options = BatchOptions(path: call.path, precision: call.precision, threads: s.threads)
        for c in cases where c.contract(options) != nil { // a planes form on .blas refuses by contract
            do {
                if let mismatch = try c.firstMismatch(options) { return "catalogue \(c.name), \(c.count) inputs: \(mismatch)" }
            } catch {
                return "catalogue \(c.name): \(error)"
            }
        }
        return nil
    }

    /// The rows of `configuration` against `limits` (raised by the same-round probes), plus notes on
    /// paths that could not run.
    package static func run(
        _ configuration: BenchmarkConfiguration, limits: MachineLimits,
        progress: (String) -> Void = { _ in }
    ) throws(BatchError) -> (rows: [Report.Row], notes: [String]) {
        var rows: [Report.Row] = [], notes: [String] = []
        var probe: BandwidthProbe? // grown on demand to the largest working set probed so far
        let probeThreads = Array(Set(limits.bandwidth.map(\.threads))).sorted()
        if configuration.batchPaths.contains(.blas), case .failure(let error) = CBLAS.shared {
            notes.append("blas: \(error); its rows are absent")
        }
        var estimate = RemainingTime(sizes: configuration.sizes, operations: configuration.batchOperations.count)
        for operation in configuration.batchOperations {
            for n in configuration.sizes {
                progress("[\(estimate.done + 1)/\(estimate.total)] \(operation.rawValue) N=\(n)\(estimate.text)")
                let unitStarted = Stopwatch.now()
                defer { estimate.finished(size: n, seconds: Stopwatch.now() - unitStarted) }
                let workload = Workloads.make(operation, count: n, seed: configuration.seed)
                let settings = configuration.batchPaths.flatMap { path -> [Setting] in
                    guard workload.supports(path) else { return [] }
                    if path == .auto { return [Setting(path: .auto, threads: nil)] }
                    if path.isBaseline { return [Setting(path: path, threads: 1)] }
                    return configuration.threads.map { Setting(path: path, threads: $0) }
                }
                try workload.run(path: .scalar, threads: 1)
                let reference = workload.snapshot()
                let cases = BatchCatalogue.entries(for: operation).map {
                    $0.seeded(count: min(n, catalogueCount), seed: configuration.seed)
                }
                var deviations: [Deviation] = [], catalogueBreaks: [String?] = [], calls: [Int] = []
                for s in settings {
                    try workload.run(path: s.path, threads: s.threads)
                    deviations.append(workload.deviation(on: s.path, from: reference))
                    catalogueBreaks.append(catalogueMismatch(cases, s))
                    let perSample = configuration.seconds / Double(configuration.repetitions)
                    calls.append(try Stopwatch.calls(workload, path: s.path, threads: s.threads, seconds: perSample))
                }
                let probeSizes = OperationCost.of(operation).map { limits.probedNeighbours(of: $0.bytes * workload.items) } ?? []
                if let largest = probeSizes.max(), (probe?.largestWorkingSet ?? 0) < largest {
                    probe = BandwidthProbe(largestWorkingSet: largest)
                }
                var samples = Array(repeating: [Double](), count: settings.count)
                var sameRound: [MachineLimits.Bandwidth] = []
                for round in 0..<configuration.repetitions {
                    // Every configuration reads the same inputs and writes the same output, so each finds them where
                    // the previous one left them; the probes below evict them. So a round first runs one untimed
                    // call, and its order rotates: no configuration is always the one that follows the probes.
                    let first = settings.isEmpty ? 0 : round % settings.count
                    if !settings.isEmpty { try workload.run(path: settings[first].path, threads: settings[first].threads) }
                    for j in settings.indices {
                        let k = (first + j) % settings.count, s = settings[k]
                        samples[k].append(try Stopwatch.sample(workload, path: s.path, threads: s.threads, calls: calls[k]))
                    }
                    for size in probeSizes {
                        for t in probeThreads {
                            sameRound += probe!.measure(workingSet: size, threads: t, seconds: 0.01, samples: 1)
                        }
                    }
                }
                let rowLimits = limits.raising(sameRound)
                for (k, s) in settings.enumerated() {
                    rows.append(row(operation, workload, s, samples[k], deviations[k], catalogueBreaks[k], rowLimits))
                }
            }
        }
        return (rows, notes)
    }

    static func row(
        _ operation: BatchOperation, _ workload: Workload, _ s: Setting, _ samples: [Double],
        _ deviation: Deviation, _ catalogueBreak: String?, _ limits: MachineLimits
    ) -> Report.Row {
        let sorted = samples.sorted(), mops = median(samples)
        let row = Report.Row(
            operation: operation.rawValue, count: workload.count, items: workload.items,
            path: s.path.rawValue, threads: s.threads, mops: mops, minMops: sorted.first ?? 0,
            maxMops: sorted.last ?? 0, samples: samples.count, gigabytesPerSecond: nil,
            roofline: nil, rooflineFraction: nil, rooflineUnderMeasured: false,
            maxULP: deviation.maxULP, maxRelativeError: deviation.maxRelativeError,
            contract: deviation.contract.description,
            firstMismatch: deviation.mismatch?.description ?? catalogueBreak,
            correct: deviation.mismatch == nil && catalogueBreak == nil)
        return rooflined(row, limits)
    }

    /// `row` with its traffic, roofline, fraction and under-measured flag computed against `limits`.
    static func rooflined(_ row: Report.Row, _ limits: MachineLimits) -> Report.Row {
        guard let operation = BatchOperation(rawValue: row.operation), let exact = OperationCost.of(operation) else { return row }
        let path = BenchmarkPath(rawValue: row.path)
        let arithmetic = path?.arithmetic ?? (fused: false, reciprocals: false)
        let cost = exact.done(fusing: arithmetic.fused, reciprocals: arithmetic.reciprocals)
        var row = row
        let threadsUsed =
            row.threads ?? (row.count >= (BatchTuning.measured.threadingThreshold[operation] ?? .max) ? Batch.processorCount : 1)
        let roofline = cost.roofline(limits, count: row.items, threads: threadsUsed)
        row.gigabytesPerSecond = row.mops * Double(cost.bytes) / 1e3
        row.roofline = roofline
        row.rooflineFraction = roofline.map { row.mops / $0.mops }
        row.rooflineUnderMeasured = roofline.map { row.mops > $0.mops } ?? false
        return row
    }
}

/// The time a run has left, from what its finished (operation, size) units took: each size's mean so far
/// (sizes cost very differently), the mean of all units for a size not yet seen.
struct RemainingTime {
    let sizes: [Int], total: Int
    private(set) var done = 0
    private var spent: [Int: (seconds: Double, units: Int)] = [:]
    private let started = Stopwatch.now()

    init(sizes: [Int], operations: Int) {
        self.sizes = sizes
        total = sizes.count * operations
    }

    mutating func finished(size: Int, seconds: Double) {
        done += 1
        spent[size, default: (0, 0)].seconds += seconds
        spent[size, default: (0, 0)].units += 1
    }

    /// Seconds left: the units still to run, each at its size's mean (the order is operation-major, so the
    /// next units are the rest of the current operation's sizes, then whole operations).
    var seconds: Double? {
        guard done > 0 else { return nil }
        let all = spent.values.reduce((0.0, 0)) { ($0.0 + $1.seconds, $0.1 + $1.units) }
        func mean(_ n: Int) -> Double { spent[n].map { $0.seconds / Double($0.units) } ?? all.0 / Double(all.1) }
        let wholeOperations = (total - done) / sizes.count, partial = (total - done) % sizes.count
        return Double(wholeOperations) * sizes.map(mean).reduce(0, +) + sizes.suffix(partial).map(mean).reduce(0, +)
    }

    /// ", 0:42 elapsed, about 1:55 left" (nothing before the first unit is done).
    var text: String {
        func clock(_ t: Double) -> String { let s = Int(t.rounded()); return "\(s / 60):" + (s % 60 < 10 ? "0" : "") + "\(s % 60)" }
        guard let left = seconds else { return "" }
        return ", \(clock(Stopwatch.now() - started)) elapsed, about \(clock(left)) left"
    }
}
