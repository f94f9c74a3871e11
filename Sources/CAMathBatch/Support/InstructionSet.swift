import _CAMathKernels

/// A set of vector kernels for the `.simd` path: the portable C kernels, the AVX2 or the AVX-512 ones.
///
/// Batch operations take an instruction set as a parameter (`instructionSet: nil` means ``current``),
/// choose its kernels once per call and pass them down; there is no process-wide state, so calls with
/// different levels can run concurrently. Every level computes the same bits (see <doc:ExactnessContract>).
///
/// A plain value (a level and a table pointer): passing options that hold one costs no reference counting,
/// which a stored name did on every batch call.
public struct InstructionSet: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// 0 (portable), 2 (AVX2 and FMA) or 3 (AVX-512F and AVX-512VL): what the CPU must support, in increasing order.
    public let level: Int
    /// The kernels, or `nil` when this CPU cannot run them.
    package let kernels: KernelTable?

    private init(level: Int) {
        self.level = level
        kernels = camath_kernels_for_level(Int32(level)).map(KernelTable.init)
    }

    /// `portable`, `avx2`, `avx512` (the `CAMATH_ISA` spellings), or an emulated set's name: its table's.
    public var name: String {
        if let kernels { return String(cString: kernels.table.pointee.name) }
        return level == CAMATH_LEVEL_AVX512 ? "avx512" : level == CAMATH_LEVEL_AVX2 ? "avx2" : "portable"
    }

    /// Portable C kernels: every CPU.
    public static let portable = InstructionSet(level: CAMATH_LEVEL_PORTABLE)
    /// Hand-written AVX2 kernels (x86-64 with AVX2).
    public static let avx2 = InstructionSet(level: CAMATH_LEVEL_AVX2)
    /// Hand-written AVX-512 kernels (x86-64 with AVX-512F and AVX-512VL: every AVX-512 CPU but the Xeon Phi).
    public static let avx512 = InstructionSet(level: CAMATH_LEVEL_AVX512)

    /// The three native levels, portable first.
    public static let all: [InstructionSet] = [.portable, .avx2, .avx512]

    /// The best level this CPU runs.
    public static let cpu: InstructionSet = all.last { $0.level <= Int(camath_cpu_level()) }!

    /// The level `instructionSet: nil` means: ``cpu``, capped by the environment variable
    /// `CAMATH_ISA=portable|avx2|avx512` (read once).
    public static let current: InstructionSet = {
        let cap = Int(camath_environment_level_cap())
        return all.last { $0.level <= cap && $0.isSupported }!
    }()

    /// Whether this CPU can run the set.
    public var isSupported: Bool { kernels != nil }

    /// A set of kernels from outside the library (the tests' emulated AVX2 and AVX-512 kernels); `table`
    /// must stay valid for the life of the process.
    @_spi(Testing) public init(kernels table: UnsafePointer<camath_kernels>) {
        level = Int(table.pointee.level)
        kernels = KernelTable(table)
    }

    /// Orders sets by the CPU support they need.
    public static func < (a: InstructionSet, b: InstructionSet) -> Bool { (a.level, a.name) < (b.level, b.name) }

    /// Sets are equal when they name the same kernels.
    public static func == (a: InstructionSet, b: InstructionSet) -> Bool { a.name == b.name }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// ``name``.
    public var description: String { name }
}

/// One level's kernel table (static C data, valid for the life of the process).
package struct KernelTable: @unchecked Sendable {
    package let table: UnsafePointer<camath_kernels>
    package init(_ table: UnsafePointer<camath_kernels>) { self.table = table }
    package var k: camath_kernels { table.pointee }
    /// The same level's fast kernels (``BatchPrecision/fast``).
    package var fast: KernelTable { KernelTable(table.pointee.fast) }
}
