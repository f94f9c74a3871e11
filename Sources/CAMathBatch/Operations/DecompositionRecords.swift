import CAMathCore
import CAMathKernels

/// The kernels' record of a decomposition: `CAMATH_PARTS` (20) doubles — translation, scale, skew,
/// perspective, Euler angles, quaternion — in ``Transform3D/Decomposition``'s field order.
extension Transform3D.Decomposition {
    /// The decomposition in the record at `p`.
    init(record p: UnsafePointer<Double>) {
        self.init(translation: SIMD3(p[0], p[1], p[2]), scale: SIMD3(p[3], p[4], p[5]), skew: SIMD3(p[6], p[7], p[8]),
                  perspective: SIMD4(p[9], p[10], p[11], p[12]), rotation: SIMD3(p[13], p[14], p[15]),
                  quaternion: Quaternion(x: p[16], y: p[17], z: p[18], w: p[19]))
    }
}

/// What a decomposition kernel says of one lane.
enum DecompositionStatus: UInt8 {
    case decomposed = 0, undecomposable = 1, needsReference = 2
}

/// Per-block scratch for the decomposition kernels: two parts records, a matrix and two statuses per element,
/// and a slow flag, a method and a mark per element.
struct DecompositionScratch {
    static let block = 256
    let first: UnsafeMutablePointer<Double>, second: UnsafeMutablePointer<Double>, matrices: UnsafeMutablePointer<Double>
    let firstStatus: UnsafeMutablePointer<UInt8>, secondStatus: UnsafeMutablePointer<UInt8>
    let slow: UnsafeMutablePointer<UInt8>, methods: UnsafeMutablePointer<UInt8>, marks: UnsafeMutablePointer<UInt8>

    /// Runs `body` on the blocks of `range` (at most ``block`` elements each) with one scratch for all.
    static func blocks(of range: Range<Int>, _ body: (Range<Int>, DecompositionScratch) -> Void) {
        let parts = Int(CAMATH_PARTS) * block
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * parts + 16 * block) { doubles in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 5 * block) { bytes in
                let d = doubles.baseAddress!, b = bytes.baseAddress!
                let scratch = DecompositionScratch(first: d, second: d + parts, matrices: d + 2 * parts, firstStatus: b, secondStatus: b + block,
                                                   slow: b + 2 * block, methods: b + 3 * block, marks: b + 4 * block)
                var start = range.lowerBound
                while start < range.upperBound {
                    let end = min(start + block, range.upperBound)
                    body(start..<end, scratch)
                    start = end
                }
            }
        }
    }

    /// Keeps `t` as the result of element `j` (a lane the kernel does not cover), in ``matrices``.
    func keep(_ t: Transform3D, _ j: Int) {
        UnsafeMutableRawPointer(matrices + 16 * j).storeBytes(of: t, as: Transform3D.self)
    }

    /// Copies the kept results of the marked elements of the block to `out` (after the kernel wrote the block).
    func copyKept(count: Int, into out: UnsafeMutablePointer<Transform3D>) {
        for j in 0..<count where marks[j] != 0 {
            UnsafeMutableRawPointer(out + j).copyMemory(from: matrices + 16 * j, byteCount: 128)
        }
    }

    /// Writes `d` as the record of element `j` in `records`.
    func write(_ d: Transform3D.Decomposition, to records: UnsafeMutablePointer<Double>, _ j: Int) {
        let p = records + Int(CAMATH_PARTS) * j
        (p[0], p[1], p[2]) = (d.translation.x, d.translation.y, d.translation.z)
        (p[3], p[4], p[5]) = (d.scale.x, d.scale.y, d.scale.z)
        (p[6], p[7], p[8]) = (d.skew.x, d.skew.y, d.skew.z)
        (p[9], p[10], p[11], p[12]) = (d.perspective.x, d.perspective.y, d.perspective.z, d.perspective.w)
        (p[13], p[14], p[15]) = (d.rotation.x, d.rotation.y, d.rotation.z)
        (p[16], p[17], p[18], p[19]) = (d.quaternion.x, d.quaternion.y, d.quaternion.z, d.quaternion.w)
    }

    /// The status of element `j` of the block in `statuses`.
    func status(_ statuses: UnsafeMutablePointer<UInt8>, _ j: Int) -> DecompositionStatus {
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
