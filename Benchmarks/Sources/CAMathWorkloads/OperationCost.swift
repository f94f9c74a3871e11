@_spi(Benchmarks) import CAMath

/// What one item of an operation costs in the reference's formulas, counted from the source (CAMathCore's *Conventions* article–2
/// and the kernels that follow it): lane multiplies and adds, lane divisions and square roots, and bytes moved
/// to and from memory. The roofline of an operation is the least of the three bounds these give against
/// ``MachineLimits``: compute, the divider (divisions and square roots share it) and memory.
package struct OperationCost: Codable, Sendable, Equatable {
    /// Multiplies plus adds (subtractions count as adds) per item.
    package var mulAdds: Int
    /// Divisions per item.
    package var divisions: Int
    /// Distinct divisors per item (one determinant per inverse, one W per point or frame corner): the
    /// divisions of code that multiplies by reciprocals.
    package var divisors: Int
    /// Bytes read and bytes written per item, in the buffers the batch API takes.
    package var bytesRead: Int, bytesWritten: Int
    /// Whether the multiplies and adds may fuse (the `fast` path and the baselines): the compute bound is
    /// then the FMA peak, which counts a fused pair as two operations.
    package var fused: Bool
    /// Square roots per item (the decompositions' lengths, the arc functions' half-angle roots).
    package var squareRoots = 0

    /// Bytes read plus bytes written per item.
    package var bytes: Int { bytesRead + bytesWritten }

    /// The cost of the same work done with multiply-adds fused (`fusing`) and with one division per divisor (a
    /// reciprocal, `reciprocals`) rather than one per quotient: how the fast kernels and most peers do it.
    package func done(fusing: Bool, reciprocals: Bool) -> OperationCost {
        var cost = self
        cost.fused = fused || fusing
        if reciprocals { cost.divisions = divisors }
        return cost
    }

    /// The cost of `operation`, or `nil` for the hit test, whose pruning makes the work per pair data-dependent. The animation operations, whose work per animation
    /// depends on its timing, curve and kind, are counted at the least any of their workload's animations
    /// does, so their roofline stays an upper bound.
    package static func of(_ operation: BatchOperation) -> OperationCost? {
        let matrix = 128
        // One blend from a pair record (CAMATH_PAIR_FIELDS doubles in, and no perspective record: the least a
        // pair reads; a matrix out): 13 lerps (3 each), the slerp's two angles (3), two sines of CAMath's own
        // (the reduction, 25, and the sine's polynomial, 20, each; the cosine's half that the lanes also
        // compute is not counted), the quaternions' weighted sum (12) and the reduced recomposition (51); two
        // divisions by the half angle's sine.
        let blendFromRecord = OperationCost(
            mulAdds: 39 + 3 + 2 * 45 + 12 + 51, divisions: 2, divisors: 1, bytesRead: 28 * 8,
            bytesWritten: matrix, fused: false)
        // A layer's frame: four corners × 3 × (3 + 3), the anchor offsets (4), origin and size (4); 8
        // divisions. Bytes: the plan's 19 columns in, a CGRect and a clipping flag out.
        let frame = OperationCost(mulAdds: 80, divisions: 8, divisors: 4, bytesRead: 19 * 8, bytesWritten: 32 + 1, fused: false)
        // The decompositions, counted from transform_lanes.h and elementary.h for the workload's matrices (m44 = 1,
        // so the 16 divisions by it are skipped; a perspective lane in every block, so the inverse is computed).
        // A select computes both its sides. Unmatrix: the 4×4 inverse (127, 16 divisions), the perspective row
        // (28), Gram–Schmidt, cross product and flip (74; 12 divisions, 3 roots). atan2 89 and 4 divisions (the
        // double-double kernel and its degree-11 series), asin and acos 85, a division and a root each, a sine 45,
        // sine and cosine 87. Counted by hand: within about 10 %.
        let unmatrix = OperationCost(
            mulAdds: 229, divisions: 28, divisors: 0, bytesRead: matrix, bytesWritten: 0, fused: false,
            squareRoots: 3)
        switch operation {
        // 4×4 product: 64 multiplies, 48 adds.
        case .concatPairwise:
            return OperationCost(mulAdds: 112, divisions: 0, divisors: 0, bytesRead: 2 * matrix, bytesWritten: matrix, fused: false)
        case .concatManyByOne, .concatOneByMany:
            return OperationCost(mulAdds: 112, divisions: 0, divisors: 0, bytesRead: matrix, bytesWritten: matrix, fused: false)
        // Laplace: 12 minors × 3, det 11, 16 cofactors × 5; every entry divided by det. Mask byte written.
        case .invert:
            return OperationCost(mulAdds: 127, divisions: 16, divisors: 1, bytesRead: matrix, bytesWritten: matrix + 1, fused: false)
        // The affine formula: 6 minors × 3, det 5, 6 entries × 3, 4 entries × 5; 13 divisions.
        case .invertAffine:
            return OperationCost(mulAdds: 61, divisions: 13, divisors: 1, bytesRead: matrix, bytesWritten: matrix + 1, fused: false)
        // Comparisons and copies only: a matrix in, a flag and six doubles out.
        case .affineRoundTrip:
            return OperationCost(mulAdds: 0, divisions: 0, divisors: 0, bytesRead: matrix, bytesWritten: 1 + 48, fused: false)
        // (x, y, z, 1)·M: 4 × (3 multiplies + 3 adds), then x/w, y/w, z/w (SIMD3 is 32 bytes).
        case .mapPoints3D: return OperationCost(mulAdds: 24, divisions: 3, divisors: 1, bytesRead: 32, bytesWritten: 32, fused: false)
        // (x, y, 1)·H: 3 × (2 + 2), then x/w, y/w.
        case .mapPoints2D: return OperationCost(mulAdds: 12, divisions: 2, divisors: 1, bytesRead: 16, bytesWritten: 16, fused: false)
        // Unmatrix, all three Euler angles (an atan2 each for rx and rz, an asin for ry, and the gimbal test's
        // root) and the quaternion (20, 5 divisions, a root); the decomposition record out.
        case .decompose:
            return OperationCost(
                mulAdds: unmatrix.mulAdds + 3 + 2 * 89 + 85 + 20, divisions: unmatrix.divisions + 2 * 4 + 1 + 5, divisors: 0,
                bytesRead: matrix, bytesWritten: MemoryLayout<Transform3D.Decomposition?>.stride, fused: false,
                squareRoots: unmatrix.squareRoots + 2 + 1)
        // rotation.z: unmatrix, the gimbal test and one atan2; a key-path value out.
        case .keyPathRead:
            return OperationCost(
                mulAdds: unmatrix.mulAdds + 3 + 89, divisions: unmatrix.divisions + 4, divisors: 0, bytesRead: matrix,
                bytesWritten: MemoryLayout<TransformKeyPathValue>.stride, fused: false, squareRoots: unmatrix.squareRoots + 1)
        // rotation.z written: unmatrix, rx and ry (an atan2, an asin, the gimbal root), then the recomposition by
        // Euler angles: three rotations about constant axes (a sine and cosine and about 20 each) and six full
        // 4×4 products (Sc·K·Rx·Ry·Rz·Tr·P, 112 each).
        case .keyPathWrite:
            return OperationCost(
                mulAdds: unmatrix.mulAdds + 3 + 89 + 85 + 3 * (87 + 20) + 6 * 112, divisions: unmatrix.divisions + 4 + 1,
                divisors: 0, bytesRead: matrix + MemoryLayout<TransformKeyPathValue>.stride, bytesWritten: matrix, fused: false,
                squareRoots: unmatrix.squareRoots + 2)
        // Both matrices through unmatrix and the quaternion, the slerp's constants (the cosine 7, 1 − d² 2, its
        // root, acos), then the blend from the pair record.
        case .blend:
            return OperationCost(
                mulAdds: 2 * (unmatrix.mulAdds + 20) + 9 + 85 + blendFromRecord.mulAdds,
                divisions: 2 * (unmatrix.divisions + 5) + 1 + blendFromRecord.divisions, divisors: 0,
                bytesRead: 2 * matrix, bytesWritten: matrix, fused: false, squareRoots: 2 * (unmatrix.squareRoots + 1) + 2)
        // Prepared blends are that blend alone; every animation of the workload is active and between two
        // keys at the frame time, so it blends once (its time mapping and timing curve not counted: a linear
        // curve solves nothing).
        case .blendPrepared, .animateTransforms: return blendFromRecord
        // A position animation at least lerps two doubles (3 each) between two points read, one point out.
        case .animateValues: return OperationCost(mulAdds: 6, divisions: 0, divisors: 0, bytesRead: 32, bytesWritten: 16, fused: false)
        // The cheapest regime, the critically damped spring: e^x (the reduction 5, the series' 14 steps of
        // 2, the scaling 2) and the closed form around it (6); a `DampedSpring` in (mass, stiffness, damping, v₀ and
        // its overdamping flag: 40 bytes a stride), one fraction out.
        case .springs:
            return OperationCost(
                mulAdds: 5 + 28 + 2 + 6, divisions: 0, divisors: 0, bytesRead: MemoryLayout<DampedSpring>.stride, bytesWritten: 8,
                fused: false)
        // A layer's presentation transform (one transform animation each) and then its frame.
        case .presentationFrames:
            return OperationCost(
                mulAdds: blendFromRecord.mulAdds + frame.mulAdds, divisions: blendFromRecord.divisions + frame.divisions,
                divisors: blendFromRecord.divisors + frame.divisors, bytesRead: blendFromRecord.bytesRead + frame.bytesRead,
                bytesWritten: blendFromRecord.bytesWritten + frame.bytesWritten, fused: false)
        case .frames: return frame
        // Pruning (masksToBounds, subtrees no point of a block reaches) makes the work per point × layer
        // pair depend on the tree and the points: no per-pair bound holds.
        case .hitTest: return nil
        // Per axis: 7 adds and subtracts, Δ/3 and the margin share (2 divisions), a floor and a ceil; a
        // frame and a 4-byte mask in, a frame out.
        case .autoresize: return OperationCost(mulAdds: 14, divisions: 4, divisors: 4, bytesRead: 32 + 4, bytesWritten: 32, fused: false)
        // The lane form runs all of it: the secant start (4 and a division), four Newton rounds (X and X′, 13
        // each, and a division), Y (6); an input and a 4-byte function index in, an output out.
        case .timingFunction: return OperationCost(mulAdds: 62, divisions: 5, divisors: 5, bytesRead: 8 + 4, bytesWritten: 8, fused: false)
        }
    }

    /// Which resource bounds an operation, and the Mops/s it allows.
    package struct Roofline: Codable, Sendable, Equatable {
        /// The bound in million items per second.
        package var mops: Double
        /// `compute` (multiplies and adds), `division` (divisions and square roots) or `memory`.
        package var bound: String
    }

    /// The roofline at `count` items on `threads` threads: each arithmetic peak times the threads, and
    /// the memory bandwidth of this operation's read/write mix at the working set `bytes × count`
    /// (``MachineLimits/memoryBandwidth(read:written:workingSet:threads:)``; the one-thread figure when
    /// `threads` was not measured). Every input is a measured peak, so the roofline is an upper bound.
    package func roofline(_ limits: MachineLimits, count: Int, threads: Int) -> Roofline? {
        let workingSet = bytes * count
        func memory(_ t: Int) -> Double? {
            limits.memoryBandwidth(read: bytesRead, written: bytesWritten, workingSet: workingSet, threads: t)
        }
        guard let gbs = memory(threads) ?? memory(1) else { return nil }
        let scale = Double(threads)
        var bounds: [(Double, String)] = [(gbs * 1e3 / Double(max(bytes, 1)), "memory")]
        let computePeak = fused ? limits.fmaPeakGFlops : limits.mulAddPeakGOps
        if mulAdds > 0 { bounds.append((computePeak * 1e3 * scale / Double(mulAdds), "compute")) }
        if divisions > 0 || squareRoots > 0 {
            let seconds = Double(divisions) / limits.divisionPeakGOps + Double(squareRoots) / limits.squareRootPeakGOps
            bounds.append((1e3 * scale / seconds, "division"))
        }
        let least = bounds.min { $0.0 < $1.0 }!
        return Roofline(mops: least.0, bound: least.1)
    }
}
