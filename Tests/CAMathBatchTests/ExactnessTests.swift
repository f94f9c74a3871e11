@_spi(Benchmarks) import CAMath
import Testing

/// The one checker: each rule's verdicts, the first mismatch it reports, and the contract table.
@Suite struct ExactnessTests {
    @Test func bitwiseSeparatesTheSignsOfZeroAndNotNaNPayloads() {
        let quiet = Double.nan, payload = Double(nan: 0x1234, signaling: false), negative = -Double.nan
        #expect(Exactness.bitwise.matches(quiet, payload) && Exactness.bitwise.matches(negative, quiet))
        #expect(!Exactness.bitwise.matches(-0.0, 0) && Exactness.bitwiseUpToSignOfZero.matches(-0.0, 0))
        #expect(!Exactness.bitwise.matches(1, .nan) && !Exactness.bitwiseUpToSignOfZero.matches(.nan, 1))
        #expect(!Exactness.bitwise.matches(1, 1.0.nextUp) && !Exactness.bitwiseUpToSignOfZero.matches(1, 1.0.nextUp))
    }

    @Test func theFirstMismatchNamesIndexBitsAndDistance() throws {
        let m = try #require(Exactness.bitwise.firstMismatch([1, 0, 2, 3], [1, -0.0, 2, 4]))
        #expect(m.index == 1 && m.actual.bitPattern == 0 && m.expected.bitPattern == (-0.0).bitPattern && m.ulps == 0)
        #expect(m.description.contains("element 1") && m.description.contains("0x8000000000000000") && m.description.contains("0 ulp"))
        let far = try #require(Exactness.bitwiseUpToSignOfZero.firstMismatch([1, 0, 2, 3], [1, -0.0, 2, 3.0.nextUp.nextUp]))
        #expect(far.index == 3 && far.ulps == 2)
        #expect(Exactness.bitwise.firstMismatch([1, 2], [1, 2, 3])?.lengths?.expected == 3)
        #expect(Exactness.bitwise.firstMismatch([.nan, -0.0, .infinity], [.nan, -0.0, .infinity]) == nil)
    }

    @Test func budgetsCompareWithinTheirBoundsAndNonFiniteValuesExactly() {
        #expect(Exactness.budget.firstMismatch([1 + 1e-15, .infinity, .nan], [1, .infinity, .nan], bounds: [2e-15, 0, 0]) == nil)
        #expect(Exactness.budget.firstMismatch([1 + 1e-14], [1], bounds: [2e-15])?.index == 0)
        #expect(Exactness.budget.firstMismatch([1e300], [.infinity], bounds: [1e308])?.index == 0)
        #expect(Exactness.budget.firstMismatch([.nan], [3], bounds: [.infinity]) == nil) // outside the domain
        let bounds = ExactnessBudget.concat(Transform3D(scaleX: 2, y: 3, z: 4), .identity)
        #expect(bounds.count == 16 && bounds[0] == 4 * 0x1p-52 * 2 && bounds[5] == 4 * 0x1p-52 * 3)
    }

    /// A NaN element of the matrix makes NaN coordinates of its own; the others still get the bound of the
    /// largest finite element (`Array.max()` would return the leading NaN and leave a bound of 1e-13).
    @Test func pointBoundsSkipNaNElements() {
        var m = Transform3D.identity
        m.m11 = .nan
        m.m22 = 3e40
        let p = SIMD3<Double>(0.5, 2, 0)
        #expect(ExactnessBudget.mapPoint(p, through: m) == Array(repeating: 1e-13 * (2 * 3e40), count: 3))
        let h = Homography(h11: .nan, h12: 0, h13: 0, h21: 0, h22: -3e40, h23: 0, h31: 0, h32: 0, h33: 1)
        #expect(ExactnessBudget.mapPoint(SIMD2(0.5, 2), through: h) == Array(repeating: 1e-13 * (2 * 3e40), count: 2))
    }

    @Test func ulpDistances() {
        #expect(Exactness.ulpDistance(1, 1) == 0 && Exactness.ulpDistance(.nan, .nan) == 0 && Exactness.ulpDistance(0, -0.0) == 0)
        #expect(Exactness.ulpDistance(1, 1.0.nextUp) == 1 && Exactness.ulpDistance(-1, -1.0.nextDown) == 1)
        #expect(Exactness.ulpDistance(-Double.leastNonzeroMagnitude, .leastNonzeroMagnitude) == 2)
        #expect(Exactness.ulpDistance(-Double.greatestFiniteMagnitude, .greatestFiniteMagnitude) == UInt64(0x7FEF_FFFF_FFFF_FFFF) * 2)
        #expect(Exactness.ulpDistance(1, .nan) == nil && Exactness.ulpDistance(.infinity, 1) == nil)
    }

    @Test func theContractTable() {
        for operation in BatchOperation.allCases {
            #expect(Exactness.of(operation, on: .scalar) == .bitwise)
            let simd: Exactness = operation == .invertAffine ? .bitwiseUpToSignOfZero : (operation == .springs ? .budget : .bitwise)
            #expect(Exactness.of(operation, on: .simd) == simd)
            #expect(Exactness.of(operation, on: .blas) == (operation.isMatrixProduct ? .budget : nil))
            #expect(Exactness.of(operation, on: .auto) == Exactness.of(operation, on: .simd), "no BLAS crossover is compiled in")
        }
    }
}
