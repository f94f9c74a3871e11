import CAMathCore
import _CAMathKernels

extension Batch {
    /// The recomposition kernel at `instructionSet`'s level, for the tests that hold it to
    /// `Transform3D(_:rotation:)` bit for bit: the transforms, and for each whether the lane needs the
    /// reference (an Euler angle of 2¹⁹ or more; its value then unspecified). Throws when the level cannot run here.
    @_spi(Testing) public static func recompositionLanes(
        _ parts: [Transform3D.Decomposition],
        rotation: Transform3D.RecompositionRotation,
        instructionSet: InstructionSet
    ) throws(BatchError)
        -> (values: [Transform3D], slow: [Bool])
    {
        let (_, _, kernels) = try schedule(
            .decompose, count: parts.count, options: BatchOptions(path: .simd, threads: 1, instructionSet: instructionSet))
        let n = parts.count
        var records = [Double](repeating: 0, count: Int(CAMATH_PARTS) * n), slow = [UInt8](repeating: 0, count: n)
        for (j, d) in parts.enumerated() {
            let fields = [
                d.translation.x, d.translation.y, d.translation.z, d.scale.x, d.scale.y, d.scale.z, d.skew.x, d.skew.y, d.skew.z,
                d.perspective.x, d.perspective.y, d.perspective.z, d.perspective.w, d.rotation.x, d.rotation.y, d.rotation.z,
                d.quaternion.x, d.quaternion.y, d.quaternion.z, d.quaternion.w
            ]
            for (f, value) in fields.enumerated() { records[f * n + j] = value }
        }
        let values = try [Transform3D].filled(count: n) { out throws(BatchError) in
            records.withUnsafeBufferPointer { pr in
                slow.withUnsafeMutableBufferPointer { ps in
                    // An empty batch has no addresses and nothing to compute.
                    if let r = pr.baseAddress, let o = out.baseAddress, let s = ps.baseAddress {
                        kernels.k.recompose(r, n, rotation == .quaternion ? 1 : 0, doubles(o), s, n)
                    }
                }
            }
        }
        return (values, slow.map { $0 != 0 })
    }
}
