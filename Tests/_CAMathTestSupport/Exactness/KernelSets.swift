@_spi(Testing) import CAMathBatch
import _CAMathKernels
#if CAMATH_SIMDE
import _CAMathKernelsSIMDe
#endif

/// The instruction sets the tests run the `.simd` path on: every native level this CPU runs, and the
/// AVX2 and AVX-512 intrinsic kernels compiled against SIMDe (test-only target _CAMathKernelsSIMDe), which
/// run on any x86-64. What cannot run here is listed with the reason, never dropped silently.
public enum KernelSets {
    /// The emulated AVX2 and AVX-512 kernels (`simde-avx2`, `simde-avx512`), or none without the package trait
    /// SIMDe or on a CPU that is not x86-64 (see ``skipped``).
    public static let emulated: [InstructionSet] = {
        #if CAMATH_SIMDE
        return [Int32(CAMATH_LEVEL_AVX2), Int32(CAMATH_LEVEL_AVX512)].compactMap {
            camath_simde_kernels($0).map(InstructionSet.init(kernels:))
        }
        #else
        return []
        #endif
    }()

    /// Every set that runs here: the native levels this CPU supports, then the emulated ones.
    public static let runnable: [InstructionSet] = InstructionSet.all.filter(\.isSupported) + emulated

    /// The sets that cannot run here, each with the reason.
    public static let skipped: [(name: String, reason: String)] = {
        var out = InstructionSet.all.filter { !$0.isSupported }.map { ($0.name, "this CPU's best level is \(InstructionSet.cpu)") }
        if emulated.isEmpty {
            #if CAMATH_SIMDE
            out.append(("simde-avx2, simde-avx512", "not an x86-64 CPU"))
            #else
            out.append(
                ("simde-avx2, simde-avx512", "the package trait SIMDe is off (bash scripts/test.sh turns it on, installing libsimde-dev)"))
            #endif
        }
        return out
    }()

    /// The machine code that table entry `field` of `set` runs at `precision`: the set's own, except in an
    /// emulated table, whose entries without a SIMDe body are the portable level's lanes (only concat, 3-D
    /// points and the inverses have intrinsic bodies). Log lines name what ran, never only the table.
    public static func code(of set: InstructionSet, _ field: PartialKeyPath<camath_kernels>, precision: BatchPrecision) -> String {
        guard set.name.hasPrefix("simde"), let exact = set.kernels,
            let offset = MemoryLayout<camath_kernels>.offset(of: field),
            let portableExact = InstructionSet.portable.kernels
        else { return "\(set.name) code" }
        let (table, portable) = precision == .fast ? (exact.fast, portableExact.fast) : (exact, portableExact)
        func entry(_ t: KernelTable) -> UnsafeRawPointer? {
            UnsafeRawPointer(t.table).load(fromByteOffset: offset, as: UnsafeRawPointer?.self)
        }
        return entry(table) == entry(portable) ? "portable lanes (\(set.name) has no SIMDe body for it)" : "SIMDe intrinsics"
    }
}
