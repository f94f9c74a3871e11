import CAMathKernels

/// The vector instruction set the `.simd` path uses on this machine.
public enum InstructionSet: Int, Comparable, Sendable, CustomStringConvertible {
    /// Swift `SIMD4` kernels (and portable C): every CPU.
    case portable = 0
    /// Hand-written AVX2 kernels (x86-64).
    case avx2 = 2
    /// Hand-written AVX-512F kernels (x86-64).
    case avx512 = 3

    /// The level in force: the best the CPU supports, capped by `CAMATH_ISA=portable|avx2|avx512`.
    public static var current: InstructionSet { InstructionSet(rawValue: Int(camath_isa())) ?? .portable }

    /// The best level the CPU supports.
    public static var cpu: InstructionSet { InstructionSet(rawValue: Int(camath_cpu_isa())) ?? .portable }

    /// Runs `body` with the level capped at `level` (for tests and benchmarks), then restores it.
    /// Not for concurrent use with other batch calls that must see the uncapped level.
    public static func withLimit<R>(_ level: InstructionSet, _ body: () throws -> R) rethrows -> R {
        _ = camath_limit_isa(Int32(level.rawValue))
        defer { _ = camath_limit_isa(Int32(InstructionSet.avx512.rawValue)) }
        return try body()
    }

    /// Orders levels from portable to AVX-512.
    public static func < (a: InstructionSet, b: InstructionSet) -> Bool { a.rawValue < b.rawValue }

    /// `portable`, `avx2` or `avx512` (the `CAMATH_ISA` spellings).
    public var description: String {
        switch self {
        case .portable: "portable"
        case .avx2: "avx2"
        case .avx512: "avx512"
        }
    }
}
