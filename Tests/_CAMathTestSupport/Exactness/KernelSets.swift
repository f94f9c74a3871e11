@_spi(Testing) import CAMathBatch
import _CAMathKernels
import _CAMathKernelsSIMDe

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

    /// The machine code that the table entry named `entry` ("concat", "map_points2_planes", …: the C list
    /// CAMATH_KERNEL_ENTRIES) of `set` runs: the set's own, except in an emulated table, whose lane-loop entries are
    /// the portable level's (only the entries with intrinsic bodies run over SIMDe). Log lines name what ran,
    /// never only the table.
    public static func code(of set: InstructionSet, entry: String) -> String {
        guard set.name.hasPrefix("simde") else { return "\(set.name) code" }
        return switch camath_kernel_entry_has_intrinsics(entry) {
        case 1: "SIMDe intrinsics"
        case 0: "portable lanes (\(set.name) has no SIMDe body for \(entry))"
        default: "no kernel entry named \(entry)"
        }
    }

    /// Whether `entry` names an entry of the kernel tables.
    public static func isKernelEntry(_ entry: String) -> Bool { camath_kernel_entry_has_intrinsics(entry) >= 0 }
}
