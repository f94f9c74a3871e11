@testable import CAMathAnimationBatch
@_spi(Benchmarks) import CAMath
import _CAMathTestSupport
import Testing

/// The animation batch forms' contract beyond the per-level agreement (KernelAgreementTests): thread counts,
/// empty batches, refused arguments that write nothing.
@Suite struct AnimationBatchTests {
    /// Every double's bits (NaN equals NaN of the same payload).
    func bits<T: ExactnessComparable>(_ values: [T]) -> [UInt64] { values.flatMap(\.exactnessValues).map(\.bitPattern) }

    /// One frame at a few times on one and two threads and on the scalar path: the same bits, the same
    /// contributions.
    func expectThreadsAndPathsAgree<T: ExactnessComparable>(
        _ frame: (Double, BatchPath, Int) throws -> (values: [T], contributes: [Bool]),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for time in [0.3, 1.4, 3.75] {
            let one = try frame(time, .simd, 1), two = try frame(time, .simd, 2), scalar = try frame(time, .scalar, 2)
            #expect(
                bits(one.values) == bits(two.values) && one.contributes == two.contributes, "at \(time)", sourceLocation: sourceLocation)
            #expect(
                bits(one.values) == bits(scalar.values) && one.contributes == scalar.contributes, "at \(time)",
                sourceLocation: sourceLocation)
        }
    }

    @Test func threadsAndPathsAgree() throws {
        let (animations, models) = AnimationCases.transformAnimations(5000, seed: 71)
        let batch = try TransformAnimationBatch(animations, models: models)
        try expectThreadsAndPathsAgree { try batch.evaluate(atParentTime: $0, options: BatchOptions(path: $1, threads: $2)) }
        let x = TimingCurveCases.progresses
        let function = TimingFunction(name: .easeInEaseOut)
        #expect(
            bits(try Batch.evaluate(function, at: x, options: BatchOptions(path: .simd, threads: 2)))
                == bits(x.map { function.evaluate($0) }))
    }

    /// Animations that share their timings (a transaction's) are grouped into timing classes, each resolved
    /// once per frame at one parent time: every animation still gets its own bits at every phase, on one thread
    /// and two — and per-animation parent times, which take no classes, agree with the reference too.
    @Test func sharedTimingsResolveOncePerClass() throws {
        let (animations, models) = AnimationCases.transformAnimations(3000, seed: 75, timings: 7)
        let batch = try TransformAnimationBatch(animations, models: models)
        let classes = try #require(batch.schedule.classes)
        #expect(classes.representatives.count * 4 <= batch.count && classes.representatives.count > 20)
        #expect(
            try TransformAnimationBatch(AnimationCases.transformAnimations(3000, seed: 75).animations, models: models).schedule.classes
                == nil)
        for time in AnimationCases.parentTimes {
            let one = try batch.evaluate(atParentTime: time, options: BatchOptions(path: .simd, threads: 1)),
                two = try batch.evaluate(atParentTime: time, options: BatchOptions(path: .simd, threads: 2))
            let expected = (0..<batch.count).map { batch.referenceValue($0, atParentTime: time) }
            #expect(bits(one.values) == bits(expected.map(\.0)) && one.contributes == expected.map(\.1), "at \(time)")
            #expect(bits(two.values) == bits(one.values) && two.contributes == one.contributes, "at \(time)")
        }
        let times = (0..<batch.count).map { AnimationCases.parentTimes[$0 % AnimationCases.parentTimes.count] }
        var values = models, applied = [Bool](repeating: false, count: batch.count)
        try times.withUnsafeBufferPointer { t in
            try values.withUnsafeMutableBufferPointer { v in
                try applied.withUnsafeMutableBufferPointer { c in
                    try batch.evaluate(
                        atParentTimes: t, over: UnsafeBufferPointer(v), into: v, contributes: c,
                        options: BatchOptions(path: .simd, threads: 2))
                }
            }
        }
        let expected = (0..<batch.count).map { batch.referenceValue($0, atParentTime: times[$0], over: models[$0]) }
        #expect(bits(values) == bits(expected.map(\.0)) && applied == expected.map(\.1), "per-animation times")
        #expect(
            times.withUnsafeBufferPointer {
                batch.schedule.classSteps(.each(SharedReadPointer(base: $0.baseAddress!)), kernels: InstructionSet.portable.kernels!)
            } == nil)
        // Per-animation times that are all one time take the classes, over per-animation values.
        for time in AnimationCases.parentTimes {
            let same = [Double](repeating: time, count: batch.count), current = (0..<batch.count).map { models[($0 * 7) % models.count] }
            #expect(
                same.withUnsafeBufferPointer {
                    batch.schedule.classSteps(.each(SharedReadPointer(base: $0.baseAddress!)), kernels: InstructionSet.portable.kernels!)
                } != nil)
            var values = current, applied = [Bool](repeating: false, count: batch.count)
            try same.withUnsafeBufferPointer { t in
                try values.withUnsafeMutableBufferPointer { v in
                    try applied.withUnsafeMutableBufferPointer { c in
                        try batch.evaluate(
                            atParentTimes: t, over: UnsafeBufferPointer(v), into: v, contributes: c,
                            options: BatchOptions(path: .simd, threads: 2))
                    }
                }
            }
            let expected = (0..<batch.count).map { batch.referenceValue($0, atParentTime: time, over: current[$0]) }
            #expect(bits(values) == bits(expected.map(\.0)) && applied == expected.map(\.1), "one time per animation: \(time)")
        }
        let (positions, points) = AnimationCases.valueAnimations(3000, property: "position", seed: 76, timings: 9)
        let valueBatch = try ValueAnimationBatch(positions, models: points)
        #expect(valueBatch.schedule.classes != nil)
        try expectThreadsAndPathsAgree { try valueBatch.evaluate(atParentTime: $0, options: BatchOptions(path: $1, threads: $2)) }
    }

    @Test func valueBatchThreadsPathsAndCurrentValues() throws {
        for (property, seed) in [("position", 72), ("bounds", 73)] as [(String, UInt64)] {
            let (animations, models) = AnimationCases.valueAnimations(4000, property: property, seed: seed)
            let batch = try ValueAnimationBatch(animations, models: models)
            try expectThreadsAndPathsAgree { try batch.evaluate(atParentTime: $0, options: BatchOptions(path: $1, threads: $2)) }
            // Per-animation times over current values, written in place over them.
            let times = (0..<batch.count).map { Double($0 % 17) * 0.25 - 1 }
            let current = (0..<batch.count * batch.width).map { Double($0 % 101) - 50 }
            var inPlace = current, applied = [Bool](repeating: false, count: batch.count)
            try times.withUnsafeBufferPointer { t in
                try inPlace.withUnsafeMutableBufferPointer { v in
                    try applied.withUnsafeMutableBufferPointer { c in
                        try batch.evaluate(
                            atParentTimes: t, over: UnsafeBufferPointer(v), into: v, contributes: c,
                            options: BatchOptions(path: .simd, threads: 2))
                    }
                }
            }
            var expected = current, expectedApplied: [Bool] = []
            expected.withUnsafeMutableBufferPointer { e in
                expectedApplied = (0..<batch.count).map { i in
                    batch.referenceValue(
                        i, atParentTime: times[i], over: e.baseAddress! + i * batch.width, into: e.baseAddress! + i * batch.width)
                }
            }
            #expect(bits(inPlace) == bits(expected) && applied == expectedApplied, "\(property): in place over current values")
            // The same values when the caller does not ask which animations contribute (the animations the reference
            // evaluates, keyframe paths among them, included).
            var unasked = current
            try times.withUnsafeBufferPointer { t in
                try unasked.withUnsafeMutableBufferPointer { v in
                    try batch.evaluate(
                        atParentTimes: t, over: UnsafeBufferPointer(v), into: v, options: BatchOptions(path: .simd, threads: 2))
                }
            }
            #expect(bits(unasked) == bits(expected), "\(property): without the contributes buffer")
        }
    }

    /// `precision: .fast`: the same bits on one thread and two, within the blend budget of the reference
    /// (over current values in place too, where additive animations concatenate with them), exactly the
    /// reference wherever it blends nothing — and not the exact path's bits everywhere, so the fast kernels ran.
    @Test func fastTransformAnimationsStayWithinTheirBudget() throws {
        let (animations, models) = AnimationCases.transformAnimations(3000, seed: 74)
        let batch = try TransformAnimationBatch(animations, models: models)
        var differs = false
        for time in [0.3, 1.4, 3.75] {
            let one = try batch.evaluate(atParentTime: time, options: BatchOptions(path: .simd, precision: .fast, threads: 1))
            let two = try batch.evaluate(atParentTime: time, options: BatchOptions(path: .simd, precision: .fast, threads: 2))
            let exact = try batch.evaluate(atParentTime: time, options: BatchOptions(path: .simd, threads: 2))
            #expect(bits(one.values) == bits(two.values) && one.contributes == two.contributes, "at \(time)")
            #expect(one.contributes == exact.contributes, "at \(time)")
            let bounds = (0..<batch.count).flatMap { ExactnessBudget.transformAnimation(batch, $0, atParentTime: time) }
            #expect(expectExact(one.values, exact.values, .budget, bounds: bounds, "at \(time)"))
            differs = differs || bits(one.values) != bits(exact.values)
        }
        #expect(differs, "the fast kernels ran")
        // Per-animation times over current values, in place.
        let times = (0..<batch.count).map { Double($0 % 17) * 0.25 - 1 }
        let current = BatchInputs.transforms(batch.count, seed: 75)
        var inPlace = current
        try times.withUnsafeBufferPointer { t in
            try inPlace.withUnsafeMutableBufferPointer { v in
                try batch.evaluate(
                    atParentTimes: t, over: UnsafeBufferPointer(v), into: v,
                    options: BatchOptions(path: .simd, precision: .fast, threads: 2))
            }
        }
        let expected = (0..<batch.count).map { batch.referenceValue($0, atParentTime: times[$0], over: current[$0]).0 }
        let bounds = (0..<batch.count).flatMap { ExactnessBudget.transformAnimation(batch, $0, atParentTime: times[$0], over: current[$0]) }
        #expect(expectExact(inPlace, expected, .budget, bounds: bounds, "in place over current values"))
    }

    /// A blend that is then concatenated (additive over the model, cumulative over the repeated cycle end)
    /// spreads every error of a row over the whole row: each element's fast bound is the largest of its row's
    /// interpolation bounds times the reach of what it is concatenated with. With a perspective end the
    /// interpolation bounds of a row differ (the last column is the largest), so a per-element bound would
    /// be too small where a row's small element meets a large one of the other matrix (fuzz-animations found
    /// such a case: 1 ulp of 1.3e246 against a bound of 1.5e20).
    @Test func concatenatedBlendsBoundEveryElementByItsRow() throws {
        var from = Transform3D(scaleX: 2, y: 3, z: 1)
        from.m34 = -1.0 / 500
        let to = Transform3D(rotationAngle: 1.2, x: 0, y: 0, z: 1).concatenating(Transform3D(translationX: 40, y: -7, z: 3))
        let model = Transform3D(scaleX: 1e30, y: 5, z: 1)
        let additive = BasicAnimation(keyPath: "transform")
        additive.fromValue = from
        additive.toValue = to
        additive.isAdditive = true
        let cumulative = BasicAnimation(keyPath: "transform")
        cumulative.fromValue = from
        cumulative.toValue = model
        cumulative.isCumulative = true
        for animation in [additive, cumulative] {
            animation.beginTime = 0
            animation.duration = 1
            animation.repeatCount = 4
        }
        let batch = try TransformAnimationBatch([additive, cumulative], models: [model, model])
        // Third cycle (k = 2), 0.35 s in: the fraction is the time mapping's remainder. Reaches: the model, and the
        // cycle end squared (its largest element 1e30·1e30, rounded).
        let time = 2.35, fraction = time - 2
        // Over a current value whose first element is NaN, the largest other element still sets the reach
        // (fuzz-animations: a NaN first element made Array.max() return NaN and the reach 4).
        var current = model
        current.m11 = .nan
        current.m12 = -7e40
        let cases: [(i: Int, to: Transform3D, over: Transform3D?, reach: Double)] = [
            (0, to, nil, 4e30), (1, model, nil, 4 * (1e30 * 1e30)), (0, to, current, 4 * 7e40)
        ]
        for (i, to, over, reach) in cases {
            let blend = ExactnessBudget.interpolation(from: from, to: to, fraction: fraction)
            #expect(Set(blend[0..<4]).count > 1, "animation \(i): the interpolation bounds of a row differ")
            let bounds = ExactnessBudget.transformAnimation(batch, i, atParentTime: time, over: over)
            for r in 0..<4 {
                let largest = blend[4 * r..<4 * r + 4].max()!
                #expect(
                    bounds[4 * r..<4 * r + 4].allSatisfy { $0 == largest * reach }, "animation \(i), row \(r): \(bounds[4 * r..<4 * r + 4])"
                )
            }
        }
    }

    /// The values the spec's rules give, computed by hand: a linear move, an additive move over the current
    /// value, a field written into the whole, a cumulative second cycle, a cubic keyframe at a key.
    @Test func valueBatchGivesTheRulesValues() throws {
        func timed<A: PropertyAnimation>(_ animation: A) -> A {
            animation.duration = 2
            animation.timingFunction = TimingFunction(name: .linear)
            return animation
        }
        let move = timed(BasicAnimation(keyPath: "position"))
        move.fromValue = CGPoint(x: 0, y: 0); move.toValue = CGPoint(x: 100, y: 200)
        let nudge = timed(BasicAnimation(keyPath: "position"))
        nudge.byValue = CGPoint(x: 10, y: -10); nudge.isAdditive = true
        let slide = timed(BasicAnimation(keyPath: "position.x"))
        slide.fromValue = 0.0; slide.toValue = 40.0
        let again = timed(BasicAnimation(keyPath: "position"))
        again.fromValue = CGPoint(x: 0, y: 0); again.toValue = CGPoint(x: 8, y: 4); again.isCumulative = true; again.repeatCount = 3
        let keys = timed(KeyframeAnimation(keyPath: "position"))
        keys.values = [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 60), CGPoint(x: 90, y: 0)]; keys.calculationMode = .cubic
        let model = AnimationValue.point(CGPoint(x: 5, y: 7))
        let batch = try ValueAnimationBatch([move, nudge, slide, again, keys], models: Array(repeating: model, count: 5))
        #expect(batch.width == 2)
        for path in [BatchPath.scalar, .simd] {
            let atOne = try batch.evaluate(atParentTime: 1, options: BatchOptions(path: path))
            #expect(atOne.values[0..<6] == [50, 100, 10, 2, 20, 7], "\(path)")
            #expect(atOne.values[8..<10] == [30, 60], "\(path): the middle key at the middle time")
            let atThree = try batch.evaluate(atParentTime: 3, options: BatchOptions(path: path))
            #expect(atThree.values[6..<8] == [12, 6], "\(path): the second cycle starts from the first's end")
            #expect(atThree.contributes == [false, false, false, true, false], "\(path): removed once done")
        }
    }

    /// The presentation tree on one thread and two, made fresh and written over the previous frame's tree (in
    /// its storage) or over a tree of another shape (replaced): the geometries of `Layer.presentation(at:)` and
    /// the level maps of a snapshot of it (computed in chunks on two threads), so hit tests and conversions on
    /// it are the reference's; and its frames straight from the tree, over several blocks, equal the plan's.
    @Test func presentationTreesOnTwoThreadsHaveTheSnapshotsLevelMaps() throws {
        let root = AnimationCases.animatedTree(700, seed: 76)
        let batch = try PresentationBatch(root: root)
        var reused = batch.model, replaced = LayerTree(root: AnimationCases.animatedTree(5, seed: 77))
        for time in [0.3, 1.4, 3.75] {
            let expected = LayerTree(root: try #require(root.presentation(at: time)))
            for threads in [1, 2] {
                let fresh = try batch.evaluate(atMediaTime: time, options: BatchOptions(path: .simd, threads: threads))
                let storage = reused.geometries.withUnsafeBufferPointer { $0.baseAddress }
                try batch.evaluate(atMediaTime: time, into: &reused, options: BatchOptions(path: .simd, threads: threads))
                if time != 0.3 || threads != 1 {
                    #expect(reused.geometries.withUnsafeBufferPointer { $0.baseAddress } == storage, "written in place")
                }
                try batch.evaluate(atMediaTime: time, into: &replaced, options: BatchOptions(path: .simd, threads: threads))
                for tree in [fresh, reused, replaced] {
                    #expect(
                        bits(tree.geometries.flatMap(\.exactnessValues)) == bits(expected.geometries.flatMap(\.exactnessValues)),
                        "at \(time)")
                    #expect(tree.levelMaps == expected.levelMaps, "at \(time), \(threads) threads")
                }
                var frames = [CGRect](repeating: .null, count: reused.count), planned = frames
                try frames.withUnsafeMutableBufferPointer {
                    try Batch.frames(of: reused, into: $0, options: BatchOptions(path: .simd, threads: threads))
                }
                try planned.withUnsafeMutableBufferPointer {
                    try FramePlan(reused).frames(into: $0, options: BatchOptions(path: .simd, threads: threads))
                }
                #expect(bits(frames.flatMap(\.exactnessValues)) == bits(planned.flatMap(\.exactnessValues)), "at \(time)")
            }
        }
    }

    @Test func emptyBatchesAndRefusedArguments() throws {
        let empty = try TransformAnimationBatch([], models: [])
        #expect(try empty.evaluate(atParentTime: 1).values.isEmpty)
        #expect(throws: BatchError.countMismatch(argument: "models", expected: 1, actual: 0)) {
            try TransformAnimationBatch([BasicAnimation(keyPath: "transform")], models: [])
        }
        let emptyValues = try ValueAnimationBatch([], models: [])
        #expect(try emptyValues.evaluate(atParentTime: 1).values.isEmpty)
        #expect(
            throws: BatchError.invalidValue(
                argument: "models", position: 0, reason: "a transform; animate it with a TransformAnimationBatch")
        ) {
            try ValueAnimationBatch([BasicAnimation(keyPath: "transform")], models: [.transform(.identity)])
        }
        #expect(throws: BatchError.invalidValue(argument: "models", position: 1, reason: "4 components where the batch has 2")) {
            try ValueAnimationBatch(
                [BasicAnimation(keyPath: "position"), BasicAnimation(keyPath: "bounds")],
                models: [.point(.zero), .rect(.zero)])
        }
        #expect(throws: BatchError.invalidValue(argument: "models", position: 0, reason: "256 components; a value batch takes at most 255"))
        {
            try ValueAnimationBatch([BasicAnimation(keyPath: nil)], models: [.vector(Array(repeating: 1, count: 256))])
        }
        let positions = try ValueAnimationBatch([BasicAnimation(keyPath: "position")], models: [.point(.zero)])
        var short = [7.0]
        #expect(throws: BatchError.countMismatch(argument: "out", expected: 2, actual: 1)) {
            try short.withUnsafeMutableBufferPointer { try positions.evaluate(atParentTime: 0, into: $0) }
        }
        #expect(short == [7], "a refused call writes nothing")
        let table = TimingCurveTable([TimingFunction(name: .easeIn)])
        var y = [7.0, 7.0]
        #expect(throws: BatchError.indexOutOfRange(argument: "indices", position: 1, index: 3, count: 1)) {
            try [0.5, 0.5].withUnsafeBufferPointer { x in
                try [UInt32(0), 3].withUnsafeBufferPointer { w in
                    try y.withUnsafeMutableBufferPointer { try table.evaluate(indices: w, at: x, into: $0) }
                }
            }
        }
        #expect(y == [7, 7], "a refused call writes nothing")
        #expect(throws: BatchError.countMismatch(argument: "y", expected: 2, actual: 1)) {
            var short = [7.0]
            try [0.5, 0.5].withUnsafeBufferPointer { x in
                try short.withUnsafeMutableBufferPointer { try Batch.evaluate(TimingFunction(name: .easeIn), at: x, into: $0) }
            }
        }
        var aliased = TimingCurveCases.progresses
        let expected = aliased.map { TimingFunction(name: .default).evaluate($0) }
        try aliased.withUnsafeMutableBufferPointer { b in
            try Batch.evaluate(TimingFunction(name: .default), at: UnsafeBufferPointer(b), into: b, options: .simd)
        }
        #expect(bits(aliased) == bits(expected), "y may be x's memory")
    }

    /// x(0) = 0 exactly in every regime, in the lanes as in the reference (the overdamped lanes compute
    /// c₂·(e₋ − e₊) − e₊, as the reference does).
    @Test func springsStartAtZeroExactlyInEveryRegime() throws {
        var springs: [DampedSpring] = []
        for c in stride(from: 0.0, through: 60, by: 0.75) {
            for v in [-20.0, -3, 0, 0.5, 12] {
                springs.append(DampedSpring(mass: 1.3, stiffness: 170, damping: c, initialVelocity: v, allowsOverdamping: c > 30))
            }
        }
        #expect(springs.contains { $0.dampingRatio > 1 } && springs.contains { $0.dampingRatio < 1 })
        for options in [BatchOptions.scalar, .simd, BatchOptions(path: .simd, precision: .fast)] {
            #expect(try Batch.springFractions(springs, atTime: 0, options: options).allSatisfy { $0 == 0 }, "\(options)")
        }
    }
}
