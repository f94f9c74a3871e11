import Foundation

/// `CATransaction.lock()`'s lock: one process-wide recursive lock. A commit holds it while it hands its
/// animations and completion groups over, and a frame while it scans the animations; property accessors never
/// take it (<doc:ActionsAndEvents>, *Threads*).
package final class TransactionLock: @unchecked Sendable {
    /// The process's lock.
    package static let shared = TransactionLock()

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    private init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    /// Takes the lock (again, if the calling thread holds it already).
    package func lock() { pthread_mutex_lock(mutex) }

    /// Gives it back once; a thread that does not hold it changes nothing (the mutex answers `EPERM`).
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    package func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }
}
