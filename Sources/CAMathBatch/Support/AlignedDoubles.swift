/// Doubles on cache-line-aligned memory (64 bytes), zeroed, never moved: storage for records the kernels
/// read as rows of vectors, where an array's 16-byte alignment would split loads across cache lines. Shared
/// read-only once written (`mutableBase` is for the owner that fills it before sharing).
package final class AlignedDoubles: @unchecked Sendable {
    /// The first double.
    package let mutableBase: UnsafeMutablePointer<Double>
    /// The number of doubles.
    package let count: Int

    /// `count` zeros. Cost: O(count).
    package init(count: Int) {
        self.count = count
        mutableBase = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1) * MemoryLayout<Double>.stride, alignment: 64)
            .initializeMemory(as: Double.self, repeating: 0, count: max(count, 1))
    }

    /// The first double, to read.
    package var base: UnsafePointer<Double> { UnsafePointer(mutableBase) }

    deinit { mutableBase.deallocate() }
}
