/// A buffer allocated once, 64-byte aligned (a cache line, so no vector access splits across two) and
/// staggered by a different multiple of 576 bytes modulo 4 KiB per buffer, so the inputs and outputs of
/// one call never share their low 12 address bits (which would make loads falsely wait for stores:
/// "4K aliasing"); freed with its owner, so timed calls never allocate.
final class Buffer<Element>: @unchecked Sendable {
    let pointer: UnsafeMutableBufferPointer<Element>
    private let allocation: UnsafeMutableRawPointer

    convenience init(_ values: [Element]) {
        self.init(count: values.count)
        _ = pointer.initialize(from: values)
    }

    convenience init(repeating value: Element, count: Int) {
        self.init(count: count)
        pointer.initialize(repeating: value)
    }

    private init(count: Int) {
        bufferStagger = (bufferStagger + 576) % 4096
        let offset = bufferStagger
        allocation = UnsafeMutableRawPointer.allocate(
            byteCount: offset + max(1, count) * MemoryLayout<Element>.stride,
            alignment: 4096)
        pointer = UnsafeMutableBufferPointer(start: (allocation + offset).bindMemory(to: Element.self, capacity: count), count: count)
    }

    deinit {
        pointer.deinitialize()
        allocation.deallocate()
    }

    var read: UnsafeBufferPointer<Element> { UnsafeBufferPointer(pointer) }

    /// The memory as doubles, for the C baselines (only for all-`Double` elements: transforms, SIMD points, CGRects).
    var doubles: UnsafeMutablePointer<Double> { UnsafeMutableRawPointer(pointer.baseAddress!).assumingMemoryBound(to: Double.self) }
}

/// The next buffer's offset within its 4 KiB page (buffers are made on one thread, before timing).
nonisolated(unsafe) private var bufferStagger = 0
