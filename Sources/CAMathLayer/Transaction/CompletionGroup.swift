/// A transaction's completion block and the animations it waits for (<doc:ActionsAndEvents>,
/// *Completion blocks*). Opened by `setCompletionBlock(_:)`, sealed by the next one at its level or by the
/// level's commit, committed with its transaction; *due* once sealed, committed and every member has stopped.
/// A due block runs once, at the next frame (CAMathAnimation's `FrameHook`), never inside a commit.
///
/// Members and the process-wide list of committed groups are changed only under ``TransactionLock``.
package final class CompletionGroup {
    private let block: () -> Void
    private var isSealed = false
    private var isCommitted = false
    private var hasRun = false
    /// The members that have not stopped yet.
    private var waiting = 0
    /// The timeline (a media clock's) the group was committed under: frames under that clock run its block.
    private var timeline: ObjectIdentifier?
    /// Committed groups whose block has not run, oldest first.
    nonisolated(unsafe) private static var committed: [CompletionGroup] = []

    init(block: @escaping () -> Void) { self.block = block }

    /// Whether the block may run now.
    private var isDue: Bool { isSealed && isCommitted && waiting == 0 && !hasRun }

    /// No animation joins it any more.
    func seal() { isSealed = true }

    /// A member joined (an animation added while the group was open).
    package func memberJoined() {
        TransactionLock.shared.withLock { waiting += 1 }
    }

    /// A member stopped (finished, removed or replaced, its stop delivered or queued).
    package func memberStopped() {
        TransactionLock.shared.withLock { waiting -= 1 }
    }

    /// Hands the groups of an outermost commit under `timeline` to the process-wide list (called under the lock).
    static func commit(_ groups: [CompletionGroup], timeline: ObjectIdentifier) {
        for group in groups {
            group.isSealed = true
            group.isCommitted = true
            group.timeline = timeline
            committed.append(group)
        }
    }

    /// Whether a group committed under `timeline` has not run its block yet (called under the lock). O(committed groups).
    package static func hasWaitingBlocks(of timeline: ObjectIdentifier) -> Bool {
        committed.contains { $0.timeline == timeline }
    }

    /// Takes the blocks of `timeline` that are due out of the list, oldest group first, for the caller to run
    /// outside the lock. O(committed groups).
    package static func takeDueBlocks(of timeline: ObjectIdentifier) -> [() -> Void] {
        TransactionLock.shared.withLock {
            var due: [() -> Void] = []
            committed.removeAll { group in
                guard group.timeline == timeline, group.isDue else { return false }
                group.hasRun = true
                due.append(group.block)
                return true
            }
            return due
        }
    }
}
