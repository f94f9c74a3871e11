import CAMath
import CAMathWorkloads
import Foundation
import Testing

/// CAMath's elementary functions against the root package's Tests/Fixtures/elementary.oracle: 2 000 cases per function from
/// `scripts/elementary/oracle.py` (half of them hard cases), true values from mpmath.
@Suite struct ElementaryOracleTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "Tests/Fixtures/elementary.oracle")

    @Test func everyFunctionIsWithinOneUlpWithExactSpecialValues() throws {
        let oracle = try ElementaryOracle(contentsOf: Self.fixture)
        #expect(oracle.results.count == ElementaryOracle.Function.allCases.count)
        for r in oracle.results {
            #expect(r.cases == 2000, "\(r.function)")
            #expect(r.maxError <= 1, "\(r.function): \(r.maxError) ulp at \(r.worst)")
            #expect(r.specialMismatches == 0, "\(r.function)")
        }
    }

    @Test func aWrongValueIsCaught() throws {
        // One record claiming sin(1) = 1: the measure must see the error, not round it away.
        var record = Data()
        for word in [UInt64(0), 1.0.bitPattern, 0.0.bitPattern, 1.0.bitPattern, 0.0.bitPattern] {
            withUnsafeBytes(of: word.littleEndian) { record.append(contentsOf: $0) }
        }
        let oracle = try ElementaryOracle(data: record)
        #expect(oracle.results[0].maxError > 1e14)
        #expect(throws: ElementaryOracle.FormatError.self) { try ElementaryOracle(data: record.dropLast()) }
    }
}
