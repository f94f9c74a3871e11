import CAMathAnimation
@_spi(Benchmarks) import CAMathBatch
import CAMathCore

@_spi(Benchmarks) extension ExactnessBudget {
    /// The bound of a spring's fraction at `t` on the `.simd` path, whose e^x is not the platform's (its sines and
    /// cosines are CAMath's `Elementary`, as the reference's): 1e-12·(1 + A(t)), A(t) the sum of the magnitudes of
    /// the displacement's terms (`DampedSpring.termMagnitude(atTime:)`), since an error of one ulp in an
    /// exponential scales with its term, not with |x|. Non-finite references must be matched exactly (bound 0).
    public static func springFraction(_ spring: DampedSpring, atTime t: Double) -> Double {
        guard spring.fraction(atTime: t).isFinite else { return 0 }
        return finite(1e-12 * (1 + spring.termMagnitude(atTime: t)))
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
    public static func transformAnimation(
        _ batch: TransformAnimationBatch, _ i: Int, atParentTime p: Double,
        over current: Transform3D? = nil
    ) -> [Double] {
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
