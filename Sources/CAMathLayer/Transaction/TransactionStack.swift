import Foundation

/// One thread's open transactions (<doc:ActionsAndEvents>): at most one implicit level at the bottom,
/// then the explicit levels of nested `begin()` calls. CAMathAnimation's `LayerTransaction` (`CATransaction`)
/// is the public face; layers use the stack to join the open transaction when they change.
///
/// Every OS thread has its own stack (a POSIX thread-specific value), so nothing here is shared between threads
/// except what a commit hands over: its completion groups (``CompletionGroup``) and the additions it resolves.
package final class TransactionStack {
    /// One level: its keyed values (a key present with `nil` hides the levels around it) and its open
    /// completion group.
    struct Level {
        let isImplicit: Bool
        var values: [String: Any?] = [:]
        var openGroup: CompletionGroup?
        /// `disableActions` as this level holds it (`nil`: the level holds no value for it).
        var disablesActions: Bool?
    }

    // A stack belongs to one thread, so its fields skip the runtime's exclusivity checks (they were a tenth of a
    // layer change).
    /// The open levels, outermost first.
    @exclusivity(unchecked) private var levels: [Level] = []
    /// The outermost transaction now open (or to be opened): what a layer changed in it remembers.
    @exclusivity(unchecked) package private(set) var token = TransactionToken()
    /// Whether `flush()` asked for the implicit level to commit once the explicit levels are closed.
    @exclusivity(unchecked) private var flushIsPending = false
    /// Animations (or other additions) made while the stack is open, finished by the outermost commit.
    @exclusivity(unchecked) private var additions: [(layer: Layer, addition: any TransactionAddition)] = []
    /// The committed states kept by the layers changed in this outermost transaction, emptied at its commit.
    @exclusivity(unchecked) private var committedStates: [CommittedLayerState] = []
    /// Every completion group opened in this outermost transaction, oldest first.
    @exclusivity(unchecked) private var groups: [CompletionGroup] = []
    /// `disableActions` as the levels hold it, innermost first, kept with every set: read on every layer change.
    @exclusivity(unchecked) package private(set) var actionsAreDisabled = false
    /// Whether the open transaction changed a layer's clock or the tree's shape (``TimingEpoch``).
    @exclusivity(unchecked) package var changesClocks = false
    /// Set while this thread makes presentation copies: the layers it creates are copies, outside every
    /// transaction.
    @exclusivity(unchecked) package var isMakingPresentationCopies = false
    /// The user code this thread is in the middle of running (actions, layouts, a frame's callbacks): what a
    /// callback that calls back into CAMath must not start again (<doc:ActionsAndEvents>, *Calling back*).
    @exclusivity(unchecked) package var callbacks = CallbacksInProgress()

    private init() {}

    /// The calling thread's stack, made on first use.
    package static var current: TransactionStack {
        if let p = pthread_getspecific(stackKey) { return Unmanaged<TransactionStack>.fromOpaque(p).takeUnretainedValue() }
        let stack = TransactionStack()
        pthread_setspecific(stackKey, Unmanaged.passRetained(stack).toOpaque())
        return stack
    }

    /// Whether any level is open. O(1).
    package var isOpen: Bool { !levels.isEmpty }
    /// The number of explicit levels open. O(1).
    package var explicitDepth: Int { levels.count - (levels.first?.isImplicit == true ? 1 : 0) }

    /// Opens the implicit level when nothing is open (a layer change or a transaction setter); returns the
    /// outermost transaction's token. O(1).
    @discardableResult
    package func openImplicitIfNeeded() -> TransactionToken {
        if levels.isEmpty { levels.append(Level(isImplicit: true)) }
        return token
    }

    /// Pushes an explicit level. O(1).
    package func begin() {
        levels.append(Level(isImplicit: false))
    }

    /// Pops the innermost level; popping the last one is the outermost commit, at `mediaTime()` under `timeline`
    /// (the clock whose frames run the completion blocks): it resolves the additions. A pending flush commits the implicit level once no explicit level is left. Nothing open:
    /// nothing happens. Returns whether an outermost commit happened.
    @discardableResult
    package func commit(mediaTime: () -> Double, timeline: ObjectIdentifier) -> Bool {
        guard let level = levels.popLast() else { return false }
        level.openGroup?.seal()
        refreshDisabledActions()
        if levels.count == 1, levels[0].isImplicit, flushIsPending {
            return commit(mediaTime: mediaTime, timeline: timeline)
        }
        guard levels.isEmpty else { return false }
        commitOutermost(at: mediaTime(), timeline: timeline)
        return true
    }

    /// Commits the implicit level now if no explicit level is open, else after the commit that closes the last
    /// explicit one; without an implicit level, nothing. Returns whether an outermost commit happened.
    @discardableResult
    package func flush(mediaTime: () -> Double, timeline: ObjectIdentifier) -> Bool {
        guard levels.first?.isImplicit == true else { return false }
        if levels.count == 1 { return commit(mediaTime: mediaTime, timeline: timeline) }
        flushIsPending = true
        return false
    }

    /// The outermost commit at media time `t`: the layers changed in it count as committed (their token), the
    /// additions are resolved at `t`, the completion groups are committed and handed to the process-wide list.
    private func commitOutermost(at t: Double, timeline: ObjectIdentifier) {
        let pending = additions, committedGroups = groups
        additions = []
        groups = []
        for state in committedStates { state.values = nil }
        committedStates = []
        flushIsPending = false
        let committed = token, clocksChanged = changesClocks
        token = TransactionToken()
        changesClocks = false
        TransactionLock.shared.withLock {
            committed.isCommitted = true
            if clocksChanged { TimingEpoch.advance() }
            for (layer, addition) in pending { addition.commit(on: layer, atMediaTime: t) }
            CompletionGroup.commit(committedGroups, timeline: timeline)
        }
    }

    /// The value of `key` in the innermost level that holds it, `.some(nil)` for a level that holds "no value",
    /// `nil` when no level holds it. O(levels).
    package func value(forKey key: String) -> Any?? {
        for level in levels.reversed() {
            if let value = level.values[key] { return .some(value) }
        }
        return nil
    }

    /// Stores `value` (possibly `nil`, "no value") under `key` in the innermost level, opening the implicit level
    /// when nothing is open. O(1).
    package func setValue(_ value: Any?, forKey key: String, disablesActions: Bool?) {
        openImplicitIfNeeded()
        levels[levels.count - 1].values[key] = .some(value)
        if key == TransactionStack.disableActionsKey {
            levels[levels.count - 1].disablesActions = disablesActions ?? false
            refreshDisabledActions()
        }
    }

    /// Seals the innermost level's open completion group, then opens one for `block` there (none for `nil`).
    package func setCompletionBlock(_ block: (() -> Void)?) {
        openImplicitIfNeeded()
        let i = levels.count - 1
        levels[i].openGroup?.seal()
        levels[i].openGroup = nil
        if let block {
            let group = CompletionGroup(block: block)
            levels[i].openGroup = group
            groups.append(group)
        }
    }

    /// Records an addition (an animation added to `layer`) made in the open transaction: it joins every open
    /// completion group, and the outermost commit finishes it. Opens the implicit level if needed.
    package func record(_ addition: any TransactionAddition, on layer: Layer) {
        openImplicitIfNeeded()
        additions.append((layer, addition))
        for level in levels {
            if let group = level.openGroup { addition.join(group) }
        }
    }

    /// Keeps `state` until the outermost commit, which empties it (bounded memory: a committed layer keeps only
    /// an empty box until its next change).
    func keep(_ state: CommittedLayerState) {
        committedStates.append(state)
    }

    private func refreshDisabledActions() {
        actionsAreDisabled = levels.last { $0.disablesActions != nil }?.disablesActions ?? false
    }

    /// `kCATransactionDisableActions`' string, which the stack reads on every change.
    package static let disableActionsKey = "disableActions"
}

/// The outermost transaction a layer was created or changed in. Once it commits, what the layer holds is
/// its committed state.
package final class TransactionToken {
    /// Set by the outermost commit (under ``TransactionLock``). Read on every change and commit of a layer, so exempt
    /// from the runtime's exclusivity checks (which watch one thread's accesses only, never the lock's).
    @exclusivity(unchecked) package fileprivate(set) var isCommitted = false
}

/// Something added to a layer inside a transaction that the outermost commit finishes: an animation, whose
/// begin time of 0 resolves at the commit and which joins the completion groups open when it is added.
package protocol TransactionAddition: AnyObject {
    /// Joins `group`: the group waits for this addition to stop.
    func join(_ group: CompletionGroup)
    /// The outermost commit, at media time `t`, holding ``TransactionLock``.
    func commit(on layer: Layer, atMediaTime t: Double)
}

/// The key under which each thread's stack is kept; a thread's stack is released when the thread ends.
private let stackKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { p in
        if let p { Unmanaged<TransactionStack>.fromOpaque(p).release() }
    }
    return key
}()
