@_spi(Benchmarks) import CAMath
import CAMathLayer
import _CAMathTestSupport
import Foundation
import Testing

/// The render tree: presentation copies bit for bit the reference's, per-frame output from the presented tree,
/// changes picked up from the journal, finished animations removed by frames only.
@Suite struct RenderTreeTests {
    /// Every layer's presented values, flattened (``Layer/presentedSummary``).
    static func summary(_ root: Layer) -> [UInt64] { root.presentedSummary }

    /// The reference presentation of `root` at `t` (a tree without a render tree evaluates by the reference).
    static func reference(_ root: Layer, at t: Double) -> [UInt64] {
        summary(root.presentation(at: t)!)
    }

    @Test(arguments: [5, 40, 300])
    func presentationThroughTheRenderTreeIsTheReference(count: Int) throws {
        let times = [0.0, 0.3, 1.1, 2.5, 9.0, -.infinity, .nan]
        let root = AnimationCases.animatedTree(count, seed: UInt64(count))
        let faded = root.sublayers!.first!
        let fade = BasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0; fade.toValue = 1.0; fade.duration = 2
        faded.add(fade, forKey: "fade", atMediaTime: 0)
        let expected = times.map { Self.reference(root, at: $0) }
        let renderTree = try RenderTree(root: root)
        for (t, e) in zip(times, expected) {
            #expect(Self.summary(root.presentation(at: t)!) == e, "t = \(t)")
            #expect(root.presentation(at: t)!.model() === root)
        }
        // A subtree's presentation is the subtree of the whole one.
        let inner = root.sublayers!.last!
        #expect(Self.summary(inner.presentation(at: 1.1)!) == Self.summary(Layer.withoutRenderTree(inner) { inner.presentation(at: 1.1)! }))
        // Model changes after the render tree was made: a geometry patch, a new layer, a new animation.
        let leaf = renderTree.layers.last!
        leaf.position = CGPoint(x: 3, y: 4)
        #expect(Self.summary(root.presentation(at: 0.3)!) == Layer.withoutRenderTree(root) { Self.reference(root, at: 0.3) })
        #expect(renderTree.mediaTime != 0.3, "a change not committed yet: the reference answers, from the committed state")
        LayerTransaction.flush()
        #expect(Self.summary(root.presentation(at: 0.3)!) == Layer.withoutRenderTree(root) { Self.reference(root, at: 0.3) })
        #expect(renderTree.mediaTime == 0.3, "committed: the render tree answers")
        let added = Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 5, height: 5), position: CGPoint(x: 1, y: 1)))
        leaf.addSublayer(added)
        let spin = BasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0.0; spin.toValue = 2.0; spin.duration = 1
        added.add(spin, forKey: "spin", atMediaTime: 0)
        LayerTransaction.flush()
        #expect(Self.summary(root.presentation(at: 0.6)!) == Layer.withoutRenderTree(root) { Self.reference(root, at: 0.6) })
        #expect(renderTree.count == LayerTree(root: root).count && renderTree.mediaTime == 0.6)
    }

    /// The root's presentation copies are made again in place by the next presentation when no code holds any
    /// of them; a copy still held (the root, a sublayer, a `sublayers` array) or a tree changed by user code gets
    /// fresh copies, and what is held never changes. Either way the copies are the reference's, bit for bit.
    @Test func presentationCopiesAreRecycledOnlyWhenNothingHoldsThem() throws {
        let root = AnimationCases.animatedTree(60, seed: 5)
        LayerTransaction.flush()
        let renderTree = try RenderTree(root: root)
        func expected(_ t: Double) -> [UInt64] { Layer.withoutRenderTree(root) { Self.reference(root, at: t) } }
        // Dropped, then asked again: the same objects, with the new values.
        weak let dropped = root.presentation(at: 0.2)
        let again = try #require(root.presentation(at: 0.7))
        #expect(dropped === again, "a tree nobody holds is made again in place")
        #expect(Self.summary(again) == expected(0.7) && renderTree.mediaTime == 0.7)
        // Held (the root): the next presentation is a new tree, and the held one keeps its values.
        let heldSummary = Self.summary(again)
        let next = try #require(root.presentation(at: 1.3))
        #expect(next !== again && Self.summary(again) == heldSummary && Self.summary(next) == expected(1.3))
        // Held (one sublayer, or a sublayers array, of a dropped root).
        var leaf: Layer? = next.sublayers!.last!.sublayers?.first ?? next.sublayers!.last!
        let leafSummary = leaf!.presentedSummary
        weak let nextRoot = next
        _ = consume next
        let afterLeaf = try #require(root.presentation(at: 1.9))
        #expect(afterLeaf !== nextRoot && leaf!.presentedSummary == leafSummary && Self.summary(afterLeaf) == expected(1.9))
        leaf = nil
        let sublayers = afterLeaf.sublayers!
        weak let afterLeafRoot = afterLeaf
        _ = consume afterLeaf
        let afterArray = try #require(root.presentation(at: 2.4))
        #expect(afterArray !== afterLeafRoot && Self.summary(afterArray) == expected(2.4) && sublayers.count == root.sublayers!.count)
        // Changed by user code, then dropped: a new sublayer, a layout manager, a name, a geometry.
        afterArray.sublayers!.first!.addSublayer(Layer())
        weak let changedShape = afterArray
        _ = consume afterArray
        let fresh = try #require(root.presentation(at: 3.1))
        #expect(fresh !== changedShape && Self.summary(fresh) == expected(3.1))
        fresh.sublayers!.last!.layoutManager = ConstraintLayoutManager()
        fresh.sublayers!.first!.name = "changed"
        fresh.sublayers!.first!.bounds = CGRect(x: 1, y: 2, width: 3, height: 4)
        weak let changedManager = fresh
        _ = consume fresh
        let last = try #require(root.presentation(at: 3.6))
        #expect(last !== changedManager && Self.summary(last) == expected(3.6))
        #expect(LayerTree.layers(of: last).allSatisfy { $0.layoutManager == nil })
        // Names and geometry changed on a dropped copy are made again from the model.
        last.sublayers!.first!.name = "changed"
        last.sublayers!.first!.position = CGPoint(x: -9, y: 9)
        weak let renamed = last
        _ = consume last
        let remade = try #require(root.presentation(at: 4.2))
        #expect(remade === renamed && Self.summary(remade) == expected(4.2))
    }

    /// A copy made again in place takes its model's state again only when that state or the copy's own moved (the
    /// render tree writes geometry and opacity itself): every write of a name, custom value, actions, style,
    /// delegate, autoresizing mask or animation of the model shows in the next presentation, and whatever code wrote
    /// into a copy it then dropped is undone — with the copies the same objects throughout.
    @Test func copiesMadeAgainTakeEveryStateChange() throws {
        final class Delegate: LayerDelegate {}
        let root = AnimationCases.animatedTree(40, seed: 9)
        LayerTransaction.flush()
        let renderTree = try RenderTree(root: root)
        let delegate = Delegate()
        let models = renderTree.layers
        /// The state a copy takes, as one comparable description.
        func state(_ layer: Layer) -> String {
            let delegateName = layer.delegate.map { $0 === delegate ? "the delegate" : "another" } ?? "none"
            return "\(layer.name ?? "-") \(layer.value(forKey: "custom") ?? "-") \(layer.actions?.keys.sorted() ?? []) "
                + "\(layer.style?.count ?? -1) \(delegateName) \(layer.autoresizingMask.rawValue) \(layer.animationKeys() ?? [])"
        }
        func check(_ copies: Layer, _ note: String) {
            let order = LayerTree.layers(of: copies)
            #expect(order.count == models.count, "\(note)")
            for (copy, model) in zip(order, models) where state(copy) != state(model) {
                Issue.record("\(note): the copy of \(model.name ?? "a layer") has \(state(copy)), its model \(state(model))")
            }
        }
        weak let first = root.presentation(at: 0.5)
        var t = 0.5
        /// One edit of the models (or of the dropped copies, `onCopies`), then a presentation that must be made in place.
        func step(_ note: String, onCopies: Bool = false, _ edit: (Layer, Int) -> Void) {
            if onCopies {
                let copies = root.presentation(at: t)!
                for (k, copy) in LayerTree.layers(of: copies).enumerated() where k % 3 == 1 { edit(copy, k) }
            } else {
                for (k, model) in models.enumerated() where k % 3 == 1 { edit(model, k) }
                LayerTransaction.flush()
            }
            t += 0.1
            let copies = try! #require(root.presentation(at: t))
            #expect(copies === first, "\(note): the copies are made again in place")
            #expect(renderTree.nodesFoldedByReference.isEmpty)
            check(copies, note)
            #expect(Self.summary(copies) == Layer.withoutRenderTree(root) { Self.reference(root, at: t) }, "\(note)")
        }
        step("names") { layer, k in layer.name = "name \(k)" }
        step("custom values") { layer, k in layer.setValue(k, forKey: "custom") }
        step("actions") { layer, _ in layer.actions = ["position": NSNull()] }
        step("style") { layer, _ in layer.style = ["a": 1, "b": 2] }
        step("delegates") { layer, _ in layer.delegate = delegate }
        step("autoresizing masks") { layer, _ in layer.autoresizingMask = [.layerWidthSizable] }
        step("animations added") { layer, k in
            let fade = BasicAnimation(keyPath: "opacity")
            fade.fromValue = 0.2; fade.toValue = 1.0; fade.duration = 3
            layer.add(fade, forKey: "fade \(k)", atMediaTime: 0)
        }
        step("animations removed") { layer, k in layer.removeAnimation(forKey: "fade \(k)") }
        step("the same values again") { layer, k in
            layer.name = "name \(k)"; layer.setValue(k, forKey: "custom")
        }
        step("copies written, then dropped", onCopies: true) { copy, k in
            copy.name = "copy \(k)"
            copy.setValue(-k, forKey: "custom")
            copy.actions = nil
            copy.style = nil
            copy.delegate = nil
            copy.autoresizingMask = []
            copy.removeAllAnimations()
        }
    }

    /// Animation edits — added, replaced under the same key, removed, every animation removed, an animated layer's
    /// model changed; groups (nested), flags and keyframe paths that turn the layer among them — record those layers
    /// again, on few layers or on many, and never prepare the tree again; the chunks they leave behind merge and
    /// compact. The copies and the render outputs stay the reference's, bit for bit, frame after frame, and no layer
    /// is folded by the reference.
    @Test(arguments: [11, 12])
    func animationEditsRecordTheirLayersAndNeverPrepareAgain(seed: UInt64) throws {
        // One layer in five keeps its animations, so frames patch the presented tree until the edits animate more
        // than a quarter of it.
        let root = AnimationCases.animatedTree(600, seed: seed)
        for (k, layer) in LayerTree.layers(of: root).enumerated() where k % 5 != 0 { layer.removeAllAnimations() }
        LayerTransaction.flush()
        let renderTree = try RenderTree(root: root)
        let kept = KeptRender()
        func check(_ t: Double, _ note: String) {
            kept.check(renderTree, at: t, note)
            #expect(renderTree.mediaTime == t, "\(note): through the render tree")
        }
        check(0.4, "before")
        let layers = renderTree.layers, prepared = renderTree.preparations
        var random = SeededGenerator(seed: seed)
        for step in 0..<24 {
            // A few layers in most steps, a third of the tree in some.
            let edits = step % 6 == 5 ? layers.count / 3 : 1 + Int(random.next() % 40)
            LayerTransaction.begin()
            LayerTransaction.setDisableActions(true)
            for _ in 0..<edits {
                let k = Int(random.next() % UInt64(layers.count)), layer = layers[k]
                switch random.next() % 9 {
                case 0, 1:
                    let move = BasicAnimation(keyPath: "position")
                    move.toValue = CGPoint(x: k, y: step)
                    move.duration = 0.5 + Double(random.next() % 8) / 4
                    layer.add(move, forKey: random.next() % 2 == 0 ? "move" : "move\(step)", atMediaTime: 0.2 * Double(step))
                case 2:
                    let spin = BasicAnimation(keyPath: "transform.rotation.z")
                    spin.byValue = 1.25; spin.duration = 2; spin.isAdditive = step % 2 == 0
                    layer.add(spin, forKey: "spin", atMediaTime: 0.1 * Double(step))
                case 3:
                    let fade = BasicAnimation(keyPath: "opacity")
                    fade.fromValue = 0.25; fade.toValue = 1.0; fade.duration = 1
                    layer.add(fade, forKey: "fade", atMediaTime: 0.1 * Double(step))
                case 4:
                    layer.removeAnimation(forKey: layer.animationKeys()?.first ?? "none")
                case 5:
                    // The model under the animations: the models of their missing ends.
                    switch step % 4 {
                    case 0: layer.removeAllAnimations()
                    case 1: layer.bounds = CGRect(x: 0, y: 0, width: 5 + k % 40, height: step)
                    case 2: layer.position = CGPoint(x: step, y: k)
                    default: layer.transform = Transform3D(rotationAngle: Double(step) * 0.2, x: 0, y: 0, z: 1)
                    }
                case 6:
                    // Groups, nested, with a removal flag the children ignore and a timing function they see.
                    let group = AnimationGroup(), inner = AnimationGroup()
                    let grow = BasicAnimation(keyPath: "bounds.size.width")
                    grow.toValue = 90.0; grow.duration = 1
                    let turn = KeyframeAnimation(keyPath: "transform.rotation.z")
                    turn.values = [0.0, 1.5, -0.5]; turn.isAdditive = step % 2 == 1
                    let fade = BasicAnimation(keyPath: "opacity")
                    fade.toValue = 0.25; fade.beginTime = 0.25; fade.duration = 0.5; fade.fillMode = .both
                    inner.animations = [turn, fade]; inner.duration = 1.25; inner.beginTime = 0.25;
                    inner.timingFunction = TimingFunction(name: .easeIn)
                    group.animations = [grow, inner]; group.duration = 1.5; group.fillMode = step % 3 == 0 ? .forwards : .removed
                    group.isRemovedOnCompletion = step % 3 != 0
                    layer.add(group, forKey: random.next() % 2 == 0 ? "group" : "move", atMediaTime: 0.1 * Double(step))
                case 7:
                    // Flags, which take no arithmetic.
                    let hide = BasicAnimation(keyPath: random.next() % 2 == 0 ? "hidden" : "masksToBounds")
                    hide.fromValue = false; hide.toValue = true; hide.duration = 1
                    layer.add(hide, forKey: "flag", atMediaTime: 0.1 * Double(step))
                default:
                    // A keyframe path that turns the layer, between transform animations.
                    let along = KeyframeAnimation(keyPath: "position")
                    let curve = MutableBezierPath()
                    curve.move(to: CGPoint(x: 0, y: 0))
                    curve.addCurve(to: CGPoint(x: 120, y: 40), control1: CGPoint(x: 30, y: 90), control2: CGPoint(x: 80, y: -20))
                    along.path = curve; along.duration = 1.5
                    along.rotationMode = step % 2 == 0 ? .rotateAuto : .rotateAutoReverse
                    let scale = BasicAnimation(keyPath: "transform.scale.x")
                    scale.toValue = 1.5; scale.duration = 2
                    layer.add(along, forKey: "along", atMediaTime: 0.1 * Double(step))
                    layer.add(scale, forKey: "scale", atMediaTime: 0.1 * Double(step))
                }
            }
            LayerTransaction.commit()
            LayerTransaction.flush()
            check(0.3 + 0.17 * Double(step), "step \(step)")
        }
        #expect(renderTree.preparations == prepared, "no edit prepares the tree again")
        #expect(renderTree.nodesFoldedByReference.isEmpty, "groups, flags and paths have records: no frame makes a layer")
    }

    /// Layers added (with animations), removed and moved, and layer timing changed, among animation edits and model
    /// changes of the layers that stay: the render tree follows each change of shape without preparing the records of
    /// the layers that stay again — it renumbers them — and every copy, output and kept buffer stays the reference's.
    @Test(arguments: [21, 22])
    func shapeChangesKeepTheRecordsOfTheLayersThatStay(seed: UInt64) throws {
        let root = AnimationCases.animatedTree(500, seed: seed)
        LayerTransaction.flush()
        let renderTree = try RenderTree(root: root)
        let kept = KeptRender()
        kept.check(renderTree, at: 0.3, "before")
        let recordsAtFirst = renderTree.preparedRecords
        #expect(recordsAtFirst > 800)
        var random = SeededGenerator(seed: seed)
        func pick() -> Layer { let layers = renderTree.layers; return layers[Int(random.next() % UInt64(layers.count))] }
        /// The endings followed their layers: after an update at `t`, no animation removed on completion is in its after
        /// phase (every clock here runs forward).
        func checkEndings(at t: Double, _ note: String) {
            for layer in renderTree.layers {
                let local = layer.localTime(atMediaTime: t)
                let ended = layer.attachedAnimations.filter {
                    $0.isRemovedOnCompletion && $0.evaluation(at: local, isGroupChild: false).phase == .after
                }
                #expect(ended.isEmpty, "\(note): a layer keeps \(ended.count) finished animations")
            }
        }
        var t = 0.3
        // Halfway, the root goes under a superlayer whose clock runs twice as fast: every ending moves.
        let faster = Layer()
        faster.speed = 2
        LayerTransaction.flush()
        for step in 0..<16 {
            LayerTransaction.begin()
            LayerTransaction.setDisableActions(true)
            if step == 8 { faster.addSublayer(root) }
            // The layers given new animations, and how many.
            var added: [(Layer, Int)] = []
            for _ in 0..<(1 + Int(random.next() % 4)) {
                switch random.next() % 6 {
                case 0, 1:
                    // A new layer with its own animations, somewhere among another layer's sublayers.
                    let layer = Layer(
                        geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 12, height: 8), position: CGPoint(x: step, y: 7)))
                    let spin = BasicAnimation(keyPath: "transform.rotation.z")
                    spin.toValue = 2.0; spin.duration = 3
                    let move = BasicAnimation(keyPath: "position")
                    move.toValue = CGPoint(x: 40, y: step); move.duration = 2
                    layer.add(spin, forKey: "spin", atMediaTime: 0)
                    layer.add(move, forKey: "move", atMediaTime: 0.1 * Double(step))
                    let parent = pick()
                    parent.insertSublayer(layer, at: UInt32(random.next() % UInt64((parent.sublayers?.count ?? 0) + 1)))
                    added.append((layer, 2))
                case 2:
                    let layer = pick()
                    if layer !== root { layer.removeFromSuperlayer() }
                case 3:
                    // A subtree moved under a layer outside it.
                    let layer = pick(), target = pick()
                    var up: Layer? = target, inside = false
                    while let l = up { inside = inside || l === layer; up = l.superlayer }
                    if layer !== root, !inside { target.addSublayer(layer) }
                case 4:
                    let layer = pick()
                    if step % 2 == 0 { layer.speed = 1.5 } else { layer.timeOffset = 0.25 }
                default:
                    // An edit and a model change of layers that stay, in the same update.
                    let fade = BasicAnimation(keyPath: "opacity")
                    fade.fromValue = 0.2; fade.toValue = 1.0; fade.duration = 1
                    let faded = pick()
                    faded.add(fade, forKey: "fade", atMediaTime: 0.1 * Double(step))
                    added.append((faded, 1))
                    pick().position = CGPoint(x: step, y: -step)
                }
            }
            LayerTransaction.commit()
            LayerTransaction.flush()
            // Following the change at the time already rendered prepares the new records, what merging them and
            // compacting the chunks the removals thinned prepares again, and the few layers whose animations end: far
            // from the tree's records, which a preparation of the whole tree would prepare.
            let before = renderTree.preparedRecords
            try renderTree.update(atMediaTime: t)
            let prepared = renderTree.preparedRecords - before
            let new = added.reduce(0) { sum, entry in
                var up: Layer? = entry.0
                while let l = up, l !== root { up = l.superlayer }
                return sum + (up === root ? entry.1 : 0)
            }
            // (Step 8 moves every clock: many animations end at once, and their layers are recorded again.)
            #expect(prepared >= new && (step == 8 || prepared <= new + recordsAtFirst / 4), "step \(step): \(prepared) records, \(new) new")
            t += 0.21
            kept.check(renderTree, at: t, "step \(step)")
            checkEndings(at: t, "step \(step)")
        }
        try renderTree.update(atMediaTime: 1_000)
        checkEndings(at: 1_000, "at the end")
    }

    /// Bad input through the records: a layer moved between two trees that both have render trees, a cycle, an
    /// animation removed by a delegate inside a frame, and NaN and ∞ in animations and geometry. Nothing crashes,
    /// and both render trees keep presenting what the reference fold presents, bit for bit.
    @Test func badInputThroughTheRecordsKeepsTheReferences() throws {
        final class Remover: AnimationDelegate {
            let victim: Layer
            init(_ victim: Layer) { self.victim = victim }
            func animationDidStart(_ anim: LayerAnimation) { victim.removeAnimation(forKey: "spin") }
        }
        let clock = MediaClock(startTime: 1)
        try MediaClock.withCurrent(clock) {
            let a = AnimationCases.animatedTree(120, seed: 21), b = AnimationCases.animatedTree(80, seed: 22)
            LayerTransaction.flush()
            let treeA = try RenderTree(root: a), treeB = try RenderTree(root: b)
            func check(_ note: String) {
                for (root, tree) in [(a, treeA), (b, treeB)] {
                    let t = clock.now + 0.4
                    #expect(
                        Self.summary(root.presentation(at: t)!) == Layer.withoutRenderTree(root) { Self.reference(root, at: t) }, "\(note)")
                    let (geometries, mismatches) = try! Self.outputs(of: tree, at: t)
                    #expect(geometries && mismatches.isEmpty, "\(note): outputs of layers \(mismatches.prefix(8))")
                }
            }
            check("before")
            // A layer with animations moves from one tree to the other; another is added to its own subtree.
            let moved = treeA.layers[7], inner = treeB.layers[3]
            let spin = BasicAnimation(keyPath: "transform.rotation.z")
            spin.byValue = 2.0; spin.duration = 5
            moved.add(spin, forKey: "spin")
            treeB.layers[2].addSublayer(moved)
            inner.sublayers?.first?.addSublayer(inner)
            LayerTransaction.flush()
            check("moved, cycle refused")
            // A delegate removes an animation of another layer of a tree with a render tree inside a frame.
            let victim = treeB.layers[5], fade = BasicAnimation(keyPath: "opacity")
            victim.add(spin, forKey: "spin")
            fade.toValue = 0.5; fade.duration = 3; fade.delegate = Remover(victim)
            treeB.layers[9].add(fade, forKey: "fade")
            LayerTransaction.flush()
            clock.advance(by: 0.1)
            FrameHook.run()
            #expect(victim.animation(forKey: "spin") == nil)
            // The removal joined an implicit transaction: committed, as the host's next turn would.
            LayerTransaction.flush()
            check("removed by a delegate")
            // NaN and ∞ in animations (values, timing) and in geometry.
            LayerTransaction.begin()
            LayerTransaction.setDisableActions(true)
            let broken = BasicAnimation(keyPath: "position")
            broken.toValue = CGPoint(x: Double.nan, y: .infinity); broken.duration = .infinity
            treeA.layers[3].add(broken, forKey: "broken")
            let keys = KeyframeAnimation(keyPath: "transform.scale.x")
            keys.values = [1.0, Double.nan, -Double.infinity]; keys.duration = 1; keys.speed = .infinity
            treeA.layers[4].add(keys, forKey: "keys")
            treeB.layers[6].position = CGPoint(x: Double.nan, y: 3)
            treeB.layers[7].bounds = CGRect(x: 0, y: 0, width: Double.infinity, height: -4)
            LayerTransaction.commit()
            LayerTransaction.flush()
            check("NaN and ∞")
        }
    }

    @Test func hitTestsAndConversionsOnAPresentationCopyAreTheReferences() throws {
        let root = AnimationCases.animatedTree(200, seed: 7)
        let expected = root.presentation(at: 0.8)!
        _ = try RenderTree(root: root)
        let copy = root.presentation(at: 0.8)!
        let hierarchy = ObjectLayerHierarchy<Layer>()
        var s = SeededSource(seed: 3)
        for _ in 0..<400 {
            let p = CGPoint(x: s.value(in: -100...900), y: s.value(in: -100...700))
            let hit = copy.hitTest(p), reference = hierarchy.hitTest(p, in: expected)
            #expect(hit?.model() === reference?.model(), "\(p)")
        }
        let a = LayerTree.layers(of: copy), b = LayerTree.layers(of: expected)
        for k in stride(from: 1, to: a.count, by: 7) {
            let p = CGPoint(x: 3.5, y: -2.25)
            let x = a[k].convert(p, to: nil), y = hierarchy.convert(p, from: b[k], to: nil)
            #expect(Double(x.x).bitPattern == Double(y.x).bitPattern && Double(x.y).bitPattern == Double(y.y).bitPattern)
        }
    }

    /// Hit tests from any copy of a render tree's presentation are answered by the render tree while the copy's
    /// subtree is the one it presented, and by the walk over the copies once user code changed it or a later
    /// evaluation replaced that presentation: either way, the uncached walk's answer on the copies as they are.
    @Test func hitTestsOnPresentationCopiesFollowTheirChanges() throws {
        let root = AnimationCases.animatedTree(200, seed: 13)
        LayerTransaction.flush()
        let renderTree = try RenderTree(root: root)
        let hierarchy = ObjectLayerHierarchy<Layer>()
        var s = SeededSource(seed: 5)
        func check(_ copy: Layer, _ note: String) {
            for (k, start) in LayerTree.layers(of: copy).enumerated() where k % 9 == 0 {
                for _ in 0..<40 {
                    let p = CGPoint(x: s.value(in: -100...900), y: s.value(in: -100...700))
                    #expect(start.hitTest(p) === hierarchy.hitTest(p, in: start), "\(note): from copy \(k) at \(p)")
                }
            }
        }
        let held = try #require(root.presentation(at: 0.5))
        check(held, "as presented")
        let copies = LayerTree.layers(of: held)
        copies[3].position = CGPoint(x: 40, y: 60)
        copies[10].isHidden = true
        copies[20].sublayerTransform = Transform3D(scaleX: 2, y: 2, z: 1)
        copies[30].addSublayer(
            Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 900, height: 700), position: CGPoint(x: 0, y: 0))))
        copies[40].removeFromSuperlayer()
        copies[50].masksToBounds.toggle()
        check(held, "changed by user code")
        let later = try #require(root.presentation(at: 1.5))
        check(held, "after a later evaluation")
        check(later, "the later presentation")
        #expect(renderTree.mediaTime == 1.5)
    }

    /// Frames after the first patch the presented tree (only the animated layers, the overrides and the layers whose
    /// model changed are evaluated again, the level maps and worlds below them made again): every frame's output is
    /// still the reference's, through changes of still layers (geometry, visibility, opacity, a sublayer transform
    /// over sublayers), animations added and removed, and the same time twice.
    @Test func patchedFramesAreTheReferences() throws {
        // Three levels; every third layer animates for 100 s (no animation ends, so nothing prepares the tree again).
        let root = Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 800, height: 600), position: CGPoint(x: 400, y: 300)))
        var all = [root]
        for i in 1..<240 {
            let layer = Layer(
                geometry: LayerGeometry(
                    bounds: CGRect(x: 0, y: 0, width: Double(20 + i % 50), height: Double(10 + i % 30)),
                    position: CGPoint(x: Double(i * 37 % 700), y: Double(i * 53 % 500))))
            layer.transform = Transform3D(rotationAngle: Double(i) * 0.1, x: 0, y: 0, z: 1)
            all[(i - 1) / 4].addSublayer(layer)
            all.append(layer)
        }
        LayerTransaction.flush()
        for (i, layer) in all.enumerated() where i % 3 == 2 {
            let spin = BasicAnimation(keyPath: i % 2 == 0 ? "transform.rotation.z" : "transform")
            spin.toValue = i % 2 == 0 ? 6.0 as Any : Transform3D(scaleX: 1.5, y: 0.5, z: 1) as Any
            spin.duration = 100
            let fade = BasicAnimation(keyPath: "opacity")
            fade.toValue = 0.1; fade.duration = 100
            layer.add(spin, forKey: "spin", atMediaTime: 0)
            if i % 4 == 0 { layer.add(fade, forKey: "fade", atMediaTime: 0) }
        }
        LayerTransaction.flush()
        let renderTree = try RenderTree(root: root, options: BatchOptions(threads: 1))
        func check(_ t: Double, _ note: String) throws {
            let (geometries, mismatches) = try Self.outputs(of: renderTree, at: t)
            #expect(geometries, "\(note): presented geometries")
            #expect(mismatches.isEmpty, "\(note): outputs of layers \(mismatches.prefix(8))")
        }
        try check(0.3, "first frame")
        try check(0.9, "patched")
        let still = renderTree.layers.filter { ($0.animationKeys() ?? []).isEmpty && $0.superlayer != nil }
        let stillGroup = try #require(still.first { !($0.sublayers ?? []).isEmpty })
        #expect(still.count > 6)
        // Without actions: the model changes and nothing animates (with them, each change would add an animation).
        LayerTransaction.begin()
        LayerTransaction.setDisableActions(true)
        still[1].position = CGPoint(x: 12, y: 34)
        still[2].isHidden = true
        still[3].opacity = 0.25
        stillGroup.sublayerTransform = Transform3D(scaleX: 2, y: 0.5, z: 1)
        LayerTransaction.commit()
        LayerTransaction.flush()
        #expect(still.allSatisfy { ($0.animationKeys() ?? []).isEmpty })
        try check(1.4, "still layers changed")
        let move = BasicAnimation(keyPath: "position")
        move.toValue = CGPoint(x: 5, y: 5); move.duration = 2
        still[4].add(move, forKey: "move", atMediaTime: 1)
        all[5].removeAllAnimations()
        LayerTransaction.flush()
        try check(1.9, "animations added and removed")
        try check(1.9, "the same time again")
        LayerTransaction.begin()
        LayerTransaction.setDisableActions(true)
        stillGroup.sublayerTransform = Transform3D.identity
        still[2].isHidden = false
        LayerTransaction.commit()
        LayerTransaction.flush()
        try check(2.6, "changed back")
        try check(2.9, "patched again")
    }

    @Test func renderWritesTheWorldTransformsFramesVisibilityAndOpacity() throws {
        let root = AnimationCases.animatedTree(120, seed: 11)
        root.sublayers![1].isHidden = true
        root.sublayers![0].opacity = 0.5
        let transformLayer = TransformLayer()
        transformLayer.transform = Transform3D(rotationAngle: 0.4, x: 0, y: 1, z: 0)
        transformLayer.addSublayer(
            Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 4, height: 4), position: CGPoint(x: 2, y: 2), zPosition: 5)))
        root.addSublayer(transformLayer)
        let renderTree = try RenderTree(root: root, options: BatchOptions(threads: 2))
        let n = renderTree.count
        let (transforms, opacities, hidden, frames) = try Self.render(renderTree, at: 1.3)
        let presented = renderTree.presented, model = Layer.withoutRenderTree(root) { root.presentation(at: 1.3)! }
        let copies = LayerTree.layers(of: model), worlds = Self.worlds(of: presented)
        for i in 0..<n {
            let world = worlds[i]
            let rows = [
                SIMD4(world.m11, world.m12, world.m13, world.m14), SIMD4(world.m21, world.m22, world.m23, world.m24),
                SIMD4(world.m31, world.m32, world.m33, world.m34), SIMD4(world.m41, world.m42, world.m43, world.m44)
            ]
            for j in 0..<4 { #expect(transforms[4 * i + j] == SIMD4<Float>(rows[j])) }
            #expect(bitwiseEqual(frames[i], copies[i].frame), "frame of layer \(i)")
            var up: Layer? = copies[i], isHidden = false
            while let l = up { isHidden = isHidden || l.isHidden; up = l.superlayer }
            #expect(hidden[i] == isHidden)
            #expect(opacities[i] == copies[i].opacity)
            // For layers in one plane the world transform maps bounds points where convert(_:to: nil) does.
            if i > 0 && i < 100 && presented.geometries[i].transform.isAffine {
                let p = CGPoint(x: 1.5, y: 2.5), q = copies[i].convert(p, to: nil)
                let w = 1.5 * world.m14 + 2.5 * world.m24 + world.m44
                let x = (1.5 * world.m11 + 2.5 * world.m21 + world.m41) / w, y = (1.5 * world.m12 + 2.5 * world.m22 + world.m42) / w
                #expect(abs(x - Double(q.x)) <= 1e-9 * (1 + abs(x)) && abs(y - Double(q.y)) <= 1e-9 * (1 + abs(y)), "layer \(i)")
            }
        }
        // Hit tests on the render tree: the presented tree's walk, pruned by the render tree's regions.
        var s = SeededSource(seed: 9)
        for _ in 0..<300 {
            let p = CGPoint(x: s.value(in: -100...900), y: s.value(in: -100...700))
            #expect(renderTree.hitTest(p) == presented.hitTest(p), "\(p)")
        }
        #expect(hidden[renderTree.layers.firstIndex { $0 === root.sublayers![1] }!])
        #expect(opacities[renderTree.layers.firstIndex { $0 === root.sublayers![0] }!] == 0.5)
    }
}

extension RenderTreeTests {
    /// One `render` of `renderTree` at `t` into fresh buffers: its four outputs.
    static func render(
        _ renderTree: RenderTree, at t: Double
    ) throws -> (transforms: [SIMD4<Float>], opacities: [Float], hidden: [Bool], frames: [CGRect]) {
        let n = renderTree.count
        var transforms = [SIMD4<Float>](repeating: .zero, count: 4 * n), opacities = [Float](repeating: 0, count: n)
        var hidden = [Bool](repeating: false, count: n), frames = [CGRect](repeating: .zero, count: n)
        try transforms.withUnsafeMutableBufferPointer { tb in
            try opacities.withUnsafeMutableBufferPointer { o in
                try hidden.withUnsafeMutableBufferPointer { h in
                    try frames.withUnsafeMutableBufferPointer { f in
                        try renderTree.render(atMediaTime: t, into: RenderOutput(transforms: tb, opacities: o, hidden: h, frames: f))
                    }
                }
            }
        }
        return (transforms, opacities, hidden, frames)
    }

    /// One `render` of `renderTree` at `t` against the reference fold of its root: whether the presented geometries
    /// are the reference's, bit for bit, and the nodes whose world transform, frame, hidden flag or opacity is not.
    static func outputs(of renderTree: RenderTree, at t: Double) throws -> (geometries: Bool, mismatches: [Int]) {
        func bits(_ m: Transform3D) -> [UInt32] {
            [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24, m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44].map {
                Float($0).bitPattern
            }
        }
        let root = renderTree.root, n = renderTree.count
        let (transforms, opacities, hidden, frames) = try render(renderTree, at: t)
        let expected = Layer.withoutRenderTree(root) { root.presentation(at: t)! }
        let copies = LayerTree.layers(of: expected), tree = LayerTree(root: expected), worlds = worlds(of: tree)
        let geometries =
            renderTree.presented.geometries.map { $0.exactnessValues.map(\.bitPattern) }
            == tree.geometries.map { $0.exactnessValues.map(\.bitPattern) }
        var mismatches: [Int] = []
        for i in 0..<n {
            let columns = (0..<4).flatMap { j in (0..<4).map { transforms[4 * i + j][$0].bitPattern } }
            var up: Layer? = copies[i], isHidden = false
            while let l = up { isHidden = isHidden || l.isHidden; up = l.superlayer }
            if columns != bits(worlds[i]) || !bitwiseEqual(frames[i], copies[i].frame) || hidden[i] != isHidden
                || opacities[i].bitPattern != copies[i].opacity.bitPattern
            {
                mismatches.append(i)
            }
        }
        return (geometries, mismatches)
    }

    /// Every node's world transform in `tree`: F(i)·Z·F(parent)·Z·…·F(root), Z dropping z below every layer that
    /// flattens, composed top-down (*Render trees*, *World transforms*).
    static func worlds(of tree: LayerTree) -> [Transform3D] {
        var worlds: [Transform3D] = []
        for i in 0..<tree.count {
            let parent = tree.parents[i]
            var world = tree.transformToSuperlayer(of: i)
            if parent != LayerTree.noParent {
                var above = worlds[parent]
                if tree.geometries[parent].flattensSublayers { above.m31 = 0; above.m32 = 0; above.m33 = 0; above.m34 = 0 }
                world = world.concatenating(above)
            }
            worlds.append(world)
        }
        return worlds
    }

    @Test func finishedAnimationsLeaveAtTheFirstUpdateAfterTheirEndAndNotBefore() throws {
        let root = Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 5, y: 5)))
        let child = Layer()
        root.addSublayer(child)
        child.speed = 2
        for k in 0..<200 {
            let move = BasicAnimation(keyPath: "position.x")
            move.fromValue = 0.0; move.toValue = Double(k); move.duration = 1 + Double(k % 5)
            child.add(move, forKey: nil, atMediaTime: 0)
        }
        let kept = BasicAnimation(keyPath: "position.y")
        kept.fromValue = 0.0; kept.toValue = 1.0; kept.duration = 0.5; kept.isRemovedOnCompletion = false; kept.fillMode = .forwards
        child.add(kept, forKey: "kept", atMediaTime: 0)
        let renderTree = try RenderTree(root: root)
        // Local time runs twice as fast: durations 1…5 end at media times 0.5…2.5.
        _ = root.presentation(at: 10)
        #expect(Self.animationCount(child) == 201, "presentation(at:) removes nothing")
        let before = LayerTree.layers(of: root).count
        try renderTree.update(atMediaTime: 0.49)
        #expect(Self.animationCount(child) == 201)
        try renderTree.update(atMediaTime: 0.5)
        #expect(Self.animationCount(child) == 161)
        try renderTree.update(atMediaTime: 1.75)
        #expect(Self.animationCount(child) == 81)
        try renderTree.update(atMediaTime: 100)
        #expect(Self.animationCount(child) == 1 && child.animation(forKey: "kept") != nil)
        #expect(renderTree.presented.geometries[1].position.y == 1 && before == renderTree.count)
    }

    static func animationCount(_ layer: Layer) -> Int { layer.attachedAnimations.count }

    /// Churn: long animations added and removed a few frames later, frame after frame, beside short ones that end on
    /// their own. The endings of the removed ones leave the heap long before they would be due (it stays within twice
    /// what may still fire, where it grew by five endings a frame), and the short ones still leave at the first update
    /// after their end, the presentation the reference's throughout.
    @Test func endingsOfRemovedAnimationsLeaveLongBeforeTheyAreDue() throws {
        let root = Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 400, height: 400), position: CGPoint(x: 200, y: 200)))
        let leaves = (0..<40).map { k in
            Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 8, height: 8), position: CGPoint(x: 10 * k, y: 5)))
        }
        for leaf in leaves { root.addSublayer(leaf) }
        LayerTransaction.flush()
        let renderTree = try RenderTree(root: root)
        let kept = KeptRender()
        var largest = 0
        for frame in 0..<150 {
            let t = 0.5 + Double(frame) / 60
            LayerTransaction.begin()
            LayerTransaction.setDisableActions(true)
            for k in 0..<5 {
                let leaf = leaves[(5 * frame + k) % leaves.count]
                let move = BasicAnimation(keyPath: "position")
                move.toValue = CGPoint(x: 3 * k, y: frame % 7); move.duration = 10
                leaf.add(move, forKey: "move\(frame)", atMediaTime: t)
                if frame >= 3 { leaves[(5 * (frame - 3) + k) % leaves.count].removeAnimation(forKey: "move\(frame - 3)") }
            }
            let blink = BasicAnimation(keyPath: "opacity")
            blink.fromValue = 0.5; blink.toValue = 1.0; blink.duration = 0.1
            leaves[frame % leaves.count].add(blink, forKey: "blink\(frame)", atMediaTime: t)
            LayerTransaction.commit()
            try renderTree.update(atMediaTime: t)
            largest = max(largest, renderTree.queuedEndingCount)
            for leaf in leaves {
                let ended = leaf.attachedAnimations.filter {
                    $0.evaluation(at: leaf.localTime(atMediaTime: t), isGroupChild: false).phase == .after
                }
                #expect(ended.isEmpty, "frame \(frame): a leaf keeps \(ended.count) finished animations")
            }
            // The check's reference copies open the implicit transaction (as any new layer does): flushed, as a host's
            // run loop would, so the next frame's transaction is the outermost one.
            if frame % 25 == 0 {
                kept.check(renderTree, at: t, "frame \(frame)")
                LayerTransaction.flush()
            }
        }
        // At most 15 long and 7 short animations may still fire at once; without trimming the heap held every ending
        // queued in the last 10 s: all 900.
        #expect(largest <= 2 * max(15 + 7, 64), "the heap of endings grew to \(largest)")
    }

    @Test func renderChangesListsOnlyWhatChangedAndBadBuffersWriteNothing() throws {
        let root = AnimationCases.animatedTree(60, seed: 5)
        let still = Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 4, height: 4), position: CGPoint(x: 1, y: 1)))
        root.addSublayer(still)
        let renderTree = try RenderTree(root: root)
        let n = renderTree.count
        var transforms = [SIMD4<Float>](repeating: .zero, count: 4 * n), opacities = [Float](repeating: -1, count: n)
        var hidden = [Bool](repeating: false, count: n), frames = [CGRect](repeating: .zero, count: n),
            changed = [Int](repeating: -1, count: n)
        func run(_ t: Double, shortBy: Int = 0) throws -> Int {
            try transforms.withUnsafeMutableBufferPointer { tb in
                try opacities.withUnsafeMutableBufferPointer { o in
                    try hidden.withUnsafeMutableBufferPointer { h in
                        try frames.withUnsafeMutableBufferPointer { f in
                            try changed.withUnsafeMutableBufferPointer { c in
                                try renderTree.renderChanges(
                                    atMediaTime: t,
                                    into: RenderOutput(
                                        transforms: tb, opacities: o,
                                        hidden: UnsafeMutableBufferPointer(rebasing: h[shortBy...]), frames: f), changed: c)
                            }
                        }
                    }
                }
            }
        }
        #expect(try run(0.5) == n)
        #expect(try run(0.5) == 0)
        let stillIndex = renderTree.layers.firstIndex { $0 === still }!
        still.position.x += 1
        #expect(try run(0.5) == 1 && changed[0] == stillIndex)
        #expect(throws: BatchError.self) { try run(0.7, shortBy: 1) }
        #expect(try run(0.5) == 0, "a refused call updates nothing")
        let moved = try run(0.9)
        #expect(moved > 0 && moved < n && !changed[0..<moved].contains(stillIndex), "\(moved) of \(n)")
    }

    @Test func aTreeOfDepth100000HasARenderTreeAndAPresentation() throws {
        let root = Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 50)))
        var leaf = root
        for _ in 1..<100_000 {
            let next = Layer(geometry: root.geometry)
            leaf.addSublayer(next)
            leaf = next
        }
        let spin = BasicAnimation(keyPath: "transform")
        spin.fromValue = Transform3D.identity; spin.toValue = Transform3D(rotationAngle: 1, x: 0, y: 0, z: 1); spin.duration = 1
        leaf.add(spin, forKey: "spin", atMediaTime: 0)
        let reference = root.presentation(at: 0.5)!
        let renderTree = try RenderTree(root: root)
        let presented = root.presentation(at: 0.5)!
        #expect(LayerTree(root: presented).geometries == LayerTree(root: reference).geometries)
        #expect(presented.hitTest(CGPoint(x: 50, y: 50)) != nil)
        try renderTree.update(atMediaTime: 0.25)
        #expect(renderTree.count == 100_000)
    }
}

extension SIMD4<Float> {
    /// The four lanes' bits.
    var bitPatterns: SIMD4<UInt32> { SIMD4<UInt32>(x.bitPattern, y.bitPattern, z.bitPattern, w.bitPattern) }
}
