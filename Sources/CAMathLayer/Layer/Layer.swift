import CAMathCore
import Foundation

/// A layer with `CALayer`'s geometry surface and names: properties, the sublayer tree, `frame`,
/// `convert`, `contains`, `hitTest` and `CALayer`-shaped key-value coding. On platforms without
/// QuartzCore, `CAMathQuartzCore` names it `CALayer`.
///
/// It is an open class, as `CALayer` is: subclass it to add state (override ``init(layer:)`` to copy it)
/// or to give custom keys defaults (override ``defaultValue(forKey:)``). Like `CALayer` it derives from
/// `NSObject`, so layers are `Equatable` and `Hashable` by identity (`[a, b] == layer.sublayers`).
///
/// Every change joins the calling thread's open transaction and posts an event that an action may answer —
/// with CAMathAnimation, an implicit animation (<doc:ActionsAndEvents>); override ``action(forKey:)`` or
/// ``defaultAction(forKey:)`` to change what answers.
///
/// `Layer` only stores state; every computation is a pure function of ``LayerGeometry`` values run by
/// ``ObjectLayerHierarchy`` — the same code any other tree can use. Like `CALayer`, it is not
/// thread-safe: use one tree from one thread (or snapshot it into a ``LayerTree``, which is `Sendable`).
open class Layer: NSObject {
    /// All geometry properties as one value. A change of `bounds.size` (through `bounds`, `frame`, key-value
    /// coding or this property) marks the layer as needing layout and then, at once, calls
    /// ``resizeSublayers(withOldSize:)`` with the old size (<doc:LayoutRules>).
    ///
    /// Setting it is a change of every property whose bits differ: it joins the open transaction and posts
    /// their events in the order of ``LayerGeometry``'s properties (<doc:ActionsAndEvents>).
    public var geometry: LayerGeometry {
        get { storedGeometry }
        set {
            let old = storedGeometry
            willChangeModel()
            storedGeometry = newValue
            geometryChanged(from: old)
            postGeometryEvents(from: old)
        }
        _modify {
            let old = storedGeometry
            willChangeModel()
            yield &storedGeometry
            geometryChanged(from: old)
            postGeometryEvents(from: old)
        }
    }
    /// The geometry itself; ``geometry``'s setter also tells the cache, the render tree and layout. This and the
    /// other fields read on every change are exempt from the runtime's exclusivity checks (see `geometryCache`).
    @exclusivity(unchecked) var storedGeometry = LayerGeometry()

    /// What a change of the geometry from `old` sets off: the cache, the render tree's journal, and for a new
    /// bounds size, layout.
    func geometryChanged(from old: LayerGeometry) {
        geometryDidChange(from: old)
        changeJournal?.recordModel(renderIndex)
        if storedGeometry.bounds.size != old.bounds.size { boundsSizeDidChange(from: old.bounds.size) }
    }
    /// The values derived from the geometry, kept until an input changes (<doc:CachedGeometry>). This and
    /// `children` are read on every step of a walk; the runtime's exclusivity check of a class property cost
    /// about a tenth of a presentation copy, and a layer is used from one thread at a time anyway.
    @exclusivity(unchecked) var geometryCache = LayerGeometryCache()
    /// A name for debugging and lookup (default `nil`). Setting it posts the event `"name"`.
    public var name: String? {
        get { storedName }
        set { willChangeModel(); storedName = newValue; postEvent("name") }
    }
    var storedName: String? { didSet { stateChanges &+= 1 } }
    /// The opacity, stored as given (default 1; `Float`, as `CALayer`'s). No computation of CAMath reads
    /// it: `hitTest` ignores it, as `CALayer`'s does. Animatable: setting it posts the event `"opacity"`.
    public var opacity: Float {
        get { storedOpacity }
        set {
            willChangeModel()
            storedOpacity = newValue
            changeJournal?.recordModel(renderIndex)
            postEvent("opacity")
        }
    }
    var storedOpacity: Float = 1

    /// The sublayers, back to front (``sublayers`` without the optional).
    @exclusivity(unchecked) var children: [Layer] = []
    /// The layer whose `sublayers` contains this one, or `nil` for a root. It does not keep the superlayer
    /// alive: a superlayer that is freed sets it to `nil` first. (Held without a weak reference, whose side
    /// table would make every retain of the layer take the runtime's slow path: hit tests ran 2× slower.) Read on
    /// every step up a tree: exempt from the exclusivity checks, as `children` is.
    @exclusivity(unchecked) public private(set) unowned(unsafe) var superlayer: Layer?
    /// The values of keys that are not properties (``setValue(_:forKey:)``).
    var customValues: [String: Any] = [:] { didSet { stateChanges &+= 1 } }
    /// Which parts of the frame stretch when the superlayer's bounds size changes (default none). Setting it
    /// posts the event `"autoresizingMask"`.
    public var autoresizingMask: AutoresizingMask {
        get { storedAutoresizingMask }
        set { willChangeModel(); storedAutoresizingMask = newValue; postEvent("autoresizingMask") }
    }
    var storedAutoresizingMask: AutoresizingMask = [] { didSet { stateChanges &+= 1 } }
    // `layoutManager` and `constraints` are read of every presentation copy a frame may make again
    // (`mayRemakePresentationCopies`), so they are exempt from the exclusivity checks too: with them, two fifths of
    // that check's instructions.
    /// The object that lays out the sublayers in ``layoutSublayers()`` (default `nil`). Setting it marks the
    /// layer as needing layout.
    @exclusivity(unchecked) public var layoutManager: (any LayoutManager)? { didSet { setNeedsLayout() } }
    /// The constraints ``ConstraintLayoutManager`` lays this layer out by, in order (default `nil`). Setting
    /// them marks the superlayer as needing layout.
    @exclusivity(unchecked) public var constraints: [LayoutConstraint]? { didSet { superlayer?.setNeedsLayout() } }
    /// Whether ``layoutIfNeeded()`` will call ``layoutSublayers()``.
    var layoutIsPending = false
    /// State kept by the modules built on this one (CAMathAnimation: media timing and animations).
    @exclusivity(unchecked) package var attachment: (any LayerAttachment)? {
        didSet {
            if let old = oldValue, old.holder === self { old.holder = nil }
            attachment?.holder = self
            stateChanges &+= 1
        }
    }
    /// The journal of the render tree this layer belongs to, if any, and the layer's index there.
    @exclusivity(unchecked) package var changeJournal: LayerChangeJournal?
    @exclusivity(unchecked) package var renderIndex = -1

    // MARK: Transactions and actions (the rules are in Layer+Actions.swift and the TransactionsAndActions article)

    /// The object asked first for this layer's actions, that lays out its sublayers and draws it (default
    /// `nil`). Not retained, as `CALayer`'s delegate.
    public weak var delegate: (any LayerDelegate)? { didSet { stateChanges &+= 1 } }
    /// Actions by event, asked after the delegate (default `nil`). `NSNull()` as a value means "no action".
    @exclusivity(unchecked) public var actions: [String: any LayerAction]? { didSet { stateChanges &+= 1 } }
    /// Values asked for after ``actions``: its `"actions"` dictionary, then its `"style"` dictionary's, and so on
    /// down (default `nil`). Other entries are kept but not read.
    @exclusivity(unchecked) public var style: [AnyHashable: Any]? { didSet { stateChanges &+= 1 } }
    /// The outermost transaction this layer was created or last changed in (`nil` for presentation copies).
    @exclusivity(unchecked) package var transactionToken: TransactionToken?
    /// The state at the start of that transaction, when the layer had been committed before it.
    @exclusivity(unchecked) package var committedState: CommittedLayerState?
    /// How many times the state a presentation copy takes besides its geometry and opacity was written: name,
    /// autoresizing mask, custom values, the attachment or what it holds, delegate, actions, style. It only grows
    /// (one per write), so it tells whether that state moved since a copy took it.
    @exclusivity(unchecked) package private(set) var stateChanges: UInt64 = 0
    /// Counts a write of what the attachment holds as a change of this layer's state (``stateChanges``).
    package final func attachmentDidChange() { stateChanges &+= 1 }
    /// For a presentation copy that took its model's current state: its model's and its own change counts just
    /// after (``remakePresentationCopy(_:presentsGeometry:)``); `nil` while they are not known to match.
    @exclusivity(unchecked) var takenState: TakenState?
    /// Whether this is a presentation copy: it joins no transaction and posts no event.
    @exclusivity(unchecked) package var isPresentationCopy = false

    /// A layer with CALayer's defaults and no sublayers. Creating a layer joins the open transaction (opening
    /// the implicit one if none is): until that transaction commits, the layer has no implicit animations.
    public override init() {
        super.init()
        transactionToken = TransactionStack.current.openImplicitIfNeeded()
    }

    /// A layer with the given geometry and name (joins the open transaction, as ``init()``).
    public init(geometry: LayerGeometry, name: String? = nil) {
        storedGeometry = geometry
        storedName = name
        super.init()
        transactionToken = TransactionStack.current.openImplicitIfNeeded()
    }

    /// A copy of `layer`'s state, as `CALayer` makes for its presentation layer: geometry, name, opacity,
    /// the values of custom keys, delegate, actions, style, and what CAMathAnimation keeps (media timing and
    /// animations). Sublayers and superlayer are not copied. When `layer` is not a ``Layer``, a layer with the
    /// defaults. The copy joins the open transaction, as ``init()``. Subclasses override it to copy their own
    /// state (call `super`). Cost: O(custom keys).
    public init(layer: Any) {
        super.init()
        let stack = TransactionStack.current
        if stack.isMakingPresentationCopies { isPresentationCopy = true } else { transactionToken = stack.openImplicitIfNeeded() }
        if let other = layer as? Layer { copyState(of: other) }
    }

    /// Takes `other`'s state (what ``init(layer:)`` copies); `state`, this layer's own attachment that nothing
    /// else holds, is overwritten with `other`'s rather than a new copy made, when it is of the same kind.
    func copyState(of other: Layer, reusing state: (any LayerAttachment)? = nil) {
        storedGeometry = other.storedGeometry
        storedName = other.storedName
        storedOpacity = other.storedOpacity
        storedAutoresizingMask = other.storedAutoresizingMask
        customValues = other.customValues
        if let state, let own = other.attachment, own.copy(into: state) {
            attachment = state
        } else {
            attachment = other.attachment?.copied()
        }
        delegate = other.delegate
        actions = other.actions
        style = other.style
    }

    /// Decoding from an archive is not supported: always `nil`. It exists so that `CALayer` subclasses,
    /// which must declare `required init?(coder:)`, compile unchanged.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Releases the subtree iteratively: a sublayer that nobody else holds gives up its own sublayers
    /// first, so freeing a deep tree never recurses (a sublayer still held elsewhere keeps its subtree).
    deinit {
        attachment?.layerWillDeinitialize()
        attachment?.holder = nil
        for child in children { child.superlayer = nil }
        var pending = children
        children = []
        while var layer = pending.popLast() {
            // A sublayer held elsewhere outlives its superlayer and is a root from now on: what it cached from the
            // superlayer it had (maps, region, clocks) goes, as when it is removed.
            guard isKnownUniquelyReferenced(&layer) else {
                layer.superlayerDidChange(from: nil)
                continue
            }
            for child in layer.children { child.superlayer = nil }
            pending.append(contentsOf: layer.children)
            layer.children = []
        }
    }

    // MARK: Layout (CALayer's names; the rules are in Layer+Layout.swift and the LayoutRules article)

    /// Tells every sublayer that this layer's bounds size was `oldSize`: the default calls each sublayer's
    /// ``resize(withOldSuperlayerSize:)``. Called by a bounds size change; may be called directly.
    /// Cost: O(sublayers), plus what their resizing cascades to.
    open func resizeSublayers(withOldSize oldSize: CGSize) {
        for layer in children { layer.resize(withOldSuperlayerSize: oldSize) }
    }

    /// Applies CALayer's autoresizing rule (``LayerAutoresizing``) for a superlayer whose bounds size was
    /// `oldSize` and is now its current one, and writes the result with `setFrame`; a layer whose own size
    /// changes passes it on to its sublayers. No superlayer, a non-finite frame or size, an unchanged size
    /// or an empty mask → no change. Cost: O(1) plus the cascade.
    open func resize(withOldSuperlayerSize oldSize: CGSize) {
        autoresize(oldSuperlayerSize: oldSize)
    }

    /// Positions the sublayers: the default asks the ``delegate``'s ``LayerDelegate/layoutSublayers(of:)`` when
    /// there is a delegate (whose default asks the layout manager), else ``layoutManager``, if any. Override it to
    /// lay out by hand; ``layoutIfNeeded()`` calls it for layers marked by ``setNeedsLayout()``.
    open func layoutSublayers() {
        if let delegate { delegate.layoutSublayers(of: self) } else { layoutManager?.layoutSublayers(of: self) }
    }

    /// Marks the layer as needing layout and, when it was not marked already, tells ``layoutManager`` to drop what
    /// it cached about the layer (``LayoutManager/invalidateLayout(of:)``), as `CALayer` does — so a manager whose
    /// `invalidateLayout(of:)` calls `setNeedsLayout()` is told once. Bounds size changes, sublayer changes, a new
    /// `layoutManager` and a sublayer's new `constraints` mark it too. O(1) plus the manager's call.
    open func setNeedsLayout() {
        guard !layoutIsPending else { return }
        layoutIsPending = true
        layoutManager?.invalidateLayout(of: self)
    }

    /// Asks the ``delegate`` to draw the layer (``LayerDelegate/display(_:)``). CAMath draws nothing itself.
    open func display() {
        delegate?.display(self)
    }

    // MARK: Actions (CALayer's search order; the rules are in Layer+Actions.swift)

    /// The action for `event` (<doc:ActionsAndEvents>, *Actions*), searched in `CALayer`'s order: the
    /// ``delegate``'s ``LayerDelegate/action(for:forKey:)``, ``actions``, the `"actions"` dictionaries of the
    /// ``style`` hierarchy (shallowest first), ``defaultAction(forKey:)``, and last the built-in implicit
    /// animation of an animatable property (CAMathAnimation; only on a layer that has been committed). The first
    /// answer that is not `nil` ends the search; `NSNull` ends it with `nil`. Subclasses override it (calling
    /// `super` for the rest). Cost: O(depth of the style hierarchy) dictionary lookups.
    open func action(forKey event: String) -> (any LayerAction)? {
        searchAction(forKey: event)
    }

    /// The action a layer class gives `event` when nothing else does: `nil` for every event, as `CALayer`'s
    /// (CAMath's implicit animations come after it in ``action(forKey:)``). Subclasses override it. O(1).
    open class func defaultAction(forKey event: String) -> (any LayerAction)? {
        nil
    }

    /// Whether the layer is marked as needing layout. O(1).
    open func needsLayout() -> Bool {
        layoutIsPending
    }

    /// Lays out what is marked: from the highest ancestor in the unbroken chain of marked superlayers, every
    /// marked layer of its subtree, parents before sublayers, has its mark cleared and ``layoutSublayers()``
    /// called. Iterative. Cost: O(layers of that subtree) plus the layouts.
    open func layoutIfNeeded() {
        layOutMarkedSubtree()
    }

    // MARK: Key-value coding (CALayer's shape; the rules are in Layer+KeyValueCoding.swift)

    /// The value of `key`, as `CALayer` gives it: a property (`"bounds"`, `"position"`, `"anchorPoint"`,
    /// `"anchorPointZ"`, `"zPosition"`, `"transform"`, `"sublayerTransform"`, `"frame"`, `"opacity"`,
    /// `"hidden"`, `"masksToBounds"`, `"geometryFlipped"`, `"name"`, `"sublayers"`, `"superlayer"`,
    /// `"autoresizingMask"`) as its Swift type (`CGRect`, `CGPoint`, `CGFloat`, `CATransform3D`, `Float`,
    /// `Bool`, `UInt32`, …); any other key's stored value, or ``defaultValue(forKey:)`` when none was set.
    /// Never throws, never traps. O(1).
    open func value(forKey key: String) -> Any? {
        keyValue(forKey: key)
    }

    /// Sets `key` as `CALayer` does: a property from a value of its type (numbers as `CGFloat`, `Double`,
    /// `Float`, `Int` or `NSNumber`; points, sizes and rects as CG values or `NSValue`); a value of another
    /// type, or `nil`, for a property is ignored (the layer is unchanged). Any other key stores `value`
    /// (`nil` removes it). Read-only properties (`"superlayer"`) ignore the call. O(1) (`"sublayers"`: O(n)).
    open func setValue(_ value: Any?, forKey key: String) {
        setKeyValue(value, forKey: key)
    }

    /// The value at a dotted key path, as `CALayer` gives it: a property or one of its fields
    /// (`"position.x"`, `"bounds.size.width"`, `"frame.origin"`), a transform key path
    /// (`"transform.rotation.z"` → `CGFloat`, `"sublayerTransform.translation"` → `CGSize`; an
    /// undecomposable matrix reads 0), or a custom key (a stored layer continues the path). An unknown
    /// field or transform key path gives `nil`. Cost: O(1); a transform key path, one decomposition.
    open func value(forKeyPath keyPath: String) -> Any? {
        keyValue(forKeyPath: keyPath)
    }

    /// Sets the value at a dotted key path, as `CALayer` does: a property, one of its fields, or a
    /// transform key path (decompose, change, recompose; a NaN/±∞ number is ignored). An unknown field or
    /// transform key path, a value of the wrong type or an undecomposable matrix leaves the layer
    /// unchanged. Keys that are not properties store the value under the whole key path.
    /// `layer.setValue(CGFloat.pi, forKeyPath: "transform.rotation.z")`. Cost: as ``value(forKeyPath:)``.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        setKeyValue(value, forKeyPath: keyPath)
    }

    /// The value a key has until it is set, as `CALayer` defines it: `CGPoint(x: 0.5, y: 0.5)` for
    /// `"anchorPoint"`, `Float(1)` for `"opacity"` and `"speed"`, `Double.infinity` for `"duration"`, `nil` for
    /// every other key (their defaults are their type's zero: `.zero`, `0`, `false`, the identity matrix).
    /// Subclasses override it to give custom keys defaults; ``value(forKey:)`` returns them for keys never set.
    /// O(1).
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "anchorPoint": CGPoint(x: 0.5, y: 0.5)
        case "opacity", "speed": Float(1)
        case "duration": Double.infinity
        default: nil
        }
    }

    // MARK: Geometry properties (CALayer names)

    /// The layer's own coordinate space (``LayerGeometry/bounds``).
    public var bounds: CGRect {
        get { storedGeometry.bounds }
        set { setGeometry(\.bounds, to: newValue, event: "bounds") }
    }
    /// Where the anchor lands in the superlayer (``LayerGeometry/position``).
    public var position: CGPoint {
        get { storedGeometry.position }
        set { setGeometry(\.position, to: newValue, event: "position") }
    }
    /// The anchor in unit coordinates of `bounds`, not clamped (``LayerGeometry/anchorPoint``).
    public var anchorPoint: CGPoint {
        get { storedGeometry.anchorPoint }
        set { setGeometry(\.anchorPoint, to: newValue, event: "anchorPoint") }
    }
    /// The anchor's z (``LayerGeometry/anchorPointZ``).
    public var anchorPointZ: CGFloat {
        get { storedGeometry.anchorPointZ }
        set { setGeometry(\.anchorPointZ, to: newValue, event: "anchorPointZ") }
    }
    /// The z of `position` (``LayerGeometry/zPosition``); ignored by `hitTest`.
    public var zPosition: CGFloat {
        get { storedGeometry.zPosition }
        set { setGeometry(\.zPosition, to: newValue, event: "zPosition") }
    }
    /// The transform about the anchor (``LayerGeometry/transform``).
    public var transform: Transform3D {
        get { storedGeometry.transform }
        set { setGeometry(\.transform, to: newValue, event: "transform") }
    }
    /// The transform applied to sublayers about the anchor (``LayerGeometry/sublayerTransform``).
    public var sublayerTransform: Transform3D {
        get { storedGeometry.sublayerTransform }
        set { setGeometry(\.sublayerTransform, to: newValue, event: "sublayerTransform") }
    }
    /// Whether the layer's y axis is flipped toward its superlayer (``LayerGeometry/isGeometryFlipped``).
    public var isGeometryFlipped: Bool {
        get { storedGeometry.isGeometryFlipped }
        set { setGeometry(\.isGeometryFlipped, to: newValue, event: "geometryFlipped") }
    }
    /// Whether hit testing prunes outside `bounds` (``LayerGeometry/masksToBounds``).
    public var masksToBounds: Bool {
        get { storedGeometry.masksToBounds }
        set { setGeometry(\.masksToBounds, to: newValue, event: "masksToBounds") }
    }
    /// Whether the layer and its subtree are skipped by hit testing (``LayerGeometry/isHidden``).
    /// Setting it posts `"hidden"`, then `LayerEvent.orderOut` when it hides the layer or `LayerEvent.orderIn` when it shows it.
    public var isHidden: Bool {
        get { storedGeometry.isHidden }
        set {
            let wasHidden = storedGeometry.isHidden
            setGeometry(\.isHidden, to: newValue, event: "hidden")
            if wasHidden != newValue { postEvent(newValue ? LayerEvent.orderOut : LayerEvent.orderIn) }
        }
    }

    // MARK: The sublayer tree

    /// The sublayers, back to front; `nil` when there are none (as `CALayer`). Setting it removes the
    /// current sublayers and adds the new ones in order (each leaves its old superlayer first).
    /// An array that contains this layer or one of its ancestors would make a cycle: the assignment is
    /// ignored and the tree stays as it was (<doc:CachedGeometry>, *Cycles*). Posts the tree events
    /// (<doc:ActionsAndEvents>, *Events*).
    public var sublayers: [Layer]? {
        get { children.isEmpty ? nil : children }
        set {
            let layers = newValue ?? []
            guard layers.allSatisfy(canAdopt) else { return }
            var change = TreeChange(changed: [])
            let old = children
            willChangeModel()
            for child in children {
                child.willChangeModel()
                child.superlayer = nil
                child.superlayerDidChange(from: self)
            }
            changeJournal?.recordShape()
            children = []
            for layer in layers {
                if let parent = layer.superlayer, parent !== self { change.changed.append(parent) }
                adopt(layer) { $0.children.count }
            }
            change.orderedOut = old.filter { $0.superlayer == nil }
            change.orderedIn = layers
            change.changed.append(self)
            setNeedsLayout()
            change.post()
        }
    }

    /// Appends `layer` as the front-most sublayer; a layer that has a superlayer is moved.
    /// Adding this layer or one of its ancestors would make a cycle: the call is ignored.
    public func addSublayer(_ layer: Layer) {
        insert(layer) { $0.children.count }
    }

    /// Inserts `layer` at `index` of `sublayers` (an index past the end appends); moves it if it has a
    /// superlayer. Adding this layer or an ancestor is ignored.
    public func insertSublayer(_ layer: Layer, at index: UInt32) {
        insert(layer) { _ in Int(index) }
    }

    /// Inserts `layer` just behind `sibling`; when `sibling` is `nil` or not a sublayer, at the back.
    /// Adding this layer or an ancestor is ignored.
    public func insertSublayer(_ layer: Layer, below sibling: Layer?) {
        insert(layer) { parent in sibling.flatMap(parent.indexOfChild) ?? 0 }
    }

    /// Inserts `layer` just in front of `sibling`; when `sibling` is `nil` or not a sublayer, at the front.
    /// Adding this layer or an ancestor is ignored.
    public func insertSublayer(_ layer: Layer, above sibling: Layer?) {
        insert(layer) { parent in
            sibling.flatMap(parent.indexOfChild).map { $0 + 1 } ?? parent.children.count
        }
    }

    /// Detaches the layer from its superlayer (no effect on a root). Posts `LayerEvent.orderOut` on the layer, then
    /// `"sublayers"` on the old superlayer.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        detachFromSuperlayer()
        TreeChange(orderedOut: [self], changed: [parent]).post()
    }

    /// Puts `newLayer` where `oldLayer` is and detaches `oldLayer`. No effect when `oldLayer` is not a
    /// sublayer, the two are the same layer, or `newLayer` is this layer or an ancestor. `newLayer` leaves its
    /// old superlayer first. Posts the tree events, then `kCATransition` on the receiver.
    public func replaceSublayer(_ oldLayer: Layer, with newLayer: Layer) {
        guard oldLayer !== newLayer, indexOfChild(oldLayer) != nil, canAdopt(newLayer) else { return }
        var change = TreeChange(orderedOut: [oldLayer], orderedIn: [newLayer], changed: [])
        if let parent = newLayer.superlayer, parent !== self { change.changed.append(parent) }
        change.changed.append(self)
        adopt(newLayer) { parent in
            let index = parent.indexOfChild(oldLayer)!
            oldLayer.detachFromSuperlayer()
            return index
        }
        change.post()
        postEvent(LayerEvent.transition)
    }

    private func indexOfChild(_ layer: Layer) -> Int? { children.firstIndex { $0 === layer } }

    /// ``adopt(_:at:)`` followed by the tree events: `LayerEvent.orderIn` on `layer`, `"sublayers"` on its old
    /// superlayer, if any, then on this layer.
    private func insert(_ layer: Layer, at index: (Layer) -> Int) {
        guard canAdopt(layer) else { return }
        var change = TreeChange(orderedIn: [layer], changed: [])
        if let parent = layer.superlayer, parent !== self { change.changed.append(parent) }
        change.changed.append(self)
        adopt(layer, at: index)
        change.post()
    }

    /// Detaches the layer from its superlayer, posting nothing.
    private func detachFromSuperlayer() {
        guard let parent = superlayer else { return }
        willChangeModel()
        parent.willChangeModel()
        parent.children.removeAll { $0 === self }
        superlayer = nil
        superlayerDidChange(from: parent)
        parent.changeJournal?.recordShape()
        parent.setNeedsLayout()
    }

    /// Unless `layer` would make a cycle: detaches it from its superlayer, then inserts it at `index(self)`
    /// (clamped). Posts nothing.
    private func adopt(_ layer: Layer, at index: (Layer) -> Int) {
        guard canAdopt(layer) else { return }
        layer.detachFromSuperlayer()
        willChangeModel()
        layer.willChangeModel()
        children.insert(layer, at: min(max(index(self), 0), children.count))
        layer.superlayer = self
        layer.superlayerDidChange(from: nil)
        changeJournal?.recordShape()
        setNeedsLayout()
    }

    /// Whether `layer` may become a sublayer: not the receiver and not one of its ancestors. Only a layer with
    /// sublayers can be a strict ancestor, so a leaf costs O(1); otherwise O(depth of the receiver).
    private func canAdopt(_ layer: Layer) -> Bool {
        if layer === self { return false }
        guard !layer.children.isEmpty else { return true }
        var ancestor = superlayer
        while let a = ancestor {
            if a === layer { return false }
            ancestor = a.superlayer
        }
        return true
    }
}

extension Layer: LayerTreeNode {
    /// Every node of a layer tree is a ``Layer`` (of any subclass).
    public typealias TreeNode = Layer
    /// ``geometry``, for ``LayerTreeNode``.
    public var layerGeometry: LayerGeometry { geometry }
    /// ``superlayer``, for ``LayerTreeNode``.
    public var superlayerNode: Layer? { superlayer }
    /// The sublayers (empty when none), for ``LayerTreeNode``.
    public var sublayerNodes: [Layer] { children }
}

extension Layer {
    /// Runs `body` with this layer out of its tree — no superlayer, no sublayers — and then puts it back as it
    /// was, without telling either: changes made in `body` act as on a copy not yet in a tree (a bounds change
    /// resizes no sublayer, no region above is dropped). For presentation copies being made again, whose cache
    /// is primed afterwards.
    package func withoutTree<R>(_ body: () -> R) -> R {
        let up = superlayer, sublayers = children
        superlayer = nil
        children = []
        defer {
            superlayer = up
            children = sublayers
        }
        return body()
    }
}
