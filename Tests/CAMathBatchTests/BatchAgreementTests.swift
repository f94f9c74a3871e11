@_spi(Benchmarks) import CAMath
import _CAMathTestSupport
import Foundation
import Testing

/// What the catalogue (`CatalogueTests`) does not vary: the memory layouts the kernels read, strided point
/// streams, in-place key-path writes and blends, the array forms above the threading thresholds, and bad input.
@Suite struct BatchAgreementTests {
    func contract(_ operation: BatchOperation, _ path: BatchPath = .simd) -> Exactness { Exactness.of(operation, on: path)! }

    @Test func layoutsAreWhatTheKernelsRead() {
        #expect(MemoryLayout<Transform3D>.size == 128 && MemoryLayout<Transform3D>.stride == 128)
        #expect(MemoryLayout<SIMD3<Double>>.stride == 32 && MemoryLayout<SIMD2<Double>>.stride == 16)
        #expect(MemoryLayout<CGPoint>.stride == 16 && MemoryLayout<CGRect>.stride == 32 && MemoryLayout<Bool>.size == 1)
        #expect(MemoryLayout<Homography>.size == 72 && MemoryLayout<Int>.size == 8)
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
                    try Batch.mapPoints(
                        pin.baseAddress, inStride: 40, through: m, into: pout.baseAddress, outStride: 24, count: n,
                        options: BatchOptions(path: path, threads: 3))
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
        for (i, p) in points.enumerated() {
            records[4 * i] = p.x; records[4 * i + 1] = p.y; records[4 * i + 2] = p.z; records[4 * i + 3] = Double(i) + 0.5
        }
        for level in KernelSets.runnable {
            for path in [BatchPath.scalar, .simd, .auto] {
                var output = [Double](repeating: -9, count: 4 * n), inPlace = records
                for i in 0..<n { output[4 * i + 3] = -Double(i) }
                try records.withUnsafeBytes { pin in
                    try output.withUnsafeMutableBytes { pout in
                        try Batch.mapPoints(
                            pin.baseAddress, inStride: 32, through: m, into: pout.baseAddress, outStride: 32, count: n,
                            options: BatchOptions(path: path, threads: 2, instructionSet: level))
                    }
                }
                try inPlace.withUnsafeMutableBytes { p in
                    try Batch.mapPoints(
                        UnsafeRawPointer(p.baseAddress), inStride: 32, through: m, into: p.baseAddress, outStride: 32, count: n,
                        options: BatchOptions(path: path, threads: 2, instructionSet: level))
                }
                for (i, p) in points.enumerated() {
                    let q = m.mapPoint(p)
                    #expect(exact(output[4 * i], q.x) && exact(output[4 * i + 1], q.y) && exact(output[4 * i + 2], q.z))
                    #expect(
                        output[4 * i + 3] == -Double(i) && inPlace[4 * i + 3] == Double(i) + 0.5, "\(level) \(path): tag \(i) overwritten")
                    #expect(exact(inPlace[4 * i], q.x) && exact(inPlace[4 * i + 2], q.z))
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
        let values = t.indices.map { i -> TransformKeyPathValue in
            [.number(0.5), .number(1e7), .number(.nan), .size(width: 1, height: 1)][i % 4]
        }
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
                    try Batch.interpolate(
                        from: UnsafeBufferPointer(m), to: b, fraction: fraction, into: m, options: BatchOptions(path: path))
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
        #expect(
            exact(
                try Batch.interpolate(from: small, to: other, fraction: 0.7),
                zip(small, other).map { $0.interpolated(to: $1, fraction: 0.7) }))
        let h = Homography(t[5]), flat = BatchInputs.points3(pointCount, seed: 43).map { SIMD2($0.x, $0.y) }
        let mapped = try Batch.mapPoints(flat, through: h)
        #expect(zip(mapped, flat).allSatisfy { exact($0.x, h.mapPoint($1).x) && exact($0.y, h.mapPoint($1).y) })
    }
}

/// Bulk autoresizing: every path and thread count gives the reference's rects, bit for bit; bad input
/// throws before anything is written or leaves frames as they are.
@Suite struct BatchAutoresizeTests {
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
            let kept = try Batch.autoresize(
                frames, masks: masks, oldSuperlayerSize: CGSize(width: 10, height: 10), newSuperlayerSize: size, options: .simd)
            #expect(kept.exactnessValues.map(\.bitPattern) == frames.exactnessValues.map(\.bitPattern))
        }
    }
}
