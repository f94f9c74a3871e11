/// Lists of node indices in the tree's order (ascending, each once), merged without hashing.
enum SortedNodes {
    /// The nodes of `a` and of `b` (both ascending, each once) that satisfy `isMember`, ascending, each once.
    /// O(a + b).
    static func union(_ a: [Int], _ b: [Int], where isMember: (Int) -> Bool = { _ in true }) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            let next: Int
            if j == b.count || (i < a.count && a[i] < b[j]) {
                next = a[i]; i += 1
            } else if i == a.count || b[j] < a[i] {
                next = b[j]; j += 1
            } else {
                next = a[i]; i += 1; j += 1
            }
            if isMember(next) { result.append(next) }
        }
        return result
    }

    /// `nodes` ascending, each once. O(n log n).
    static func normalized(_ nodes: [Int]) -> [Int] {
        var sorted = nodes.sorted(), kept = 0
        for k in sorted.indices where k == 0 || sorted[k] != sorted[kept - 1] {
            sorted[kept] = sorted[k]
            kept += 1
        }
        sorted.removeLast(sorted.count - kept)
        return sorted
    }
}
