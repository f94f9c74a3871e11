import CAMathCore

/// 3-D points stored as structure of arrays: an x plane, a y plane and a z plane, so the batch kernels map one
/// point per vector lane with no shuffle (the planes form of ``Batch`` `mapPoints`). A value type (copy on write)
/// and a mutable random-access collection of `SIMD3<Double>`; converting n points either way is one pass over 3n
/// doubles. Every plane starts on a 64-byte line (``planeStride`` doubles apart).
public struct Point3DPlanes: RandomAccessCollection, MutableCollection, Equatable, Sendable {
    var storage: PlaneStorage

    /// `count` points at the origin. Cost: O(count).
    public init(count: Int) {
        storage = PlaneStorage(fields: 3, count: count)
    }

    /// The points of `points`, in order. Cost: one pass, O(3 · count).
    public init<S: Sequence<SIMD3<Double>>>(_ points: S) {
        let all = Array(points)
        self.init(count: all.count)
        let base = storage.mutableBase(), stride = storage.planeStride
        for (i, p) in all.enumerated() {
            base[i] = p.x; base[stride + i] = p.y; base[2 * stride + i] = p.z
        }
    }

    /// 0. O(1).
    public var startIndex: Int { 0 }
    /// The number of elements. O(1).
    public var endIndex: Int { storage.count }

    /// The point at `i`. O(1).
    public subscript(i: Int) -> SIMD3<Double> {
        get {
            precondition(i >= 0 && i < storage.count, "index out of range")
            return SIMD3(storage.value(0, i), storage.value(1, i), storage.value(2, i))
        }
        set {
            precondition(i >= 0 && i < storage.count, "index out of range")
            let base = storage.mutableBase(), stride = storage.planeStride
            base[i] = newValue.x; base[stride + i] = newValue.y; base[2 * stride + i] = newValue.z
        }
    }

    /// Doubles from the start of one plane to the start of the next: ``count`` rounded up to a multiple of 8.
    public var planeStride: Int { storage.planeStride }

    /// Calls `body` with the x, y and z planes (each ``count`` doubles).
    public func withUnsafePlanes<R, E: Error>(_ body: (_ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ z: UnsafePointer<Double>) throws(E) -> R) throws(E) -> R {
        let base = storage.base, stride = storage.planeStride
        return try body(base, base + stride, base + 2 * stride)
    }

    /// Calls `body` with the x, y and z planes to write (copied first when another value shares them).
    public mutating func withUnsafeMutablePlanes<R, E: Error>(
        _ body: (_ x: UnsafeMutablePointer<Double>, _ y: UnsafeMutablePointer<Double>, _ z: UnsafeMutablePointer<Double>) throws(E) -> R
    ) throws(E) -> R {
        let base = storage.mutableBase(), stride = storage.planeStride
        return try body(base, base + stride, base + 2 * stride)
    }

    /// Equal points at every index (IEEE `==` per coordinate, as `[SIMD3<Double>]` compares). O(3 · count).
    public static func == (a: Point3DPlanes, b: Point3DPlanes) -> Bool { a.storage.equals(b.storage) }
}

/// 2-D points stored as structure of arrays: an x plane and a y plane (the planes form of ``Batch`` `mapPoints`
/// through a `Homography`). As ``Point3DPlanes``, for `SIMD2<Double>`.
public struct Point2DPlanes: RandomAccessCollection, MutableCollection, Equatable, Sendable {
    var storage: PlaneStorage

    /// `count` points at the origin. Cost: O(count).
    public init(count: Int) {
        storage = PlaneStorage(fields: 2, count: count)
    }

    /// The points of `points`, in order. Cost: one pass, O(2 · count).
    public init<S: Sequence<SIMD2<Double>>>(_ points: S) {
        let all = Array(points)
        self.init(count: all.count)
        let base = storage.mutableBase(), stride = storage.planeStride
        for (i, p) in all.enumerated() {
            base[i] = p.x; base[stride + i] = p.y
        }
    }

    /// 0. O(1).
    public var startIndex: Int { 0 }
    /// The number of elements. O(1).
    public var endIndex: Int { storage.count }

    /// The point at `i`. O(1).
    public subscript(i: Int) -> SIMD2<Double> {
        get {
            precondition(i >= 0 && i < storage.count, "index out of range")
            return SIMD2(storage.value(0, i), storage.value(1, i))
        }
        set {
            precondition(i >= 0 && i < storage.count, "index out of range")
            let base = storage.mutableBase(), stride = storage.planeStride
            base[i] = newValue.x; base[stride + i] = newValue.y
        }
    }

    /// Doubles from the start of one plane to the start of the next: ``count`` rounded up to a multiple of 8.
    public var planeStride: Int { storage.planeStride }

    /// Calls `body` with the x and y planes (each ``count`` doubles).
    public func withUnsafePlanes<R, E: Error>(_ body: (_ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>) throws(E) -> R) throws(E) -> R {
        try body(storage.base, storage.base + storage.planeStride)
    }

    /// Calls `body` with the x and y planes to write (copied first when another value shares them).
    public mutating func withUnsafeMutablePlanes<R, E: Error>(
        _ body: (_ x: UnsafeMutablePointer<Double>, _ y: UnsafeMutablePointer<Double>) throws(E) -> R
    ) throws(E) -> R {
        let base = storage.mutableBase()
        return try body(base, base + storage.planeStride)
    }

    /// Equal points at every index (IEEE `==` per coordinate). O(2 · count).
    public static func == (a: Point2DPlanes, b: Point2DPlanes) -> Bool { a.storage.equals(b.storage) }
}
