import CAMathCore
import Foundation

// The rules behind Layer's transactions and actions (the TransactionsAndActions article): joining the open
// transaction on a change, the committed state, posting events, and the action search.

extension Layer {
    /// Before a change of the model: joins the calling thread's open transaction (opening the implicit one if
    /// none is). The first change of a committed layer in a transaction keeps what it held, its committed state,
    /// until the outermost commit. Presentation copies join nothing. O(1).
    package func willChangeModel() {
        guard !isPresentationCopy else { return }
        let stack = TransactionStack.current
        guard !stack.isMakingPresentationCopies else { return }
        let token = stack.openImplicitIfNeeded()
        changeJournal?.noteChange(in: token)
        guard transactionToken !== token else { return }
        if transactionToken?.isCommitted ?? true {
            let state = CommittedLayerState(
                .init(
                    geometry: storedGeometry, opacity: storedOpacity,
                    attachment: attachment?.copied()))
            committedState = state
            stack.keep(state)
        }
        transactionToken = token
    }

    /// Whether the layer has been committed: created or changed in a transaction that committed since. Only a
    /// committed layer gets built-in implicit animations. O(1).
    package var isCommitted: Bool {
        guard let token = transactionToken else { return true }
        return token.isCommitted || committedState?.values != nil
    }

    /// The committed values while the layer has changes that are not committed yet, else `nil` (the model is
    /// committed).
    var pendingCommittedValues: CommittedLayerState.Values? {
        guard let token = transactionToken, !token.isCommitted else { return nil }
        return committedState?.values
    }

    /// Whether the layer has changes waiting for a commit and a committed state to show until then. O(1).
    package var hasPendingCommittedState: Bool { pendingCommittedValues != nil }

    /// The geometry at the start of the open transaction (the model's once committed).
    package var committedGeometry: LayerGeometry { pendingCommittedValues?.geometry ?? storedGeometry }
    /// The bounds size of ``committedGeometry``, read without copying the whole geometry (a presentation frame asks
    /// it of every layer).
    package var committedBoundsSize: CGSize {
        hasPendingCommittedState ? committedGeometry.bounds.size : storedGeometry.bounds.size
    }
    /// The opacity at the start of the open transaction.
    package var committedOpacity: Float { pendingCommittedValues?.opacity ?? storedOpacity }
    /// CAMathAnimation's state at the start of the open transaction.
    package var committedAttachment: (any LayerAttachment)? {
        if let values = pendingCommittedValues { return values.attachment }
        return attachment
    }

    /// Sets one geometry property as a change of the model that posts `event`.
    func setGeometry<Value>(_ field: WritableKeyPath<LayerGeometry, Value>, to value: Value, event: String) {
        willChangeModel()
        let old = storedGeometry
        storedGeometry[keyPath: field] = value
        geometryChanged(from: old)
        postEvent(event)
    }

    /// `frame`'s setter: ``LayerGeometry/setFrame(_:)`` as one change that posts `"bounds"`, then `"position"`;
    /// a refused rect (non-finite, or a non-finite transform) changes and posts nothing.
    func setFrameAsChange(_ rect: CGRect) {
        var geometry = storedGeometry
        guard geometry.setFrame(rect) else { return }
        willChangeModel()
        let old = storedGeometry
        storedGeometry = geometry
        geometryChanged(from: old)
        postEvent("bounds")
        postEvent("position")
    }

    /// The events of a whole-geometry set: every property whose bits changed, in declaration order.
    func postGeometryEvents(from old: LayerGeometry) {
        let new = storedGeometry
        if !bitwiseEqual(new.bounds, old.bounds) { postEvent("bounds") }
        if !bitwiseEqual(new.position, old.position) { postEvent("position") }
        if !bitwiseEqual(new.anchorPoint, old.anchorPoint) { postEvent("anchorPoint") }
        if new.anchorPointZ.bitPattern != old.anchorPointZ.bitPattern { postEvent("anchorPointZ") }
        if new.zPosition.bitPattern != old.zPosition.bitPattern { postEvent("zPosition") }
        if !bitwiseEqual(new.transform, old.transform) { postEvent("transform") }
        if !bitwiseEqual(new.sublayerTransform, old.sublayerTransform) { postEvent("sublayerTransform") }
        if new.isGeometryFlipped != old.isGeometryFlipped { postEvent("geometryFlipped") }
        if new.masksToBounds != old.masksToBounds { postEvent("masksToBounds") }
        if new.isHidden != old.isHidden {
            postEvent("hidden")
            postEvent(new.isHidden ? LayerEvent.orderOut : LayerEvent.orderIn)
        }
    }

    /// Posts `event`: unless actions are disabled on this thread (or this is a presentation copy), looks up
    /// ``action(forKey:)`` and runs what it answers, synchronously, with `nil` arguments. A post of `event` on this
    /// layer from inside its own lookup or action (a delegate or an action that sets the property again) posts
    /// nothing: the change happens, its event does not recur.
    package func postEvent(_ event: String) {
        guard !isPresentationCopy, !nothingAnswers else { return }
        let stack = TransactionStack.current
        guard !stack.actionsAreDisabled, stack.callbacks.beginPosting(event, on: ObjectIdentifier(self)) else { return }
        defer { stack.callbacks.endPosting() }
        action(forKey: event)?.run(forKey: event, object: self, arguments: nil)
    }

    /// Whether no action can answer any event: a plain layer (whose class overrides neither `action(forKey:)` nor
    /// `defaultAction(forKey:)`) without actions, style or delegate that has never been committed. Layers being
    /// built are such layers, and skip the search. O(1).
    private var nothingAnswers: Bool {
        let type = type(of: self)
        return (type == Layer.self || type == TransformLayer.self || type == ScrollLayer.self)
            && actions == nil && style == nil && !isCommitted && delegate == nil
    }

    /// ``action(forKey:)``'s default: delegate, actions, style, class default, built-in animation.
    func searchAction(forKey event: String) -> (any LayerAction)? {
        func found(_ action: (any LayerAction)?) -> (any LayerAction)?? {
            guard let action else { return nil }
            return .some(action is NSNull ? nil : action)
        }
        if let answer = found(delegate?.action(for: self, forKey: event)) { return answer }
        if let answer = found(actions?[event]) { return answer }
        var level = style
        while let s = level {
            if let table = s["actions"] as? [String: Any], let answer = found(table[event] as? any LayerAction) { return answer }
            level = s["style"] as? [AnyHashable: Any]
        }
        if let answer = found(type(of: self).defaultAction(forKey: event)) { return answer }
        guard isCommitted, !isPresentationCopy else { return nil }
        return BuiltInActions.action(for: self, forKey: event)
    }
}

/// The built-in implicit animations (<doc:ActionsAndEvents>, *Implicit animations*): CAMathAnimation
/// installs its provider when it commits a transaction, which every layer that may animate implicitly has been
/// through (only committed layers do).
///
/// The provider sits behind an `NSLock`, a pthread mutex, which ThreadSanitizer follows. Behind a
/// `Synchronization.Mutex` it reported two threads' first commits as a race inside `withLock` on Linux, where a
/// contended Mutex is handed over by a futex system call it does not see.
package enum BuiltInActions {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var provider: (any BuiltInActionProvider.Type)?

    /// Installs the provider (idempotent).
    package static func install(_ type: any BuiltInActionProvider.Type) {
        lock.withLock { if provider == nil { provider = type } }
    }

    /// The built-in action for `event` on `layer`, or `nil`.
    static func action(for layer: Layer, forKey event: String) -> (any LayerAction)? {
        lock.withLock { provider }?.builtInAction(for: layer, forKey: event)
    }
}

/// What makes the built-in action of an event.
package protocol BuiltInActionProvider: Sendable {
    /// The action for `event` on the committed layer `layer`, or `nil`.
    static func builtInAction(for layer: Layer, forKey event: String) -> (any LayerAction)?
}

/// A change of the sublayer tree, posted once complete: `LayerEvent.orderOut` on each layer left without a
/// superlayer, `LayerEvent.orderIn` on each that gained one, then `"sublayers"` on each layer whose sublayers changed
/// (each once, an old superlayer before a new one).
struct TreeChange {
    var orderedOut: [Layer] = []
    var orderedIn: [Layer] = []
    var changed: [Layer]

    func post() {
        for layer in orderedOut { layer.postEvent(LayerEvent.orderOut) }
        for layer in orderedIn { layer.postEvent(LayerEvent.orderIn) }
        var posted: [Layer] = []
        for layer in changed where !posted.contains(where: { $0 === layer }) {
            posted.append(layer)
            layer.postEvent("sublayers")
        }
    }
}
