@_spi(Benchmarks) import CAMath
import Foundation
import Testing

extension ExactnessComparable {
    /// Whether `self` meets `rule` against `reference` (default ``Exactness/bitwise``).
    package func matches(_ reference: Self, _ rule: Exactness = .bitwise) -> Bool {
        rule.firstMismatch(exactnessValues, reference.exactnessValues) == nil
    }
}

/// Whether `actual` meets `rule` against `expected` (default ``Exactness/bitwise``).
package func exact<T: ExactnessComparable>(_ actual: T, _ expected: T, _ rule: Exactness = .bitwise) -> Bool {
    actual.matches(expected, rule)
}

/// Checks `actual` against `expected` under `rule` and records an issue naming the first mismatch (index,
/// both bit patterns, ulp distance) and `context`. Returns whether they matched.
@discardableResult
package func expectExact<T: ExactnessComparable>(
    _ actual: T, _ expected: T, _ rule: Exactness = .bitwise, bounds: [Double]? = nil,
    _ context: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    guard let mismatch = rule.firstMismatch(actual.exactnessValues, expected.exactnessValues, bounds: bounds) else { return true }
    let prefix = context()
    Issue.record(Comment(rawValue: (prefix.isEmpty ? "" : prefix + ": ") + mismatch.description), sourceLocation: sourceLocation)
    return false
}
