@_spi(Benchmarks) import CAMath
import CAMathFuzzDriver
@_spi(Benchmarks) import CAMathFuzzSupport
import Foundation

// Scripts of transactions, actions, implicit and explicit animations, frames, a render tree and callbacks that call
// back in, on a manual clock of their own (TransactionScript, from the bytes): delegates hear one start and one
// stop in order and only in frames, completion blocks run once after their animations, presentations through the
// render tree are the reference fold's, and once the script drops everything nothing it made is left alive.
func fuzzTransactions(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzBytes(data, size)
    let script = TransactionScript(source: input, count: 1 + size % 8)
    if let problem = script.run(steps: 1 + size / 4) { preconditionFailure("transaction script: \(problem)") }
    return 0
}

exit(camath_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in fuzzTransactions(data!, size) })
