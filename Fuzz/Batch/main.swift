@_spi(Benchmarks) import CAMath
import CAMathFuzzDriver
import CAMathFuzzSupport
import Foundation

// Batch operations on fuzz-built buffers: mismatched counts and bad strides must throw without
// writing; otherwise `.simd` (1 and 2 threads) must return exactly what `.scalar` returns.
func fuzzBatch(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let n = input.int(below: 40), m = input.byte() % 8 == 0 ? input.int(below: 40) : n
    let a = (0..<n).map { _ in input.transform() }, b = (0..<m).map { _ in input.transform() }
    let one = input.transform(), threads = 1 + input.int(below: 3)
    let points = (0..<n).map { _ in SIMD3(input.double(), input.double(), input.double()) }
    // Mismatched counts: an error, and the output untouched.
    var out = [Transform3D](repeating: Transform3D(scaleX: 7, y: 7, z: 7), count: n)
    let sentinel = out
    let mismatch = a.withUnsafeBufferPointer { pa in
        b.withUnsafeBufferPointer { pb in
            out.withUnsafeMutableBufferPointer { po in Result { () throws(BatchError) in try Batch.concat(pa, pb, into: po, options: BatchOptions(path: .simd, threads: threads)) } }
        }
    }
    if n != m {
        guard case .failure(.countMismatch) = mismatch else { preconditionFailure("mismatched counts did not throw") }
        precondition(out.map(\.elements) == sentinel.map(\.elements), "a refused call wrote")
        return 0
    }
    // Strided streams: strides below 24 bytes throw; others map like the contiguous form.
    let stride = 8 * input.int(below: 6)
    var raw = [Double](repeating: 0, count: max(1, n * 6))
    for (i, p) in points.enumerated() where stride >= 24 { raw[i * stride / 8] = p.x; raw[i * stride / 8 + 1] = p.y; raw[i * stride / 8 + 2] = p.z }
    var mapped = [Double](repeating: 0, count: max(1, n * 6))
    let strided = raw.withUnsafeBytes { r in
        mapped.withUnsafeMutableBytes { w in
            Result { () throws(BatchError) in
                try Batch.mapPoints(r.baseAddress, inStride: stride, through: one, into: w.baseAddress, outStride: stride, count: n, options: BatchOptions(path: .simd, threads: threads))
            }
        }
    }
    if stride < 24 { guard case .failure(.invalidStride) = strided else { preconditionFailure("a bad stride did not throw") } }
    func agree(_ operation: BatchOperation, _ run: (BatchPath, Int, InstructionSet) throws -> [Double]) {
        requireSIMDMeetsContract(operation, threads: [1, threads], run)
    }
    agree(.concatPairwise) { p, t, s in try Batch.concat(a, b, options: BatchOptions(path: p, threads: t, instructionSet: s)).flatMap(\.elements) }
    agree(.concatManyByOne) { p, t, s in try Batch.concat(a, one, options: BatchOptions(path: p, threads: t, instructionSet: s)).flatMap(\.elements) }
    agree(.concatOneByMany) { p, t, s in try Batch.concat(one, b, options: BatchOptions(path: p, threads: t, instructionSet: s)).flatMap(\.elements) }
    agree(.invert) { p, t, s in
        let r = try Batch.invert(a, options: BatchOptions(path: p, threads: t, instructionSet: s))
        return r.inverses.flatMap(\.elements) + r.singular.map { $0 ? 1 : 0 }
    }
    agree(.invertAffine) { p, t, s in
        let r = try Batch.invertAffine(a, options: BatchOptions(path: p, threads: t, instructionSet: s))
        return r.inverses.flatMap(\.elements) + r.singular.map { $0 ? 1 : 0 }
    }
    agree(.affineRoundTrip) { p, t, _ in
        let r = try Batch.affineParts(of: a, options: BatchOptions(path: p, threads: t))
        return r.affine.flatMap { [$0.a, $0.b, $0.c, $0.d, $0.tx, $0.ty] } + r.isAffine.map { $0 ? 1 : 0 }
    }
    agree(.mapPoints3D) { p, t, s in try Batch.mapPoints(points, through: one, options: BatchOptions(path: p, threads: t, instructionSet: s)).flatMap { [$0.x, $0.y, $0.z] } }
    agree(.mapPoints2D) { p, t, s in
        try Batch.mapPoints(points.map { SIMD2($0.x, $0.y) }, through: Homography(one), options: BatchOptions(path: p, threads: t, instructionSet: s)).flatMap { [$0.x, $0.y] }
    }
    if case .success = strided, let contiguous = try? Batch.mapPoints(points, through: one, options: BatchOptions(path: .scalar, threads: 1)) {
        for (i, q) in contiguous.enumerated() {
            let base = i * stride / 8
            requireExact([mapped[base], mapped[base + 1], mapped[base + 2]], [q.x, q.y, q.z], .bitwise, "strided point \(i)")
            if stride >= 32 { precondition(mapped[base + 3] == 0, "a strided map wrote past the three doubles of a record") }
        }
    }
    return 0
}

exit(camath_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in fuzzBatch(data!, size) })
