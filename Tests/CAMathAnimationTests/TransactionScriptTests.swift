import CAMathAnimation
import _CAMathTestSupport
import Testing

/// Seeded scripts of transactions, actions, animations, frames and callbacks that call back in
/// (`TransactionScript`, which the fuzz target `fuzz-transactions` drives from bytes): every step keeps the rules
/// of the *Transactions and actions* article, and nothing outlives the script.
@Suite struct TransactionScriptTests {
    @Test(arguments: 0..<64)
    func scriptsKeepTheTransactionRules(seed: UInt64) {
        // The seed is mixed first: SeededSource's sequences for seeds s and s + 1 are the same, shifted by one draw.
        var mixer = SeededGenerator(seed: seed)
        let script = TransactionScript(source: SeededSource(seed: mixer.next()), count: 2 + Int(seed % 7))
        let problem = script.run(steps: 300)
        #expect(problem == nil, "seed \(seed): \(problem ?? "")")
    }
}
