import CAMathCore

/// Transforms stored as structure of arrays: 16 planes of doubles, plane k holding element k (`m11, m12, …, m44`
/// in `CATransform3D` order) of every transform. The batch kernels then read each field as a contiguous stream and
/// run one transform per vector lane with no shuffle, which is what makes the planes forms of ``Batch`` concat and
/// invert faster than the forms over `Transform3D` records.
///
/// A value type (copy on write) and a mutable random-access collection of `Transform3D`: build it from any
/// sequence of transforms, read or write one by index, get an array back with `Array(planes)`. Converting n
/// transforms either way costs one pass over 16n doubles. Every plane starts on a 64-byte line
/// (``planeStride`` doubles apart).
public struct TransformPlanes: RandomAccessCollection, MutableCollection, Equatable, Sendable {
    var storage: PlaneStorage

    /// `count` identity transforms. Cost: O(count).
    public init(count: Int) {
        self.init(repeating: .identity, count: count)
    }

    /// `count` copies of `transform`. Cost: O(count).
    public init(repeating transform: Transform3D, count: Int) {
        storage = PlaneStorage(fields: 16, count: count)
        let base = storage.mutableBase(), stride = storage.planeStride
        for (k, value) in transform.elements.enumerated() {
            (base + k * stride).initialize(repeating: value, count: storage.count)
        }
    }

    /// The transforms of `transforms`, in order. Cost: one pass, O(16 · count).
    public init<S: Sequence<Transform3D>>(_ transforms: S) {
        let all = Array(transforms)
        storage = PlaneStorage(fields: 16, count: all.count)
        let base = storage.mutableBase(), stride = storage.planeStride
        all.withUnsafeBufferPointer { records in
            records.withMemoryRebound(to: Double.self) { doubles in
                for i in 0..<all.count {
                    for k in 0..<16 { base[k * stride + i] = doubles[16 * i + k] }
                }
            }
        }
    }

    /// 0. O(1).
    public var startIndex: Int { 0 }
    /// The number of elements. O(1).
    public var endIndex: Int { storage.count }

    /// The transform at `i`: its 16 elements gathered from the planes, or scattered to them. O(1).
    public subscript(i: Int) -> Transform3D {
        get {
            precondition(i >= 0 && i < storage.count, "index out of range")
            return PlaneOperand.planes(storage).transform(i)
        }
        set {
            precondition(i >= 0 && i < storage.count, "index out of range")
            PlaneOperand.store(newValue, at: i, in: storage.mutableBase(), planeStride: storage.planeStride)
        }
    }

    /// Doubles from the start of one plane to the start of the next: ``count`` rounded up to a multiple of 8.
    public var planeStride: Int { storage.planeStride }

    /// Writes the transforms to `out` as `Transform3D` records (AoS), with no allocation; `out` must hold ``count``
    /// transforms exactly. Cost: one pass, O(16 · count).
    public func copy(into out: UnsafeMutableBufferPointer<Transform3D>) throws(BatchError) {
        try BatchError.check("out", out.count, equals: count)
        guard let o = out.baseAddress else { return }
        let doubles = UnsafeMutableRawPointer(o).assumingMemoryBound(to: Double.self), base = storage.base, stride = storage.planeStride
        for i in 0..<count {
            for k in 0..<16 { doubles[16 * i + k] = base[k * stride + i] }
        }
    }

    /// Calls `body` with the planes' doubles, plane k of element i at `k · planeStride + i`.
    public func withUnsafePlanes<R, E: Error>(_ body: (UnsafePointer<Double>) throws(E) -> R) throws(E) -> R {
        try body(storage.base)
    }

    /// Calls `body` with the planes' doubles to write (copied first when another value shares them).
    public mutating func withUnsafeMutablePlanes<R, E: Error>(_ body: (UnsafeMutablePointer<Double>) throws(E) -> R) throws(E) -> R {
        try body(storage.mutableBase())
    }

    /// Equal transforms at every index (IEEE `==` per element, as `[Transform3D]` compares). O(16 · count).
    public static func == (a: TransformPlanes, b: TransformPlanes) -> Bool { a.storage.equals(b.storage) }
}
