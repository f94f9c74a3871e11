@_spi(Testing) import CAMathBatch
#if CAMATH_SIMDE
import _CAMathKernelsSIMDe
#endif

/// The instruction sets the tests run the `.simd` path on: every native level this CPU runs, and the
/// AVX2 and AVX-512 intrinsic kernels compiled against SIMDe (test-only target _CAMathKernelsSIMDe), which
/// run on any x86-64. What cannot run here is listed with the reason, never dropped silently.
public enum KernelSets {
    /// The emulated AVX2 and AVX-512 kernels (`simde-avx2`, `simde-avx512`), or none when libsimde-dev is
    /// not installed or the CPU is not x86-64 (see ``skipped``).
    public static let emulated: [InstructionSet] = {
        #if CAMATH_SIMDE
        return [Int32(CAMATH_LEVEL_AVX2), Int32(CAMATH_LEVEL_AVX512)].compactMap { camath_simde_kernels($0).map(InstructionSet.init(kernels:)) }
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
            out.append(("simde-avx2, simde-avx512", "libsimde-dev is not installed (apt-get install -y libsimde-dev)"))
            #endif
        }
        return out
    }()
}
