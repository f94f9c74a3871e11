/// The outcome of replaying one golden case.
public struct GoldenOutcome: Sendable {
    public let id: String
    public let op: String
    /// Empty when the case passed; otherwise every reason it failed, each prefixed with the case id.
    public let failures: [String]
    public var passed: Bool { failures.isEmpty }
}

/// Replays golden cases through ``GoldenOperations``: an unknown op, a malformed input, a thrown error
/// or any mismatch is a failure; nothing is skipped.
public enum GoldenReplay {
    public static func run(_ c: GoldenCase, operations: [String: GoldenOperation] = GoldenOperations.table) -> GoldenOutcome {
        func fail(_ messages: [String]) -> GoldenOutcome {
            GoldenOutcome(id: c.id, op: c.op, failures: messages.map { "\(c.id) (\(c.op)): \($0)" })
        }
        guard let operation = operations[c.op] else { return fail(["unknown op"]) }
        let actual: [String: GoldenValue]
        do {
            actual = try operation(try GoldenFields(c.input))
        } catch {
            return fail(["threw \(error)"])
        }
        let angles = GoldenOperations.angleFields(op: c.op, input: c.input)
        return fail(
            GoldenComparison.mismatches(
                expected: c.expected, actual: actual,
                tolerance: c.tolerance, angleFields: angles))
    }

    /// The summary line of one file: `golden <file>: <n> cases, <p> passed, <f> failed`.
    public static func summary(file: String, outcomes: [GoldenOutcome]) -> String {
        let passed = outcomes.filter(\.passed).count
        return "golden \(file): \(outcomes.count) cases, \(passed) passed, \(outcomes.count - passed) failed"
    }
}
