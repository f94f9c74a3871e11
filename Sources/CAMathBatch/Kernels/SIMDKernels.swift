import CAMathCore

/// Portable Swift `SIMD4<Double>` kernels: whole rows loaded first, then multiplied and added in the
/// reference's order (`((a·b1 + b·b2) + c·b3) + d·b4`), separate multiply and add — bit-identical to
/// CAMathCore on every CPU and at every `-march`.
enum SIMDKernels {
    /// `out[m] = a[m·aStep]·b[m·bStep]` for `m < count` (steps in matrices: 0 or 1). `out` may alias.
    static func concat(_ a: UnsafeRawPointer, aStep: Int, _ b: UnsafeRawPointer, bStep: Int,
                       _ out: UnsafeMutableRawPointer, count: Int) {
        let matrix = 128
        for m in 0..<count {
            let pa = a + m * aStep * matrix, pb = b + m * bStep * matrix, po = out + m * matrix
            let b0 = pb.loadUnaligned(as: SIMD4<Double>.self), b1 = pb.loadUnaligned(fromByteOffset: 32, as: SIMD4<Double>.self)
            let b2 = pb.loadUnaligned(fromByteOffset: 64, as: SIMD4<Double>.self), b3 = pb.loadUnaligned(fromByteOffset: 96, as: SIMD4<Double>.self)
            let a0 = pa.loadUnaligned(as: SIMD4<Double>.self), a1 = pa.loadUnaligned(fromByteOffset: 32, as: SIMD4<Double>.self)
            let a2 = pa.loadUnaligned(fromByteOffset: 64, as: SIMD4<Double>.self), a3 = pa.loadUnaligned(fromByteOffset: 96, as: SIMD4<Double>.self)
            @inline(__always) func row(_ x: SIMD4<Double>) -> SIMD4<Double> { b0 * x.x + b1 * x.y + b2 * x.z + b3 * x.w }
            po.storeBytes(of: row(a0), as: SIMD4<Double>.self)
            po.storeBytes(of: row(a1), toByteOffset: 32, as: SIMD4<Double>.self)
            po.storeBytes(of: row(a2), toByteOffset: 64, as: SIMD4<Double>.self)
            po.storeBytes(of: row(a3), toByteOffset: 96, as: SIMD4<Double>.self)
        }
    }

    /// 3-D points with byte strides: `out = (X/W, Y/W, Z/W)` of `(x, y, z, 1)·m`.
    static func mapPoints3(_ m: Transform3DRows, _ points: UnsafeRawPointer, inStride: Int,
                           _ out: UnsafeMutableRawPointer, outStride: Int, count: Int) {
        for i in 0..<count {
            let p = points + i * inStride
            let x = p.loadUnaligned(as: Double.self), y = p.loadUnaligned(fromByteOffset: 8, as: Double.self)
            let z = p.loadUnaligned(fromByteOffset: 16, as: Double.self)
            let h = m.r1 * x + m.r2 * y + m.r3 * z + m.r4
            let q = out + i * outStride
            q.storeBytes(of: h.x / h.w, as: Double.self)
            q.storeBytes(of: h.y / h.w, toByteOffset: 8, as: Double.self)
            q.storeBytes(of: h.z / h.w, toByteOffset: 16, as: Double.self)
        }
    }
}

/// The four rows of a transform as `SIMD4<Double>`.
struct Transform3DRows {
    let r1: SIMD4<Double>, r2: SIMD4<Double>, r3: SIMD4<Double>, r4: SIMD4<Double>

    init(_ t: Transform3D) {
        r1 = SIMD4(t.m11, t.m12, t.m13, t.m14)
        r2 = SIMD4(t.m21, t.m22, t.m23, t.m24)
        r3 = SIMD4(t.m31, t.m32, t.m33, t.m34)
        r4 = SIMD4(t.m41, t.m42, t.m43, t.m44)
    }
}
