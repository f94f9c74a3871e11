import CAMathCore
import Foundation

/// A damped spring between two values (`CASpringAnimation`): the value is lerp(from, to, x(β)) with x
/// the spring's fraction of the way at the basic time β in seconds; the timing function is ignored and
/// the motion is cut at ``LayerAnimation/duration`` (<doc:Springs>).
open class SpringAnimation: BasicAnimation {
    /// The spring's parameters as one value (mass, stiffness, damping, initial velocity, overdamping).
    public var spring = DampedSpring()

    public required init(copying other: LayerAnimation) {
        if let o = other as? SpringAnimation { spring = o.spring }
        super.init(copying: other)
    }

    public override init(keyPath: String?) { super.init(keyPath: keyPath) }

    /// A spring animation without a key path whose spring feels `perceptualDuration` seconds long and bounces by
    /// `bounce` (−1 overdamped … 0 critical … 1 undamped): ``DampedSpring/init(perceptualDuration:bounce:)``.
    /// ``LayerAnimation/duration`` stays 0 (resolved when added; set it to ``settlingDuration`` to see the whole
    /// motion). Invalid arguments give the default spring.
    public convenience init(perceptualDuration: Double, bounce: Double) {
        self.init(keyPath: nil)
        spring = DampedSpring(perceptualDuration: perceptualDuration, bounce: bounce)
    }

    /// How long the spring feels: 2π·√(mass/stiffness) (``DampedSpring/perceptualDuration``). Read-only.
    public var perceptualDuration: Double { spring.perceptualDuration }
    /// How much the spring bounces, from its damping ratio (``DampedSpring/bounce``). Read-only.
    public var bounce: CGFloat { CGFloat(spring.bounce) }

    /// The mass m (> 0, default 1); another value (or NaN) is ignored.
    public var mass: CGFloat {
        get { spring.mass }
        set { spring.mass = newValue }
    }
    /// The stiffness k (> 0, default 100); another value is ignored.
    public var stiffness: CGFloat {
        get { spring.stiffness }
        set { spring.stiffness = newValue }
    }
    /// The damping c (≥ 0, default 10); another value is ignored.
    public var damping: CGFloat {
        get { spring.damping }
        set { spring.damping = newValue }
    }
    /// v₀ in whole from→to distances per second, positive towards the target (default 0); NaN and ±∞
    /// are ignored.
    public var initialVelocity: CGFloat {
        get { spring.initialVelocity }
        set { spring.initialVelocity = newValue }
    }
    /// Whether a damping ratio above 1 is kept (default `false`: it counts as critical damping).
    public var allowsOverdamping: Bool {
        get { spring.allowsOverdamping }
        set { spring.allowsOverdamping = newValue }
    }
    /// The time the spring takes to come within 0.001 of rest (<doc:Springs>). Read-only.
    public var settlingDuration: Double { spring.settlingDuration }

    /// x(t): the fraction of the way at `t` seconds (x(0) = 0, x′(0) = v₀, x(∞) = 1).
    public func fraction(atTime t: Double) -> Double { spring.fraction(atTime: t) }

    override func cycleValue(
        _ evaluation: MediaTimingEvaluation, modelPart: AnimationValue
    ) -> (value: AnimationValue, cycleEnd: AnimationValue)? {
        interpolatedValue(atProgress: spring.fraction(atTime: evaluation.basicTime), model: modelPart, previous: previousValue)
    }
}
