import CAMathAnimation
import _CAMathTestSupport
import Foundation
import PropertyBased
import Testing

@Suite struct SpringTests {
    static var springs: Generator<DampedSpring, some SendableSequenceType> {
        zip(Gen.double(in: 0.1...10), Gen.double(in: 1...1000), Gen.double(in: 0...60), Gen.double(in: -20...20), Gen.bool)
            .map { m, k, c, v, over in DampedSpring(mass: m, stiffness: k, damping: c, initialVelocity: v, allowsOverdamping: over) }
    }

    @Test func startsAtZeroWithItsVelocityAndStaysInItsEnvelope() async {
        await checkProperty(zip(Self.springs, Gen.double(in: 0...5))) { s, t in
            // Exact in every regime: the overdamped form is c₂·(e₋ − e₊) − e₊, which is c₂·0 − 1 at t = 0.
            #expect(s.fraction(atTime: 0) == 0, "\(s)")
            let h = 1e-6
            let velocity = (s.fraction(atTime: h) - s.fraction(atTime: -h)) / (2 * h)
            #expect(abs(velocity - s.initialVelocity) <= 1e-4 * max(1, abs(s.initialVelocity), s.undampedAngularFrequency), "\(s)")
            let w0 = s.undampedAngularFrequency, zeta = s.dampingRatio
            guard zeta < 1 else { return }
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let amplitude: Double = 1 + abs((s.initialVelocity - zeta * w0) / wd)
            let decay: Double = exp(-(zeta * w0) * t)
            let envelope = amplitude * decay
            #expect(abs(s.fraction(atTime: t) - 1) <= envelope * (1 + 1e-12) + 1e-15, "\(s) at \(t)")
        }
    }

    @Test func settersIgnoreInvalidValues() {
        var s = DampedSpring()
        s.mass = 0; s.mass = -1; s.mass = .nan
        s.stiffness = 0; s.stiffness = .infinity
        s.damping = -1; s.damping = .nan
        s.initialVelocity = .nan
        #expect(s == DampedSpring())
        #expect(DampedSpring(mass: 1, stiffness: 100, damping: 0).settlingDuration == Double(Float.greatestFiniteMagnitude))
        let animation = SpringAnimation(keyPath: "position.x")
        animation.damping = -3
        #expect(animation.damping == 10)
    }

    @Test func criticalSettlingStepsByTenths() {
        #expect(DampedSpring(mass: 1, stiffness: 100, damping: 20).settlingDuration == 0.9999999999999999)
        #expect(DampedSpring(mass: 1, stiffness: 1, damping: 2).settlingDuration == 9.299999999999983)
    }
}
