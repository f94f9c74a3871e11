@_spi(Benchmarks) import CAMath
@_spi(Benchmarks) @_exported import _CAMathCatalogue
import Foundation

/// Reads typed values from a fuzzer's bytes, biased towards the values that break geometry code: one
/// selector byte picks a special value (NaN, ±∞, ±0, subnormals, extremes, ±1, k·π/2), a small
/// integer, or the next eight bytes as a raw bit pattern. Past the end every read returns zero/false.
public struct FuzzBytes {
    let bytes: [UInt8]
    var offset = 0

    public init(_ data: UnsafePointer<UInt8>, _ size: Int) { bytes = Array(UnsafeBufferPointer(start: data, count: size)) }

    public var isExhausted: Bool { offset >= bytes.count }

    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// An integer in `0..<bound` (bound ≥ 1).
    public mutating func int(below bound: Int) -> Int { Int(UInt16(byte()) << 8 | UInt16(byte())) % max(1, bound) }

    static let specials: [Double] = [
        .nan, .infinity, -.infinity, 0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
        .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1, -1, .pi / 2, -.pi / 2, .pi, 1e-300
    ]

    public mutating func double() -> Double {
        let selector = byte()
        switch selector {
        case 0..<16: return Self.specials[Int(selector)]
        case 16..<128: return Double(Int(selector) - 72) / 4
        default:
            var bits: UInt64 = 0
            for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
            return Double(bitPattern: bits)
        }
    }

    public mutating func transform() -> Transform3D {
        switch byte() % 4 {
        case 0: return .identity
        case 1:
            return Transform3D(rotationAngle: double(), x: double(), y: double(), z: double())
                .concatenating(Transform3D(translationX: double(), y: double(), z: double()))
        case 2:
            var p = Transform3D.identity
            p.m34 = double()
            return Transform3D(scaleX: double(), y: double(), z: double()).concatenating(p)
        default: return Transform3D(elements: (0..<16).map { _ in double() })!
        }
    }

    public mutating func string(maxLength: Int) -> String {
        let n = int(below: maxLength + 1)
        return String(decoding: (0..<n).map { _ in byte() }, as: UTF8.self)
    }
}

/// Stops the fuzzer (a crash libFuzzer records) when `actual` breaks `rule` against `expected`, naming the
/// first mismatch.
package func requireExact(_ actual: [Double], _ expected: [Double], _ rule: Exactness = .bitwise, _ what: @autoclosure () -> String) {
    if let mismatch = rule.firstMismatch(actual, expected) { preconditionFailure("\(what()): \(mismatch)") }
}

extension CatalogueSource {
    /// One batch configuration, chosen by the next number drawn: `.scalar`, or `.simd` at one instruction set
    /// this CPU runs, at one precision, on 1, 2 or 3 threads. An input pays for one configuration; across many
    /// inputs every one runs (each about as often as the others).
    public mutating func configuration() -> BatchOptions {
        let sets = InstructionSet.all.filter(\.isSupported), precisions = BatchPrecision.allCases
        let choice = int(below: 1 + sets.count * precisions.count * 3)
        guard choice > 0 else { return .scalar }
        let k = choice - 1
        return BatchOptions(
            path: .simd, precision: precisions[(k / sets.count) % precisions.count],
            threads: 1 + k / (sets.count * precisions.count), instructionSet: sets[k % sets.count])
    }
}

/// A catalogue case must meet its contract against the reference on `options`; a throw is a failure too.
package func requireContract(_ c: CatalogueCase, on options: BatchOptions) {
    do {
        if let mismatch = try c.firstMismatch(options) { preconditionFailure("\(c.name) on \(options): \(mismatch)") }
    } catch {
        preconditionFailure("\(c.name) on \(options) threw \(error)")
    }
}

/// Fuzz bytes feed the catalogue's inputs directly.
extension FuzzBytes: CatalogueSource {}
