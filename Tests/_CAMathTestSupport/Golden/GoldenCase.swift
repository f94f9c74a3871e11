import Foundation

/// How a case compares numbers: IEEE `==`, or `|got − expected| ≤ abs + rel·|expected|`.
public enum GoldenTolerance: Sendable, CustomStringConvertible {
    case exact
    case within(abs: Double, rel: Double)

    public var description: String {
        switch self {
        case .exact: "exact"
        case .within(let a, let r): "abs \(a), rel \(r)"
        }
    }
}

/// One case of a golden-vector file (schema: `Tests/Fixtures/README.md`).
public struct GoldenCase: Sendable {
    public let id: String
    public let op: String
    public let input: GoldenValue
    public let expected: [String: GoldenValue]
    public let tolerance: GoldenTolerance

    public init(id: String, op: String, input: GoldenValue, expected: [String: GoldenValue], tolerance: GoldenTolerance) {
        self.id = id; self.op = op; self.input = input; self.expected = expected; self.tolerance = tolerance
    }

    /// Reads one case; a case without exactly one of `exact` / `tolerance` is malformed.
    init(json: GoldenValue) throws {
        guard case .object(let o) = json else { throw GoldenFormatError("case is not an object") }
        guard case .string(let id)? = o["id"] else { throw GoldenFormatError("case has no id") }
        guard case .string(let op)? = o["op"] else { throw GoldenFormatError("\(id): no op") }
        guard let input = o["input"] else { throw GoldenFormatError("\(id): no input") }
        guard case .object(let expected)? = o["expected"] else { throw GoldenFormatError("\(id): no expected object") }
        switch (o["exact"], o["tolerance"]) {
        case (.bool(true)?, nil):
            tolerance = .exact
        case (nil, .object(let t)?):
            guard let a = t["abs"]?.number, let r = t["rel"]?.number else {
                throw GoldenFormatError("\(id): tolerance needs abs and rel")
            }
            tolerance = .within(abs: a, rel: r)
        default:
            throw GoldenFormatError("\(id): needs exactly one of \"exact\": true or \"tolerance\"")
        }
        self.id = id; self.op = op; self.input = input; self.expected = expected
    }
}

/// The golden-vector files the tests replay: every `*.json` in `Tests/Fixtures/`.
public enum GoldenFixtures {
    /// `Tests/Fixtures/`, found from this source file's location (the tests never read `../shared`).
    public static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The file names of every `*.json` fixture, sorted.
    public static func fileNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    /// Every case of one fixture file.
    public static func cases(in fileName: String) throws -> [GoldenCase] {
        let data = try Data(contentsOf: directory.appendingPathComponent(fileName))
        return try cases(fromJSON: data)
    }

    /// Every case of a JSON array of cases.
    public static func cases(fromJSON data: Data) throws -> [GoldenCase] {
        guard case .array(let items) = try JSONDecoder().decode(GoldenValue.self, from: data) else {
            throw GoldenFormatError("a fixture file must be a JSON array of cases")
        }
        return try items.map(GoldenCase.init(json:))
    }
}
