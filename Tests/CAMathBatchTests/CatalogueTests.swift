@_spi(Benchmarks) @_spi(Testing) import CAMath
@_spi(Benchmarks) import _CAMathTestSupport
import Testing

/// Every entry of the batch catalogue (`BatchCatalogue`: every batch operation)
/// against the scalar reference under its operation's contract: on `.scalar`; on `.simd` at every instruction
/// set that runs here (native, and with the SIMDe trait the AVX2 and AVX-512 intrinsic bodies over SIMDe) and
/// both precisions, one thread, at every tail length of 4-, 8- and 32-element blocks; on 2 and 7 threads, on
/// `.auto` and on `.blas` for the larger cases; and on the entry's fixed adversarial inputs. Array forms and
/// in-place forms alike. One line per entry and level says how many inputs were compared and which code ran.
@Suite struct CatalogueTests {
    /// Every tail of 4-, 8- and 32-element blocks, and three longer batches.
    static let sizes = Array(0...40) + [67, 1000, 3000]
    /// The generated sizes that also run threaded, on `.auto` and on `.blas`.
    static let threadedSizes = [17, 67, 1000]

    /// Every entry names the kernel table entry that does its work, from which the logs say what code ran.
    @Test(arguments: BatchCatalogue.entries)
    func namesItsKernelEntry(_ entry: CatalogueEntry) {
        #expect(KernelSets.isKernelEntry(entry.kernel), "\(entry) names \(entry.kernel), which is no kernel table entry")
    }

    /// The cases of `entry`: seeded at every size of ``sizes`` (or only `sizes`), then the adversarial ones.
    static func cases(_ entry: CatalogueEntry, sizes: [Int] = CatalogueTests.sizes) -> [CatalogueCase] {
        sizes.map { entry.seeded(count: $0, seed: UInt64($0) &+ 0xCA7A) } + entry.adversarial()
    }

    /// `.scalar`, and `.simd` on one thread at every runnable level and both precisions.
    @Test(arguments: BatchCatalogue.entries)
    func meetsItsContractOnEveryLevel(_ entry: CatalogueEntry) throws {
        var log = CatalogueLog(entry)
        for c in Self.cases(entry) {
            try log.check(c, .scalar, "scalar")
            for level in KernelSets.runnable {
                for precision in BatchPrecision.allCases {
                    try log.check(
                        c, BatchOptions(path: .simd, precision: precision, threads: 1, instructionSet: level), "\(level) \(precision)")
                }
            }
        }
        log.print()
    }

    /// `.simd` on 2 and 7 threads, `.auto` at both precisions, and `.blas` (or its refusal), on the larger cases.
    /// (The suite ThreadSanitizer runs; the one above runs one thread.)
    @Test(arguments: BatchCatalogue.entries)
    func meetsItsContractOnThreadsAndEveryPath(_ entry: CatalogueEntry) throws {
        var log = CatalogueLog(entry)
        for c in Self.cases(entry, sizes: Self.threadedSizes) {
            for precision in BatchPrecision.allCases {
                for threads in [2, 7] {
                    try log.check(
                        c, BatchOptions(path: .simd, precision: precision, threads: threads), "simd \(threads) threads \(precision)")
                }
                try log.check(c, BatchOptions(path: .auto, precision: precision), "auto \(precision)")
            }
            if c.contract(.blas) == nil {
                #expect(throws: BatchError.self, "\(entry) on blas") { try c.run(.blas) }
            } else if CBLAS.available != nil {
                try log.check(c, .blas, "blas")
            }
        }
        log.print()
    }
}

/// The inputs compared per configuration of one entry, printed as one line each with the contract and the code
/// that ran.
struct CatalogueLog {
    let entry: CatalogueEntry
    var compared: [String: Int] = [:]

    init(_ entry: CatalogueEntry) { self.entry = entry }

    mutating func check(
        _ c: CatalogueCase, _ options: BatchOptions, _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        if let mismatch = try c.firstMismatch(options) {
            Issue.record("\(entry) on \(label), \(c.count) inputs: \(mismatch)", sourceLocation: sourceLocation)
            compared[label] = -.max
        } else {
            compared[label, default: 0] += c.count
        }
    }

    /// Prints one line per configuration; `code` names the code that ran when the label's level cannot
    /// (a replayed set).
    func print(code named: String? = nil) {
        for (label, inputs) in compared.sorted(by: { $0.key < $1.key }) where inputs >= 0 {
            let level = KernelSets.runnable.first { label.hasPrefix("\($0) ") }
            let precision: BatchPrecision = label.hasSuffix("fast") ? .fast : .exact
            let path: BatchPath = label == "scalar" ? .scalar : label == "blas" ? .blas : .simd
            let rule = Exactness.of(entry.operation, on: path, precision: precision).map(String.init(describing:)) ?? "throws"
            let code =
                named
                ?? (label == "scalar"
                    ? "reference code"
                    : level.map { KernelSets.code(of: $0, entry: entry.kernel) } ?? "this CPU's kernels")
            Swift.print("catalogue \(entry) \(label): \(inputs) inputs, \(rule) against the reference, \(code)")
        }
    }
}
