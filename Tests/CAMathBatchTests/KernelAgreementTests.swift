@_spi(Benchmarks) @_spi(Testing) import CAMath
import _CAMathKernels
import _CAMathTestSupport
import Foundation
import PropertyBased
import Testing

/// Every kernel of every instruction set — native where this CPU runs it, and the AVX2 and AVX-512
/// intrinsic kernels compiled against SIMDe on any x86-64 — against the scalar reference under the
/// operation's contract, at every tail length of every block size (4-wide AVX2, 8-wide AVX-512, 32-point
/// hit-test blocks) and on the adversarial inputs. One line per level and kernel says how many inputs
/// were compared; a level that cannot run here is a skipped test that names the reason.
@Suite struct KernelAgreementTests {
    /// Batch sizes covering every tail of 4-, 8- and 32-element blocks, and a long batch.
    static let sizes = Array(0...40) + [67, 1000]

    @Test(arguments: BatchPrecision.allCases)
    func portable(_ precision: BatchPrecision) throws { try checkEveryKernel(.portable, precision) }

    @Test(.enabled(if: InstructionSet.avx2.isSupported, "this CPU cannot run AVX2 (best level: \(InstructionSet.cpu))"),
          arguments: BatchPrecision.allCases)
    func nativeAVX2(_ precision: BatchPrecision) throws { try checkEveryKernel(.avx2, precision) }

    @Test(.enabled(if: InstructionSet.avx512.isSupported, "this CPU cannot run AVX-512F (best level: \(InstructionSet.cpu))"),
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

    /// Runs every kernel of `set` at `precision` over ``sizes`` and the adversarial inputs; prints one line
    /// per kernel. The fast kernels are held to their budgets (ExactnessBudget) element by element.
    func checkEveryKernel(_ set: InstructionSet, _ precision: BatchPrecision) throws {
        let transforms = BatchInputs.transforms(1000, seed: 51) + Adversarial.matrices
        let others = BatchInputs.transforms(transforms.count, seed: 52).reversed() as [Transform3D]
        let affine = transforms.map { Transform3D($0.affineTransform) }
        let one = Adversarial.base
        let points = BatchInputs.points3(1000, seed: 53) + Adversarial.points.map { SIMD3(Double($0.x), Double($0.y), -0.0) }
        func windows<T>(_ all: [T]) -> [[T]] {
            Self.sizes.map { n in Array(all.prefix(n)) } + [all]
        }
        var compared: [String: Int] = [:]
        // With `key` (the inputs' identity at this call site), the reference and the budget are computed once
        // for every level and precision.
        func check(_ kernel: String, _ operation: BatchOperation, _ inputs: Int, _ actual: [Double], _ expected: @autoclosure () -> [Double],
                   bounds: @autoclosure () -> [Double] = [], key: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
            let rule = Exactness.of(operation, on: .simd, precision: precision)!
            func shared(_ part: String, _ make: () -> [Double]) -> [Double] {
                key.map { Self.references("\(sourceLocation.line) \(part) \($0)", make) } ?? make()
            }
            let reference = shared("reference", expected), budget = rule == .budget ? shared("budget", bounds) : nil
            if expectExact(actual, reference, rule, bounds: budget, "\(set) \(precision) \(kernel), \(inputs) inputs",
                           sourceLocation: sourceLocation) {
                compared[kernel, default: 0] += inputs
            } else {
                compared[kernel] = -.max
            }
        }
        for (a, b) in zip(windows(transforms), windows(others)) {
            check("concat pairwise", .concatPairwise, a.count, try Batch.concat(a, b, options: BatchOptions(path: .simd, precision: precision, threads: 1, instructionSet: set)).exactnessValues,
                  zip(a, b).map { $0.concatenating($1) }.exactnessValues, bounds: zip(a, b).flatMap { ExactnessBudget.concat($0, $1) }, key: "\(a.count)")
            check("concat many-by-one", .concatManyByOne, a.count, try Batch.concat(a, one, options: BatchOptions(path: .simd, precision: precision, threads: 1, instructionSet: set)).exactnessValues,
                  a.map { $0.concatenating(one) }.exactnessValues, bounds: a.flatMap { ExactnessBudget.concat($0, one) }, key: "\(a.count)")
            check("concat one-by-many", .concatOneByMany, a.count, try Batch.concat(one, b, options: BatchOptions(path: .simd, precision: precision, threads: 1, instructionSet: set)).exactnessValues,
                  b.map { one.concatenating($0) }.exactnessValues, bounds: b.flatMap { ExactnessBudget.concat(one, $0) }, key: "\(a.count)")
            let (inverses, singular) = try Batch.invert(a, options: BatchOptions(path: .simd, precision: precision, threads: 1, instructionSet: set))
            check("invert", .invert, a.count, inverses.exactnessValues + singular.map { $0 ? 1 : 0 },
                  a.map { $0.inverted() }.exactnessValues + a.map { $0.invertedIfPossible() == nil ? 1 : 0 },
                  bounds: a.flatMap(ExactnessBudget.invert) + Array(repeating: 0, count: a.count), key: "\(a.count)")
        }
        // Rows whose products overflow one by one, alternating in sign: summed with fused multiply-adds, some
        // would stay finite where the reference's are ±∞ or NaN, which the contract keeps identical (so concat
        // has no fused kernels; this fails the moment one comes back unguarded).
        let overflowing = [1e308, -1e308, 0x1p1000, -0x1p1000].map { v in
            Transform3D(elements: [1, v, v, v, v, -v, v, -v, 1, 1, 1, 1, 0.5, v / 2, -v, 3])!
        }
        let spread = Transform3D(elements: [1, 3, -3, 1, 3, 1, 1, -3, -3, 1, 1, 3, 1, -3, 3, 1])!
        for (a, b) in [(overflowing, overflowing.map { _ in spread }), (overflowing.map { _ in spread }, overflowing), (overflowing, overflowing.reversed())] {
            check("concat pairwise", .concatPairwise, a.count, try Batch.concat(a, b, options: BatchOptions(path: .simd, precision: precision, threads: 1, instructionSet: set)).exactnessValues,
                  zip(a, b).map { $0.concatenating($1) }.exactnessValues, bounds: zip(a, b).flatMap { ExactnessBudget.concat($0, $1) })
            for m in [spread, overflowing[0]] {
                check("concat many-by-one", .concatManyByOne, a.count, try Batch.concat(a, m, options: BatchOptions(path: .simd, precision: precision, threads: 1, instructionSet: set)).exactnessValues,
                      a.map { $0.concatenating(m) }.exactnessValues, bounds: a.flatMap { ExactnessBudget.concat($0, m) })
                check("concat one-by-many", .concatOneByMany, b.count, try Batch.concat(m, b, options: BatchOptions(path: .simd, precision: precision, threads: 1, instructionSet: set)).exactnessValues,
                      b.map { m.concatenating($0) }.exactnessValues, bounds: b.flatMap { ExactnessBudget.concat(m, $0) })
            }
        }
        for (k, a) in (windows(affine) + windows(transforms)).enumerated() {
            let (inverses, singular) = try Batch.invertAffine(a, options: BatchOptions(path: .simd, precision: precision, threads: 1, instructionSet: set))
            check("invert affine", .invertAffine, a.count, inverses.exactnessValues + singular.map { $0 ? 1 : 0 },
                  a.map { $0.inverted() }.exactnessValues + a.map { $0.invertedIfPossible() == nil ? 1 : 0 },
                  bounds: a.flatMap(ExactnessBudget.invert) + Array(repeating: 0, count: a.count), key: "\(k)")
        }
        for p in windows(points) {
            for (k, m) in ([one] + Adversarial.signedZeros + Adversarial.degenerateLayerTransforms).enumerated() {
                check("map points 3-D", .mapPoints3D, p.count, try Batch.mapPoints(p, through: m, options: BatchOptions(path: .simd, precision: precision, threads: 1, instructionSet: set)).exactnessValues,
                      p.map { m.mapPoint($0) }.exactnessValues, bounds: p.flatMap { ExactnessBudget.mapPoint($0, through: m) }, key: "\(p.count) \(k)")
                let flat = p.map { SIMD2($0.x, $0.y) }, h = Homography(m)
                check("map points 2-D", .mapPoints2D, p.count, try Batch.mapPoints(flat, through: h, options: BatchOptions(path: .simd, precision: precision, threads: 1, instructionSet: set)).exactnessValues,
                      flat.map { h.mapPoint($0) }.exactnessValues, bounds: flat.flatMap { ExactnessBudget.mapPoint($0, through: h) }, key: "\(p.count) \(k)")
            }
        }
        var rng = Xoshiro(seed: (54, 55, 56, 57))
        let generated = (0..<12).map { _ in LayerTree(root: LayerTreeGen.tree(maxNodes: 60).run(using: &rng).build()[0]) }
        for (k, t) in ([LayerTree(root: Adversarial.tree()), LayerTree(root: Adversarial.chain(depth: 40).root)] + generated).enumerated() {
            check("frames", .frames, t.count, try Batch.frames(of: t, options: BatchOptions(path: .simd, precision: precision, threads: 1, instructionSet: set)).exactnessValues,
                  t.geometries.map(\.frame).exactnessValues, bounds: t.geometries.flatMap(ExactnessBudget.frame), key: "\(k)")
            for p in windows(points.map { CGPoint(x: $0.x / 8 + 40, y: $0.y / 8 + 40) }) {
                check("hit test", .hitTest, p.count, try Batch.hitTest(p, in: t, options: BatchOptions(path: .simd, threads: 1, instructionSet: set)).map(Double.init),
                      p.map { Double(t.hitTest($0) ?? Batch.noHit) }, key: "\(k) \(p.count)")
            }
        }
        let (seededFrames, seededMasks) = BatchInputs.autoresizing(1000, seed: 58)
        // Origins and sizes at the rounding functions' edges (halves, signed zeros, the last fractions below 2⁵²
        // and beyond them), where the rule floors each origin and ceils each extent. Masks: sizable only (the
        // origin floored as given) and every bit.
        let edges: [Double] = [-0.0, 0.3, -0.3, 0.5, -0.5, -0.7, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                               0x1p52 - 0.5, -(0x1p52 - 0.5), 0x1p51 + 0.5, 0x1p52, -0x1p53 - 2]
        let edgeFrames = edges.flatMap { v in [CGRect(x: v, y: -v, width: 10, height: 20), CGRect(x: 1, y: 2, width: v, height: -v)] }
        let frames = seededFrames + Adversarial.rects + edgeFrames
        let masks = seededMasks + Adversarial.rects.indices.map { AutoresizingMask(rawValue: UInt32($0 % 64)) }
            + edgeFrames.indices.map { $0 % 2 == 0 ? [.layerWidthSizable, .layerHeightSizable] : AutoresizingMask(rawValue: 63) }
        let sizeChanges: [(CGSize, CGSize)] = [
            (CGSize(width: 1000, height: 800), CGSize(width: 1280, height: 720)), (CGSize(width: 100, height: 100), CGSize(width: 50, height: 25)),
            (CGSize(width: 100, height: 100), CGSize(width: 100, height: 100)), (CGSize(width: 0.3, height: 1e300), CGSize(width: 1e-300, height: -7.5)),
        ]
        for (k, (old, new)) in sizeChanges.enumerated() {
            for (f, m) in zip(windows(frames), windows(masks)) {
                check("autoresize", .autoresize, f.count,
                      try Batch.autoresize(f, masks: m, oldSuperlayerSize: old, newSuperlayerSize: new, options: BatchOptions(path: .simd, threads: 1, instructionSet: set)).exactnessValues,
                      zip(f, m).map { LayerAutoresizing.resizedFrame($0, mask: $1, oldSuperlayerSize: old, newSuperlayerSize: new) ?? $0 }.exactnessValues,
                      key: "\(k) \(f.count)")
            }
        }
        // Decomposition and key paths (no fast form: the exact kernels at either precision), and the blends (fast:
        // within the interpolation budget).
        let decomposable = transforms + DecompositionCases.all
        let partners = decomposable.reversed() + decomposable.map { Transform3D($0.affineTransform) }
        let anglesAndScales = decomposable.indices.map { i -> TransformKeyPathValue in
            [.number(Double(i) * 0.37 - 9), .number(1e7 + Double(i)), .number(-0.0), .number(.nan), .size(width: 1, height: 2)][i % 5]
        }
        for (a, b) in zip(windows(decomposable + decomposable), windows(partners)) {
            for method in [Transform3D.DecompositionMethod.keyPaths, .interpolation3D, .interpolation2D] {
                check("decompose", .decompose, a.count, try Batch.decompose(a, method: method, options: BatchOptions(path: .simd, threads: 1, instructionSet: set)).flatMap(\.exactnessValues),
                      a.map { $0.decomposed(method) }.flatMap(\.exactnessValues), key: "\(a.count) \(method)")
            }
            for keyPath in TransformKeyPath.allCases {
                check("key-path read", .keyPathRead, a.count, try Batch.values(for: keyPath, of: a, options: BatchOptions(path: .simd, threads: 1, instructionSet: set)).flatMap(\.exactnessValues),
                      a.map { $0.value(for: keyPath) }.flatMap(\.exactnessValues), key: "\(a.count) \(keyPath)")
                let values = Array(anglesAndScales.prefix(a.count)) + Array(repeating: .number(2), count: max(0, a.count - anglesAndScales.count))
                let (written, refused) = try Batch.setting(keyPath, of: a, to: values, options: BatchOptions(path: .simd, threads: 1, instructionSet: set))
                check("key-path write", .keyPathWrite, a.count, written.exactnessValues + refused.map { $0 ? 1 : 0 }, {
                    let expected = zip(a, values).map { try? $0.setting(keyPath, to: $1) }
                    return zip(a, expected).map { $1 ?? $0 }.exactnessValues + expected.map { $0 == nil ? 1 : 0 }
                }(), key: "\(a.count) \(keyPath)")
            }
            let plan = try InterpolationPlan(from: a, to: b, instructionSet: set)
            for fraction in [0.3, 0.5, -0.75, 2, 0, 1, .nan, 4e5, 1e5, -3e4, 0x1p20, -3e6, 1e300] {
                let expected = Self.references("blend reference \(a.count) \(fraction)") {
                    zip(a, b).map { $0.interpolated(to: $1, fraction: fraction) }.exactnessValues
                }
                let bounds = Self.references("blend budget \(a.count) \(fraction)") {
                    zip(a, b).flatMap { ExactnessBudget.interpolation(from: $0, to: $1, fraction: fraction) }
                }
                check("blend", .blend, a.count, try Batch.interpolate(from: a, to: b, fraction: fraction, options: BatchOptions(path: .simd, precision: precision, threads: 1, instructionSet: set)).exactnessValues, expected, bounds: bounds)
                check("blend (plan)", .blendPrepared, a.count, try Batch.interpolate(plan, fraction: fraction, options: BatchOptions(path: .simd, precision: precision, threads: 1, instructionSet: set)).exactnessValues, expected, bounds: bounds)
            }
            let fractions = a.indices.map { [0.3, 0.5, -0.75, 2, 0, 1, .nan, 4e5, 1e-300, 0.999, 1e5, -0x1p20, 7e6][$0 % 13] }
            check("blend (plan, fractions)", .blendPrepared, a.count,
                  try Batch.interpolate(plan, fractions: fractions, options: BatchOptions(path: .simd, precision: precision, threads: 1, instructionSet: set)).exactnessValues,
                  zip(zip(a, b), fractions).map { $0.0.interpolated(to: $0.1, fraction: $1) }.exactnessValues,
                  bounds: zip(zip(a, b), fractions).flatMap { ExactnessBudget.interpolation(from: $0.0, to: $0.1, fraction: $1) }, key: "\(a.count)")
        }
        // Outputs large enough for non-temporal stores (InterpolationPlan.streams), at each alignment the kernels
        // tell apart (32 bytes, 16, 8), on one thread and two, with pairs the kernels leave to the reference among
        // them: every matrix has the bits of the same pair's plain-store blend (held to the reference above). The
        // tile is whole lane blocks, so each pair shares its block with the same pairs in both (a fast block with
        // a part of 2¹⁰⁰ or more takes the exact kernel whole) — except in the partial last block, whose padding
        // lanes repeat its first pair: at `.fast` its 3 pairs are not compared.
        let tile = decomposable.count / 16 * 16, pairsA = Array(decomposable.prefix(tile)), pairsB = Array(partners.prefix(tile))
        let tileFractions = pairsA.indices.map { [0.3, 0.7, .nan, -0.25, 1.5, 2e5][$0 % 6] }
        let plain = try Batch.interpolate(InterpolationPlan(from: pairsA, to: pairsB, instructionSet: set), fractions: tileFractions, options: BatchOptions(path: .simd, precision: precision, threads: 1, instructionSet: set))
        let streamed = (1 << 15) + 19, checkedPairs = precision == .exact ? streamed : streamed / 16 * 16
        let large = try InterpolationPlan(from: (0..<streamed).map { pairsA[$0 % tile] }, to: (0..<streamed).map { pairsB[$0 % tile] },
                                          instructionSet: set)
        let largeFractions = (0..<streamed).map { tileFractions[$0 % tile] }
        let storage = UnsafeMutableRawPointer.allocate(byteCount: streamed * MemoryLayout<Transform3D>.stride + 64, alignment: 64)
        defer { storage.deallocate() }
        for (offset, threads) in [(0, 1), (16, 2), (8, 1)] {
            let out = UnsafeMutableBufferPointer(start: (storage + offset).bindMemory(to: Transform3D.self, capacity: streamed), count: streamed)
            try largeFractions.withUnsafeBufferPointer { f in
                try Batch.interpolate(large, fractions: f, into: out, options: BatchOptions(path: .simd, precision: precision, threads: threads, instructionSet: set))
            }
            let mismatch = (0..<checkedPairs).first { out[$0].exactnessValues.map(\.bitPattern) != plain[$0 % tile].exactnessValues.map(\.bitPattern) }
            #expect(mismatch == nil, "\(set) \(precision) streamed blends, output \(offset) bytes past a line, \(threads) threads: pair \(mismatch ?? 0)")
        }

        // Timing curves: named, custom, overshooting, non-monotone and non-finite curves at progresses that take
        // every branch (the clamp, NaN, the spline samples themselves, the bisection fallback).
        let curves = TimingCurveTable(TimingCurveCases.functions)
        for x in windows(TimingCurveCases.progresses) {
            let indices = x.indices.map { UInt32(($0 * 7) % curves.functions.count) }
            check("timing function", .timingFunction, x.count, try Batch.evaluate(curves, indices: indices, at: x, options: BatchOptions(path: .simd, threads: 1, instructionSet: set)),
                  zip(indices, x).map { curves.functions[Int($0)].evaluate($1) }, key: "\(x.count)")
        }
        // Transform animations at one time: every shape, every phase, against the reference per animation; each
        // with a timing of its own, and six timings shared (the timing classes' path).
        for (k, (animations, models)) in [AnimationCases.transformAnimations(300, seed: 62),
                                          AnimationCases.transformAnimations(300, seed: 69, timings: 6)].enumerated() {
            for (a, m) in zip(windows(animations), windows(models)) {
                let batch = try TransformAnimationBatch(a, models: m, instructionSet: set)
                for time in AnimationCases.parentTimes {
                    let (values, applied) = try Batch.evaluate(batch, atParentTime: time, options: BatchOptions(path: .simd, precision: precision, threads: 1, instructionSet: set))
                    check("animate transforms", .animateTransforms, a.count, values.exactnessValues + applied.map { $0 ? 1 : 0 }, {
                        let expected = (0..<a.count).map { batch.referenceValue($0, atParentTime: time) }
                        return expected.map(\.0).exactnessValues + expected.map { $0.1 ? 1 : 0 }
                    }(), bounds: a.indices.flatMap { ExactnessBudget.transformAnimation(batch, $0, atParentTime: time) } + Array(repeating: 0, count: a.count),
                          key: "\(k) \(a.count) \(time)")
                }
            }
        }
        // Value animations at one time: numbers, points, rects and vectors, whole and by field, every shape and
        // phase, against the reference per animation.
        for (property, seed, timings) in [("opacity", 64, nil), ("position", 65, nil), ("bounds", 66, nil), ("vector", 67, nil), ("position", 70, 5)]
            as [(String, UInt64, Int?)] {
            let (animations, models) = AnimationCases.valueAnimations(300, property: property, seed: seed, timings: timings)
            for (a, m) in zip(windows(animations), windows(models)) {
                let batch = try ValueAnimationBatch(a, models: m)
                for time in AnimationCases.parentTimes {
                    let (values, applied) = try Batch.evaluate(batch, atParentTime: time, options: BatchOptions(path: .simd, threads: 1, instructionSet: set))
                    check("animate values", .animateValues, a.count, values + applied.map { $0 ? 1 : 0 }, {
                        var expected = [Double](repeating: 0, count: a.count * batch.width), expectedApplied: [Bool] = []
                        expected.withUnsafeMutableBufferPointer { e in
                            expectedApplied = (0..<a.count).map { batch.referenceValue($0, atParentTime: time, over: nil, into: e.baseAddress! + $0 * batch.width) }
                        }
                        return expected + expectedApplied.map { $0 ? 1 : 0 }
                    }(), key: "\(seed) \(a.count) \(time)")
                }
            }
        }
        // Presentation trees: every node's geometry as Layer.presentation(at:) gives it.
        let animatedRoot = AnimationCases.animatedTree(120, seed: 63)
        let presentation = try PresentationBatch(root: animatedRoot, instructionSet: set)
        for time in AnimationCases.parentTimes {
            let expected = try #require(animatedRoot.presentation(at: time))
            check("presentation", .presentationFrames, presentation.model.count,
                  try Batch.presentation(presentation, atMediaTime: time, options: BatchOptions(path: .simd, threads: 1, instructionSet: set)).geometries.flatMap(\.exactnessValues),
                  LayerTree(root: expected).geometries.flatMap(\.exactnessValues))
        }
        // The media-timing model in lanes: every phase, fill, direction and cycle rule, and the special values
        // (NaN and infinite times, speeds, offsets and durations, the end of the active interval).
        let timingCases = MediaTimingCases.sweep(6000, seed: 68)
        for window in windows(Array(timingCases.indices)) {
            let cases = window.map { timingCases[$0] }
            let lanes = try Batch.mediaTimingLanes(cases.map(\.timing), removed: cases.map(\.removed), at: cases.map(\.time), instructionSet: set)
            check("media timing", .animateValues, cases.count, lanes.flatMap { [$0.contributes ? 1 : 0, $0.basicTime, $0.progress, $0.cycle] },
                  cases.map { $0.timing.evaluate(parentTime: $0.time, removedOnCompletion: $0.removed) }
                      .flatMap { [$0.contributes ? 1 : 0, $0.basicTime, $0.progress, $0.cycle] }, key: "\(cases.count)")
        }
        // Springs: every regime, one spring at many times and many springs at one time, within the budget.
        for window in windows(SpringCases.springs) {
            for time in SpringCases.times {
                check("springs", .springs, window.count, try Batch.springFractions(window, atTime: time, options: BatchOptions(path: .simd, threads: 1, instructionSet: set)),
                      window.map { $0.fraction(atTime: time) }, bounds: window.map { ExactnessBudget.springFraction($0, atTime: time) },
                      key: "\(window.count) \(time)")
            }
        }
        for (k, spring) in SpringCases.springs.prefix(24).enumerated() {
            check("springs", .springs, SpringCases.times.count, try Batch.springFractions(spring, at: SpringCases.times, options: BatchOptions(path: .simd, threads: 1, instructionSet: set)),
                  SpringCases.times.map { spring.fraction(atTime: $0) }, bounds: SpringCases.times.map { ExactnessBudget.springFraction(spring, atTime: $0) },
                  key: "\(k)")
        }
        // The elementary functions in lane form, on the arguments that take every branch.
        for function in ElementaryLaneFunction.allCases {
            let (x, y) = ElementaryArguments.of(function)
            let (values, slow) = try Batch.elementaryLanes(function, x, y, instructionSet: set)
            let expected = zip(x, y).map { function.reference($0, $1) }
            for i in x.indices where slow[i] {
                #expect((function == .sin || function == .cos) && x[i].magnitude >= 0x1p19 && x[i].isFinite, "\(set) \(function)(\(x[i])) is slow")
            }
            let kept = x.indices.filter { !slow[$0] }
            check("elementary \(function)", .decompose, kept.count, kept.map { values[$0] }, kept.map { expected[$0] })
        }
        // The recomposition in lane form, on parts that take every zero-sign rule of the reduced quaternion
        // product, then with huge and non-finite parts (blocks that take the full product).
        for huge in [false, true] {
            let parts = DecompositionCases.recompositionParts(4000, seed: huge ? 62 : 61, huge: huge)
            for rotation in [Transform3D.RecompositionRotation.quaternion, .eulerAngles] {
                let (values, slow) = try Batch.recompositionLanes(parts, rotation: rotation, instructionSet: set)
                for i in parts.indices where slow[i] {
                    let angles = [parts[i].rotation.x, parts[i].rotation.y, parts[i].rotation.z]
                    #expect(rotation == .eulerAngles && angles.contains { $0.isFinite && $0.magnitude >= 0x1p19 }, "\(set) recompose \(parts[i]) is slow")
                }
                let kept = parts.indices.filter { !slow[$0] }
                check("recompose", .decompose, kept.count, kept.map { values[$0] }.exactnessValues,
                      kept.map { Transform3D(parts[$0], rotation: rotation) }.exactnessValues)
            }
        }
        for (kernel, count) in compared.sorted(by: { $0.key < $1.key }) where count > 0 {
            let code = KernelSets.code(of: set, kernelEntry[kernel.hasPrefix("elementary") ? "elementary" : kernel]!, precision: precision)
            print("kernel agreement \(set) \(precision) \(kernel): \(count) inputs, \(Exactness.of(kernelOperation[kernel]!, on: .simd, precision: precision)!) against the reference, \(code)")
        }
    }

    let kernelOperation: [String: BatchOperation] = [
        "concat pairwise": .concatPairwise, "concat many-by-one": .concatManyByOne, "concat one-by-many": .concatOneByMany,
        "invert": .invert, "invert affine": .invertAffine, "map points 3-D": .mapPoints3D, "map points 2-D": .mapPoints2D,
        "frames": .frames, "hit test": .hitTest, "autoresize": .autoresize, "decompose": .decompose,
        "key-path read": .keyPathRead, "key-path write": .keyPathWrite, "recompose": .decompose, "blend": .blend, "blend (plan)": .blendPrepared,
        "blend (plan, fractions)": .blendPrepared, "timing function": .timingFunction, "animate transforms": .animateTransforms, "animate values": .animateValues, "media timing": .animateValues, "springs": .springs, "presentation": .presentationFrames,
        "elementary sin": .decompose, "elementary cos": .decompose, "elementary atan2": .decompose,
        "elementary asin": .decompose, "elementary acos": .decompose,
    ]

    /// The table entry each checked kernel runs (a blend from pairs prepares its records first, then interpolates).
    let kernelEntry: [String: PartialKeyPath<camath_kernels>] = [
        "concat pairwise": \.concat, "concat many-by-one": \.concat, "concat one-by-many": \.concat,
        "invert": \.invert, "invert affine": \.invert_affine, "map points 3-D": \.map_points3, "map points 2-D": \.map_points2,
        "frames": \.frames, "hit test": \.hit_test_block, "autoresize": \.autoresize, "decompose": \.decompose,
        "key-path read": \.decompose, "key-path write": \.decompose, "recompose": \.recompose, "blend": \.interpolate,
        "blend (plan)": \.interpolate, "blend (plan, fractions)": \.interpolate, "timing function": \.timing_curve,
        "animate transforms": \.interpolate, "animate values": \.media_timing, "media timing": \.media_timing,
        "springs": \.spring_fractions, "presentation": \.interpolate, "elementary": \.elementary,
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
