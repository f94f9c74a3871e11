import Testing

/// Expectations that also count: each failed one is recorded as an issue at its own line, and
/// ``report(_:)`` prints a test's summary line only when none failed (otherwise it says how many did),
/// so a printed "all as documented" is never contradicted by a failure above it.
public struct ExpectationTally {
    /// Expectations evaluated, and how many failed.
    public private(set) var checked = 0, failed = 0

    public init() {}

    /// Records an issue with `message` unless `condition` holds.
    public mutating func expect(
        _ condition: Bool, _ message: @autoclosure () -> String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        checked += 1
        guard !condition else { return }
        failed += 1
        let text = message()
        Issue.record(Comment(rawValue: text.isEmpty ? "expectation failed" : text), sourceLocation: sourceLocation)
    }

    /// Prints `"<summary>, all as documented"` when every expectation held, else `"<summary>: k of n expectations FAILED"`.
    public func report(_ summary: String) {
        print(
            failed == 0
                ? "\(summary), all as documented (\(checked) expectations)" : "\(summary): \(failed) of \(checked) expectations FAILED")
    }
}
