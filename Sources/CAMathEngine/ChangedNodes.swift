/// Which nodes' presented values (world transform, frame, opacity, visibility) changed since a renderer last took
/// them: a flag per node, and where flags may have been set since — every node, or a list of ranges — so that
/// taking them (``RenderTree/renderChanges(atMediaTime:into:changed:)``) costs what changed, not the tree.
struct ChangedNodes {
    /// Per node: whether its values changed since they were last taken. Set through ``withFlags(_:)`` inside
    /// ranges announced with ``mayChange(_:)``, or anywhere after ``mayChangeAll()``.
    private var flags: [Bool] = []
    /// The ranges flags may have been set in since the last take, or `nil` for every node.
    private var scope: [Range<Int>]? = nil
    /// Past this many ranges the scope becomes every node (frames without a take would otherwise grow it).
    private static let scopeLimit = 4096

    /// Every node of a tree of `count` marked changed.
    mutating func reset(count: Int) {
        flags = [Bool](repeating: true, count: count)
        scope = nil
    }

    /// Flags may be set anywhere from now on, until the next take.
    mutating func mayChangeAll() { scope = nil }

    /// Flags may be set in `range` from now on, until the next take.
    mutating func mayChange(_ range: Range<Int>) {
        guard scope != nil, !range.isEmpty else { return }
        scope!.append(range)
        if scope!.count > Self.scopeLimit { scope = nil }
    }

    /// `body` with the flags (set them only where announced).
    mutating func withFlags<R>(_ body: (UnsafeMutableBufferPointer<Bool>) throws -> R) rethrows -> R {
        try flags.withUnsafeMutableBufferPointer { try body($0) }
    }

    /// Calls `body` with each changed node in ascending order and clears its flag; the scope starts empty again.
    /// O(the scope's nodes, plus its ranges' sorting).
    mutating func take(_ body: (Int) -> Void) {
        let ranges = scope.map { Self.merged($0) } ?? [0..<flags.count]
        flags.withUnsafeMutableBufferPointer { f in
            for r in ranges { for i in r where f[i] { f[i] = false; body(i) } }
        }
        scope = []
    }

    /// `ranges` sorted and merged where they overlap or touch.
    private static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, r.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                result.append(r)
            }
        }
        return result
    }
}
