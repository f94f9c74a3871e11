/// The user code one thread is running on CAMath's behalf, so that code which calls back into CAMath never starts
/// the same call again (<doc:ActionsAndEvents>, *Calling back*): an event already being posted on a layer is not
/// posted again from inside its own action lookup or action, a layer being laid out is not laid out again from
/// inside its own layout, and a frame's callbacks do not run another frame. Each is the bound on what would
/// otherwise recurse until the stack overflows. Kept per thread in ``TransactionStack``; small (it holds only
/// what is running now, usually nothing).
package struct CallbacksInProgress {
    /// The events being posted, by layer: `(layer, event)` pairs, innermost last.
    private var events: [(layer: ObjectIdentifier, event: String)] = []
    /// The layers whose `layoutSublayers()` is running, innermost last.
    private var layouts: [ObjectIdentifier] = []
    /// Whether this thread is inside a frame (`FrameHook.run()`).
    private var isInFrame = false

    package init() {}

    /// Starts posting `event` on `layer`; `false` (and nothing starts) when it is already being posted. O(depth).
    package mutating func beginPosting(_ event: String, on layer: ObjectIdentifier) -> Bool {
        guard !events.contains(where: { $0.layer == layer && $0.event == event }) else { return false }
        events.append((layer, event))
        return true
    }

    /// Ends the innermost post.
    package mutating func endPosting() { events.removeLast() }

    /// Starts laying out `layer`; `false` (and nothing starts) when its layout is already running. O(depth).
    package mutating func beginLayout(of layer: ObjectIdentifier) -> Bool {
        guard !layouts.contains(layer) else { return false }
        layouts.append(layer)
        return true
    }

    /// Ends the innermost layout.
    package mutating func endLayout() { layouts.removeLast() }

    /// Starts a frame; `false` (and nothing starts) when this thread is already in one.
    package mutating func beginFrame() -> Bool {
        guard !isInFrame else { return false }
        isInFrame = true
        return true
    }

    /// Ends the frame.
    package mutating func endFrame() { isInFrame = false }
}
