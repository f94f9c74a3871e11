import CAMath

/// Springs of every regime (undamped, under-, critically and over-damped, clamped and allowed, large initial
/// velocities, extreme masses and stiffnesses) and times that reach their edges (negative, zero, far out,
/// arguments past the short reduction, non-finite).
public enum SpringCases {
    public static let springs: [DampedSpring] = {
        var all: [DampedSpring] = []
        for mass: Double in [0.01, 1, 3.7, 1000] {
            for stiffness: Double in [0.5, 100, 350, 1e5] {
                for damping: Double in [0, 1, 10, 20, 55, 400] {
                    for velocity: Double in [0, 5, -12.5, 300] {
                        all.append(
                            DampedSpring(
                                mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity,
                                allowsOverdamping: (all.count % 2) == 0))
                    }
                }
            }
        }
        // Exactly critical: c = 2·√(k·m).
        all.append(DampedSpring(mass: 1, stiffness: 100, damping: 20))
        all.append(DampedSpring(mass: 4, stiffness: 25, damping: 20, initialVelocity: 3, allowsOverdamping: true))
        return all
    }()

    public static let times: [Double] = [0, -0.0, 1e-9, 0.016, 0.05, 0.3, 1, 2.5, 10, 60, -0.25, 1e6, 3e9, .nan, .infinity, -.infinity]
}
