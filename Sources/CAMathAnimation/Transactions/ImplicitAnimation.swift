import CAMathLayer

/// The built-in action of an animatable property (<doc:TransactionsAndActions>, *Implicit animations*): the last
/// step of `Layer.action(forKey:)`, for a layer that has been committed.
enum ImplicitAnimation: BuiltInActionProvider {
    /// A new ``BasicAnimation`` of `event`'s key path without from, to or by values — it runs from the value the
    /// layer presents when it is added to the model value — over ``LayerTransaction/animationDuration()`` with
    /// ``LayerTransaction/animationTimingFunction()`` or, when that is `nil`, `.default`. `nil` for a key that
    /// is not an animatable property, or when the transaction's duration is not > 0 (the change is immediate).
    /// Running it attaches this object itself (it is made for the one event), not a copy.
    static func builtInAction(for layer: Layer, forKey event: String) -> (any LayerAction)? {
        guard let property = AnimatedKeyPath.Property(rawValue: event) else { return nil }
        let duration = LayerTransaction.animationDuration()
        guard duration > 0 else { return nil }
        let animation = BasicAnimation(animating: property)
        animation.duration = duration
        animation.timingFunction = LayerTransaction.animationTimingFunction() ?? defaultCurve
        animation.lifecycle.isBuiltIn = true
        return animation
    }

    /// `.default`, shared (timing functions are immutable).
    private static let defaultCurve = TimingFunction(name: .default)
}
