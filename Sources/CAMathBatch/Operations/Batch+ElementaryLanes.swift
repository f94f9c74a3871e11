import CAMathCore
import _CAMathKernels

/// The elementary functions the decomposition kernels evaluate lane by lane.
@_spi(Testing) public enum ElementaryLaneFunction: Int32, CaseIterable, Sendable {
    case sin = 0, cos = 1, atan2 = 2, asin = 3, acos = 4

    /// CAMathCore's scalar function (`atan2` of `(x, y)`).
    public func reference(_ x: Double, _ y: Double) -> Double {
        switch self {
        case .sin: Elementary.sin(x)
        case .cos: Elementary.cos(x)
        case .atan2: Elementary.atan2(x, y)
        case .asin: Elementary.asin(x)
        case .acos: Elementary.acos(x)
        }
    }
}

extension Batch {
    /// The lane form of an elementary function at `instructionSet`'s level, for the tests that hold it to
    /// ``ElementaryLaneFunction/reference(_:_:)`` bit for bit: the values, and for each whether the lane needs
    /// the long reduction (its value then unspecified). Throws when the level cannot run here or `y` is shorter
    /// than `x`.
    @_spi(Testing) public static func elementaryLanes(
        _ function: ElementaryLaneFunction, _ x: [Double], _ y: [Double],
        instructionSet: InstructionSet
    ) throws(BatchError) -> (values: [Double], slow: [Bool]) {
        try BatchError.check("y", y.count, equals: x.count)
        let (_, _, kernels) = try schedule(
            .decompose, count: x.count, options: BatchOptions(path: .simd, threads: 1, instructionSet: instructionSet))
        var slow = [UInt8](repeating: 0, count: x.count)
        let values = try [Double].filled(count: x.count) { out throws(BatchError) in
            x.withUnsafeBufferPointer { px in
                y.withUnsafeBufferPointer { py in
                    slow.withUnsafeMutableBufferPointer { ps in
                        // Empty arrays have no addresses and nothing to compute.
                        if let xb = px.baseAddress, let yb = py.baseAddress, let o = out.baseAddress, let s = ps.baseAddress {
                            kernels.k.elementary(function.rawValue, xb, yb, o, s, x.count)
                        }
                    }
                }
            }
        }
        return (values, slow.map { $0 != 0 })
    }
}
