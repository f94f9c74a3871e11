import CAMathCore
import _CAMathKernels

/// The kernels' records of decompositions: `CAMATH_PARTS` (20) fields — translation, scale, skew,
/// perspective, Euler angles, quaternion, in `Transform3D.Decomposition`'s order — stored field-major, field
/// `f` of element `j` at `records[f·stride + j]`.
extension Transform3D.Decomposition {
    /// The decomposition of element `j` of `records`.
    init(records p: UnsafePointer<Double>, stride s: Int, _ j: Int) {
        func f(_ k: Int) -> Double { p[k * s + j] }
        self.init(
            translation: SIMD3(f(0), f(1), f(2)), scale: SIMD3(f(3), f(4), f(5)), skew: SIMD3(f(6), f(7), f(8)),
            perspective: SIMD4(f(9), f(10), f(11), f(12)), rotation: SIMD3(f(13), f(14), f(15)),
            quaternion: Quaternion(x: f(16), y: f(17), z: f(18), w: f(19)))
    }

    /// Stores the `count` decompositions of `records` at `out` as `.some`, element by element: its 20 fields
    /// at their offsets, then its tag byte (0: `.some`). Assigning an optional of 193 bytes costs a `memmove`
    /// call per element; reading the layout (two lazily initialised statics) once per block rather than per
    /// element matters too. The stores follow the optional's layout — the
    /// payload, then one tag byte — which ``optionalLayoutIsPayloadThenTag`` confirms once; without it these are
    /// plain assignments. The caller overwrites the elements the kernel did not decompose.
    static func store(records p: UnsafePointer<Double>, stride s: Int, count: Int, to out: UnsafeMutablePointer<Self?>) {
        guard optionalLayoutIsPayloadThenTag else {
            for j in 0..<count { out[j] = Self(records: p, stride: s, j) }
            return
        }
        let raw = UnsafeMutableRawPointer(out), size = MemoryLayout<Self?>.stride, tag = MemoryLayout<Self>.size
        fieldOffsets.withUnsafeBufferPointer { offsets in
            var element = raw
            for j in 0..<count {
                for f in 0..<Int(CAMATH_PARTS) { (element + offsets[f]).storeBytes(of: p[f &* s &+ j], as: Double.self) }
                element.storeBytes(of: 0, toByteOffset: tag, as: UInt8.self)
                element += size
            }
        }
    }

    /// The byte offset of each record field in a decomposition.
    static let fieldOffsets: [Int] = {
        let d = Self(
            translation: SIMD3(0, 1, 2), scale: SIMD3(3, 4, 5), skew: SIMD3(6, 7, 8), perspective: SIMD4(9, 10, 11, 12),
            rotation: SIMD3(13, 14, 15), quaternion: Quaternion(x: 16, y: 17, z: 18, w: 19))
        return withUnsafeBytes(of: d) { bytes in
            (0..<Int(CAMATH_PARTS)).map { f in
                (0..<MemoryLayout<Self>.size / 8).first { bytes.load(fromByteOffset: 8 * $0, as: Double.self) == Double(f) }.map { 8 * $0 }
                    ?? -1
            }
        }
    }()

    /// Whether `Self?` is the payload followed by a tag byte that is 0 for `.some` and 1 for `.none`, and every
    /// field was found: checked once on real values.
    static let optionalLayoutIsPayloadThenTag: Bool = {
        guard MemoryLayout<Self?>.size == MemoryLayout<Self>.size + 1, !fieldOffsets.contains(-1) else { return false }
        let d = Self(records: [Double](repeating: 1, count: Int(CAMATH_PARTS)), stride: 1, 0)
        let some: Self? = d, none: Self? = nil
        let tagOfSome = withUnsafeBytes(of: some) { $0[MemoryLayout<Self>.size] }
        let tagOfNone = withUnsafeBytes(of: none) { $0[MemoryLayout<Self>.size] }
        return tagOfSome == 0 && tagOfNone == 1
    }()
}

/// What a decomposition kernel says of one lane.
package enum DecompositionStatus: UInt8 {
    case decomposed = 0, undecomposable = 1, needsReference = 2
}

/// Per-block scratch for the decomposition kernels: two records (field-major, ``stride`` apart), a pair record
/// and a perspective record, a matrix and two statuses per element, and a slow flag, a method and a mark per
/// element.
package struct DecompositionScratch {
    /// The records' stride: the elements the scratch holds — a whole `Batch.block`, or fewer (a multiple of 16) for
    /// a smaller range.
    package let stride: Int
    package let first: UnsafeMutablePointer<Double>, second: UnsafeMutablePointer<Double>, matrices: UnsafeMutablePointer<Double>
    package let firstStatus: UnsafeMutablePointer<UInt8>, secondStatus: UnsafeMutablePointer<UInt8>
    package let slow: UnsafeMutablePointer<UInt8>, methods: UnsafeMutablePointer<UInt8>, marks: UnsafeMutablePointer<UInt8>
    /// One fraction per element of the block, for the interpolation kernel.
    package let fractions: UnsafeMutablePointer<Double>
    /// One pair record and one perspective record per element of the block: the pairs of the decompositions
    /// in ``first`` and ``second``.
    package let pairs: PairRecords

    /// Runs `body` on the blocks of `range` with one scratch for all: pieces of at most `Batch.block` elements that
    /// never cross a multiple of `Batch.block`. The scratch holds the longest piece, rounded up to 16 elements: a
    /// whole block takes ~190 KB, which a call on a few elements would otherwise allocate (and, past the
    /// allocator's threshold for mapped memory, map, fault in and unmap) for nothing.
    package static func blocks(of range: Range<Int>, _ body: (Range<Int>, DecompositionScratch) -> Void) {
        let e = min(Batch.block, (range.count + 15) & ~15), parts = Int(CAMATH_PARTS) * e, pairs = PairRecords.fields * e
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * parts + pairs + (17 + PairRecords.perspectiveFields) * e) { doubles in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 5 * e) { bytes in
                let d = doubles.baseAddress!, b = bytes.baseAddress!
                let scratch = DecompositionScratch(
                    stride: e, first: d, second: d + parts, matrices: d + 2 * parts, firstStatus: b,
                    secondStatus: b + e, slow: b + 2 * e, methods: b + 3 * e, marks: b + 4 * e,
                    fractions: d + 2 * parts + 16 * e,
                    pairs: PairRecords(records: d + 2 * parts + 17 * e, perspectives: d + 2 * parts + 17 * e + pairs))
                pieces(of: range) { body($0, scratch) }
            }
        }
    }

    /// The pieces of `range` that ``blocks(of:_:)`` visits, without a scratch: at most `Batch.block` elements,
    /// never across a multiple of `Batch.block`.
    package static func pieces(of range: Range<Int>, _ body: (Range<Int>) -> Void) {
        var start = range.lowerBound
        while start < range.upperBound {
            let end = min((start / Batch.block + 1) * Batch.block, range.upperBound)
            body(start..<end)
            start = end
        }
    }

    /// Keeps `t` as the result of element `j` (a lane the kernel does not cover), in ``matrices``.
    package func keep(_ t: Transform3D, _ j: Int) {
        UnsafeMutableRawPointer(matrices + 16 * j).storeBytes(of: t, as: Transform3D.self)
    }

    /// Copies the kept results of the marked elements of the block to `out` (after the kernel wrote the block).
    package func copyKept(count: Int, into out: UnsafeMutablePointer<Transform3D>) {
        forEachMarked(marks, count: count) { j in
            UnsafeMutableRawPointer(out + j).copyMemory(from: matrices + 16 * j, byteCount: 128)
        }
    }

    /// The status of element `j` of the block in `statuses`.
    package func status(_ statuses: UnsafeMutablePointer<UInt8>, _ j: Int) -> DecompositionStatus {
        DecompositionStatus(rawValue: statuses[j]) ?? .needsReference
    }
}

extension Transform3D.DecompositionMethod {
    /// The kernels' code: 0 key paths, 1 interpolation 3-D, 2 interpolation 2-D.
    var kernelCode: Int32 {
        switch self {
        case .keyPaths: 0
        case .interpolation3D: 1
        case .interpolation2D: 2
        }
    }
}

extension TransformKeyPath {
    /// The key path's value in element `j` of `records`, as `Transform3D.Decomposition.value(for:)` reads it
    /// from a decomposition, without building one (building it first: 13.9 instead of 18.7 Mops/s for a batch
    /// read, Zen 4, AVX-512, N = 1e3). The tests hold the two to the same bits.
    func read(_ records: UnsafePointer<Double>, stride s: Int, _ j: Int) -> TransformKeyPathValue {
        let c = components(records, stride: s, j)
        return c.isSize ? .size(width: c.a, height: c.b) : .number(c.a)
    }

    /// ``read(_:stride:_:)``'s value as its components: a number `a`, or the size `(a, b)` (`translation`), so a
    /// batch can store it without building the 129-byte enum (``KeyPathValueLayout``).
    @inline(__always)
    func components(_ records: UnsafePointer<Double>, stride s: Int, _ j: Int) -> (isSize: Bool, a: Double, b: Double) {
        func f(_ k: Int) -> Double { records[k * s + j] }
        switch self {
        case .rotationX: return (false, f(13), 0)
        case .rotationY: return (false, f(14), 0)
        case .rotationZ, .rotation: return (false, f(15), 0)
        case .scaleX: return (false, f(3), 0)
        case .scaleY: return (false, f(4), 0)
        case .scaleZ: return (false, f(5), 0)
        case .scale: return (false, (f(3) + f(4) + f(5)) / 3, 0)
        case .translationX: return (false, f(0), 0)
        case .translationY: return (false, f(1), 0)
        case .translationZ: return (false, f(2), 0)
        case .translation: return (true, f(0), f(1))
        }
    }

    /// Writes `value` into element `j` of `records` as `Transform3D.Decomposition.replacing(_:with:)` writes it
    /// into a decomposition (`scale` all three scales, `translation` `tx, ty`); `false`, with nothing written,
    /// when the value's kind does not fit or a component is not finite. The tests hold the two to the same bits.
    func write(_ value: UnsafePointer<TransformKeyPathValue>, to records: UnsafeMutablePointer<Double>, stride s: Int, _ j: Int) -> Bool {
        switch value.pointee {
        case .number(let v) where self != .translation && v.isFinite:
            let fields: Range<Int> =
                switch self {
                case .rotationX: 13..<14
                case .rotationY: 14..<15
                case .rotationZ, .rotation: 15..<16
                case .scaleX: 3..<4
                case .scaleY: 4..<5
                case .scaleZ: 5..<6
                case .scale: 3..<6
                case .translationX: 0..<1
                case .translationY: 1..<2
                case .translationZ, .translation: 2..<3
                }
            for f in fields { records[f * s + j] = v }
            return true
        case .size(let w, let h) where self == .translation && w.isFinite && h.isFinite:
            records[j] = w
            records[s + j] = h
            return true
        default:
            return false
        }
    }
}
