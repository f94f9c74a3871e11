@_spi(Benchmarks) @_spi(Testing) import CAMath
import Foundation
import Testing

/// The exactness contract is stated once, in CAMathBatch's article *The exactness contract*: its table must say
/// what `Exactness.of(_:on:precision:)` returns for every operation, and no other file may hold a copy.
@Suite struct ExactnessTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let article = "Sources/CAMathBatch/CAMathBatch.docc/ExactnessContract.md"
    static let header = "| operation | `.scalar` | `.simd` (portable, AVX2, AVX-512) | `.simd`, `precision: .fast` | `.blas` |"

    /// The article's rows: each row's operations (every one of them once), and those with a `.blas` form.
    static let rows: [String: (operations: [BatchOperation], blas: [BatchOperation])] = [
        "concat (pairwise, many-by-one, one-by-many; homogeneous point maps)": (
            [.concatPairwise, .concatManyByOne, .concatOneByMany], [.concatManyByOne]
        ),
        "invert, map points 3-D and 2-D, frames": ([.invert, .mapPoints3D, .mapPoints2D, .frames], [.mapPoints3D, .mapPoints2D]),
        "invert affine": ([.invertAffine], []),
        "blend (also from a plan), transform animations": ([.blend, .blendPrepared, .animateTransforms], []),
        "hit test, autoresize, affine round trip, decompose, key-path read and write, timing functions, value animations, presentation trees":
            (
                [
                    .hitTest, .autoresize, .affineRoundTrip, .decompose, .keyPathRead, .keyPathWrite, .timingFunction, .animateValues,
                    .presentationFrames
                ], []
            ),
        "springs": ([.springs], [])
    ]

    static func lines(of file: String) throws -> [String] {
        try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8).split(separator: "\n").map {
            var text = $0.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("///") { text = String(text.dropFirst(3)).trimmingCharacters(in: .whitespaces) }
            return text
        }
    }

    @Test func theArticleSaysWhatTheCodeDoes() throws {
        let lines = try Self.lines(of: Self.article)
        let start = try #require(lines.firstIndex(of: Self.header), "the article holds the table")
        let table = lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map {
            $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(Set(table.map { $0[0] }) == Set(Self.rows.keys), "the article's rows")
        #expect(Set(Self.rows.values.flatMap(\.operations)) == Set(BatchOperation.allCases), "every operation has a row")
        for cells in table {
            let row = try #require(Self.rows[cells[0]])
            for operation in row.operations {
                #expect(cells[1] == Exactness.of(operation, on: .scalar)?.description, "\(operation) scalar")
                #expect(cells[2] == Exactness.of(operation, on: .simd)?.description, "\(operation) simd")
                let fast = try #require(Exactness.of(operation, on: .simd, precision: .fast))
                let fastForm = operation.hasFastKernels ? fast.description : "no fast form: \(fast)"
                #expect(cells[3] == fastForm, "\(operation) fast")
                let blas = Exactness.of(operation, on: .blas)
                #expect(blas == (row.blas.contains(operation) ? .budget : nil), "\(operation) blas")
            }
            #expect(row.blas.isEmpty ? cells[4] == "throws" : cells[4].hasPrefix("budget for "), "\(cells[0]) blas cell")
        }
    }

    @Test func noOtherFileCopiesTheTable() throws {
        for file in [
            "README.md", "ARCHITECTURE.md", "Sources/CAMathBatch/CAMathBatch.docc/CAMathBatch.md",
            "Sources/CAMathBatch/Support/BatchPath.swift", "Sources/CAMathBatch/Contract/Exactness.swift"
        ] {
            #expect(!(try Self.lines(of: file)).contains(Self.header), "\(file) copies the exactness table: link the article")
        }
    }
}
