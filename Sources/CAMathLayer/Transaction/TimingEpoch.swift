import Synchronization

/// A process-wide count of the commits that changed a layer's clock or the tree's shape — the inputs of every
/// layer's local time. Frames predict when animations start and end from the committed clocks, and predict again
/// once the count has moved (<doc:ActionsAndEvents>, *Frames*).
package enum TimingEpoch {
    private static let counter = Atomic<Int>(0)

    /// The current count.
    package static var current: Int { counter.load(ordering: .acquiring) }

    /// Counts a commit that changed clocks or shape.
    static func advance() { counter.add(1, ordering: .releasing) }
}

extension Layer {
    /// A change that moves local times (a timing property, a superlayer): the outermost commit of this thread's
    /// transaction advances ``TimingEpoch``. Presentation copies change nothing.
    package func willChangeClock() {
        guard !isPresentationCopy else { return }
        let stack = TransactionStack.current
        guard !stack.isMakingPresentationCopies else { return }
        stack.changesClocks = true
    }
}
