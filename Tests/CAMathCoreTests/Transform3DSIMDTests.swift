import _CAMathTestSupport
import CAMathCore
import Testing

/// Rows, columns and homogeneous points as `SIMD4<Double>`: copies bit for bit, and the same arithmetic as the
/// three-coordinate map.
@Suite struct Transform3DSIMDTests {
    /// Adversarial matrices, with a NaN carrying a payload of its own and both zeros.
    static let matrices: [Transform3D] = {
        let elements: [Double] = (0..<16).map { (k: Int) -> Double in
            if k == 5 { return Double(nan: 0x5A5A, signaling: false) }
            return k % 3 == 0 ? -0.0 : Double(k)
        }
        return Adversarial.matrices + [Transform3D(elements: elements)!]
    }()

    @Test func rowsAndColumnsRoundTripBitForBit() {
        for m in Self.matrices {
            let r = m.rows, c = m.columns
            expectExact(Transform3D(rows: r.0, r.1, r.2, r.3), m)
            expectExact(Transform3D(columns: c.0, c.1, c.2, c.3), m)
            #expect(r.1.y.bitPattern == m.m22.bitPattern && r.3.x.bitPattern == m.m41.bitPattern)
            #expect(c.0.w.bitPattern == m.m41.bitPattern && c.3.z.bitPattern == m.m34.bitPattern)
            // The columns of m are the rows of its transpose.
            let t = Transform3D(columns: r.0, r.1, r.2, r.3), tr = t.rows
            for (x, y) in [(tr.0, c.0), (tr.1, c.1), (tr.2, c.2), (tr.3, c.3)] { expectExact(x, y) }
        }
    }

    @Test func rowsAndColumnsAreSettable() {
        var m = Transform3D.identity
        m.rows.3 = SIMD4(10, 20, 30, 1)
        #expect(m == Transform3D(translationX: 10, y: 20, z: 30))
        m.columns.3 = SIMD4(0, 0, -1.0 / 500, 1)
        #expect(m.m34 == -1.0 / 500 && m.m41 == 10)
    }

    @Test func aHomogeneousPointWithWeightOneMapsAsThePoint() {
        let points = BatchInputs.points3(200, seed: 71) + [SIMD3(-0.0, 0, -0.0), SIMD3(.infinity, 1, -1), SIMD3(.nan, 0, 2)]
        for m in Self.matrices {
            for p in points {
                expectExact(m.mapHomogeneous(SIMD4(p, 1)), m.mapHomogeneous(p))
            }
        }
    }

    @Test func weightZeroMapsADirectionWithoutTheTranslation() {
        let m = Transform3D(translationX: 5, y: -7, z: 9).concatenating(Transform3D(scaleX: 2, y: 3, z: 4))
        #expect(m.mapHomogeneous(SIMD4(1, 1, 1, 0)) == SIMD4(2, 3, 4, 0))
        #expect(m.mapHomogeneous(SIMD4(0, 0, 0, 2)) == SIMD4(20, -42, 72, 2))
    }
}
