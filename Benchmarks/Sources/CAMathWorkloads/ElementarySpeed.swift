import CAMath
import _CAMathCatalogue
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// ``Elementary``'s scalar speed beside the platform C library's on the same arguments: per function the
/// median over alternated repetitions of ns per call for each, and their ratio.
package enum ElementarySpeed {
    package struct Row: Sendable {
        package var function: String
        package var camathNanoseconds: Double
        package var libmNanoseconds: Double
        /// CAMath's time over the C library's (below 2 meets the goal).
        package var ratio: Double { camathNanoseconds / libmNanoseconds }
    }

    /// Times each function over `count` seeded arguments of its usual range (`|x| ≤ 8` for sin and cos,
    /// `[−1, 1]` for asin and acos, points in `[−4, 4]²` for atan2), `repetitions` alternated samples each.
    package static func measure(count: Int = 4096, repetitions: Int = 15) -> [Row] {
        var generator = SeededGenerator(seed: 20261124)
        let angles = (0..<count).map { _ in Double.random(in: -8...8, using: &generator) }
        let unit = (0..<count).map { _ in Double.random(in: -1...1, using: &generator) }
        let ys = (0..<count).map { _ in Double.random(in: -4...4, using: &generator) }
        let cases: [(String, [Double], (Double, Double) -> Double, (Double, Double) -> Double)] = [
            ("sin", angles, { x, _ in Elementary.sin(x) }, { x, _ in libmSin(x) }),
            ("cos", angles, { x, _ in Elementary.cos(x) }, { x, _ in libmCos(x) }),
            ("atan2", ys, { y, x in Elementary.atan2(y, x) }, { y, x in libmAtan2(y, x) }),
            ("asin", unit, { x, _ in Elementary.asin(x) }, { x, _ in libmAsin(x) }),
            ("acos", unit, { x, _ in Elementary.acos(x) }, { x, _ in libmAcos(x) })
        ]
        return cases.map { name, xs, ours, theirs in
            var a: [Double] = [], b: [Double] = []
            for _ in 0..<repetitions {
                a.append(nanosecondsPerCall(xs, angles, ours))
                b.append(nanosecondsPerCall(xs, angles, theirs))
            }
            return Row(function: name, camathNanoseconds: median(a), libmNanoseconds: median(b))
        }
    }

    /// A markdown table of `rows`.
    package static func table(_ rows: [Row]) -> String {
        (["| function | CAMath ns/call | C library ns/call | CAMath ÷ C library |", "|---|---:|---:|---:|"]
            + rows.map { "| \($0.function) | \(format($0.camathNanoseconds)) | \(format($0.libmNanoseconds)) | \(format($0.ratio)) |" })
            .joined(separator: "\n")
    }

    static func format(_ v: Double) -> String { String(format: "%.2f", v) }

    /// ns per call of `f` over the arguments (the second from `others`), the sum kept alive.
    static func nanosecondsPerCall(_ xs: [Double], _ others: [Double], _ f: (Double, Double) -> Double) -> Double {
        let start = Stopwatch.now()
        var sum = 0.0
        for _ in 0..<8 {
            for i in xs.indices { sum += f(xs[i], others[i]) }
        }
        let elapsed = Stopwatch.now() - start
        blackHole(sum)
        return elapsed / Double(8 * xs.count) * 1e9
    }

    @inline(never) static func blackHole(_ v: Double) { if v == 0.123456789 { print(v) } }
}

private func libmSin(_ x: Double) -> Double { sin(x) }
private func libmCos(_ x: Double) -> Double { cos(x) }
private func libmAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
private func libmAsin(_ x: Double) -> Double { asin(x) }
private func libmAcos(_ x: Double) -> Double { acos(x) }
