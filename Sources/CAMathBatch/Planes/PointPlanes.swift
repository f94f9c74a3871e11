import CAMathCore

/// Points stored as structure of arrays: one plane of doubles per coordinate (x, y and, for 3-D points, z), so the
/// batch kernels map one point per vector lane with no shuffle (the planes forms of ``Batch`` `mapPoints`). A value
/// type (copy on write) and a mutable random-access collection of its points; converting n points either way is
/// one pass over their coordinates. Every plane starts on a 64-byte line (``planeStride`` doubles apart).
/// ``Point3DPlanes`` and ``Point2DPlanes`` name the two kinds the batch operations take.
public struct PointPlanes<Point: SIMD>: RandomAccessCollection, MutableCollection, Equatable, Sendable where Point.Scalar == Double {
    var storage: PlaneStorage

    /// `count` points at the origin. Cost: O(count).
    public init(count: Int) {
        storage = PlaneStorage(fields: Point.scalarCount, count: count)
    }

    /// The points of `points`, in order. Cost: one pass, O(coordinates · count).
    public init<S: Sequence<Point>>(_ points: S) {
        let all = Array(points)
        self.init(count: all.count)
        let base = storage.mutableBase(), stride = storage.planeStride
        for (i, p) in all.enumerated() {
            for f in 0..<Point.scalarCount { base[f * stride + i] = p[f] }
        }
    }

    /// 0. O(1).
    public var startIndex: Int { 0 }
    /// The number of points. O(1).
    public var endIndex: Int { storage.count }

    /// The point at `i`. O(1).
    public subscript(i: Int) -> Point {
        get {
            precondition(i >= 0 && i < storage.count, "index out of range")
            var p = Point()
            for f in 0..<Point.scalarCount { p[f] = storage.value(f, i) }
            return p
        }
        set {
            precondition(i >= 0 && i < storage.count, "index out of range")
            let base = storage.mutableBase(), stride = storage.planeStride
            for f in 0..<Point.scalarCount { base[f * stride + i] = newValue[f] }
        }
    }

    /// Doubles from the start of one plane to the start of the next: ``count`` rounded up to a multiple of 8.
    public var planeStride: Int { storage.planeStride }

    /// Calls `body` with the planes' doubles, coordinate f of point i at `f · planeStride + i`.
    public func withUnsafePlanes<R, E: Error>(_ body: (UnsafePointer<Double>) throws(E) -> R) throws(E) -> R {
        try body(storage.base)
    }

    /// Calls `body` with the planes' doubles to write (copied first when another value shares them).
    public mutating func withUnsafeMutablePlanes<R, E: Error>(_ body: (UnsafeMutablePointer<Double>) throws(E) -> R) throws(E) -> R {
        try body(storage.mutableBase())
    }

    /// Equal points at every index (IEEE `==` per coordinate, as arrays of points compare). O(coordinates · count).
    public static func == (a: PointPlanes, b: PointPlanes) -> Bool { a.storage.equals(b.storage) }
}

/// 3-D points as x, y and z planes (the planes form of `mapPoints` through a `Transform3D`).
public typealias Point3DPlanes = PointPlanes<SIMD3<Double>>

/// 2-D points as x and y planes (the planes form of `mapPoints` through a `Homography`).
public typealias Point2DPlanes = PointPlanes<SIMD2<Double>>
