import Foundation
import PropertyBased
import Testing

/// Runs a property twice over:
/// 1. **seeded** — `seededRuns` inputs from a `Xoshiro` seeded from the call site (file and line), the
///    same inputs on every run and machine, so CI is deterministic;
/// 2. **randomised** — `propertyCheck` with fresh random inputs and shrinking, which reports the
///    shrunk failing input and a seed to reproduce it. `CAMATH_RANDOM_RUNS` sets its count (default
///    100; 0 turns it off).
///
/// Inputs outside the property's domain are re-drawn, never passed: `usable` filters both runs, and the
/// seeded run records an issue unless exactly `seededRuns` usable inputs were checked within
/// 50 × `seededRuns` draws (a generator that drifted away from the domain fails instead of passing
/// vacuously).
public func checkProperty<Value, Shrink: SendableSequenceType>(
    _ generator: Generator<Value, Shrink>,
    seededRuns: Int = 300,
    randomRuns: Int = PropertyRuns.random,
    where usable: @escaping @Sendable (Value) -> Bool = { _ in true },
    fileID: String = #fileID, line: Int = #line,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ property: (Value) throws -> Void
) async {
    var rng = Xoshiro(seed: PropertyRuns.seed(fileID: fileID, line: line))
    var checked = 0, draws = 0
    while checked < seededRuns && draws < 50 * seededRuns {
        let value = generator.run(using: &rng)
        draws += 1
        guard usable(value) else { continue }
        checked += 1
        do { try property(value) } catch {
            Issue.record("seeded run threw \(error) for input \(value)", sourceLocation: sourceLocation)
        }
    }
    if checked < seededRuns {
        Issue.record(
            "only \(checked) of \(draws) seeded inputs were usable; the property needs \(seededRuns)", sourceLocation: sourceLocation)
    }
    if randomRuns > 0 {
        await propertyCheck(
            count: randomRuns, input: generator.filter(usable), perform: { try property($0) },
            sourceLocation: sourceLocation)
    }
}

/// Run counts and seeds of ``checkProperty(_:seededRuns:randomRuns:fileID:line:sourceLocation:_:)``.
public enum PropertyRuns {
    /// Inputs per randomised run: `CAMATH_RANDOM_RUNS`, default 100.
    public static let random: Int = {
        guard let s = ProcessInfo.processInfo.environment["CAMATH_RANDOM_RUNS"], let n = Int(s), n >= 0 else { return 100 }
        return n
    }()

    /// A stable seed from a call site (FNV-1a of `fileID:line`), independent of the process.
    public static func seed(fileID: String, line: Int) -> (UInt64, UInt64, UInt64, UInt64) {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(fileID):\(line)".utf8 { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return (h, h ^ 0x9e37_79b9_7f4a_7c15, h &* 3 | 1, ~h)
    }
}
