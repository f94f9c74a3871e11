import CAMath
import Foundation

/// The accuracy of ``Elementary`` against an oracle file written by `scripts/elementary/oracle.py` (arguments
/// and their true values from mpmath): per function the cases, the largest error in ulps and where it occurs.
package struct ElementaryOracle: Sendable {
    /// The functions an oracle file can hold, by their code in the file.
    package enum Function: UInt64, CaseIterable, Sendable {
        case sin, cos, atan, atan2, asin, acos

        /// CAMath's value for the record's arguments (`atan2` takes `(y, x)` as recorded).
        package func evaluate(_ x: Double, _ y: Double) -> Double {
            switch self {
            case .sin: Elementary.sin(x)
            case .cos: Elementary.cos(x)
            case .atan: Elementary.atan(x)
            case .atan2: Elementary.atan2(x, y)
            case .asin: Elementary.asin(x)
            case .acos: Elementary.acos(x)
            }
        }
    }

    /// One function's result over the file.
    package struct Accuracy: Sendable {
        package var function: Function
        package var cases = 0
        /// The largest `|CAMath − true| / ulp(true)` over the finite true values.
        package var maxError = 0.0
        /// The arguments of the largest error.
        package var worst: (Double, Double) = (0, 0)
        /// Cases with an error above 1/2 ulp (not correctly rounded).
        package var aboveHalf = 0
        /// Cases where a NaN, an infinity or the sign of a zero differs from the true value.
        package var specialMismatches = 0
    }

    package var results: [Accuracy]

    /// Why a file cannot be read: unreadable, or not a whole number of 40-byte records with known codes.
    package struct FormatError: Error, CustomStringConvertible {
        package var description: String
    }

    /// Reads and evaluates `url`.
    package init(contentsOf url: URL) throws {
        let data = try Data(contentsOf: url)
        try self.init(data: data)
    }

    /// Evaluates the records in `data`.
    package init(data: Data) throws {
        guard data.count % 40 == 0 else {
            throw FormatError(description: "an oracle file holds 40-byte records; this one has \(data.count) bytes")
        }
        var results = Function.allCases.map { Accuracy(function: $0) }
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            for offset in stride(from: 0, to: raw.count, by: 40) {
                let code = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                func double(_ i: Int) -> Double {
                    Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 8 * i, as: UInt64.self)))
                }
                guard let function = Function(rawValue: code) else {
                    throw FormatError(description: "unknown function code \(code) at byte \(offset)")
                }
                let (x, y, hi, lo) = (double(1), double(2), double(3), double(4))
                let value = function.evaluate(x, y)
                var r = results[Int(code)]
                r.cases += 1
                let error = Self.error(value, hi, lo)
                if error.isNaN {
                    r.specialMismatches += 1
                    r.worst = r.maxError.isInfinite ? r.worst : (x, y)
                    r.maxError = .infinity
                } else {
                    if error > 0.5 { r.aboveHalf += 1 }
                    if error > r.maxError { (r.maxError, r.worst) = (error, (x, y)) }
                }
                results[Int(code)] = r
            }
        }
        self.results = results
    }

    /// `|value − (hi + lo)| / ulp(hi)`, or NaN where a NaN, infinity or zero sign differs.
    static func error(_ value: Double, _ hi: Double, _ lo: Double) -> Double {
        if hi.isNaN || value.isNaN || hi.isInfinite || value.isInfinite {
            return hi.isNaN && value.isNaN || hi == value ? 0 : .nan
        }
        if hi == 0 && value == 0 && lo == 0 { return hi.sign == value.sign ? 0 : .nan }
        return abs((value - hi) - lo) / hi.ulp
    }

    /// A markdown table: function, cases, max error (ulp), its argument(s), cases above ½ ulp, special-value
    /// mismatches.
    package var table: String {
        var lines = [
            "| function | cases | max error (ulp) | at | above ½ ulp | special-value mismatches |",
            "|---|---:|---:|---|---:|---:|"
        ]
        for r in results where r.cases > 0 {
            let at = r.function == .atan2 ? "y = \(r.worst.0.hexLiteral), x = \(r.worst.1.hexLiteral)" : "x = \(r.worst.0.hexLiteral)"
            lines.append(
                "| \(r.function) | \(r.cases) | \(String(format: "%.3f", r.maxError)) | \(at) | \(r.aboveHalf) | \(r.specialMismatches) |")
        }
        return lines.joined(separator: "\n")
    }
}

extension Double {
    /// The exact hexadecimal spelling, e.g. `0x1.921fb54442d18p+0`.
    var hexLiteral: String {
        guard isFinite else { return "\(self)" }
        if self == 0 { return sign == .minus ? "-0x0p+0" : "0x0p+0" }
        let sig = String(significandBitPattern, radix: 16)
        let digits = String(repeating: "0", count: 13 - sig.count) + sig
        let leading = isNormal ? "1" : "0"
        let e = isNormal ? Int(exponent) : -1022
        return "\(sign == .minus ? "-" : "")0x\(leading).\(digits)p\(e >= 0 ? "+" : "")\(e)"
    }
}
