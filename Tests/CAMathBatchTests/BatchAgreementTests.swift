@_spi(Benchmarks) import CAMath
import _CAMathTestSupport
import Foundation
import Testing

/// Every batch op on every path, instruction set (native and emulated, ``KernelSets``) and thread count
/// meets its contract against the scalar reference (``Exactness/of(_:on:precision:)``).
@Suite struct BatchAgreementTests {
    static let threadCounts = [1, 2, 7]

    /// Runs `body` for every (instruction set, thread count) pair of the `.simd` path.
    func forEverySIMDConfiguration(_ body: (InstructionSet, Int) throws -> Void) rethrows {
        for level in KernelSets.runnable {
            for threads in Self.threadCounts { try body(level, threads) }
        }
    }

    func contract(_ operation: BatchOperation, _ path: BatchPath = .simd) -> Exactness { Exactness.of(operation, on: path)! }

    @Test func layoutsAreWhatTheKernelsRead() {
        #expect(MemoryLayout<Transform3D>.size == 128 && MemoryLayout<Transform3D>.stride == 128)
        #expect(MemoryLayout<SIMD3<Double>>.stride == 32 && MemoryLayout<SIMD2<Double>>.stride == 16)
        #expect(MemoryLayout<CGPoint>.stride == 16 && MemoryLayout<CGRect>.stride == 32 && MemoryLayout<Bool>.size == 1)
        #expect(MemoryLayout<Homography>.size == 72 && MemoryLayout<Int>.size == 8)
    }

    @Test(arguments: BatchInputs.sizes)
    func concatAllShapes(n: Int) throws {
        let a = BatchInputs.transforms(n, seed: 1), b = BatchInputs.transforms(n, seed: 2)
        let one = BatchInputs.transforms(7, seed: 3)[3]
        let pairwise = zip(a, b).map { $0.concatenating($1) }
        let manyByOne = a.map { $0.concatenating(one) }, oneByMany = b.map { one.concatenating($0) }
        for path in [BatchPath.scalar, .auto] {
            expectExact(try Batch.concat(a, b, options: BatchOptions(path: path)), pairwise, contract(.concatPairwise, path), "\(path)")
        }
        try forEverySIMDConfiguration { level, threads in
            let p = try Batch.concat(a, b, options: BatchOptions(path: .simd, threads: threads, instructionSet: level))
            let m = try Batch.concat(a, one, options: BatchOptions(path: .simd, threads: threads, instructionSet: level))
            let o = try Batch.concat(one, b, options: BatchOptions(path: .simd, threads: threads, instructionSet: level))
            expectExact(p, pairwise, contract(.concatPairwise), "pairwise, \(level), \(threads) threads")
            expectExact(m, manyByOne, contract(.concatManyByOne), "many-by-one, \(level), \(threads) threads")
            expectExact(o, oneByMany, contract(.concatOneByMany), "one-by-many, \(level), \(threads) threads")
            // In place.
            var inPlace = a
            try inPlace.withUnsafeMutableBufferPointer { p in
                try Batch.concat(UnsafeBufferPointer(p), one, into: p, options: BatchOptions(path: .simd, threads: threads, instructionSet: level))
            }
            expectExact(inPlace, manyByOne, contract(.concatManyByOne), "in place, \(level), \(threads) threads")
        }
    }

    @Test(arguments: BatchInputs.sizes)
    func invertGeneralAndAffine(n: Int) throws {
        let t = BatchInputs.transforms(n, seed: 4) + (0..<n).map { Transform3D(Transform2D(a: Double($0) + 0.5, b: 1, c: -2, d: 3, tx: 4, ty: 5)) }
        let reference = t.map { $0.invertedIfPossible() }
        let expected = zip(t, reference).map { $1 ?? $0 }, expectedMask = reference.map { $0 == nil }
        try forEverySIMDConfiguration { level, threads in
            for affine in [false, true] {
                var out = [Transform3D](repeating: Transform3D(), count: t.count), mask = [Bool](repeating: false, count: t.count)
                try t.withUnsafeBufferPointer { pt in
                    try out.withUnsafeMutableBufferPointer { po in
                        try mask.withUnsafeMutableBufferPointer { pm in
                            if affine { try Batch.invertAffine(pt, into: po, singular: pm, options: BatchOptions(path: .simd, threads: threads, instructionSet: level)) }
                            else { try Batch.invert(pt, into: po, singular: pm, options: BatchOptions(path: .simd, threads: threads, instructionSet: level)) }
                        }
                    }
                }
                expectExact(out, expected, contract(affine ? .invertAffine : .invert), "affine \(affine), \(level), \(threads) threads")
                #expect(mask == expectedMask, "affine \(affine), \(level), \(threads) threads")
            }
        }
        let (scalar, scalarMask) = try Batch.invert(t, options: .scalar)
        expectExact(scalar, expected, contract(.invert, .scalar))
        #expect(scalarMask == expectedMask)
    }

    @Test(arguments: BatchInputs.sizes)
    func affineRoundTrip(n: Int) throws {
        let t = BatchInputs.transforms(n, seed: 5)
        var isAffine = [Bool](repeating: false, count: n), parts = [Transform2D](repeating: Transform2D(), count: n)
        var back = [Transform3D](repeating: Transform3D(), count: n)
        for threads in Self.threadCounts {
            try t.withUnsafeBufferPointer { pt in
                try isAffine.withUnsafeMutableBufferPointer { pm in
                    try parts.withUnsafeMutableBufferPointer { pa in try Batch.affineParts(of: pt, isAffine: pm, affine: pa, options: BatchOptions(threads: threads)) }
                }
            }
            try parts.withUnsafeBufferPointer { pa in
                try back.withUnsafeMutableBufferPointer { pb in try Batch.makeTransforms(from: pa, into: pb, options: BatchOptions(threads: threads)) }
            }
            #expect(isAffine == t.map(\.isAffine))
            expectExact(parts, t.map(\.affineTransform), contract(.affineRoundTrip), "\(threads) threads")
            expectExact(back, parts.map { Transform3D($0) }, contract(.affineRoundTrip), "\(threads) threads")
        }
    }

    @Test(arguments: BatchInputs.sizes)
    func mapPoints3DAnd2D(n: Int) throws {
        let points = BatchInputs.points3(n, seed: 6)
        for m in BatchInputs.transforms(8, seed: 7) {
            let expected = points.map { m.mapPoint($0) }
            expectExact(try Batch.mapPoints(points, through: m, options: .scalar), expected, contract(.mapPoints3D, .scalar))
            try forEverySIMDConfiguration { level, threads in
                let mapped = try Batch.mapPoints(points, through: m, options: BatchOptions(path: .simd, threads: threads, instructionSet: level))
                expectExact(mapped, expected, contract(.mapPoints3D), "\(level), \(threads) threads")
            }
            let h = Homography(m), flat = points.map { SIMD2($0.x, $0.y) }
            let expected2 = flat.map { h.mapPoint($0) }
            try forEverySIMDConfiguration { level, threads in
                for path in [BatchPath.scalar, .simd, .auto] {
                    var out = [SIMD2<Double>](repeating: .zero, count: n)
                    try flat.withUnsafeBufferPointer { pf in
                        try out.withUnsafeMutableBufferPointer { po in
                            try Batch.mapPoints(pf, through: h, into: po, options: BatchOptions(path: path, threads: threads, instructionSet: level))
                        }
                    }
                    expectExact(out, expected2, contract(.mapPoints2D, path), "\(path), \(level), \(threads) threads")
                }
            }
        }
    }

    /// Homogeneous points (no divide): every path, level, precision and thread count against
    /// `Transform3D.mapHomogeneous`, in place too; `.blas` within the concat budget of each group of four.
    @Test(arguments: BatchInputs.sizes + [2, 6, 7, 8, 9])
    func homogeneousPointMaps(n: Int) throws {
        let points = BatchInputs.points3(n, seed: 11).enumerated().map { i, p in
            SIMD4(p, [1, 0, -0.0, 2.5, .nan, .infinity, Double.leastNormalMagnitude / 4][i % 7])
        }
        for m in BatchInputs.transforms(8, seed: 12) + Adversarial.matricesWithSpecialValues.enumerated().filter({ $0.offset % 37 == 0 }).map(\.element) {
            let expected = points.map { m.mapHomogeneous($0) }
            for options in [BatchOptions.scalar, .auto, .fast] {
                expectExact(try Batch.mapPoints(points, through: m, options: options), expected, .bitwise, "\(options)")
            }
            try forEverySIMDConfiguration { level, threads in
                for precision in BatchPrecision.allCases {
                    let options = BatchOptions(path: .simd, precision: precision, threads: threads, instructionSet: level)
                    expectExact(try Batch.mapPoints(points, through: m, options: options), expected, .bitwise, "\(options)")
                    var inPlace = points
                    try inPlace.withUnsafeMutableBufferPointer { p in
                        try Batch.mapPoints(UnsafeBufferPointer(p), through: m, into: p, options: options)
                    }
                    expectExact(inPlace, expected, .bitwise, "in place, \(options)")
                }
            }
            guard CBLAS.available != nil else { continue }
            let bounds = (0..<n).flatMap { i -> [Double] in
                guard i < n / 4 * 4 else { return [0, 0, 0, 0] }
                let group = i / 4 * 4, rows = (group..<group + 4).flatMap { [points[$0].x, points[$0].y, points[$0].z, points[$0].w] }
                return Array(ExactnessBudget.concat(Transform3D(elements: rows)!, m)[4 * (i % 4)..<4 * (i % 4) + 4])
            }
            expectExact(try Batch.mapPoints(points, through: m, options: .blas), expected, .budget, bounds: bounds)
        }
    }

    @Test func homogeneousPointMapsRefuseBadInputBeforeWriting() throws {
        let points = [SIMD4<Double>](repeating: SIMD4(1, 2, 3, 1), count: 6)
        var out = [SIMD4<Double>](repeating: SIMD4(9, 9, 9, 9), count: 5)
        for options in [BatchOptions.auto, BatchOptions(threads: 0)] {
            #expect(throws: BatchError.self) {
                try points.withUnsafeBufferPointer { p in
                    try out.withUnsafeMutableBufferPointer { o in try Batch.mapPoints(p, through: .identity, into: o, options: options) }
                }
            }
        }
        for count in [0, 3] {
            #expect(throws: BatchError.invalidThreadCount(0)) {
                try Batch.mapPoints(Array(points.prefix(count)), through: .identity, options: BatchOptions(threads: 0))
            }
        }
        #expect(out.allSatisfy { $0 == SIMD4(9, 9, 9, 9) })
    }

    @Test func stridedPointStreams() throws {
        // Points of 5 doubles (x, y, z, tag, tag) in, 3 doubles out: the stream model.
        let n = 37, m = BatchInputs.transforms(4, seed: 8)[1]
        let points = BatchInputs.points3(n, seed: 9)
        var input = [Double](repeating: -7, count: 5 * n), output = [Double](repeating: -9, count: 3 * n)
        for (i, p) in points.enumerated() { input[5 * i] = p.x; input[5 * i + 1] = p.y; input[5 * i + 2] = p.z }
        for path in [BatchPath.scalar, .simd] {
            try input.withUnsafeBytes { pin in
                try output.withUnsafeMutableBytes { pout in
                    try Batch.mapPoints(pin.baseAddress, inStride: 40, through: m, into: pout.baseAddress, outStride: 24, count: n, options: BatchOptions(path: path, threads: 3))
                }
            }
            for (i, p) in points.enumerated() {
                let q = m.mapPoint(p)
                #expect(exact(output[3 * i], q.x) && exact(output[3 * i + 1], q.y) && exact(output[3 * i + 2], q.z))
            }
        }
        #expect(input[3] == -7 && input[4] == -7)
    }

    @Test func stride32StreamsKeepTheFourthDouble() throws {
        // (x, y, z, tag) records in and out, in place and not: the tag is the caller's and must survive on
        // every path and instruction set (the contiguous SIMD3 form may write its padding, this may not).
        let n = 37, m = BatchInputs.transforms(4, seed: 8)[3]
        let points = BatchInputs.points3(n, seed: 10)
        var records = [Double](repeating: 0, count: 4 * n)
        for (i, p) in points.enumerated() { records[4 * i] = p.x; records[4 * i + 1] = p.y; records[4 * i + 2] = p.z; records[4 * i + 3] = Double(i) + 0.5 }
        for level in KernelSets.runnable {
            for path in [BatchPath.scalar, .simd, .auto] {
                var output = [Double](repeating: -9, count: 4 * n), inPlace = records
                for i in 0..<n { output[4 * i + 3] = -Double(i) }
                try records.withUnsafeBytes { pin in
                    try output.withUnsafeMutableBytes { pout in
                        try Batch.mapPoints(pin.baseAddress, inStride: 32, through: m, into: pout.baseAddress, outStride: 32, count: n, options: BatchOptions(path: path, threads: 2, instructionSet: level))
                    }
                }
                try inPlace.withUnsafeMutableBytes { p in
                    try Batch.mapPoints(UnsafeRawPointer(p.baseAddress), inStride: 32, through: m, into: p.baseAddress, outStride: 32, count: n, options: BatchOptions(path: path, threads: 2, instructionSet: level))
                }
                for (i, p) in points.enumerated() {
                    let q = m.mapPoint(p)
                    #expect(exact(output[4 * i], q.x) && exact(output[4 * i + 1], q.y) && exact(output[4 * i + 2], q.z))
                    #expect(output[4 * i + 3] == -Double(i) && inPlace[4 * i + 3] == Double(i) + 0.5, "\(level) \(path): tag \(i) overwritten")
                    #expect(exact(inPlace[4 * i], q.x) && exact(inPlace[4 * i + 2], q.z))
                }
            }
        }
    }

    @Test(arguments: [0, 1, 5, 17, 300])
    func decompositionKeyPathsAndBlend(n: Int) throws {
        let t = BatchInputs.transforms(n, seed: 10), u = BatchInputs.transforms(n, seed: 11)
        for threads in Self.threadCounts {
            for path in [BatchPath.scalar, .simd, .auto] {
                var d = [Transform3D.Decomposition?](repeating: nil, count: n), v = [TransformKeyPathValue](repeating: .number(0), count: n)
                var w = [Transform3D](repeating: Transform3D(), count: n), refused = [Bool](repeating: false, count: n)
                var blend = [Transform3D](repeating: Transform3D(), count: n)
                let values = (0..<n).map { TransformKeyPathValue.number(Double($0) / 10) }
                try t.withUnsafeBufferPointer { pt in
                    try d.withUnsafeMutableBufferPointer { try Batch.decompose(pt, into: $0, options: BatchOptions(path: path, threads: threads)) }
                    try v.withUnsafeMutableBufferPointer { try Batch.values(for: .rotationZ, of: pt, into: $0, options: BatchOptions(path: path, threads: threads)) }
                    try values.withUnsafeBufferPointer { pv in
                        try w.withUnsafeMutableBufferPointer { pw in
                            try refused.withUnsafeMutableBufferPointer { pr in
                                try Batch.setting(.scaleX, of: pt, to: pv, into: pw, refused: pr, options: BatchOptions(path: path, threads: threads))
                            }
                        }
                    }
                    try u.withUnsafeBufferPointer { pu in
                        try blend.withUnsafeMutableBufferPointer { try Batch.interpolate(from: pt, to: pu, fraction: 0.3, into: $0, options: BatchOptions(path: path, threads: threads)) }
                    }
                }
                // A prepared plan, each pair at its own fraction: chunks that start inside a group of records.
                let fractions = (0..<n).map { 0.1 + Double($0 % 7) / 8 }
                let prepared = try Batch.interpolate(InterpolationPlan(from: t, to: u), fractions: fractions, options: BatchOptions(path: path, threads: threads))
                #expect(d == t.map { $0.decomposed() })
                #expect(v == t.map { $0.value(for: .rotationZ) })
                for i in 0..<n {
                    let written = try? t[i].setting(.scaleX, to: values[i])
                    #expect(w[i].matches(written ?? t[i]) && refused[i] == (written == nil))
                    #expect(blend[i].matches(t[i].interpolated(to: u[i], fraction: 0.3)))
                    #expect(prepared[i].matches(t[i].interpolated(to: u[i], fraction: fractions[i])), "\(path), \(threads) threads: prepared pair \(i)")
                }
            }
        }
    }
}

extension BatchAgreementTests {
    /// A batch above the measured threading thresholds with `threads: nil` (auto) equals the reference,
    /// through the array forms of every operation.
    /// Key-path writes and blends may write over their inputs: the rare lanes, refusals and fallbacks are
    /// computed before the kernels write, so in-place results equal the out-of-place ones bit for bit.
    @Test(arguments: [BatchPath.scalar, .simd])
    func keyPathWritesAndBlendsInPlace(_ path: BatchPath) throws {
        let t = BatchInputs.transforms(600, seed: 61) + DecompositionCases.all, u = Array(t.reversed())
        let values = t.indices.map { i -> TransformKeyPathValue in [.number(0.5), .number(1e7), .number(.nan), .size(width: 1, height: 1)][i % 4] }
        let expectedWrite = try Batch.setting(.rotationZ, of: t, to: values, options: .scalar).transforms
        var inPlace = t
        try inPlace.withUnsafeMutableBufferPointer { m in
            try values.withUnsafeBufferPointer { v in
                try Batch.setting(.rotationZ, of: UnsafeBufferPointer(m), to: v, into: m, options: BatchOptions(path: path))
            }
        }
        #expect(exact(inPlace, expectedWrite))
        for fraction in [0.25, 0.75, -3.0] {
            let expected = zip(t, u).map { $0.interpolated(to: $1, fraction: fraction) }
            var blended = t
            try blended.withUnsafeMutableBufferPointer { m in
                try u.withUnsafeBufferPointer { b in
                    try Batch.interpolate(from: UnsafeBufferPointer(m), to: b, fraction: fraction, into: m, options: BatchOptions(path: path))
                }
            }
            #expect(exact(blended, expected))
        }
    }

    /// Each operation gets a count just above its own threshold (the transform operations share one, the
    /// point map has its own), so no operation runs at a multiple of its threshold.
    @Test func aboveTheThreadingThresholdThroughArrayForms() throws {
        let thresholds = Batch.tuning.threadingThreshold
        let transformOperations: [BatchOperation] = [.concatPairwise, .invertAffine, .affineRoundTrip]
        let n = (transformOperations.compactMap { thresholds[$0] } + [1_000]).max()! + 1
        let pointCount = max(thresholds[.mapPoints2D] ?? 1_000, 1_000) + 1
        let t = BatchInputs.transforms(n, seed: 41), u = BatchInputs.transforms(n, seed: 42)
        #expect(transformOperations.allSatisfy { operation in thresholds[operation].map { n > $0 } ?? true })
        #expect(exact(try Batch.concat(t, u), zip(t, u).map { $0.concatenating($1) }))
        let (inverses, singular) = try Batch.invertAffine(t)
        #expect(exact(inverses, t.map { $0.inverted() }, contract(.invertAffine)) && singular == t.map { $0.invertedIfPossible() == nil })
        let (flags, parts) = try Batch.affineParts(of: t)
        #expect(flags == t.map(\.isAffine) && zip(parts, t).allSatisfy { $0.matches($1.affineTransform) })
        #expect(exact(try Batch.makeTransforms(from: parts), parts.map { Transform3D($0) }))
        let small = Array(t.prefix(3000)), other = Array(u.prefix(3000))
        #expect(try Batch.decompose(small) == small.map { $0.decomposed() })
        #expect(try Batch.values(for: .scale, of: small) == small.map { $0.value(for: .scale) })
        let written = try Batch.setting(.translation, of: small, to: small.map { _ in .size(width: 1, height: 2) })
        #expect(exact(written.transforms, small.map { (try? $0.setting(.translation, to: .size(width: 1, height: 2))) ?? $0 }))
        #expect(exact(try Batch.interpolate(from: small, to: other, fraction: 0.7), zip(small, other).map { $0.interpolated(to: $1, fraction: 0.7) }))
        let h = Homography(t[5]), flat = BatchInputs.points3(pointCount, seed: 43).map { SIMD2($0.x, $0.y) }
        let mapped = try Batch.mapPoints(flat, through: h)
        #expect(zip(mapped, flat).allSatisfy { exact($0.x, h.mapPoint($1).x) && exact($0.y, h.mapPoint($1).y) })
    }
}

/// Bulk autoresizing: every path and thread count gives the reference's rects, bit for bit; bad input
/// throws before anything is written or leaves frames as they are.
@Suite struct BatchAutoresizeTests {
    @Test(arguments: [0, 1, 7, 1000, 4099])
    func everyPathAndThreadCountAgrees(n: Int) throws {
        let (frames, masks) = BatchInputs.autoresizing(n, seed: 61)
        let old = CGSize(width: 800, height: 600), new = CGSize(width: 1024.5, height: 300)
        let reference = zip(frames, masks).map { LayerAutoresizing.resizedFrame($0, mask: $1, oldSuperlayerSize: old, newSuperlayerSize: new) ?? $0 }
        for (path, threads) in [(BatchPath.scalar, 1), (.scalar, 2), (.simd, 1), (.simd, 2), (.auto, nil)] as [(BatchPath, Int?)] {
            let out = try Batch.autoresize(frames, masks: masks, oldSuperlayerSize: old, newSuperlayerSize: new, options: BatchOptions(path: path, threads: threads))
            #expect(out.exactnessValues.map(\.bitPattern) == reference.exactnessValues.map(\.bitPattern), "\(path), \(threads.map(String.init) ?? "auto") threads")
        }
    }

    @Test func badInputThrowsOrKeepsTheFrames() throws {
        let (frames, masks) = BatchInputs.autoresizing(10, seed: 62)
        #expect(throws: BatchError.self) {
            _ = try Batch.autoresize(frames, masks: Array(masks.dropLast()), oldSuperlayerSize: .zero, newSuperlayerSize: .zero)
        }
        #expect(throws: BatchError.self) {
            _ = try Batch.autoresize(frames, masks: masks, oldSuperlayerSize: .zero, newSuperlayerSize: .zero, options: .blas)
        }
        var out = [CGRect](repeating: CGRect(x: 1, y: 2, width: 3, height: 4), count: 9)
        #expect(throws: BatchError.self) {
            try frames.withUnsafeBufferPointer { f in
                try masks.withUnsafeBufferPointer { m in
                    try out.withUnsafeMutableBufferPointer { o in
                        try Batch.autoresize(f, masks: m, oldSuperlayerSize: .zero, newSuperlayerSize: CGSize(width: 5, height: 5), into: o)
                    }
                }
            }
        }
        #expect(out.allSatisfy { $0 == CGRect(x: 1, y: 2, width: 3, height: 4) })
        for size in [CGSize(width: CGFloat.nan, height: 1), CGSize(width: 1, height: CGFloat.infinity)] {
            let kept = try Batch.autoresize(frames, masks: masks, oldSuperlayerSize: CGSize(width: 10, height: 10), newSuperlayerSize: size, options: .simd)
            #expect(kept.exactnessValues.map(\.bitPattern) == frames.exactnessValues.map(\.bitPattern))
        }
    }
}
