import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits `0..<count` into `threads` fixed, contiguous chunks — chunk k is
/// `k·count/threads ..< (k+1)·count/threads` — and runs them concurrently. Every element is computed
/// by the same code whatever the split, so results never depend on the thread count.
enum Parallel {
    /// The number of online processors (at least 1).
    static let processorCount: Int = {
        #if canImport(Glibc) || canImport(Darwin)
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
        return 1
        #endif
    }()

    /// Runs `body` over the chunks; one chunk runs on the calling thread (no hop when `threads == 1`).
    static func forEachChunk(count: Int, threads: Int, _ body: @Sendable (Range<Int>) -> Void) {
        let chunks = max(1, min(threads, count))
        if chunks == 1 {
            body(0..<count)
            return
        }
        DispatchQueue.concurrentPerform(iterations: chunks) { k in
            body((k * count / chunks)..<((k + 1) * count / chunks))
        }
    }

    /// The thread count of a call: an explicit count (≥ 1), or — for `nil` — all processors when
    /// `count` reaches `threshold`, else 1.
    static func threads(_ requested: Int?, count: Int, threshold: Int) throws(BatchError) -> Int {
        if let requested {
            guard requested >= 1 else { throw .invalidThreadCount(requested) }
            return requested
        }
        return count >= threshold ? processorCount : 1
    }
}

/// A pointer captured by concurrently running chunks. Each chunk touches a disjoint range, so sharing
/// the address is safe.
struct SharedPointer<Pointee>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Pointee>
}

/// A read-only pointer captured by concurrently running chunks.
struct SharedReadPointer<Pointee>: @unchecked Sendable {
    let base: UnsafePointer<Pointee>
}
