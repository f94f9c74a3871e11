import CAMathAnimation
@_spi(Benchmarks) import CAMathBatch
import CAMathCore

@_spi(Benchmarks) extension ExactnessBudget {
    /// The bound of a spring's fraction at `t` on the `.simd` path, whose e^x is not the platform's:
    /// 1e-12·max(1, |x|) while |ω₀·t| ≤ 100 — 1e-12 for a spring that moves within its distance, relative for
    /// one driven far beyond it (large initial velocities, negative times) — and that times |ω₀·t|/100 beyond,
    /// where the exponentials' arguments grow. Non-finite references must be matched exactly (bound 0).
    public static func springFraction(_ spring: DampedSpring, atTime t: Double) -> Double {
        let reference = spring.fraction(atTime: t)
        guard reference.isFinite else { return 0 }
        let reach = abs(spring.undampedAngularFrequency * t)
        return finite(1e-12 * max(1, abs(reference)) * max(1, reach / 100))
    }

    /// The 16 bounds of animation `i` of `batch` at parent time `p` over `current` (its model when `nil`) at
    /// `precision: .fast`: where the reference blends a pair (a basic animation's ends, a keyframe segment),
    /// `interpolation(from:to:fraction:)` of that pair at that fraction; when the blend is then concatenated
    /// (with the current value of an additive animation, the repeated cycle end of a cumulative one), each
    /// element's bound is the largest of its row — element (r, c) of Concat(v, m) is Σⱼ v[r][j]·m[j][c], so
    /// every error of row r reaches it — times `4·max(1, |m|max)` for each such m (its largest element that
    /// is not NaN); 0 wherever the value is not blended (taken whole, the model, or the reference's own
    /// evaluation), which the fast path returns exactly. Cost: one schedule step and two reference
    /// decompositions.
    public static func transformAnimation(_ batch: TransformAnimationBatch, _ i: Int, atParentTime p: Double,
                                          over current: Transform3D? = nil) -> [Double] {
        guard let blend = batch.blend(i, atParentTime: p) else { return [Double](repeating: 0, count: 16) }
        let animation = batch.animations[i]
        func reach(_ c: Transform3D) -> Double { 4 * max(1, largestMagnitude(c.elements)) }
        var factor = 1.0
        if animation.isAdditive { factor *= reach(current ?? batch.models[i]) }
        if animation.isCumulative, case .transform(let end) = AnimationValue.transform(batch.cycleEnds[i]).repeated(max(blend.cycle, 0)) {
            factor *= reach(end)
        }
        let bounds = interpolation(from: blend.from, to: blend.to, fraction: blend.fraction)
        guard factor != 1 else { return bounds }
        return (0..<16).map { e in finite(bounds[e / 4 * 4..<e / 4 * 4 + 4].max()! * factor) }
    }
}
