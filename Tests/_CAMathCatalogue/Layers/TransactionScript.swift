@_spi(Benchmarks) import CAMath
import Foundation

/// Scripts of transactions, actions and animations drawn from a ``CatalogueSource`` (a fuzzer's bytes, or a seed),
/// checked step by step against the rules of the *Transactions and actions* article, on a manual clock of their own:
///
/// - `begin`/`commit`/`flush` and nesting, `commit` without `begin`; settings (durations of any value, including
///   NaN, 0 and negative; `disableActions`; timing functions; completion blocks);
/// - property sets with and without actions; actions dictionaries, delegates and `NSNull`;
/// - explicit animations (any timing: NaN, ±∞, speeds of 0 and below; springs, flags, keyframe paths that turn the
///   layer, groups, nested) added, replaced and removed, and implicit ones;
/// - the clock moving forward (and refused moves: backwards, NaN, ∞), frames, a render tree made, updated and dropped;
/// - layers created, re-parented (cycles refused) and dropped;
/// - callbacks — animation delegates, actions, layer delegates, completion blocks — that call back in: run frames,
///   set properties, add and remove animations, begin and commit transactions.
///
/// The invariants: a delegate hears at most one start, then exactly one stop, and only inside a frame; a completion
/// block runs exactly once, inside a frame, after the stop of every tracked animation added while it was set; a
/// presentation through the render tree is the reference fold's, bit for bit; and once the script ends (every
/// transaction committed, every animation removed, every layer dropped) no layer, animation or delegate is left alive.
public final class TransactionScript {
    var source: any CatalogueSource
    let clock: MediaClock
    /// The layers the script holds; the first is the root of the tree a render tree may mirror.
    private(set) var layers: [Layer] = []
    private var renderTree: RenderTree?
    /// What the callbacks may still do (calls back into CAMath): bounded, so a script always ends.
    private var reentries = 48
    /// Set while the script runs a frame: callbacks outside one are a failure.
    private var inFrame = false
    private var problems: [String] = []
    /// Trackers by id: start/stop counts; blocks by id: runs and the trackers they wait for.
    private var trackers: [(started: Bool, stops: Int, key: String)] = []
    private var blocks: [(runs: Int, members: [Int])] = []
    /// The script's model of the thread's open levels (implicit or not, and their open completion block), which
    /// decides which blocks an added animation joins.
    private var levels: [(isImplicit: Bool, block: Int?)] = []
    private var flushIsPending = false
    /// Everything the script made, held weakly: after ``finish()`` nothing may be alive.
    private var made: [WeakObject] = []

    static let keys = ["position", "opacity", "bounds", "transform", "zPosition", "hidden", "anchorPoint", "masksToBounds"]

    /// A script drawing from `source`, on a manual clock of its own, with `count` layers to start (1…).
    public init(source: any CatalogueSource, count: Int) {
        var source = source
        clock = MediaClock(startTime: 1 + Double(source.int(below: 64)) / 8)
        self.source = source
        MediaClock.withCurrent(clock) {
            LayerTransaction.flush()
            for _ in 0..<max(1, count) { createLayer() }
            LayerTransaction.flush()
        }
    }

    /// Runs `steps` random steps, then ``finish()``; returns the first broken rule, or `nil`.
    public func run(steps: Int) -> String? {
        MediaClock.withCurrent(clock) {
            for step in 0..<steps {
                self.step()
                if let problem = problems.first { return "step \(step): \(problem) (last steps: \(history))" }
            }
            finish()
            return problems.first.map { "at the end: \($0)" }
        }
    }

    // MARK: Steps

    /// The kinds of the last steps, for a failure's message.
    private var history: [Int] = []

    private func step() {
        let kind = source.int(below: 20)
        history.append(kind)
        if history.count > 24 { history.removeFirst() }
        switch kind {
        case 0: begin()
        case 1: commit()
        case 2: flush()
        case 3: setting()
        case 4: completionBlock()
        case 5, 6: setProperty(on: anyLayer())
        case 7: withoutActions { setProperty(on: anyLayer()) }
        case 8: giveActions(to: anyLayer())
        case 9, 10: addAnimation(to: anyLayer(), key: source.pick(["a", "b", "position", "opacity"]))
        case 11: removeAnimations(of: anyLayer())
        case 12: advanceClock()
        case 13, 14: frame()
        case 15: changeTree()
        case 16: checkPresentation()
        case 17: renderTreeStep()
        case 18: if source.int(below: 4) == 0 { dropLayer() } else { createLayer() }
        default: setProperty(on: anyLayer())
        }
    }

    private func anyLayer() -> Layer {
        if layers.isEmpty { createLayer() }
        return layers[source.int(below: layers.count)]
    }

    /// A number: mostly ordinary, sometimes any double (NaN, ±∞, ±0, huge, subnormal).
    private func number(_ range: ClosedRange<Double>) -> Double {
        source.int(below: 10) == 0 ? source.double() : source.value(in: range)
    }

    /// The model of a change: it opens the implicit level when nothing is open.
    private func touch() { if levels.isEmpty { levels.append((true, nil)) } }

    private func begin() {
        guard levels.count < 8 else { return }
        LayerTransaction.begin()
        levels.append((false, nil))
    }

    /// `commit()`, with or without anything open (then nothing happens).
    private func commit() {
        LayerTransaction.commit()
        guard !levels.isEmpty else { return }
        levels.removeLast()
        if levels.count == 1, levels[0].isImplicit, flushIsPending { levels = [] }
        if levels.isEmpty { flushIsPending = false }
    }

    private func flush() {
        LayerTransaction.flush()
        guard levels.first?.isImplicit == true else { return }
        if levels.count == 1 { levels = []; flushIsPending = false } else { flushIsPending = true }
    }

    private func setting() {
        touch()
        switch source.int(below: 4) {
        case 0: LayerTransaction.setAnimationDuration(source.int(below: 3) == 0 ? source.double() : source.value(in: 0.05...1))
        case 1: LayerTransaction.setDisableActions(source.int(below: 3) == 0)
        case 2: LayerTransaction.setAnimationTimingFunction(source.int(below: 2) == 0 ? nil : TimingFunction(name: .easeIn))
        default:
            LayerTransaction.setValue(
                source.int(below: 2) == 0 ? nil : source.double() as Any, forKey: source.pick(["animationDuration", "x"]))
        }
    }

    /// A new completion block (or `nil`) for the innermost level.
    private func completionBlock() {
        touch()
        guard source.int(below: 5) != 0 else {
            LayerTransaction.setCompletionBlock(nil)
            levels[levels.count - 1].block = nil
            return
        }
        let id = blocks.count, reentry = source.int(below: 6)
        blocks.append((0, []))
        LayerTransaction.setCompletionBlock { [weak self] in self?.blockRan(id, reentry: reentry) }
        levels[levels.count - 1].block = id
    }

    private func withoutActions(_ body: () -> Void) {
        begin()
        touch()
        LayerTransaction.setDisableActions(true)
        body()
        commit()
    }

    /// Sets one animatable property (or `frame`, or a non-animatable one) of `layer` to an ordinary or special value.
    private func setProperty(on layer: Layer) {
        touch()
        switch source.int(below: 9) {
        case 0: layer.position = CGPoint(x: number(-100...400), y: number(-100...400))
        case 1: layer.opacity = Float(number(0...1))
        case 2: layer.bounds = CGRect(x: 0, y: 0, width: number(0...200), height: number(0...200))
        case 3: layer.transform = Transform3D(rotationAngle: number(-4...4), x: 0, y: 0, z: 1)
        case 4: layer.zPosition = number(-10...10)
        case 5: layer.isHidden = source.int(below: 2) == 0
        case 6: layer.anchorPoint = CGPoint(x: number(0...1), y: number(0...1))
        case 7: layer.frame = CGRect(x: number(-50...50), y: number(-50...50), width: number(0...100), height: number(0...100))
        default: layer.name = "\(source.int(below: 100))"
        }
    }

    /// An actions dictionary, a delegate, or neither: each key answered by a tracked action, `NSNull` or nothing.
    private func giveActions(to layer: Layer) {
        touch()
        var table: [String: any LayerAction] = [:]
        for key in Self.keys where source.int(below: 3) == 0 {
            table[key] = source.int(below: 3) == 0 ? NSNull() : ScriptAction(script: self, reentry: source.int(below: 6))
        }
        switch source.int(below: 3) {
        case 0: layer.actions = table.isEmpty ? nil : table
        case 1:
            let delegate = ScriptLayerDelegate(answers: table, script: self, setsAgain: source.int(below: 4) == 0)
            remember(delegate)
            layer.delegate = delegate
            layer.setValue(delegate, forKey: "scriptDelegate") // the layer does not retain its delegate
        default:
            layer.actions = nil
            layer.delegate = nil
        }
    }

    /// Adds an explicit animation with a tracking delegate under `key` (replacing what is there).
    private func addAnimation(to layer: Layer, key: String) {
        touch()
        let animation: PropertyAnimation
        let keyPath = source.pick(["position", "opacity", "transform.rotation.z", "bounds", "zPosition", "hidden"])
        if keyPath == "hidden" {
            let flag = BasicAnimation(keyPath: keyPath)
            flag.fromValue = false; flag.toValue = true
            animation = flag
        } else if keyPath == "position" && source.int(below: 3) == 0 {
            // A path, turning the layer (or not).
            let along = KeyframeAnimation(keyPath: keyPath)
            let path = MutableBezierPath()
            path.move(to: CGPoint(x: number(0...100), y: 0))
            path.addQuadCurve(to: CGPoint(x: number(0...100), y: 60), control: CGPoint(x: number(-50...150), y: number(0...90)))
            along.path = path
            along.rotationMode = source.pick([nil, .rotateAuto, .rotateAutoReverse])
            animation = along
        } else if source.int(below: 4) == 0 {
            let spring = SpringAnimation(keyPath: keyPath)
            spring.damping = CGFloat(number(1...20))
            animation = spring
        } else {
            let basic = BasicAnimation(keyPath: keyPath)
            basic.toValue =
                keyPath == "position"
                ? CGPoint(x: number(0...100), y: 5) as Any
                : keyPath == "bounds" ? CGRect(x: 0, y: 0, width: number(0...100), height: 9) as Any : number(0...1) as Any
            animation = basic
        }
        if source.int(below: 3) == 0 { animation.beginTime = number(-1...3) }
        animation.duration = number(0...2)
        if source.int(below: 4) == 0 { animation.speed = Float(source.pick([0, -1, 2, 0.5, Double.nan, .infinity])) }
        if source.int(below: 4) == 0 { animation.repeatCount = Float(source.pick([1.5, 3, Double.infinity, .nan])) }
        animation.fillMode = source.pick([.removed, .forwards, .backwards, .both])
        animation.isRemovedOnCompletion = source.int(below: 4) != 0
        animation.autoreverses = source.int(below: 4) == 0
        var added: LayerAnimation = animation
        if source.int(below: 5) == 0 {
            // In a group (its children run in its time and ignore their removal flag), sometimes nested.
            let group = AnimationGroup()
            group.animations = source.int(below: 3) == 0 ? [animation, AnimationGroup()] : [animation]
            group.duration = number(0...3)
            group.beginTime = source.int(below: 3) == 0 ? number(-1...1) : 0
            group.fillMode = source.pick([.removed, .forwards, .both])
            group.isRemovedOnCompletion = source.int(below: 3) != 0
            if source.int(below: 3) == 0 { group.timingFunction = TimingFunction(name: .easeInEaseOut) }
            added = group
        }
        add(added, to: layer, key: key, reentry: source.int(below: 6), atMediaTime: source.int(below: 8) == 0 ? clock.now : nil)
    }

    /// `layer.add(animation, forKey:)` with a new tracker as the delegate: the tracker joins the open blocks. At an
    /// explicit media time the add joins no transaction and no block.
    func add(_ animation: LayerAnimation, to layer: Layer, key: String?, reentry: Int, atMediaTime t: Double? = nil) {
        let id = trackers.count
        trackers.append((false, 0, key ?? "-"))
        let tracker = Tracker(id: id, script: self, layer: layer, reentry: reentry)
        remember(tracker)
        animation.delegate = tracker
        if let t {
            layer.add(animation, forKey: key, atMediaTime: t)
        } else {
            touch()
            for level in levels { if let block = level.block { blocks[block].members.append(id) } }
            layer.add(animation, forKey: key)
        }
        remember(animation)
        if let key, let copy = layer.animation(forKey: key) { remember(copy) }
    }

    private func removeAnimations(of layer: Layer) {
        touch()
        if source.int(below: 3) == 0 {
            layer.removeAllAnimations()
        } else {
            layer.removeAnimation(forKey: source.pick(["a", "b", "position", "opacity"]))
        }
    }

    /// Moves the clock: mostly a frame's worth forward, sometimes a refused move (backwards, NaN, ∞).
    private func advanceClock() {
        switch source.int(below: 8) {
        case 0: clock.advance(by: source.double())
        case 1: clock.advance(to: source.double())
        case 2: clock.advance(by: number(0...5))
        default: clock.advance(by: Double(1 + source.int(below: 30)) / 60)
        }
    }

    /// `FrameHook.run()` (it flushes first); one frame in four looks at every animation, as a frame does after
    /// another thread's commit changed a clock (the predictions must not change a result).
    private func frame() {
        flush()
        let outer = inFrame
        inFrame = true
        FrameHook.run(predicting: source.int(below: 4) != 0)
        inFrame = outer
    }

    private func changeTree() {
        touch()
        let a = anyLayer(), b = anyLayer()
        switch source.int(below: 4) {
        case 0: a.addSublayer(b)
        case 1: a.insertSublayer(b, at: UInt32(source.int(below: 4)))
        case 2: b.removeFromSuperlayer()
        default: if let s = a.sublayers?.first { a.replaceSublayer(s, with: b) }
        }
    }

    @discardableResult
    private func createLayer() -> Layer {
        touch()
        let layer = source.int(below: 10) == 0 ? TransformLayer() : Layer()
        layer.bounds = CGRect(x: 0, y: 0, width: 20 + Double(source.int(below: 80)), height: 20)
        layer.position = CGPoint(x: Double(source.int(below: 300)), y: Double(source.int(below: 300)))
        if let parent = layers.isEmpty ? nil : layers[source.int(below: layers.count)], source.int(below: 8) != 0 {
            parent.addSublayer(layer)
        }
        layers.append(layer)
        remember(layer)
        return layer
    }

    /// Forgets a layer (not the root) and takes it out of its tree: nothing else holds it, so it is freed.
    private func dropLayer() {
        guard layers.count > 1 else { return }
        touch()
        let layer = layers.remove(at: 1 + source.int(below: layers.count - 1))
        layer.removeFromSuperlayer()
    }

    private func renderTreeStep() {
        switch source.int(below: 3) {
        case 0: renderTree = renderTree == nil ? try? RenderTree(root: layers[0]) : nil
        default: try? renderTree?.update(atMediaTime: clock.now)
        }
    }

    /// The presentation of the root tree through the render tree (when it answers) against the reference fold.
    private func checkPresentation() {
        guard let root = layers.first else { return }
        let t = source.int(below: 4) == 0 ? source.double() : clock.now
        let reference = Layer.withoutRenderTree(root) { root.presentation(at: t)!.presentedSummary }
        if root.presentation(at: t)!.presentedSummary != reference {
            problems.append("the presentation at \(t) differs from the reference fold")
        }
    }

    // MARK: Callbacks

    /// What a callback does with the reentry it drew: 0–2 nothing; else, while the budget lasts, one call back in.
    func callBack(_ reentry: Int, layer: Layer?) {
        guard reentry >= 3, reentries > 0 else { return }
        reentries -= 1
        switch reentry {
        case 3: frame()
        case 4:
            if let layer {
                setProperty(on: layer)
                let next = BasicAnimation(keyPath: "opacity")
                next.duration = 0.1
                add(next, to: layer, key: "again", reentry: source.int(below: 6))
            }
        default:
            switch source.int(below: 4) {
            case 0: begin(); completionBlock(); if let layer { setProperty(on: layer) }; commit()
            case 1: commit()
            case 2: layer?.removeAllAnimations()
            default: flush()
            }
        }
    }

    func trackerStarted(_ id: Int) {
        if !inFrame { problems.append("tracker \(id) (\(trackers[id].key)) heard a start outside a frame") }
        if trackers[id].started { problems.append("tracker \(id) (\(trackers[id].key)) heard a second start") }
        if trackers[id].stops > 0 { problems.append("tracker \(id) (\(trackers[id].key)) heard a start after its stop") }
        trackers[id].started = true
    }

    func trackerStopped(_ id: Int) {
        if !inFrame { problems.append("tracker \(id) (\(trackers[id].key)) heard a stop outside a frame") }
        trackers[id].stops += 1
        if trackers[id].stops > 1 { problems.append("tracker \(id) (\(trackers[id].key)) heard \(trackers[id].stops) stops") }
    }

    private func blockRan(_ id: Int, reentry: Int) {
        if !inFrame { problems.append("completion block \(id) ran outside a frame") }
        blocks[id].runs += 1
        if blocks[id].runs > 1 { problems.append("completion block \(id) ran \(blocks[id].runs) times") }
        if let waiting = blocks[id].members.first(where: { trackers[$0].stops == 0 }) {
            problems.append("completion block \(id) ran before tracker \(waiting) (\(trackers[waiting].key)) stopped")
        }
        callBack(reentry, layer: layers.first)
    }

    // MARK: The end

    /// Commits what is open, removes every animation, drops the render tree and every layer, runs frames until
    /// every stop is delivered and every block has run, then checks that every tracker heard its one stop, every
    /// block ran once, and nothing the script made is left alive.
    func finish() {
        reentries = 0
        while TransactionStack.current.isOpen { commit() }
        levels = []
        for layer in layers { layer.removeAllAnimations() }
        layers = []
        renderTree = nil
        for _ in 0..<3 {
            clock.advance(by: 1)
            frame()
        }
        for (id, block) in blocks.enumerated() where block.runs != 1 { problems.append("completion block \(id) ran \(block.runs) times") }
        for (id, tracker) in trackers.enumerated() where tracker.stops != 1 {
            problems.append("tracker \(id) (\(tracker.key)) heard \(tracker.stops) stops (started: \(tracker.started))")
        }
        if let alive = made.first(where: { $0.object != nil })?.object {
            problems.append("\(type(of: alive)) still alive after the script dropped everything")
        }
    }

    private func remember(_ object: AnyObject) { made.append(WeakObject(object: object)) }
}

private struct WeakObject { weak var object: AnyObject? }

/// An animation delegate that reports to the script and may call back in.
private final class Tracker: AnimationDelegate {
    let id: Int, reentry: Int
    weak var script: TransactionScript?
    weak var layer: Layer?

    init(id: Int, script: TransactionScript, layer: Layer, reentry: Int) {
        self.id = id
        self.script = script
        self.layer = layer
        self.reentry = reentry
    }

    func animationDidStart(_ anim: LayerAnimation) {
        script?.trackerStarted(id)
        script?.callBack(reentry, layer: layer)
    }

    func animationDidStop(_ anim: LayerAnimation, finished flag: Bool) {
        script?.trackerStopped(id)
        script?.callBack(reentry, layer: layer)
    }
}

/// An action that adds a tracked animation of the event's key, as an action does, and may call back in.
private final class ScriptAction: LayerAction {
    weak var script: TransactionScript?
    let reentry: Int
    init(script: TransactionScript, reentry: Int) {
        self.script = script
        self.reentry = reentry
    }

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let script, let layer = anObject as? Layer else { return }
        let animation = BasicAnimation(keyPath: event)
        animation.duration = 0.2
        script.add(animation, to: layer, key: event, reentry: reentry)
        script.callBack(reentry, layer: layer)
    }
}

/// A layer delegate answering from a table; it may set the property it is asked about (a post from inside its own
/// lookup).
private final class ScriptLayerDelegate: LayerDelegate {
    let answers: [String: any LayerAction]
    weak var script: TransactionScript?
    let setsAgain: Bool
    init(answers: [String: any LayerAction], script: TransactionScript, setsAgain: Bool) {
        self.answers = answers
        self.script = script
        self.setsAgain = setsAgain
    }

    func action(for layer: Layer, forKey event: String) -> (any LayerAction)? {
        if setsAgain, event == "position" { layer.position.x += 1 }
        return answers[event]
    }
}
