/// The special values of CAMathCore's *Conventions* article, *Special values* that every argument position is tried with.
public enum SpecialValues {
    /// NaN, ±∞, ±0, the smallest and largest subnormals (both signs), the smallest normal, the
    /// largest finite value (both signs) and ±1.
    public static let all: [Double] = [
        .nan, .infinity, -.infinity, 0, -0.0,
        .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
        .leastNormalMagnitude.nextDown, -Double.leastNormalMagnitude.nextDown,
        .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1, -1
    ]

    /// Only the non-finite ones.
    public static let nonFinite: [Double] = [.nan, .infinity, -.infinity]

    /// Only the subnormal ones.
    public static let subnormal: [Double] = all.filter(\.isSubnormal)
}
