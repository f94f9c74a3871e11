import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits `0..<count` into `threads` fixed, contiguous chunks — chunk k is
/// `k·count/threads ..< (k+1)·count/threads` — and runs them concurrently. Every element is computed
/// by the same code whatever the split, so results never depend on the thread count.
package enum Parallel {
    /// The number of online processors (at least 1).
    package static let processorCount: Int = {
        #if canImport(Glibc) || canImport(Darwin)
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
        return 1
        #endif
    }()

    /// Elements per unit of a split, `Batch.block`: chunks start at multiples of it, so every block a kernel
    /// runs (16 lanes, a batch's blocks) holds the same elements whatever the thread count. A fast kernel decides
    /// some things per block — a block with a part beyond its range takes the exact kernel whole — so a split
    /// inside a block would change results with the thread count.
    static let chunkAlignment = Batch.block

    /// Runs `body` over the chunks — `threads` parts of `0..<count` (fewer where there are fewer than
    /// ``chunkAlignment``-element units), split at multiples of ``chunkAlignment`` — one of them on the calling
    /// thread (no hop when `threads == 1`).
    package static func forEachChunk(count: Int, threads: Int, _ body: @Sendable (Range<Int>) -> Void) {
        let units = (count + chunkAlignment - 1) / chunkAlignment, chunks = max(1, min(threads, units))
        if chunks == 1 {
            body(0..<count)
            return
        }
        DispatchQueue.concurrentPerform(iterations: chunks) { k in
            body(min(k * units / chunks * chunkAlignment, count)..<min((k + 1) * units / chunks * chunkAlignment, count))
        }
    }

    /// The thread count of a call: an explicit count (≥ 1), or — for `nil` — all processors when
    /// `count` reaches `threshold`, else 1.
    package static func threads(_ requested: Int?, count: Int, threshold: Int) throws(BatchError) -> Int {
        if let requested {
            guard requested >= 1 else { throw .invalidThreadCount(requested) }
            return requested
        }
        return count >= threshold ? processorCount : 1
    }
}

/// A pointer captured by concurrently running chunks. Each chunk touches a disjoint range, so sharing
/// the address is safe.
package struct SharedPointer<Pointee>: @unchecked Sendable {
    package let base: UnsafeMutablePointer<Pointee>
    package init(base: UnsafeMutablePointer<Pointee>) { self.base = base }
}

/// A read-only pointer captured by concurrently running chunks.
package struct SharedReadPointer<Pointee>: @unchecked Sendable {
    package let base: UnsafePointer<Pointee>
    package init(base: UnsafePointer<Pointee>) { self.base = base }
}
