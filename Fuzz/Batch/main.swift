@_spi(Benchmarks) import CAMath
import CAMathFuzzDriver
@_spi(Benchmarks) import CAMathFuzzSupport
import Foundation

// Batch operations on fuzz-built buffers: mismatched counts and bad strides must throw without writing; and
// one catalogue entry per input, on inputs drawn from the bytes, must meet its contract on the configuration
// the bytes choose (level, precision, thread count).
func fuzzBatch(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let n = input.int(below: 40), m = input.byte() % 8 == 0 ? input.int(below: 40) : n
    let a = (0..<n).map { _ in input.transform() }, b = (0..<m).map { _ in input.transform() }
    let one = input.transform(), options = input.configuration(), threads = options.threads ?? 1
    let points = (0..<n).map { _ in SIMD3(input.double(), input.double(), input.double()) }
    // Mismatched counts: an error, and the output untouched.
    var out = [Transform3D](repeating: Transform3D(scaleX: 7, y: 7, z: 7), count: n)
    let sentinel = out
    let mismatch = a.withUnsafeBufferPointer { pa in
        b.withUnsafeBufferPointer { pb in
            out.withUnsafeMutableBufferPointer { po in
                Result { () throws(BatchError) in try Batch.concat(pa, pb, into: po, options: BatchOptions(path: .simd, threads: threads)) }
            }
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
    for (i, p) in points.enumerated() where stride >= 24 {
        raw[i * stride / 8] = p.x; raw[i * stride / 8 + 1] = p.y; raw[i * stride / 8 + 2] = p.z
    }
    var mapped = [Double](repeating: 0, count: max(1, n * 6))
    let strided = raw.withUnsafeBytes { r in
        mapped.withUnsafeMutableBytes { w in
            Result { () throws(BatchError) in
                try Batch.mapPoints(
                    r.baseAddress, inStride: stride, through: one, into: w.baseAddress, outStride: stride, count: n,
                    options: BatchOptions(path: .simd, threads: threads))
            }
        }
    }
    if stride < 24 { guard case .failure(.invalidStride) = strided else { preconditionFailure("a bad stride did not throw") } }
    // Every operation of the catalogue, one per input (the next bytes choose it), on inputs drawn from the rest.
    var source: any CatalogueSource = input
    let entry = BatchCatalogue.entries[source.int(below: BatchCatalogue.entries.count)]
    requireContract(entry.generated(count: n, from: &source), on: options)
    if case .success = strided,
        let contiguous = try? Batch.mapPoints(points, through: one, options: BatchOptions(path: .scalar, threads: 1))
    {
        for (i, q) in contiguous.enumerated() {
            let base = i * stride / 8
            requireExact([mapped[base], mapped[base + 1], mapped[base + 2]], [q.x, q.y, q.z], .bitwise, "strided point \(i)")
            if stride >= 32 { precondition(mapped[base + 3] == 0, "a strided map wrote past the three doubles of a record") }
        }
    }
    return 0
}

exit(camath_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in fuzzBatch(data!, size) })
