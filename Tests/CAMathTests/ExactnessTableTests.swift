import Foundation
import Testing

/// README.md, ARCHITECTURE.md, the CAMathBatch DocC catalog, `BatchPath` and `Exactness` quote one
/// exactness table; this fails when any copy drifts from the README's.
@Suite struct ExactnessTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The table's lines (from its header to its last `- ` bullet's paragraph end) in `file`, with doc-comment
    /// slashes and indentation removed.
    static func table(in file: String) throws -> [String] {
        let lines = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .map { line -> String in
                var text = line.trimmingCharacters(in: .whitespaces)
                if text.hasPrefix("///") { text = String(text.dropFirst(3)).trimmingCharacters(in: .whitespaces) }
                return text
            }
        guard let start = lines.firstIndex(of: "| operation | `.scalar` | `.simd` (portable, AVX2, AVX-512) | `.simd`, `precision: .fast` | `.blas` |"),
              let end = lines[start...].firstIndex(where: { $0.hasPrefix("- `.auto` has the contract") }) else { return [] }
        return Array(lines[start...(end + 1)])
    }

    @Test func everyCopyIsTheReadmes() throws {
        let readme = try Self.table(in: "README.md")
        #expect(readme.count > 10, "README.md holds the exactness table")
        for file in ["ARCHITECTURE.md", "Sources/CAMathBatch/CAMathBatch.docc/CAMathBatch.md",
                     "Sources/CAMathBatch/Support/BatchPath.swift", "Sources/CAMathBatch/Contract/Exactness.swift"] {
            #expect(try Self.table(in: file) == readme, "\(file) quotes another exactness table than README.md")
        }
    }
}
