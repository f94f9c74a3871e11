import CAMath
import Foundation

/// Timing functions and progresses that take every branch of the timing-curve solver: the clamp, NaN, the
/// spline samples themselves (a zero-width secant step), Newton that converges, stops on a flat derivative
/// or falls back to bisection, and curves with non-finite control values.
public enum TimingCurveCases {
    public static let functions: [TimingFunction] =
        [TimingFunctionName.linear, .easeIn, .easeOut, .easeInEaseOut, .default].map { TimingFunction(name: $0) } + [
            TimingFunction(controlPoints: 0.34, 1.56, 0.64, 1), TimingFunction(controlPoints: -0.5, 0, 1.5, 1),
            TimingFunction(controlPoints: 1, 0, 0, 1), TimingFunction(controlPoints: 0, 1, 1, 0), TimingFunction(controlPoints: 1, 1, 1, 1),
            TimingFunction(controlPoints: 0, 0, 0, 0), TimingFunction(controlPoints: 0.9, 0, 0.1, 1),
            TimingFunction(controlPoints: 0, 4, 1, -3),
            TimingFunction(controlPoints: .nan, 0, 1, 1), TimingFunction(controlPoints: 0, .infinity, 1, 1),
            TimingFunction(controlPoints: 0.5, 0, 0.5, 1), TimingFunction(controlPoints: 1e-30, 0, 1, 1e-30)
        ]

    public static let progresses: [Double] = {
        var state: UInt64 = 61
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) * 0x1p-53
        }
        let special: [Double] = [
            0, -0.0, 1, .nan, .infinity, -.infinity, -0.5, 1.5, 1e-300, .leastNonzeroMagnitude, 1 - 0x1p-53, 0.5, 0.1, 0.9, 0.3
        ]
        let grid = (1..<200).map { Double($0) / 200 }
        return special + grid + (0..<800).map { _ in next() }
    }()
}
