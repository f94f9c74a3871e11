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

/// SplitMix64: a tiny seeded generator, so every seeded input — the catalogue's and camath-bench's — is the
/// same on every run and machine.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64
    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }
    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}

/// A deterministic source (``SeededGenerator``): 3 doubles in 4 ordinary (in ±1000), the rest special values or
/// arbitrary bit patterns.
public struct SeededSource: CatalogueSource, Sendable {
    private var generator: SeededGenerator

    public init(seed: UInt64) { generator = SeededGenerator(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 0x1234_5678) }

    private mutating func next() -> UInt64 { generator.next() }

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
