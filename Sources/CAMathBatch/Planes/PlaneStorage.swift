/// The memory behind the plane types (``TransformPlanes``, ``Point3DPlanes``, ``Point2DPlanes``): `fields` planes of
/// `count` doubles, plane f starting `f · planeStride` doubles in, `planeStride` the count rounded up to a multiple of
/// 8 so that every plane starts on a 64-byte line. A value with copy-on-write storage: a copy shares the memory until
/// one of them is written, so a batch call's output never shares memory with its inputs.
package struct PlaneStorage: @unchecked Sendable {
    package let fields: Int, count: Int, planeStride: Int
    private var memory: AlignedDoubles

    /// `fields` planes of `count` zeros. Cost: O(fields · count).
    package init(fields: Int, count: Int) {
        self.fields = fields
        self.count = max(count, 0)
        planeStride = (self.count + 7) / 8 * 8
        memory = AlignedDoubles(count: fields * planeStride)
    }

    /// The doubles, to read: plane f at `base + f · planeStride`.
    package var base: UnsafePointer<Double> { memory.base }

    /// The doubles, to write: the memory is copied first when another value shares it. O(1), or the copy.
    package mutating func mutableBase() -> UnsafeMutablePointer<Double> {
        if !isKnownUniquelyReferenced(&memory) {
            let copy = AlignedDoubles(count: memory.count)
            copy.mutableBase.update(from: memory.base, count: memory.count)
            memory = copy
        }
        return memory.mutableBase
    }

    /// The doubles, to overwrite whole (a batch output): memory shared with another value is replaced by fresh
    /// memory, not copied. O(1), or the allocation.
    package mutating func baseToOverwrite() -> UnsafeMutablePointer<Double> {
        if !isKnownUniquelyReferenced(&memory) { memory = AlignedDoubles(count: memory.count) }
        return memory.mutableBase
    }

    /// Field f of element i. O(1).
    package func value(_ f: Int, _ i: Int) -> Double { memory.base[f * planeStride + i] }

    /// Whether both hold the same count and equal doubles (IEEE `==`: NaN is unequal to itself, −0 equals +0) in
    /// every field of every element, as arrays of the element type compare. O(fields · count).
    package func equals(_ other: PlaneStorage) -> Bool {
        guard fields == other.fields, count == other.count else { return false }
        for f in 0..<fields {
            for i in 0..<count where value(f, i) != other.value(f, i) { return false }
        }
        return true
    }
}
