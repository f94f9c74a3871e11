import CAMathAnimation
import _CAMathTestSupport
import PropertyBased
import Testing

@Suite struct TimingFunctionTests {
    static let names: [TimingFunctionName] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]

    /// Control values in [0, 1] on a grid of 1/64, so 1 − c is exact in `Float`.
    static var unitControls: Generator<[Float], some SendableSequenceType> {
        Gen.int(in: 0...64).array(of: 4).map { $0.map { Float($0) / 64 } }
    }

    @Test func namedFunctionsEndExactlyAndStoreFloatControlValues() {
        for name in Self.names {
            let f = TimingFunction(name: name)
            #expect(f.evaluate(0) == 0 && f.evaluate(1) == 1)
            #expect(f.evaluate(-.infinity) == 0 && f.evaluate(.infinity) == 1)
            #expect(f.evaluate(-0.5) == 0 && f.evaluate(1.5) == 1)
        }
        #expect(Double(TimingFunction(name: .easeIn).c1x) == 0.41999998688697815)
    }

    @Test func unknownNamesAndSpecialValues() {
        #expect(TimingFunction(validatingName: TimingFunctionName("easeInOut")) == nil)
        #expect(TimingFunction(name: TimingFunctionName("bogus")) == TimingFunction(name: .linear))
        #expect(TimingFunction(name: .easeIn).evaluate(.nan).isNaN)
        #expect(TimingFunction(controlPoints: .nan, 0, 1, 1).evaluate(0.5).isNaN)
        #expect(TimingFunction(controlPoints: 0, .infinity, 1, 1).evaluate(0.5).isNaN)
        var buffer: [Float] = [7, 7]
        buffer.withUnsafeMutableBufferPointer { TimingFunction(name: .easeIn).getControlPoint(at: 4, values: $0.baseAddress!) }
        #expect(buffer == [7, 7], "an index outside 0…3 leaves the buffer untouched")
        buffer.withUnsafeMutableBufferPointer { TimingFunction(name: .easeIn).getControlPoint(at: -1, values: $0.baseAddress!) }
        #expect(buffer == [7, 7])
    }

    @Test func theSolverMeetsItsTolerance() async {
        await checkProperty(zip(Self.unitControls, Gen.double(in: 0.0001...0.9999))) { c, x in
            let curve = UnitBezier(Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3]))
            let t = curve.solveCurveX(x)
            #expect(t >= 0 && t <= 1)
            #expect(abs(curve.sampleCurveX(t) - x) < 1e-7, "controls \(c), x \(x), t \(t)")
        }
    }

    /// Control x values far outside [0, 1] make X so steep that bisection narrows the bracket to two adjacent
    /// doubles with |X(t) − x| still ≥ ε: the midpoint is then one of them, and the loop as written would repeat
    /// that state forever (found by fuzz-animations). The solver returns that t.
    @Test func bisectionEndsWhereTheBracketCannotShrink() {
        let cases: [(p1x: Double, p2x: Double, x: Double)] = [
            (1, -2.9123250200498657e24, 0.10191124006936758), (1, -4.562396318262436e26, 0.25),
            (0.702992856502533, -5.464242323752775e29, 0.5), (1, -1.2057413372923888e287, .leastNonzeroMagnitude)
        ]
        for c in cases {
            let curve = UnitBezier(c.p1x, 0, c.p2x, 1)
            let t = curve.solveCurveX(c.x)
            #expect(t == 1, "controls (\(c.p1x), \(c.p2x)) at \(c.x)")
            #expect(abs(curve.sampleCurveX(t) - c.x) >= 1e-7, "the case reaches the bisection's end")
        }
        let f = TimingFunction(controlPoints: 1, 0, -4.562396318262436e26, 1)
        #expect(f.evaluate(0.25) == f.curve.sampleCurveY(1))
    }

    @Test func monotoneForControlValuesInTheUnitSquare() async {
        await checkProperty(zip(Self.unitControls, Gen.double(in: 0...1), Gen.double(in: 0...1))) { c, x1, x2 in
            let f = TimingFunction(controlPoints: c[0], c[1], c[2], c[3])
            let (lo, hi) = (min(x1, x2), max(x1, x2))
            // The solver is within 1e-7 in x, so a flat-then-steep curve may dip by 1e-7 times its slope.
            #expect(f.evaluate(hi) >= f.evaluate(lo) - 1e-6, "controls \(c) at \(lo) and \(hi)")
        }
    }

    @Test func symmetricCurvesAreSymmetric() async {
        await checkProperty(zip(Gen.int(in: 0...64), Gen.int(in: 0...64), Gen.double(in: 0...1))) { a, b, x in
            let (ca, cb) = (Float(a) / 64, Float(b) / 64)
            let f = TimingFunction(controlPoints: ca, cb, 1 - ca, 1 - cb)
            let slope =
                abs(f.curve.sampleCurveY(0.5) - f.curve.sampleCurveY(0.4999))
                / max(abs(f.curve.sampleCurveX(0.5) - f.curve.sampleCurveX(0.4999)), 1e-300)
            #expect(
                abs(f.evaluate(1 - x) - (1 - f.evaluate(x))) <= 1e-7 * max(1, min(slope, 1e6)) + 1e-12,
                "(\(ca), \(cb)) at \(x)")
        }
    }

    @Test func cssExtrapolationFollowsTheEndTangents() {
        let ease = UnitBezier(0.25, 0.1, 0.25, 1)
        #expect(ease.solveExtrapolating(-1) == -0.4)
        #expect(ease.solveExtrapolating(2) == 1)
        #expect(ease.solveExtrapolating(0.5) == ease.solve(0.5))
    }
}
