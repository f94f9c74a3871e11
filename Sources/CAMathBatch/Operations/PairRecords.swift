import _CAMathKernels

/// Where the interpolation kernel finds pairs of decompositions: the pair records (`CAMATH_PAIR_FIELDS`
/// doubles each: both ends' translation, scale and skew and the slerp's constants) and, beside them, the
/// perspective records (`CAMATH_PAIR_PERSPECTIVE_FIELDS` each: both ends' perspectives), pair k the k-th of
/// each. A frame reads a pair's perspective record only when its flags have `CAMATH_PAIR_PERSPECTIVE`, so
/// pairs without perspective cost 224 bytes of memory traffic, not 288.
package struct PairRecords: @unchecked Sendable {
    package let records: UnsafeMutablePointer<Double>, perspectives: UnsafeMutablePointer<Double>

    /// Doubles per pair record and per perspective record.
    package static let fields = Int(CAMATH_PAIR_FIELDS), perspectiveFields = Int(CAMATH_PAIR_PERSPECTIVE_FIELDS)

    /// The records from pair `k` on.
    package func from(_ k: Int) -> PairRecords {
        PairRecords(records: records + Self.fields * k, perspectives: perspectives + Self.perspectiveFields * k)
    }

    /// Pair `j`'s `CAMATH_PAIR_BOUNDED` and `CAMATH_PAIR_PERSPECTIVE` bits, from its records: bounded when both
    /// ends' translation, scale, skew and perspective are finite and below 2⁸⁰ in magnitude; perspective
    /// unless both ends' are (+0, +0, +0, 1) bit for bit (what the kernels take without reading them).
    package func flags(_ j: Int) -> Int32 {
        let record = records + Self.fields * j, perspective = perspectives + Self.perspectiveFields * j
        let bounded =
            (0..<18).allSatisfy { record[$0].magnitude < 0x1p80 }
            && (0..<Self.perspectiveFields).allSatisfy { perspective[$0].magnitude < 0x1p80 }
        let flat = (0..<Self.perspectiveFields).allSatisfy { perspective[$0].bitPattern == ($0 % 4 == 3 ? 1.0 : 0.0).bitPattern }
        return (bounded ? CAMATH_PAIR_BOUNDED : 0) | (flat ? 0 : CAMATH_PAIR_PERSPECTIVE)
    }
}
