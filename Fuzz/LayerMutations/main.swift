@_spi(Benchmarks) import CAMath
import CAMathFuzzDriver
@_spi(Benchmarks) import CAMathFuzzSupport
import Foundation

// Random sequences of changes to a forest of layers (geometry, flags, re-parenting, insertion order,
// cycles that must be ignored) interleaved with hit tests, conversions and frames: every answer of the cached
// object API must equal the uncached reference's, bit for bit (LayerMutationScript, from the bytes). One step per
// 16 bytes (up to 256): a step reads several bytes, so past that the bytes ran out and steps repeated the choices
// that zeros make.
func fuzzLayerMutations(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    // One input in sixteen makes a wide forest (a layer with many sublayers, hit tested through an index): such
    // an input costs about ten narrow ones.
    let wide = input.byte() % 16 == 0
    let count = wide ? 440 + input.int(below: 80) : 1 + input.int(below: 24)
    var script = LayerMutationScript(source: input, count: count, wide: wide)
    if let problem = script.run(steps: 1 + size / 16) { preconditionFailure("cached layer answer differs: \(problem)") }
    return 0
}

exit(camath_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in fuzzLayerMutations(data!, size) })
