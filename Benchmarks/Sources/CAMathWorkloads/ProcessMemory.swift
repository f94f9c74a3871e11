import CAMathProbes
import Foundation

/// The process's memory: its resident set (the soak's flatness check) and the heap in use (the scenes' bytes per
/// layer: unlike the resident set, it does not hide what reuses memory earlier work freed).
package enum ProcessMemory {
    /// Resident bytes now (`/proc/self/statm`), or `nil` where it cannot be read.
    package static func residentBytes() -> Double? {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return nil }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Heap bytes in use now (the C allocator's count), or `nil` where the allocator cannot tell.
    package static func allocatedBytes() -> Double? {
        let bytes = camath_probe_allocated_bytes()
        return bytes < 0 ? nil : bytes
    }
}
