@_spi(Benchmarks) @_spi(Testing) import CAMath
@_spi(Benchmarks) import _CAMathTestSupport
import _CAMathKernels
import Testing

/// Every entry of the batch catalogue (`BatchCatalogue`: the operations of CAMathBatch and CAMathLayerBatch)
/// against the scalar reference under its operation's contract: on `.scalar`; on `.simd` at every instruction
/// set that runs here (native, and with the SIMDe trait the AVX2 and AVX-512 intrinsic bodies over SIMDe) and
/// both precisions, one thread, at every tail length of 4-, 8- and 32-element blocks; on 2 and 7 threads, on
/// `.auto` and on `.blas` for the larger cases; and on the entry's fixed adversarial inputs. Array forms and
/// in-place forms alike. One line per entry and level says how many inputs were compared and which code ran.
@Suite struct CatalogueTests {
    /// Every tail of 4-, 8- and 32-element blocks, and two longer batches.
    static let sizes = Array(0...40) + [67, 1000]
    /// The generated sizes that also run threaded, on `.auto` and on `.blas`.
    static let threadedSizes: Set<Int> = [17, 67, 1000]

    /// The kernel field that runs `operation` (for saying which code an emulated level ran).
    static func kernel(_ operation: BatchOperation) -> PartialKeyPath<camath_kernels> {
        switch operation {
        case .concatPairwise, .concatManyByOne, .concatOneByMany: \.concat
        case .invert: \.invert
        case .invertAffine: \.invert_affine
        case .mapPoints3D: \.map_points3
        case .mapPoints2D: \.map_points2
        case .decompose, .keyPathRead, .keyPathWrite, .affineRoundTrip: \.decompose
        case .blend, .blendPrepared: \.interpolate
        case .frames: \.frames
        case .hitTest: \.hit_test_block
        default: \.autoresize
        }
    }

    @Test(arguments: BatchCatalogue.entries)
    func meetsItsContractOnEveryPath(_ entry: CatalogueEntry) throws {
        let generated = Self.sizes.map { (size: $0, case: entry.seeded(count: $0, seed: UInt64($0) &+ 0xCA7A)) }
        let adversarial = entry.adversarial()
        #expect(!adversarial.isEmpty)
        var compared: [String: Int] = [:]
        func check(_ c: CatalogueCase, _ options: BatchOptions, _ label: String) throws {
            if let mismatch = try c.firstMismatch(options) {
                Issue.record("\(entry) on \(label), \(c.count) inputs: \(mismatch)")
                compared[label] = -.max
            } else {
                compared[label, default: 0] += c.count
            }
        }
        for c in generated.map(\.case) + adversarial {
            try check(c, .scalar, "scalar")
            for level in KernelSets.runnable {
                for precision in BatchPrecision.allCases {
                    try check(c, BatchOptions(path: .simd, precision: precision, threads: 1, instructionSet: level), "\(level) \(precision)")
                }
            }
        }
        for c in generated.filter({ Self.threadedSizes.contains($0.size) }).map(\.case) + adversarial {
            for precision in BatchPrecision.allCases {
                for threads in [2, 7] {
                    try check(c, BatchOptions(path: .simd, precision: precision, threads: threads), "simd \(threads) threads \(precision)")
                }
                try check(c, BatchOptions(path: .auto, precision: precision), "auto \(precision)")
            }
            if c.contract(.blas) == nil {
                #expect(throws: BatchError.self, "\(entry) on blas") { try c.run(.blas) }
            } else if CBLAS.available != nil {
                try check(c, .blas, "blas")
            }
        }
        for (label, inputs) in compared.sorted(by: { $0.key < $1.key }) where inputs >= 0 {
            let level = KernelSets.runnable.first { label.hasPrefix("\($0) ") }
            let precision: BatchPrecision = label.hasSuffix("fast") ? .fast : .exact
            let rule = label == "scalar" ? "bitwise" : Exactness.of(entry.operation, on: level == nil && label.hasPrefix("blas") ? .blas : .simd,
                                                                     precision: precision).map(String.init(describing:)) ?? "throws"
            let code = level.map { KernelSets.code(of: $0, Self.kernel(entry.operation), precision: precision) } ?? "this CPU's kernels"
            print("catalogue \(entry) \(label): \(inputs) inputs, \(rule) against the reference, \(label == "scalar" ? "reference code" : code)")
        }
    }
}
