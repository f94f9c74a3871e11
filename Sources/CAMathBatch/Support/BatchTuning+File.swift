#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tuning that cannot be read: the file, and the line and reason where it failed.
@_spi(Benchmarks) public struct BatchTuningError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file (or `<text>` for a string), the 1-based line (0: the file itself), and what is wrong.
    public var source: String, line: Int, reason: String

    public init(source: String, line: Int, reason: String) {
        self.source = source; self.line = line; self.reason = reason
    }

    public var description: String { line == 0 ? "\(source): \(reason)" : "\(source), line \(line): \(reason)" }
}

/// Tuning files: what `camath-bench --write-tuning <file>` writes for any file name not ending in `.swift`,
/// and what the library loads from the file named by the environment variable `CAMATH_TUNING`, so that
/// `.auto` fits a machine without rebuilding. One rule per line, `#` starts a comment:
///
/// ```
/// # camath tuning 1
/// threading concat-pairwise 100000
/// blas map-points-3d 300000
/// ```
///
/// An operation absent from the `threading` lines never takes a second thread by itself; absent from the
/// `blas` lines, `.auto` (at `precision: .fast`) never takes CBLAS. Results never depend on the tuning: it
/// only chooses among paths that meet the same contract.
@_spi(Benchmarks) extension BatchTuning {
    /// The tuning in the file format above.
    public var text: String {
        var lines = ["# camath tuning 1"]
        for operation in BatchOperation.allCases {
            if let n = threadingThreshold[operation] { lines.append("threading \(operation.rawValue) \(n)") }
        }
        for operation in BatchOperation.allCases {
            if let n = blasCrossover[operation] { lines.append("blas \(operation.rawValue) \(n)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Parses the file format. Throws, naming the line, for an unknown rule or operation, a size that is
    /// not a positive integer, a `blas` rule for an operation that is not a matrix product, or an
    /// operation given twice under one rule.
    public init(text: String, source: String = "<text>") throws(BatchTuningError) {
        var threading: [BatchOperation: Int] = [:], blas: [BatchOperation: Int] = [:]
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = content.split(whereSeparator: \.isWhitespace)
            if words.isEmpty { continue }
            func fail(_ reason: String) -> BatchTuningError { BatchTuningError(source: source, line: index + 1, reason: reason) }
            guard words.count == 3 else { throw fail("expected '<threading|blas> <operation> <size>', got '\(content)'") }
            guard let operation = BatchOperation(rawValue: String(words[1])) else { throw fail("unknown operation '\(words[1])'") }
            guard let n = Int(words[2]), n > 0 else { throw fail("'\(words[2])' is not a positive integer") }
            switch words[0] {
            case "threading":
                guard threading.updateValue(n, forKey: operation) == nil else { throw fail("\(operation.rawValue) given twice") }
            case "blas":
                guard operation.isMatrixProduct else { throw fail("\(operation.rawValue) is not a matrix product") }
                guard blas.updateValue(n, forKey: operation) == nil else { throw fail("\(operation.rawValue) given twice") }
            default:
                throw fail("unknown rule '\(words[0])' (threading or blas)")
            }
        }
        self.init(threadingThreshold: threading, blasCrossover: blas)
    }

    /// Reads a tuning file (C stdio: the module does not import Foundation).
    public init(contentsOfFile path: String) throws(BatchTuningError) {
        guard let file = fopen(path, "rb") else {
            throw BatchTuningError(source: path, line: 0, reason: "cannot be read (\(String(cString: strerror(errno))))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let read = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            bytes += chunk[..<read]
            if read < chunk.count { break }
        }
        guard ferror(file) == 0 else { throw BatchTuningError(source: path, line: 0, reason: "cannot be read (a read failed)") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw BatchTuningError(source: path, line: 0, reason: "is not UTF-8 text")
        }
        try self.init(text: text, source: path)
    }

    /// The tuning of the file named by `CAMATH_TUNING` (read once): `nil` when the variable is unset, the
    /// error when the file cannot be read or parsed (``Batch/tuning`` then keeps ``measured``).
    public static let environment: Result<BatchTuning, BatchTuningError>? = {
        guard let variable = getenv("CAMATH_TUNING"), variable.pointee != 0 else { return nil }
        let path = String(cString: variable)
        do throws(BatchTuningError) { return .success(try BatchTuning(contentsOfFile: path)) } catch { return .failure(error) }
    }()
}
