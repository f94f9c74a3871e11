/// The first element where an output breaks its ``Exactness`` contract.
@_spi(Benchmarks) public struct ExactnessMismatch: Sendable, Equatable, CustomStringConvertible {
    /// The element's index in the flattened output (`nil` when the lengths differ).
    public var index: Int?
    /// The reference's value and the checked path's value.
    public var expected: Double, actual: Double
    /// The contract that was broken.
    public var rule: Exactness
    /// Both lengths when they differ.
    public var lengths: (expected: Int, actual: Int)?
    /// The element's bound under ``Exactness/budget``.
    public var bound: Double?

    /// The distance in units in the last place (`nil` when one side is NaN or infinite and they differ).
    public var ulps: UInt64? { Exactness.ulpDistance(expected, actual) }

    public static func == (a: ExactnessMismatch, b: ExactnessMismatch) -> Bool {
        a.index == b.index && a.expected.bitPattern == b.expected.bitPattern && a.actual.bitPattern == b.actual.bitPattern
            && a.rule == b.rule && a.lengths?.expected == b.lengths?.expected && a.lengths?.actual == b.lengths?.actual
            && a.bound == b.bound
    }

    /// Index, both values with their bit patterns, and the ulp distance.
    public var description: String {
        if let lengths { return "\(lengths.actual) values where the reference has \(lengths.expected) (\(rule))" }
        func show(_ x: Double) -> String { "\(x) (0x\(String(x.bitPattern, radix: 16, uppercase: true)))" }
        let distance = ulps.map { "\($0) ulp apart" } ?? "not a finite distance apart"
        let limit = bound.map { ", bound \($0)" } ?? ""
        return "element \(index ?? -1): expected \(show(expected)), got \(show(actual)), \(distance) (\(rule)\(limit))"
    }
}

@_spi(Benchmarks) extension Exactness {
    /// Whether one value meets the contract. Under ``budget``, `bound` is the limit of `|Δ|`; a bound of
    /// `+∞` marks an element outside the budget's domain (an ill-conditioned point near `W = 0`), which
    /// is not compared.
    public func matches(_ actual: Double, _ expected: Double, bound: Double = 0) -> Bool {
        if self == .budget && bound == .infinity { return true }
        if actual.isNaN || expected.isNaN { return actual.isNaN && expected.isNaN }
        switch self {
        case .bitwise: return actual.bitPattern == expected.bitPattern
        case .bitwiseUpToSignOfZero: return actual == expected
        case .budget:
            if !actual.isFinite || !expected.isFinite { return actual == expected }
            return abs(actual - expected) <= bound
        }
    }

    /// The first element of `actual` that does not meet the contract against `expected`, or `nil` when
    /// every element does. `bounds` (one per element) is required for ``budget`` and ignored otherwise.
    /// Cost: one pass, no allocation.
    public func firstMismatch(_ actual: [Double], _ expected: [Double], bounds: [Double]? = nil) -> ExactnessMismatch? {
        precondition(self != .budget || bounds?.count == expected.count, "the budget rule needs one bound per element")
        guard actual.count == expected.count else {
            return ExactnessMismatch(
                index: nil, expected: .nan, actual: .nan, rule: self,
                lengths: (expected.count, actual.count), bound: nil)
        }
        for i in actual.indices where !matches(actual[i], expected[i], bound: bounds?[i] ?? 0) {
            return ExactnessMismatch(
                index: i, expected: expected[i], actual: actual[i], rule: self, lengths: nil,
                bound: self == .budget ? bounds?[i] : nil)
        }
        return nil
    }

    /// The number of doubles between `a` and `b`: 0 for equal values (±0 included) and for two NaNs; `nil`
    /// when only one is NaN, or one is infinite and they differ.
    public static func ulpDistance(_ a: Double, _ b: Double) -> UInt64? {
        if a == b || (a.isNaN && b.isNaN) { return 0 }
        guard a.isFinite && b.isFinite else { return nil }
        func ordered(_ x: Double) -> Int64 {
            let bits = Int64(bitPattern: x.bitPattern)
            return bits < 0 ? Int64.min &- bits : bits
        }
        let (x, y) = (ordered(a), ordered(b))
        return x > y ? UInt64(bitPattern: x &- y) : UInt64(bitPattern: y &- x)
    }
}
