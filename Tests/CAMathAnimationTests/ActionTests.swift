import CAMathAnimation
import CAMathLayer
import CAMathQuartzCore
import Foundation
import Testing

/// An action that records the events it runs for.
final class RecordingAction: NSObject, CAAction {
    let name: String
    var events: [String] = []
    init(_ name: String) { self.name = name }
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        #expect(anObject is CALayer && dict == nil)
        events.append(event)
    }
}

/// A delegate that answers from a table (`nil` entries: no answer) and records what it is asked.
final class TableDelegate: NSObject, CALayerDelegate {
    var answers: [String: any CAAction] = [:]
    var asked: [String] = []
    var laidOut = 0
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        asked.append(event)
        return answers[event]
    }
    func layoutSublayers(of layer: CALayer) { laidOut += 1 }
}

/// A layer class with a default action for `"position"`.
final class DefaultActionLayer: CALayer {
    nonisolated(unsafe) static let slide = RecordingAction("class")
    override class func defaultAction(forKey event: String) -> (any CAAction)? {
        event == "position" ? slide : nil
    }
}

/// Records every event a layer posts through its `actions`.
func recordEvents(of layers: [CALayer], into log: RecordingAction, keys: [String]) {
    for layer in layers { layer.actions = Dictionary(uniqueKeysWithValues: keys.map { ($0, log as any CAAction) }) }
}

@Suite struct ActionTests {
    @Test func theSearchFollowsApplesOrder() {
        onManualClock { _ in
            let l = committedLayer()
            let delegate = TableDelegate()
            l.delegate = delegate
            let fromDelegate = RecordingAction("delegate"), fromActions = RecordingAction("actions")
            let fromStyle = RecordingAction("style"), fromDeepStyle = RecordingAction("deep style")
            delegate.answers["a"] = fromDelegate
            l.actions = ["a": RecordingAction("hidden by the delegate"), "b": fromActions, "n": NSNull()]
            l.style = [
                "actions": ["b": RecordingAction("hidden by actions"), "c": fromStyle, "m": NSNull()],
                "style": ["actions": ["c": RecordingAction("hidden by the shallower style"), "d": fromDeepStyle]]
            ]
            #expect(l.action(forKey: "a") === fromDelegate)
            #expect(l.action(forKey: "b") === fromActions, "the delegate's nil goes on to actions")
            #expect(l.action(forKey: "c") === fromStyle)
            #expect(l.action(forKey: "d") === fromDeepStyle, "the style hierarchy, shallowest first")
            #expect(l.action(forKey: "n") == nil && l.action(forKey: "m") == nil, "NSNull ends the search with nil")
            delegate.answers["position"] = NSNull()
            #expect(l.action(forKey: "position") == nil, "the delegate's NSNull also stops the built-in action")
            delegate.answers["position"] = nil
            #expect(l.action(forKey: "position") is CABasicAnimation, "the built-in action comes last")
            #expect(l.action(forKey: "name") == nil, "only animatable keys have a built-in action")
            #expect(CALayer.defaultAction(forKey: "position") == nil)
            let custom = DefaultActionLayer()
            CATransaction.flush()
            #expect(custom.action(forKey: "position") === DefaultActionLayer.slide, "the class default comes before the built-in one")
            CATransaction.setDisableActions(true)
            #expect(l.action(forKey: "position") is CABasicAnimation, "an explicit lookup ignores disableActions")
        }
    }

    @Test func aFreshLayerHasNoBuiltInAction() {
        onManualClock { _ in
            let fresh = CALayer()
            #expect(fresh.action(forKey: "position") == nil, "never committed")
            fresh.position = CGPoint(x: 5, y: 5)
            #expect(fresh.animationKeys() == nil, "configuring a new layer does not animate")
            CATransaction.flush()
            #expect(fresh.action(forKey: "position") != nil)
            let copy = fresh.presentation()!
            #expect(copy.action(forKey: "position") == nil, "presentation copies have no actions")
        }
    }

    @Test func propertySetsPostTheirKeys() {
        onManualClock { _ in
            let l = committedLayer()
            let log = RecordingAction("log")
            let keys = [
                "bounds", "position", "anchorPoint", "anchorPointZ", "zPosition", "transform", "sublayerTransform",
                "opacity", "hidden", "masksToBounds", "geometryFlipped", "name", "speed", "beginTime", "timeOffset",
                "autoresizingMask", "onOrderIn", "onOrderOut", "sublayers", "transition", "frame", "custom"
            ]
            recordEvents(of: [l], into: log, keys: keys)
            l.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
            l.position = l.position
            l.anchorPointZ = 1
            l.zPosition = 2
            l.opacity = 0.5
            l.isGeometryFlipped = true
            l.name = "n"
            l.speed = 2
            l.timeOffset = 1
            l.autoresizingMask = .layerWidthSizable
            #expect(
                log.events == [
                    "bounds", "position", "anchorPointZ", "zPosition", "opacity", "geometryFlipped", "name", "speed",
                    "timeOffset", "autoresizingMask"
                ], "a set of the value already held posts too")
            log.events = []
            l.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
            #expect(log.events == ["bounds", "position"], "frame posts bounds, then position")
            log.events = []
            l.frame = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
            l.setValue("x", forKey: "position")
            #expect(log.events.isEmpty, "a refused set posts nothing")
            l.setValue(3.0, forKeyPath: "position.x")
            l.setValue(CGFloat.pi, forKeyPath: "transform.rotation.z")
            l.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2))
            l.setValue(NSValue(caTransform3D: CATransform3DMakeScale(1, 2, 3)), forKey: "sublayerTransform")
            l.setValue(1, forKey: "custom")
            #expect(log.events == ["position", "transform", "transform", "sublayerTransform"], "key paths post their top-level key")
            #expect(l.sublayerTransform == CATransform3DMakeScale(1, 2, 3))
            log.events = []
            l.isHidden = true
            l.isHidden = true
            l.isHidden = false
            #expect(log.events == ["hidden", "onOrderOut", "hidden", "hidden", "onOrderIn"])
            log.events = []
            var g = l.geometry
            g.position = CGPoint(x: 7, y: 7)
            g.masksToBounds = true
            l.geometry = g
            #expect(log.events == ["position", "masksToBounds"], "a whole-geometry set posts what changed")
        }
    }

    @Test func treeChangesPostOrderEvents() {
        onManualClock { _ in
            let a = committedLayer(), b = committedLayer(), x = committedLayer(), y = committedLayer()
            let log = RecordingAction("log")
            var names: [ObjectIdentifier: String] = [:]
            for (layer, name) in [(a, "a"), (b, "b"), (x, "x"), (y, "y")] { names[ObjectIdentifier(layer)] = name }
            final class Named: NSObject, CAAction {
                let log: RecordingAction, names: [ObjectIdentifier: String]
                init(_ log: RecordingAction, _ names: [ObjectIdentifier: String]) { self.log = log; self.names = names }
                func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
                    log.events.append("\(names[ObjectIdentifier(anObject as AnyObject)] ?? "?").\(event)")
                }
            }
            let action = Named(log, names)
            for layer in [a, b, x, y] {
                layer.actions = ["onOrderIn": action, "onOrderOut": action, "sublayers": action, "transition": action]
            }
            a.addSublayer(x)
            #expect(log.events == ["x.onOrderIn", "a.sublayers"])
            log.events = []
            b.addSublayer(x)
            #expect(log.events == ["x.onOrderIn", "a.sublayers", "b.sublayers"], "a move: the old superlayer before the new")
            log.events = []
            b.replaceSublayer(x, with: y)
            #expect(log.events == ["x.onOrderOut", "y.onOrderIn", "b.sublayers", "b.transition"])
            log.events = []
            y.removeFromSuperlayer()
            #expect(log.events == ["y.onOrderOut", "b.sublayers"])
            log.events = []
            a.sublayers = [x, y]
            #expect(log.events == ["x.onOrderIn", "y.onOrderIn", "a.sublayers"])
            log.events = []
            b.sublayers = [x]
            #expect(log.events == ["x.onOrderIn", "a.sublayers", "b.sublayers"])
            log.events = []
            CATransaction.setDisableActions(true)
            a.sublayers = nil
            #expect(log.events.isEmpty, "disabled actions suppress tree events too")
        }
    }

    @Test func disabledActionsPostNothingButTheChangeHappens() {
        onManualClock { _ in
            let l = committedLayer()
            let delegate = TableDelegate()
            l.delegate = delegate
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            l.position = CGPoint(x: 4, y: 0)
            CATransaction.begin()
            CATransaction.setDisableActions(false)
            l.opacity = 0.5
            CATransaction.commit()
            l.zPosition = 1
            CATransaction.commit()
            #expect(l.position == CGPoint(x: 4, y: 0) && l.zPosition == 1)
            #expect(delegate.asked == ["opacity"], "a nested transaction that enables actions enables them only inside")
            #expect(l.animationKeys() == ["opacity"])
        }
    }

    @Test func anAnimationIsAnAction() {
        onManualClock { _ in
            let l = committedLayer()
            let fade = CABasicAnimation()
            fade.toValue = 0.25
            fade.duration = 2
            l.actions = ["opacity": fade]
            l.opacity = 0.75
            let added = l.animation(forKey: "opacity") as? CABasicAnimation
            #expect(added != nil && added !== fade && added?.keyPath == "opacity", "a copy, with the event as its key path")
            #expect(fade.keyPath == nil, "the action itself is unchanged")
            fade.run(forKey: "position", object: "not a layer", arguments: nil)
            #expect(l.animationKeys() == ["opacity"])
        }
    }

    @Test func layoutGoesThroughTheDelegateAndInvalidatesTheManager() {
        final class CountingManager: CALayoutManager {
            var invalidated = 0, laidOut = 0
            func invalidateLayout(of layer: CALayer) { invalidated += 1 }
            func layoutSublayers(of layer: CALayer) { laidOut += 1 }
        }
        let l = CALayer(), manager = CountingManager()
        l.layoutManager = manager
        #expect(manager.invalidated == 1, "setNeedsLayout calls invalidateLayout(of:)")
        l.setNeedsLayout()
        #expect(manager.invalidated == 1, "a layer already marked tells the manager nothing")
        l.layoutIfNeeded()
        #expect(manager.laidOut == 1)
        l.setNeedsLayout()
        #expect(manager.invalidated == 2, "the first mark after a layout tells it again")
        l.layoutIfNeeded()
        #expect(manager.laidOut == 2)
        manager.laidOut = 1
        let delegate = TableDelegate()
        l.delegate = delegate
        l.setNeedsLayout()
        l.layoutIfNeeded()
        #expect(delegate.laidOut == 1 && manager.laidOut == 1, "a delegate lays out instead of the manager")
        final class Quiet: NSObject, CALayerDelegate {}
        let quiet = Quiet()
        l.delegate = quiet
        l.setNeedsLayout()
        l.layoutIfNeeded()
        #expect(manager.laidOut == 2, "a delegate without layoutSublayers(of:) leaves it to the manager")
        l.display()
    }
}
