@_spi(Benchmarks) import CAMath
@_spi(Benchmarks) import _CAMathCatalogue
@testable import CAMathWorkloads
import Testing

/// The standard configuration with one change.
func changed(_ change: (inout BenchmarkConfiguration) -> Void) -> BenchmarkConfiguration {
    var c = BenchmarkConfiguration.standard
    change(&c)
    return c
}

@Suite struct BenchmarkConfigurationTests {
    @Test func presetsAreValid() {
        #expect(BenchmarkConfiguration.standard.problem == nil)
        #expect(BenchmarkConfiguration.quick.problem == nil)
        #expect(BenchmarkConfiguration.full.problem == nil && BenchmarkConfiguration.full.sizes.last == 10_000_000)
        #expect(BenchmarkConfiguration.standard.operations.count == BatchOperation.allCases.count)
    }

    @Test(arguments: [
        (
            changed { c in
                c.operations = []; c.scenes = []
            }, "no operation"
        ),
        (changed { c in c.scenes = ["ui-frame", "vr-frame"] }, "unknown layer scene 'vr-frame'"),
        (changed { c in c.operations = ["concat-pairwise", "nope"] }, "unknown operation 'nope'"),
        (changed { c in c.sizes = [] }, "no size"),
        (changed { c in c.sizes = [100, 0] }, "size 0"),
        (changed { c in c.sizes = [-5] }, "size -5"),
        (changed { c in c.sizes = [1_000_000_000] }, "largest supported"),
        (changed { c in c.paths = ["gpu"] }, "unknown path 'gpu'"),
        (changed { c in c.paths = [] }, "no path"),
        (changed { c in c.threads = [0] }, "thread count 0"),
        (changed { c in c.threads = [] }, "no thread count"),
        (changed { c in c.repetitions = 0 }, "repetitions 0"),
        (changed { c in c.seconds = -1 }, "seconds -1"),
        (changed { c in c.seconds = .nan }, "seconds nan"),
        (changed { c in c.seconds = .infinity }, "seconds inf")
    ])
    func everyBadSettingIsNamed(c: BenchmarkConfiguration, message: String) {
        #expect(c.problem?.contains(message) == true, "\(c.problem ?? "no problem found")")
    }
}

@Suite struct BenchmarkRunnerTests {
    @Test func everyPathAndThreadCountGetsACheckedRow() throws {
        var c = BenchmarkConfiguration.quick
        c.operations = [BatchOperation.concatManyByOne, .invert, .hitTest, .keyPathRead].map(\.rawValue)
        c.sizes = [5, 100]
        c.threads = [1, 2]
        c.repetitions = 2
        c.seconds = 0.002
        let limits = sampleReport().limits
        let (rows, notes) = try BenchmarkRunner.run(c, limits: limits)
        let blas = CBLAS.available != nil
        // Per size: scalar ×2, simd ×2, auto; fast ×2 for the operation with fast kernels (invert: concat's
        // are exact); blas ×2 for the matrix product when a library loaded; the planes forms of concat and invert
        // ×2 (and invert's planes-fast ×2); one row per peer: for concat and
        // invert the six C builds (AoS and SoA), twice where gcc built them too, and Eigen and glm where they were
        // built; for the key-path read the reference's algorithm in C, with and without contraction; for the hit test
        // the flat loop's four AoS builds, twice with gcc.
        func peers(_ operation: BatchOperation) -> Int {
            BenchmarkPath.baselines.filter { Workloads.make(operation, count: 5).supports($0) }.count
        }
        let builds = GCCPeers.status.hasPrefix("gcc") ? 2 : 1
        #expect(peers(.invert) == 6 * builds || peers(.invert) == 6 * builds + 2, "gcc peers: \(GCCPeers.status)")
        #expect(peers(.concatManyByOne) == peers(.invert) && peers(.keyPathRead) == 2 && peers(.hitTest) == 4 * builds)
        #expect(
            rows.count == 4 * 2 * 5 + 2 * 2 + (blas ? 2 * 2 : 0) + 2 * (2 + 4) + 2
                * (peers(.concatManyByOne) + peers(.invert) + peers(.keyPathRead) + peers(.hitTest)))
        #expect(rows.filter(\.isBaseline).allSatisfy { $0.threads == 1 })
        #expect(notes.isEmpty == blas)
        for row in rows {
            // A peer is held to the budget where the operation has one; elsewhere its bits are information.
            if !row.isBaseline || row.contract == Exactness.budget.description {
                #expect(row.correct, "\(row.operation) \(row.count) \(row.path)")
            }
            #expect(row.mops > 0 && row.minMops <= row.mops && row.mops <= row.maxMops && row.samples == 2)
            if row.path == "simd" || row.path == "scalar" { #expect(row.maxULP == 0) }
            #expect((row.roofline == nil) == (row.operation == "hit-test"))
        }
        #expect(rows.filter { $0.path == "auto" }.allSatisfy { $0.threads == nil })
    }

    @Test func rooflinePicksTheLeastBound() throws {
        let limits = sampleReport().limits
        // Pairwise concat in cache: 384 B at 100 GB/s = 260 M/s; 112 mul-adds at 29.4 G/s = 262 M/s.
        let inCache = try #require(OperationCost.of(.concatPairwise)?.roofline(limits, count: 1_000, threads: 1))
        #expect(inCache.bound == "memory" && abs(inCache.mops - 100e3 / 384) < 1e-9)
        // Out of cache the memory bound drops to 20 GB/s; a working set below the smallest probed one
        // takes the smallest one's bandwidth.
        let dram = try #require(OperationCost.of(.concatPairwise)?.roofline(limits, count: 1_000_000, threads: 1))
        #expect(dram.bound == "memory" && abs(dram.mops - 20e3 / 384) < 1e-9)
        #expect(limits.memoryBandwidth(read: 2, written: 1, workingSet: 10, threads: 1) == 100)
        #expect(limits.memoryBandwidth(read: 2, written: 1, workingSet: 1 << 20, threads: 3) == nil)
        // The inverse divides 16 times: 3.3 G/s / 16 = 206 M/s, below both other bounds.
        let invert = try #require(OperationCost.of(.invert)?.roofline(limits, count: 1_000, threads: 1))
        #expect(invert.bound == "division" && abs(invert.mops - 3.3e3 / 16) < 1e-9)
        // Two threads double the arithmetic peaks and use the two-thread bandwidth.
        let two = try #require(OperationCost.of(.invert)?.roofline(limits, count: 1_000, threads: 2))
        #expect(abs(two.mops - 2 * invert.mops) < 1e-9)
        // Divisions and square roots share the divider: 33 divisions at 3.3 G/s and 25 roots at 2.5 G/s take 20 ns.
        let divider = OperationCost(mulAdds: 0, divisions: 33, divisors: 0, bytesRead: 8, bytesWritten: 0, fused: false, squareRoots: 25)
        let roof = try #require(divider.roofline(limits, count: 1_000, threads: 1))
        #expect(roof.bound == "division" && abs(roof.mops - 50) < 1e-9)
        #expect(OperationCost.of(.decompose)?.squareRoots == 6 && OperationCost.of(.blend)?.squareRoots == 10)
        #expect(OperationCost.of(.hitTest) == nil)
        // The animation operations are counted at their least work per animation, so each has a roof; the
        // fast blend divides once (a reciprocal of the half angle's sine).
        for operation in [BatchOperation.timingFunction, .animateTransforms, .animateValues, .springs, .presentationFrames, .blendPrepared]
        {
            #expect(OperationCost.of(operation)?.roofline(limits, count: 1_000_000, threads: 2) != nil, "\(operation)")
        }
        #expect(OperationCost.of(.animateTransforms)?.done(fusing: true, reciprocals: true).divisions == 1)
        // A peer's roof follows its arithmetic: c-div divides per quotient as the exact kernels do, c-loop-fma once
        // per divisor, c-div-fma fuses but still divides per quotient.
        let frame = try #require(OperationCost.of(.frames))
        #expect(BenchmarkPath.cDiv.arithmetic == (false, false) && BenchmarkPath.cLoopFMA.arithmetic == (true, true))
        #expect(
            frame.done(fusing: true, reciprocals: false).divisions == frame.divisions
                && frame.done(fusing: false, reciprocals: true).divisions == frame.divisors)
    }

    @Test func machineLimitsAreMeasuredAndPositive() {
        let sizes = [1 << 16, 1 << 22]
        let limits = MachineLimits.measure(seconds: 0.005, threads: 2, sizes: sizes)
        #expect(limits.fmaPeakGFlops > 0 && limits.mulAddPeakGOps > 0 && limits.divisionPeakGOps > 0 && limits.squareRootPeakGOps > 0)
        #expect(limits.bandwidth.count == 3 * sizes.count * 2 && limits.bandwidth.allSatisfy { $0.gigabytesPerSecond > 0 })
        #expect(limits.memoryBandwidth(read: 256, written: 128, workingSet: 1 << 30, threads: 2) != nil)
        // A configuration probes only the ladder its rooflines read.
        var small = BenchmarkConfiguration.quick
        small.sizes = [100]
        small.scenes = []
        #expect(small.probedWorkingSets == [1 << 16] && BenchmarkConfiguration.full.probedWorkingSets == MachineLimits.workingSets)
        // Without scenes the default run's largest working set (pairwise concat at 1e5: 38.4 MB) stops the ladder
        // at 64 MiB; render-update at 1e5 layers (about 160 MB) takes it to 256 MiB.
        var operationsOnly = BenchmarkConfiguration.standard
        operationsOnly.scenes = []
        #expect(operationsOnly.probedWorkingSets == Array(MachineLimits.workingSets.prefix(6)))
        #expect(BenchmarkConfiguration.standard.probedWorkingSets == MachineLimits.workingSets)
        #expect(limits.instructionSet == InstructionSet.current.name)
    }

    /// The memory roof weighs the operation's reads and writes with the probes' best rates and is never
    /// below what a probe of the same mix achieved; between probed sizes the faster neighbour counts.
    @Test func memoryBandwidthIsAnUpperBoundOfTheProbes() {
        func probe(_ kernel: String, _ size: Int, _ gbs: Double) -> MachineLimits.Bandwidth {
            .init(kernel: kernel, workingSetBytes: size, threads: 1, gigabytesPerSecond: gbs)
        }
        let limits = MachineLimits(
            instructionSet: "avx2", fmaPeakGFlops: 1, mulAddPeakGOps: 1, divisionPeakGOps: 1, squareRootPeakGOps: 1,
            bandwidth: [
                probe("read", 1 << 20, 100), probe("copy", 1 << 20, 80), probe("triad", 1 << 20, 90),
                probe("read", 1 << 22, 50), probe("copy", 1 << 22, 40), probe("triad", 1 << 22, 45)
            ])
        let readOnly = limits.memoryBandwidth(read: 1, written: 0, workingSet: 1 << 20, threads: 1)!
        let copyMix = limits.memoryBandwidth(read: 1, written: 1, workingSet: 1 << 20, threads: 1)!
        let triadMix = limits.memoryBandwidth(read: 2, written: 1, workingSet: 1 << 20, threads: 1)!
        #expect(readOnly == 100 && copyMix >= 80 && triadMix >= 90 && copyMix <= 100 && triadMix <= 100)
        // 2 MiB lies between the probes: the 1 MiB (faster) figures bound it.
        #expect(limits.memoryBandwidth(read: 1, written: 1, workingSet: 1 << 21, threads: 1) == copyMix)
        #expect(limits.memoryBandwidth(read: 1, written: 1, workingSet: 1 << 30, threads: 1)! < copyMix)
        // Probed again in the rows' rounds: each figure keeps the best of all its measurements.
        let raised = limits.raising([probe("read", 1 << 20, 120), probe("read", 1 << 20, 110), probe("copy", 1 << 22, 30)])
        #expect(raised.bandwidth.map(\.gigabytesPerSecond) == [120, 80, 90, 50, 40, 45])
        #expect(limits.probedNeighbours(of: 3 << 20) == [1 << 20, 1 << 22] && limits.probedNeighbours(of: 1 << 20) == [1 << 20])
    }
}

/// The correctness column also holds each CAMath row to the batch catalogue's cases of its operation.
@Suite struct CatalogueVerdictTests {
    @Test func aBrokenCaseIsReportedAndBaselinesAreNotAsked() throws {
        let broken = CatalogueCase("made up", .concatPairwise, count: 1, reference: [1]) { _ throws(BatchError) in [2] }
        let verdict = BenchmarkRunner.catalogueMismatch([broken], .init(path: .simd, threads: 1))
        #expect(verdict?.hasPrefix("catalogue made up, 1 inputs: ") == true)
        #expect(BenchmarkRunner.catalogueMismatch([broken], .init(path: .cLoop, threads: 1)) == nil)
    }

    @Test func everyCataloguedOperationMeetsItsContractOnEveryCAMathPath() throws {
        for operation in BatchOperation.allCases {
            let cases = BatchCatalogue.entries(for: operation).map { $0.seeded(count: 300, seed: 42) }
            for path in [BenchmarkPath.scalar, .simd, .fast, .auto] {
                #expect(BenchmarkRunner.catalogueMismatch(cases, .init(path: path, threads: 2)) == nil, "\(operation) \(path)")
            }
        }
    }
}

/// The layer scenes' contenders agree with the reference and with each other on small trees.
@Suite struct LayerSceneTests {
    @Test(arguments: LayerScene.allCases)
    func contendersAgree(scene: LayerScene) throws {
        let (contenders, check) = try scene.contenders(layers: scene == .hitTestObject ? 1_000 : 250)
        #expect(try check() == nil)
        for c in contenders { try c.run() }
        #expect(!contenders.isEmpty)
    }

    @Test func theTreeHasTheLayersAsked() {
        for n in [1, 2, 100, 101, 250] {
            #expect(LayerTree(root: LayerScene.tree(layers: n, animated: false)).count == n)
        }
    }
}
