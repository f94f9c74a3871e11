import CAMathBatch
import Foundation

/// Rectangles stored as structure of arrays: four planes of doubles — `origin.x`, `origin.y`, `size.width`,
/// `size.height` — so a batch kernel writes one rectangle per vector lane with no shuffle (the planes form of
/// `Batch.frames`). A value type (copy on write) and a mutable random-access collection of `CGRect`, as
/// CAMathBatch's `TransformPlanes` and `PointPlanes` are of theirs: `Array(planes)` gives the records back, and converting n
/// rectangles either way is one pass over 4n doubles. Rectangles are stored as given (not standardized). Every plane
/// starts on a 64-byte line (``planeStride`` doubles apart).
public struct RectPlanes: RandomAccessCollection, MutableCollection, Equatable, Sendable {
    var storage: PlaneStorage

    /// `count` zero rectangles. Cost: O(count).
    public init(count: Int) {
        storage = PlaneStorage(fields: 4, count: count)
    }

    /// The rectangles of `rects`, in order. Cost: one pass, O(4 · count).
    public init<S: Sequence<CGRect>>(_ rects: S) {
        let all = Array(rects)
        self.init(count: all.count)
        let base = storage.mutableBase(), stride = storage.planeStride
        for (i, r) in all.enumerated() { Self.store(r, at: i, in: base, stride: stride) }
    }

    /// 0. O(1).
    public var startIndex: Int { 0 }
    /// The number of rectangles. O(1).
    public var endIndex: Int { storage.count }

    /// The rectangle at `i`. O(1).
    public subscript(i: Int) -> CGRect {
        get {
            precondition(i >= 0 && i < storage.count, "index out of range")
            return CGRect(x: storage.value(0, i), y: storage.value(1, i), width: storage.value(2, i), height: storage.value(3, i))
        }
        set {
            precondition(i >= 0 && i < storage.count, "index out of range")
            Self.store(newValue, at: i, in: storage.mutableBase(), stride: storage.planeStride)
        }
    }

    /// Doubles from the start of one plane to the start of the next: ``count`` rounded up to a multiple of 8.
    public var planeStride: Int { storage.planeStride }

    /// Calls `body` with the planes' doubles, field f (x, y, width, height) of rectangle i at `f · planeStride + i`.
    public func withUnsafePlanes<R, E: Error>(_ body: (UnsafePointer<Double>) throws(E) -> R) throws(E) -> R {
        try body(storage.base)
    }

    /// Calls `body` with the planes' doubles to write (copied first when another value shares them).
    public mutating func withUnsafeMutablePlanes<R, E: Error>(_ body: (UnsafeMutablePointer<Double>) throws(E) -> R) throws(E) -> R {
        try body(storage.mutableBase())
    }

    /// Equal rectangles at every index (IEEE `==` per field, as `[CGRect]` compares). O(4 · count).
    public static func == (a: RectPlanes, b: RectPlanes) -> Bool { a.storage.equals(b.storage) }

    /// Writes `r`'s four fields into lane `i` of the planes at `base`.
    static func store(_ r: CGRect, at i: Int, in base: UnsafeMutablePointer<Double>, stride: Int) {
        base[i] = Double(r.origin.x)
        base[stride + i] = Double(r.origin.y)
        base[2 * stride + i] = Double(r.size.width)
        base[3 * stride + i] = Double(r.size.height)
    }
}
