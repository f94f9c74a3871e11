import CAMath
import Foundation

/// A JSON value of a golden-vector file, with the vectors' encodings (`Tests/Fixtures/README.md`):
/// the strings `"nan"`, `"inf"`, `"-inf"` stand for non-finite numbers.
public indirect enum GoldenValue: Decodable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([GoldenValue])
    case object([String: GoldenValue])

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let d = try? c.decode(Double.self) {
            self = .number(d)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([GoldenValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: GoldenValue].self))
        }
    }

    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(let d): "\(d)"
        case .string(let s): "\"\(s)\""
        case .array(let a): "[" + a.map(\.description).joined(separator: ", ") + "]"
        case .object(let o): "{" + o.keys.sorted().map { "\($0): \(o[$0]!)" }.joined(separator: ", ") + "}"
        }
    }

    /// The number this value encodes (a JSON number or one of `"nan"`, `"inf"`, `"-inf"`), else `nil`.
    public var number: Double? {
        switch self {
        case .number(let d): d
        case .string("nan"): .nan
        case .string("inf"): .infinity
        case .string("-inf"): -.infinity
        default: nil
        }
    }
}

/// A golden-vector input or result that is missing or malformed: the case fails with this message.
public struct GoldenFormatError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Typed access to the fields of a case's `input` object.
public struct GoldenFields: Sendable {
    public let values: [String: GoldenValue]

    public init(_ value: GoldenValue) throws {
        guard case .object(let o) = value else { throw GoldenFormatError("input is not an object") }
        values = o
    }

    public func value(_ key: String) throws -> GoldenValue {
        guard let v = values[key] else { throw GoldenFormatError("input has no '\(key)'") }
        return v
    }

    public func number(_ key: String) throws -> Double {
        guard let d = try value(key).number else { throw GoldenFormatError("'\(key)' is not a number") }
        return d
    }

    public func numbers(_ key: String, count: Int) throws -> [Double] {
        try Self.numbers(value(key), count: count, name: key)
    }

    public func string(_ key: String) throws -> String {
        guard case .string(let s) = try value(key) else { throw GoldenFormatError("'\(key)' is not a string") }
        return s
    }

    /// A string, or `nil` when the key holds JSON `null`.
    public func optionalString(_ key: String) throws -> String? {
        switch try value(key) {
        case .null: nil
        case .string(let s): s
        default: throw GoldenFormatError("'\(key)' is neither a string nor null")
        }
    }

    public func transform3D(_ key: String) throws -> Transform3D {
        Transform3D(elements: try numbers(key, count: 16))!
    }

    public func transform2D(_ key: String) throws -> Transform2D {
        let e = try numbers(key, count: 6)
        return Transform2D(a: e[0], b: e[1], c: e[2], d: e[3], tx: e[4], ty: e[5])
    }

    public func point(_ key: String) throws -> SIMD2<Double> {
        let e = try numbers(key, count: 2)
        return SIMD2(e[0], e[1])
    }

    public func rect(_ key: String) throws -> Rect2D {
        let e = try numbers(key, count: 4)
        return Rect2D(x: e[0], y: e[1], width: e[2], height: e[3])
    }

    public static func numbers(_ value: GoldenValue, count: Int, name: String) throws -> [Double] {
        guard case .array(let a) = value, a.count == count else {
            throw GoldenFormatError("'\(name)' is not an array of \(count) numbers")
        }
        return try a.map {
            guard let d = $0.number else { throw GoldenFormatError("'\(name)' holds a non-number") }
            return d
        }
    }
}
