import Foundation

/// The process's resident set, for the soak's flatness check and the scenes' memory per layer.
package enum ResidentMemory {
    /// Resident bytes now (`/proc/self/statm`), or `nil` where it cannot be read.
    package static func bytes() -> Double? {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return nil }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
    }
}
