@_spi(Benchmarks) import CAMath
import Foundation

/// A value a case's call may hold although its type is not `Sendable` (a layer tree root): cases only read it.
final class Shared<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension BatchCatalogue {
    static let animationEntries: [CatalogueEntry] = [
        CatalogueEntry(
            "timing function", .timingFunction, kernel: "timing_curve",
            generate: { s, n in
                let drawn = draw(3, &s) { s in
                    TimingFunction(
                        controlPoints: Float(s.value(in: -0.5...1.5)), Float(s.value(in: -2...3)),
                        Float(s.value(in: -0.5...1.5)), Float(s.value(in: -2...3)))
                }
                let functions = TimingCurveCases.functions + drawn
                let indices = draw(n, &s) { s in UInt32(s.int(below: functions.count)) }
                return timing(functions, indices, draw(n, &s) { s in s.int(below: 8) == 0 ? s.double() : s.value(in: -0.25...1.25) })
            },
            adversarial: {
                let functions = TimingCurveCases.functions, x = TimingCurveCases.progresses
                return [timing(functions, x.indices.map { UInt32(($0 * 7) % functions.count) }, x)]
            }),
        CatalogueEntry(
            "springs", .springs, kernel: "spring_fractions",
            generate: { s, n in
                let springs = draw(n, &s) { s in
                    DampedSpring(
                        mass: s.value(in: 0.01...10), stiffness: s.value(in: 0.5...2000), damping: s.value(in: 0...100),
                        initialVelocity: s.value(in: -50...50), allowsOverdamping: s.int(below: 2) == 0)
                }
                let time = s.int(below: 4) == 0 ? s.pick(SpringCases.times) : s.value(in: 0...5)
                let times = draw(n, &s) { s in s.int(below: 8) == 0 ? s.double() : s.value(in: -1...20) }
                return springs.isEmpty ? springsAtTime([], time) : oneSpring(springs[0], times, alsoAtTime: (springs, time))
            },
            adversarial: {
                SpringCases.times.map { springsAtTime(SpringCases.springs, $0) }
                    + SpringCases.springs.prefix(24).map { oneSpring($0, SpringCases.times, alsoAtTime: nil) }
            }),
        CatalogueEntry(
            "animate transforms", .animateTransforms, kernel: "interpolate",
            generate: { s, n in
                let seed = UInt64(s.int(below: 1 << 30)), shared = s.int(below: 2) == 0 ? 1 + s.int(below: 8) : nil
                let (animations, models) = AnimationCases.transformAnimations(n, seed: seed, timings: shared)
                return animateTransforms(animations, models)
            },
            adversarial: {
                [AnimationCases.transformAnimations(300, seed: 62), AnimationCases.transformAnimations(300, seed: 69, timings: 6)]
                    .map { animateTransforms($0.animations, $0.models) }
            }),
        CatalogueEntry(
            "animate values", .animateValues, kernel: "media_timing",
            generate: { s, n in
                let property = s.pick(["opacity", "position", "bounds", "vector"]),
                    shared = s.int(below: 3) == 0 ? 1 + s.int(below: 6) : nil
                let (animations, models) = AnimationCases.valueAnimations(
                    n, property: property, seed: UInt64(s.int(below: 1 << 30)), timings: shared)
                return animateValues(animations, models)
            },
            adversarial: {
                ([("opacity", 64, nil), ("position", 65, nil), ("bounds", 66, nil), ("vector", 67, nil), ("position", 70, 5)]
                    as [(String, UInt64, Int?)])
                    .map { AnimationCases.valueAnimations(300, property: $0.0, seed: $0.1, timings: $0.2) }
                    .map { animateValues($0.animations, $0.models) }
            }),
        CatalogueEntry(
            "presentation", .presentationFrames, kernel: "frames",
            generate: { s, n in
                presentation(AnimationCases.animatedTree(max(1, n / 4), seed: UInt64(s.int(below: 1 << 30))))
            }, adversarial: { [presentation(AnimationCases.animatedTree(120, seed: 63))] })
    ]

    static func timing(_ functions: [TimingFunction], _ indices: [UInt32], _ x: [Double]) -> CatalogueCase {
        let table = TimingCurveTable(functions)
        return CatalogueCase(
            "timing function", .timingFunction, count: x.count,
            reference: zip(indices, x).map { functions[Int($0)].evaluate($1) }
        ) { options throws(BatchError) in
            try table.evaluate(indices: indices, at: x, options: options)
        }
    }

    static func springsAtTime(_ springs: [DampedSpring], _ time: Double) -> CatalogueCase {
        CatalogueCase(
            "springs", .springs, count: springs.count, reference: springs.map { $0.fraction(atTime: time) },
            budget: { springs.map { ExactnessBudget.springFraction($0, atTime: time) } }
        ) { options throws(BatchError) in
            try Batch.springFractions(springs, atTime: time, options: options)
        }
    }

    /// One spring at many times, and with `alsoAtTime` many springs at one time after it.
    static func oneSpring(_ spring: DampedSpring, _ times: [Double], alsoAtTime: ([DampedSpring], Double)?) -> CatalogueCase {
        let (springs, time) = alsoAtTime ?? ([], 0)
        return CatalogueCase(
            "springs", .springs, count: times.count + springs.count,
            reference: times.map { spring.fraction(atTime: $0) } + springs.map { $0.fraction(atTime: time) },
            budget: {
                times.map { ExactnessBudget.springFraction(spring, atTime: $0) }
                    + springs.map { ExactnessBudget.springFraction($0, atTime: time) }
            }
        ) { options throws(BatchError) in
            try Batch.springFractions(spring, at: times, options: options)
                + (try Batch.springFractions(springs, atTime: time, options: options))
        }
    }

    /// The case of transform animations over `models` at each parent time of `times` (a fuzz target builds its
    /// own animations).
    public static func animateTransforms(
        _ animations: [PropertyAnimation], _ models: [Transform3D],
        times: [Double] = AnimationCases.parentTimes
    ) -> CatalogueCase {
        let reference = try? TransformAnimationBatch(animations, models: models)
        let expected = times.flatMap { time -> [Double] in
            guard let reference else { return [] }
            let values = (0..<animations.count).map { reference.referenceValue($0, atParentTime: time) }
            return values.map(\.0).exactnessValues + mask(values.map(\.1))
        }
        let animationsBox = Shared(animations)
        return CatalogueCase(
            "animate transforms", .animateTransforms, count: animations.count * times.count, reference: expected,
            budget: {
                times.flatMap { time -> [Double] in
                    guard let reference else { return [] }
                    return (0..<reference.count).flatMap { ExactnessBudget.transformAnimation(reference, $0, atParentTime: time) }
                        + Array(repeating: 0, count: reference.count)
                }
            }
        ) { options throws(BatchError) in
            let batch = try TransformAnimationBatch(animationsBox.value, models: models, instructionSet: options.instructionSet)
            var out: [Double] = []
            for time in times {
                let (values, applied) = try batch.evaluate(atParentTime: time, options: options)
                out += values.exactnessValues + mask(applied)
            }
            return out
        }
    }

    /// The case of value animations over `models` at each parent time of `times`.
    public static func animateValues(
        _ animations: [PropertyAnimation], _ models: [AnimationValue],
        times: [Double] = AnimationCases.parentTimes
    ) -> CatalogueCase {
        let reference = try? ValueAnimationBatch(animations, models: models)
        let expected = times.flatMap { time -> [Double] in
            guard let batch = reference else { return [] }
            var values = [Double](repeating: 0, count: animations.count * batch.width), applied: [Bool] = []
            values.withUnsafeMutableBufferPointer { e in
                applied = (0..<animations.count).map {
                    batch.referenceValue($0, atParentTime: time, over: nil, into: e.baseAddress! + $0 * batch.width)
                }
            }
            return values + mask(applied)
        }
        let animationsBox = Shared(animations), modelsBox = Shared(models)
        return CatalogueCase("animate values", .animateValues, count: animations.count * times.count, reference: expected) {
            options throws(BatchError) in
            let batch = try ValueAnimationBatch(animationsBox.value, models: modelsBox.value)
            var out: [Double] = []
            for time in times {
                let (values, applied) = try batch.evaluate(atParentTime: time, options: options)
                out += values + mask(applied)
            }
            return out
        }
    }

    static func presentation(_ root: Layer) -> CatalogueCase {
        let times = AnimationCases.parentTimes
        let expected = times.flatMap { time in
            root.presentation(at: time).map { LayerTree(root: $0).geometries.flatMap(\.exactnessValues) } ?? []
        }
        let box = Shared(root)
        return CatalogueCase(
            "presentation", .presentationFrames, count: LayerTree(root: root).count * times.count,
            reference: expected
        ) { options throws(BatchError) in
            let batch = try PresentationBatch(root: box.value, instructionSet: options.instructionSet)
            var out: [Double] = []
            for time in times { out += try batch.evaluate(atMediaTime: time, options: options).geometries.flatMap(\.exactnessValues) }
            return out
        }
    }
}
