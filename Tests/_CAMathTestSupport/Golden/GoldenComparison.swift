import Foundation

/// The comparison rules of `Tests/Fixtures/README.md`.
public enum GoldenComparison {
    /// Compares every field of `expected` with the same field of `actual`; returns one message per
    /// mismatch (empty when the case passes). `angleFields` are compared modulo 2π.
    public static func mismatches(
        expected: [String: GoldenValue], actual: [String: GoldenValue],
        tolerance: GoldenTolerance, angleFields: Set<String>
    ) -> [String] {
        var out: [String] = []
        for key in expected.keys.sorted() {
            guard let got = actual[key] else {
                out.append("'\(key)': the operation produced no such result")
                continue
            }
            compare(expected[key]!, got, path: key, tolerance: tolerance, angles: angleFields.contains(key), into: &out)
        }
        return out
    }

    static func compare(
        _ e: GoldenValue, _ g: GoldenValue, path: String, tolerance: GoldenTolerance,
        angles: Bool, into out: inout [String]
    ) {
        if let en = e.number {
            guard let gn = g.number else { out.append("\(path): expected \(e), got \(g)"); return }
            if !numberMatches(expected: en, got: gn, tolerance: tolerance, angle: angles) {
                out.append("\(path): expected \(en), got \(gn) (\(tolerance)\(angles ? ", modulo 2π" : ""))")
            }
            return
        }
        switch (e, g) {
        case (.array(let ea), .array(let ga)):
            guard ea.count == ga.count else {
                out.append("\(path): expected \(ea.count) elements, got \(ga.count)"); return
            }
            for (i, (ev, gv)) in zip(ea, ga).enumerated() {
                if case .null = ev { continue } // null inside an array: "not checked"
                compare(ev, gv, path: "\(path)[\(i)]", tolerance: tolerance, angles: angles, into: &out)
            }
        case (.object(let eo), .object(let go)): // every expected key (a layer name) must be present and match
            for key in eo.keys.sorted() {
                guard let gv = go[key] else { out.append("\(path).\(key): the operation produced no such result"); continue }
                compare(eo[key]!, gv, path: "\(path).\(key)", tolerance: tolerance, angles: angles, into: &out)
            }
        case (.null, .null): break
        case (.bool(let a), .bool(let b)) where a == b: break
        case (.string(let a), .string(let b)) where a == b: break
        default:
            out.append("\(path): expected \(e), got \(g)")
        }
    }

    /// One number: non-finite expectations compare exactly (NaN requires NaN); a non-finite result
    /// never matches a finite expectation; angles compare through `remainder(got − expected, 2π)`.
    public static func numberMatches(expected e: Double, got g: Double, tolerance: GoldenTolerance, angle: Bool) -> Bool {
        if e.isNaN { return g.isNaN }
        if !e.isFinite { return g == e }
        if !g.isFinite { return false }
        let diff = angle ? abs(remainder(g - e, 2 * Double.pi)) : abs(g - e)
        switch tolerance {
        case .exact:
            return angle ? diff == 0 : g == e
        case .within(let a, let r):
            return diff <= a + r * abs(e)
        }
    }
}
