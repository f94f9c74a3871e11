import Foundation

/// The global media time in seconds: a monotonic clock (`CACurrentMediaTime()`), the parent time of every
/// root layer. Cost: one clock read.
public func currentMediaTime() -> Double {
    ProcessInfo.processInfo.systemUptime
}
