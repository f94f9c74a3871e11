@_spi(Benchmarks) import CAMath
import Foundation

/// Where the catalogue's inputs draw their numbers: a seeded generator (``SeededSource``) for the tests and
/// camath-bench, a fuzzer's bytes for the fuzz targets. Every input the catalogue builds is a function of the
/// numbers drawn, so one source value reproduces one case.
public protocol CatalogueSource {
    /// A double of any kind: mostly ordinary values, sometimes special ones (NaN, ±∞, ±0, subnormals, extremes).
    mutating func double() -> Double
    /// An integer in `0..<bound` (0 when `bound` is 1 or less).
    mutating func int(below bound: Int) -> Int
}

extension CatalogueSource {
    /// A fraction in [0, 1) with 16 bits, from ``int(below:)``: ordinary whatever the source.
    public mutating func fraction() -> Double { Double(int(below: 1 << 16)) / 65536 }

    /// An ordinary value in `range`.
    public mutating func value(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + fraction() * (range.upperBound - range.lowerBound)
    }

    /// One of `choices`.
    public mutating func pick<T>(_ choices: [T]) -> T { choices[int(below: choices.count)] }
}

/// A deterministic source (SplitMix64): 3 doubles in 4 ordinary (in ±1000), the rest special values or
/// arbitrary bit patterns.
public struct SeededSource: CatalogueSource, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 0x1234_5678 }

    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public mutating func int(below bound: Int) -> Int { bound <= 1 ? 0 : Int(next() % UInt64(bound)) }

    public mutating func double() -> Double {
        switch next() % 16 {
        case 0, 1: return pick(SpecialValues.all)
        case 2: return Double(bitPattern: next())
        case 3: return value(in: -1...1) * 0x1p-1000
        default: return value(in: -1000...1000)
        }
    }
}
