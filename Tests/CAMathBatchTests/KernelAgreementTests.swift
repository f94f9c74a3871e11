@_spi(Benchmarks) @_spi(Testing) import CAMath
import _CAMathKernels
import _CAMathTestSupport
import Foundation
import PropertyBased
import Testing

/// The kernels below the batch operations (the media-timing model, the elementary functions and the
/// recomposition in lane form) and the blends' non-temporal stores, at every instruction set — native where
/// this CPU runs it, and the AVX2 and AVX-512 intrinsic kernels compiled against SIMDe on any x86-64 —
/// against the scalar reference, at every tail length of every block size and on the adversarial inputs. The
/// batch operations themselves are the catalogue's (`CatalogueTests`). One line per level and kernel says how
/// many inputs were compared; a level that cannot run here is a skipped test that names the reason.
@Suite struct KernelAgreementTests {
    /// Batch sizes covering every tail of 4-, 8- and 32-element blocks, and a long batch.
    static let sizes = Array(0...40) + [67, 1000]

    @Test(arguments: BatchPrecision.allCases)
    func portable(_ precision: BatchPrecision) throws { try checkEveryKernel(.portable, precision) }

    @Test(
        .enabled(if: InstructionSet.avx2.isSupported, "this CPU cannot run AVX2 (best level: \(InstructionSet.cpu))"),
        arguments: BatchPrecision.allCases)
    func nativeAVX2(_ precision: BatchPrecision) throws { try checkEveryKernel(.avx2, precision) }

    @Test(
        .enabled(if: InstructionSet.avx512.isSupported, "this CPU cannot run AVX-512F and AVX-512VL (best level: \(InstructionSet.cpu))"),
        arguments: BatchPrecision.allCases)
    func nativeAVX512(_ precision: BatchPrecision) throws { try checkEveryKernel(.avx512, precision) }

    @Test(.enabled(if: !KernelSets.emulated.isEmpty, "\(KernelSets.skipped.last?.reason ?? "")"), arguments: BatchPrecision.allCases)
    func emulatedAVX2AndAVX512(_ precision: BatchPrecision) throws {
        #expect(KernelSets.emulated.map(\.name) == ["simde-avx2", "simde-avx512"])
        for set in KernelSets.emulated { try checkEveryKernel(set, precision) }
    }

    /// CI installs libsimde-dev: there, the emulated levels must have run.
    @Test func continuousIntegrationRunsTheEmulatedLevels() {
        if ProcessInfo.processInfo.environment["CI"] != nil {
            #expect(!KernelSets.emulated.isEmpty, "CI must run the SIMDe kernels: \(KernelSets.skipped)")
        }
        for (name, reason) in KernelSets.skipped { print("kernel agreement \(name): skipped, \(reason)") }
    }

    @Test func aLevelTheCPUCannotRunThrows() {
        for set in InstructionSet.all where !set.isSupported {
            #expect(throws: BatchError.instructionSetUnavailable(requested: set.name, cpu: InstructionSet.cpu.name)) {
                try Batch.concat([Transform3D()], [Transform3D()], options: BatchOptions(path: .simd, instructionSet: set))
            }
        }
    }

    /// Runs the lane kernels and the streamed blends of `set` at `precision` over ``sizes`` and the
    /// adversarial inputs; prints one line per kernel. The fast kernels are held to their budgets
    /// (ExactnessBudget) element by element. `code` names the code that ran when the set's name does not (a
    /// replayed set).
    func checkEveryKernel(_ set: InstructionSet, _ precision: BatchPrecision, code named: String? = nil) throws {
        let transforms = BatchInputs.transforms(1000, seed: 51) + Adversarial.matrices
        func windows<T>(_ all: [T]) -> [[T]] {
            Self.sizes.map { n in Array(all.prefix(n)) } + [all]
        }
        var compared: [String: Int] = [:]
        // With `key` (the inputs' identity at this call site), the reference and the budget are computed once
        // for every level and precision.
        func check(
            _ kernel: String, _ operation: BatchOperation, _ inputs: Int, _ actual: [Double], _ expected: @autoclosure () -> [Double],
            bounds: @autoclosure () -> [Double] = [], key: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let rule = Exactness.of(operation, on: .simd, precision: precision)!
            func shared(_ part: String, _ make: () -> [Double]) -> [Double] {
                key.map { Self.references("\(sourceLocation.line) \(part) \($0)", make) } ?? make()
            }
            let reference = shared("reference", expected), budget = rule == .budget ? shared("budget", bounds) : nil
            if expectExact(
                actual, reference, rule, bounds: budget, "\(set) \(precision) \(kernel), \(inputs) inputs",
                sourceLocation: sourceLocation)
            {
                compared[kernel, default: 0] += inputs
            } else {
                compared[kernel] = -.max
            }
        }
        let decomposable = transforms + DecompositionCases.all
        let partners = decomposable.reversed() + decomposable.map { Transform3D($0.affineTransform) }
        // Outputs large enough for non-temporal stores (InterpolationPlan.streams), at each alignment the kernels
        // tell apart (32 bytes, 16, 8), on one thread and two, with pairs the kernels leave to the reference among
        // them: every matrix has the bits of the same pair's plain-store blend (held to the reference above). The
        // tile is whole lane blocks, so each pair shares its block with the same pairs in both (a fast block with
        // a part of 2¹⁰⁰ or more takes the exact kernel whole) — except in the partial last block, whose padding
        // lanes repeat its first pair: at `.fast` its 3 pairs are not compared.
        let tile = decomposable.count / 16 * 16, pairsA = Array(decomposable.prefix(tile)), pairsB = Array(partners.prefix(tile))
        let tileFractions = pairsA.indices.map { [0.3, 0.7, .nan, -0.25, 1.5, 2e5][$0 % 6] }
        let plain = try InterpolationPlan(from: pairsA, to: pairsB, instructionSet: set).interpolate(
            fractions: tileFractions, options: BatchOptions(path: .simd, precision: precision, threads: 1, instructionSet: set))
        let streamed = (1 << 15) + 19, checkedPairs = precision == .exact ? streamed : streamed / 16 * 16
        let large = try InterpolationPlan(
            from: (0..<streamed).map { pairsA[$0 % tile] }, to: (0..<streamed).map { pairsB[$0 % tile] },
            instructionSet: set)
        let largeFractions = (0..<streamed).map { tileFractions[$0 % tile] }
        let storage = UnsafeMutableRawPointer.allocate(byteCount: streamed * MemoryLayout<Transform3D>.stride + 64, alignment: 64)
        defer { storage.deallocate() }
        for (offset, threads) in [(0, 1), (16, 2), (8, 1)] {
            let out = UnsafeMutableBufferPointer(
                start: (storage + offset).bindMemory(to: Transform3D.self, capacity: streamed), count: streamed)
            try largeFractions.withUnsafeBufferPointer { f in
                try large.interpolate(
                    fractions: f, into: out, options: BatchOptions(path: .simd, precision: precision, threads: threads, instructionSet: set)
                )
            }
            let mismatch = (0..<checkedPairs).first {
                out[$0].exactnessValues.map(\.bitPattern) != plain[$0 % tile].exactnessValues.map(\.bitPattern)
            }
            #expect(
                mismatch == nil,
                "\(set) \(precision) streamed blends, output \(offset) bytes past a line, \(threads) threads: pair \(mismatch ?? 0)")
        }

        // The media-timing model in lanes: every phase, fill, direction and cycle rule, and the special values
        // (NaN and infinite times, speeds, offsets and durations, the end of the active interval).
        let timingCases = MediaTimingCases.sweep(6000, seed: 68)
        for window in windows(Array(timingCases.indices)) {
            let cases = window.map { timingCases[$0] }
            let lanes = try Batch.mediaTimingLanes(
                cases.map(\.timing), removed: cases.map(\.removed), at: cases.map(\.time), instructionSet: set)
            check(
                "media timing", .animateValues, cases.count,
                lanes.flatMap { [$0.contributes ? 1 : 0, $0.basicTime, $0.progress, $0.cycle] },
                cases.map { $0.timing.evaluate(parentTime: $0.time, removedOnCompletion: $0.removed) }
                    .flatMap { [$0.contributes ? 1 : 0, $0.basicTime, $0.progress, $0.cycle] }, key: "\(cases.count)")
        }
        // The elementary functions in lane form, on the arguments that take every branch.
        for function in ElementaryLaneFunction.allCases {
            let (x, y) = ElementaryArguments.of(function)
            let (values, slow) = try Batch.elementaryLanes(function, x, y, instructionSet: set)
            let expected = zip(x, y).map { function.reference($0, $1) }
            for i in x.indices where slow[i] {
                #expect(
                    (function == .sin || function == .cos) && x[i].magnitude >= 0x1p19 && x[i].isFinite,
                    "\(set) \(function)(\(x[i])) is slow")
            }
            let kept = x.indices.filter { !slow[$0] }
            check("elementary \(function)", .decompose, kept.count, kept.map { values[$0] }, kept.map { expected[$0] })
        }
        // The recomposition in lane form, on parts that take every zero-sign rule of the reduced products
        // (quaternion and Euler angles), then with huge and non-finite parts (blocks that take the full product).
        for huge in [false, true] {
            let parts = DecompositionCases.recompositionParts(4000, seed: huge ? 62 : 61, huge: huge)
            for rotation in [Transform3D.RecompositionRotation.quaternion, .eulerAngles] {
                let (values, slow) = try Batch.recompositionLanes(parts, rotation: rotation, instructionSet: set)
                for i in parts.indices where slow[i] {
                    let angles = [parts[i].rotation.x, parts[i].rotation.y, parts[i].rotation.z]
                    #expect(
                        rotation == .eulerAngles && angles.contains { $0.isFinite && $0.magnitude >= 0x1p19 },
                        "\(set) recompose \(parts[i]) is slow")
                }
                let kept = parts.indices.filter { !slow[$0] }
                check(
                    "recompose", .decompose, kept.count, kept.map { values[$0] }.exactnessValues,
                    kept.map { Transform3D(parts[$0], rotation: rotation) }.exactnessValues)
            }
        }
        for (kernel, count) in compared.sorted(by: { $0.key < $1.key }) where count > 0 {
            let code =
                named
                ?? KernelSets.code(of: set, entry: kernelEntry[kernel.hasPrefix("elementary") ? "elementary" : kernel] ?? kernel)
            print(
                "kernel agreement \(set) \(precision) \(kernel): \(count) inputs, \(Exactness.of(kernelOperation[kernel]!, on: .simd, precision: precision)!) against the reference, \(code)"
            )
        }
    }

    let kernelOperation: [String: BatchOperation] = [
        "concat pairwise": .concatPairwise, "concat many-by-one": .concatManyByOne, "concat one-by-many": .concatOneByMany,
        "invert": .invert, "invert affine": .invertAffine, "map points 3-D": .mapPoints3D, "map points 2-D": .mapPoints2D,
        "frames": .frames, "hit test": .hitTest, "autoresize": .autoresize, "decompose": .decompose,
        "key-path read": .keyPathRead, "key-path write": .keyPathWrite, "recompose": .decompose, "blend": .blend,
        "blend (plan)": .blendPrepared,
        "blend (plan, fractions)": .blendPrepared, "timing function": .timingFunction, "animate transforms": .animateTransforms,
        "animate values": .animateValues, "media timing": .animateValues, "springs": .springs, "presentation": .presentationFrames,
        "elementary sin": .decompose, "elementary cos": .decompose, "elementary atan2": .decompose,
        "elementary asin": .decompose, "elementary acos": .decompose
    ]

    /// The table entry each checked kernel runs (a blend from pairs prepares its records first, then interpolates).
    let kernelEntry: [String: String] = [
        "concat pairwise": "concat", "concat many-by-one": "concat", "concat one-by-many": "concat",
        "invert": "invert", "invert affine": "invert_affine", "map points 3-D": "map_points3", "map points 2-D": "map_points2",
        "frames": "frames", "hit test": "hit_test_block", "autoresize": "autoresize", "decompose": "decompose",
        "key-path read": "decompose", "key-path write": "decompose", "recompose": "recompose", "blend": "interpolate",
        "blend (plan)": "interpolate", "blend (plan, fractions)": "interpolate", "timing function": "timing_curve",
        "animate transforms": "interpolate", "animate values": "media_timing", "media timing": "media_timing",
        "springs": "spring_fractions", "presentation": "interpolate", "elementary": "elementary"
    ]

    /// The references and budgets of ``checkEveryKernel(_:_:)``, by call site and inputs: they depend on the
    /// inputs only, so the ten runs (five levels, two precisions) compute each once. Under AddressSanitizer
    /// computing them again for every level was most of the suite's time.
    static let references = ReferenceCache()
}

/// A thread-safe memo of reference outputs by key (the parameterised runs of one suite run concurrently).
final class ReferenceCache: @unchecked Sendable {
    private var values: [String: [Double]] = [:]
    private let lock = NSLock()

    func callAsFunction(_ key: String, _ make: () -> [Double]) -> [Double] {
        if let known = lock.withLock({ values[key] }) { return known }
        let made = make()
        lock.withLock { values[key] = made }
        return made
    }
}
