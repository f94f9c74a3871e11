import CAMathCore
import Foundation

/// A damped harmonic spring from 0 to 1 (<doc:Springs>): mass m, stiffness k, damping c, initial velocity
/// v₀, with ω₀ = √(k/m) and damping ratio ζ = c/(2·√(k·m)), clamped to 1 unless overdamping is allowed.
/// Its fraction x(t) = 1 + δ(t) has a closed form per regime (under-, critically, over-damped).
public struct DampedSpring: Sendable, Equatable {
    private var m = 1.0, k = 100.0, c = 10.0, v0 = 0.0
    /// Whether a damping ratio above 1 is kept (default `false`).
    public var allowsOverdamping = false

    /// The default spring: mass 1, stiffness 100, damping 10, no initial velocity.
    public init() {}

    /// A spring with these parameters; each invalid one (see the properties) keeps its default.
    public init(
        mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0,
        allowsOverdamping: Bool = false
    ) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping
        self.initialVelocity = initialVelocity; self.allowsOverdamping = allowsOverdamping
    }

    /// The spring SwiftUI and UIKit describe by how long it feels and how much it bounces (<doc:Springs>):
    /// m = 1, ω = 2π/`perceptualDuration`, k = ω², ζ = 1 − `bounce` for a bounce ≥ 0 and 1/(1 + `bounce`) below,
    /// c = 2ζ·√(k·m), overdamping allowed. A duration that is not finite and > 0, or a bounce that is NaN or
    /// outside (−1, 1], gives the default spring (overdamping still allowed). O(1).
    public init(perceptualDuration duration: Double, bounce: Double) {
        allowsOverdamping = true
        guard duration > 0, duration.isFinite, bounce > -1, bounce <= 1 else { return }
        let omega = (2 * Double.pi) / duration
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        m = 1
        stiffness = omega * omega
        damping = (2 * zeta) * (k * m).squareRoot()
    }

    /// The duration that ``init(perceptualDuration:bounce:)`` would take to make this spring: 2π·√(m/k). O(1).
    public var perceptualDuration: Double { (2 * Double.pi) / undampedAngularFrequency }

    /// The bounce that ``init(perceptualDuration:bounce:)`` would take to make this spring, from the unclamped
    /// damping ratio ζ = c/(2·√(k·m)): 1 − ζ for ζ ≤ 1, 1/ζ − 1 above. O(1).
    public var bounce: Double {
        let zeta = c / (2 * (k * m).squareRoot())
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// m > 0 (default 1); a value that is not > 0 or not finite is ignored.
    public var mass: Double {
        get { m }
        set { if newValue > 0 && newValue.isFinite { m = newValue } }
    }
    /// k > 0 (default 100); a value that is not > 0 or not finite is ignored.
    public var stiffness: Double {
        get { k }
        set { if newValue > 0 && newValue.isFinite { k = newValue } }
    }
    /// c ≥ 0 (default 10); a negative or non-finite value is ignored.
    public var damping: Double {
        get { c }
        set { if newValue >= 0 && newValue.isFinite { c = newValue } }
    }
    /// v₀ (default 0); NaN and ±∞ are ignored.
    public var initialVelocity: Double {
        get { v0 }
        set { if newValue.isFinite { v0 = newValue } }
    }

    /// ω₀ = √(k/m).
    public var undampedAngularFrequency: Double { (k / m).squareRoot() }

    /// ζ = c/(2·√(k·m)), then min(ζ, 1) unless overdamping is allowed.
    public var dampingRatio: Double {
        let zeta = c / (2 * (k * m).squareRoot())
        return allowsOverdamping ? zeta : min(zeta, 1)
    }

    /// δ(t) = x(t) − 1 by the closed form of the regime (<doc:Springs>), computed directly, so x(0) = 0 exactly
    /// in every regime (overdamped: `c₂·(e₋ − e₊) − e₊`). The sines and
    /// cosines are CAMath's own (`Elementary`), the exponential the platform's `exp`. t < 0 evaluates the
    /// formula as is. Cost: one or two `exp`, one `sincos` pair.
    public func displacement(atTime t: Double) -> Double {
        let w0 = undampedAngularFrequency, zeta = dampingRatio
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 - zeta * w0) / wd
            return exp(-(zeta * w0) * t) * (b * Elementary.sin(wd * t) - Elementary.cos(wd * t))
        }
        if zeta == 1 {
            return exp(-w0 * t) * ((v0 - w0) * t - 1)
        }
        let r = w0 * (zeta * zeta - 1).squareRoot()
        let sPlus = -(zeta * w0) + r, sMinus = -(zeta * w0) - r
        let c2 = (v0 + sPlus) / (sMinus - sPlus)
        let ePlus = exp(sPlus * t), eMinus = exp(sMinus * t)
        // c₁·e₊ + c₂·e₋ with c₁ = −1 − c₂, arranged so that δ(0) = c₂·0 − 1 = −1 exactly.
        return c2 * (eMinus - ePlus) - ePlus
    }

    /// A(t): the sum of the magnitudes of δ(t)'s terms — ζ < 1: e^(−ζω₀t)·(|B| + 1); ζ = 1: e^(−ω₀t)·(|v₀ − ω₀|·|t| + 1);
    /// ζ > 1: |c₂|·e^(s₋t) + |1 + c₂|·e^(s₊t) — the scale an error of the exponential or of a sine carries into
    /// δ (near critical damping the terms cancel, so |δ| alone understates it). Cost: as
    /// ``displacement(atTime:)``.
    package func termMagnitude(atTime t: Double) -> Double {
        let w0 = undampedAngularFrequency, zeta = dampingRatio
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            return exp(-(zeta * w0) * t) * (abs((v0 - zeta * w0) / wd) + 1)
        }
        if zeta == 1 { return exp(-w0 * t) * (abs(v0 - w0) * abs(t) + 1) }
        let r = w0 * (zeta * zeta - 1).squareRoot()
        let sPlus = -(zeta * w0) + r, sMinus = -(zeta * w0) - r
        let c2 = (v0 + sPlus) / (sMinus - sPlus)
        return abs(c2) * exp(sMinus * t) + abs(1 + c2) * exp(sPlus * t)
    }

    /// x(t) = 1 + δ(t). Cost: as ``displacement(atTime:)``.
    public func fraction(atTime t: Double) -> Double { 1 + displacement(atTime: t) }

    /// The time to come within 0.001 of rest, in this order: ζ ≤ 0 → `Float.greatestFiniteMagnitude`;
    /// ζ < 1 → −log(0.001/E)/(ζ·ω₀) with E = 1 + |B| (the envelope, B of the underdamped form);
    /// ζ ≥ 1 → tenths added one at a time from 0 until |δ(t)| < 0.001, at most 10⁶ steps. Cost: O(1) below
    /// critical damping, else up to 10⁶ evaluations (a tenth of a second each: about 10·settle steps).
    public var settlingDuration: Double {
        let w0 = undampedAngularFrequency, zeta = dampingRatio
        if zeta <= 0 { return Double(Float.greatestFiniteMagnitude) }
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let e = 1 + abs((v0 - zeta * w0) / wd)
            return -log(0.001 / e) / (zeta * w0)
        }
        var t = 0.0
        for _ in 0..<1_000_000 {
            if abs(displacement(atTime: t)) < 0.001 { return t }
            t = t + 0.1
        }
        return t
    }
}
