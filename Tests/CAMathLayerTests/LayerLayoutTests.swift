import CAMathCore
import CAMathLayer
import _CAMathTestSupport
import Foundation
import PropertyBased
import Testing

/// Layout: what triggers what, CALayer's autoresizing rule as properties, and the constraint manager's
/// independence from sublayer order.
@Suite struct LayerLayoutTests {
    /// Records the calls the layout machinery makes, in order.
    final class Recorder: Layer {
        var log: [String] = []
        override func resizeSublayers(withOldSize oldSize: CGSize) {
            log.append("resizeSublayers(\(oldSize.width)x\(oldSize.height))")
            super.resizeSublayers(withOldSize: oldSize)
        }
        override func layoutSublayers() {
            log.append("layoutSublayers")
            super.layoutSublayers()
        }
    }

    @Test func aBoundsSizeChangeResizesAtOnceAndLaysOutLater() {
        let root = Recorder(), child = Layer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        child.frame = CGRect(x: 10, y: 20, width: 50, height: 40)
        child.autoresizingMask = [.layerWidthSizable, .layerHeightSizable]
        root.addSublayer(child)
        root.layoutIfNeeded()
        root.log = []
        #expect(!root.needsLayout())
        root.bounds.origin = CGPoint(x: 5, y: 5)
        #expect(root.log.isEmpty && !root.needsLayout())
        root.bounds.size = CGSize(width: 200, height: 300)
        #expect(root.log == ["resizeSublayers(100.0x100.0)"])
        #expect(child.frame == CGRect(x: 10, y: 20, width: 150, height: 240))
        #expect(root.needsLayout())
        root.layoutIfNeeded()
        #expect(root.log == ["resizeSublayers(100.0x100.0)", "layoutSublayers"])
        #expect(!root.needsLayout())
        root.layoutIfNeeded()
        #expect(root.log.count == 2)
    }

    @Test func layoutIfNeededClimbsToTheHighestMarkedAncestorAndVisitsParentsFirst() {
        let top = Recorder(), middle = Recorder(), leaf = Recorder()
        top.addSublayer(middle)
        middle.addSublayer(leaf)
        top.layoutIfNeeded()
        for layer in [top, middle, leaf] { layer.log = [] }
        top.setNeedsLayout()
        middle.setNeedsLayout()
        leaf.setNeedsLayout()
        leaf.layoutIfNeeded()
        #expect(top.log == ["layoutSublayers"] && middle.log == ["layoutSublayers"] && leaf.log == ["layoutSublayers"])
        #expect(![top, middle, leaf].contains { $0.needsLayout() })
    }

    @Test func aLayoutManagerRunsFromLayoutSublayers() {
        let superlayer = Layer(), child = Layer()
        superlayer.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        child.frame = CGRect(x: 3, y: 5, width: 40, height: 20)
        child.name = "child"
        superlayer.addSublayer(child)
        superlayer.layoutManager = ConstraintLayoutManager()
        child.addConstraint(LayoutConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
        #expect(superlayer.needsLayout())
        superlayer.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 80, y: 5, width: 40, height: 20))
        // The superlayer grows: its new MidX moves the child at the next layout.
        superlayer.bounds.size.width = 400
        superlayer.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 180, y: 5, width: 40, height: 20))
    }

    @Test func badInputChangesNothingAndNeverTraps() {
        let superlayer = Layer(), child = Layer()
        superlayer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        child.frame = CGRect(x: 10, y: 20, width: 50, height: 40)
        child.autoresizingMask = AutoresizingMask(rawValue: 255)
        #expect(child.autoresizingMask.rawValue == 255)
        child.resize(withOldSuperlayerSize: CGSize(width: 50, height: 50)) // no superlayer
        superlayer.addSublayer(child)
        for old in [CGSize(width: CGFloat.nan, height: 1), CGSize(width: CGFloat.infinity, height: 1), CGSize(width: 100, height: 100)] {
            child.resize(withOldSuperlayerSize: old)
        }
        #expect(child.frame == CGRect(x: 10, y: 20, width: 50, height: 40))
        superlayer.bounds.size = CGSize(width: CGFloat.nan, height: 100)
        #expect(child.frame == CGRect(x: 10, y: 20, width: 50, height: 40))
        // A cycle of constraints, a self reference and an unknown name: left as they were.
        let parent = Layer(), a = Layer(), b = Layer()
        a.name = "a"; b.name = "b"
        a.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        b.frame = CGRect(x: 5, y: 6, width: 7, height: 8)
        a.constraints = [
            LayoutConstraint(attribute: .minX, relativeTo: "b", attribute: .maxX),
            LayoutConstraint(attribute: .minY, relativeTo: "a", attribute: .maxY)
        ]
        b.constraints = [
            LayoutConstraint(attribute: .minX, relativeTo: "a", attribute: .maxX),
            LayoutConstraint(attribute: .minY, relativeTo: "nobody", attribute: .minY)
        ]
        parent.sublayers = [a, b]
        ConstraintLayoutManager().layoutSublayers(of: parent)
        #expect(a.frame == CGRect(x: 1, y: 2, width: 3, height: 4) && b.frame == CGRect(x: 5, y: 6, width: 7, height: 8))
    }

    @Test func theViewRuleIsProportionalAndFloorsOnThePixelGrid() {
        let frame = CGRect(x: 10, y: 10, width: 30, height: 30)
        let old = CGSize(width: 100, height: 100), new = CGSize(width: 200, height: 150)
        // Unrounded: the width takes 30/90 of the change, the right margin 60/90.
        let exact = ViewAutoresizing.resizedFrame(
            frame, oldSuperviewSize: old, newSuperviewSize: new,
            mask: [.layerWidthSizable, .layerMaxXMargin], pixelsPerPoint: 0)
        #expect(abs(exact.width - (30 + 30 * (100.0 / 90))) < 1e-12 && exact.origin.x == 10)
        // Two pixels per point: edges floored to half points.
        let retina = ViewAutoresizing.resizedFrame(
            frame, oldSuperviewSize: old, newSuperviewSize: new,
            mask: [.layerWidthSizable, .layerMaxXMargin], pixelsPerPoint: 2)
        #expect(retina == CGRect(x: 10, y: 10, width: 63, height: 30))
        let third = ViewAutoresizing.resizedFrame(
            CGRect(x: 10.3, y: 0, width: 0.6, height: 1), oldSuperviewSize: old,
            newSuperviewSize: CGSize(width: 100.4, height: 100), mask: .layerMinXMargin, pixelsPerPoint: 2)
        #expect(third.origin.x == 10.5 && third.width == 0.5)
        // A zero-size flexible part (Φ = 0) takes the whole change.
        let zero = ViewAutoresizing.resizedFrame(
            CGRect(x: 0, y: 0, width: 0, height: 0), oldSuperviewSize: old, newSuperviewSize: new,
            mask: [.layerMinXMargin, .layerWidthSizable])
        #expect(zero == CGRect(x: 50, y: 0, width: 50, height: 0))
        // Non-finite input, an unchanged size or no flexible part: the frame as it was.
        #expect(
            ViewAutoresizing.resizedFrame(
                frame, oldSuperviewSize: old, newSuperviewSize: CGSize(width: CGFloat.nan, height: 1),
                mask: .layerWidthSizable) == frame)
        #expect(
            ViewAutoresizing.resizedFrame(frame, oldSuperviewSize: old, newSuperviewSize: old, mask: AutoresizingMask(rawValue: 63))
                == frame)
        #expect(ViewAutoresizing.resizedFrame(frame, oldSuperviewSize: old, newSuperviewSize: new, mask: []) == frame)
    }

    static let frames = zip(Gen.double(in: -50...150), Gen.double(in: -50...150), Gen.double(in: 0...120), Gen.double(in: 0...120))
    static let sizes = zip(Gen.double(in: 1...400), Gen.double(in: 1...400))

    /// The rule's result is the frame the spec's shares give before rounding (extent `Δ/3` beside a flexible
    /// margin, else `Δ`; margins the rest, equally), moved onto whole points: its edges lie within a point of
    /// the unrounded ones, and the unrounded parts sum to the new size.
    @Test func theResultIsTheUnroundedShareFrameOnWholePoints() async {
        await checkProperty(zip(Self.frames, Self.sizes, Self.sizes, Gen.int(in: 0...63))) { f, old, new, bits in
            let (x, _, w, _) = f
            let delta = new.0 - old.0
            let minMargin = bits & 1 != 0, sizable = bits & 2 != 0, maxMargin = bits & 4 != 0
            guard delta != 0, minMargin || sizable || maxMargin else { return }
            let margins = Double((minMargin ? 1 : 0) + (maxMargin ? 1 : 0))
            let extent = sizable ? (margins > 0 ? delta / 3 : delta) : 0
            let share = margins > 0 ? (delta - extent) / margins : 0
            let r = LayerAutoresizing.resizedFrame(
                CGRect(x: x, y: 0, width: w, height: 10), mask: AutoresizingMask(rawValue: UInt32(bits & 7)),
                oldSuperlayerSize: CGSize(width: old.0, height: 1), newSuperlayerSize: CGSize(width: new.0, height: 1))!
            let before = x + (minMargin ? share : 0), after = (old.0 - x - w) + (maxMargin ? share : 0)
            #expect(abs((before + (w + extent) + after) - new.0) <= 1e-9 * max(1, abs(new.0)))
            #expect(Double(r.origin.x) <= before && before - Double(r.origin.x) < 1)
            let far = Double(r.origin.x + r.size.width) // not maxX: the width may be negative
            #expect(far >= new.0 - after && far - (new.0 - after) < 1)
        }
    }

    @Test func anUnchangedSizeChangesNothingAndFixedMarginsAreKept() async {
        await checkProperty(zip(Self.frames, Self.sizes, Self.sizes, Gen.int(in: 0...63))) { f, old, new, bits in
            let frame = CGRect(x: f.0, y: f.1, width: f.2, height: f.3)
            let mask = AutoresizingMask(rawValue: UInt32(bits))
            let same = CGSize(width: old.0, height: old.1)
            #expect(LayerAutoresizing.resizedFrame(frame, mask: mask, oldSuperlayerSize: same, newSuperlayerSize: same) == nil)
            // Width and height sizable, margins fixed: the margins stay (within the whole-point rounding).
            let r = LayerAutoresizing.resizedFrame(
                frame, mask: [.layerWidthSizable, .layerHeightSizable], oldSuperlayerSize: same,
                newSuperlayerSize: CGSize(width: new.0, height: new.1))!
            #expect(r.origin.x == frame.origin.x.rounded(.down) && r.origin.y == frame.origin.y.rounded(.down))
            let after = (old.0 - f.0) - f.2
            #expect(abs(Double(new.0 - (r.origin.x + r.size.width)) - after) < 1) // not maxX: the width may be negative
        }
    }

    /// Growing and shrinking back restores a whole-point frame when every share is a whole number.
    @Test func growingThenShrinkingBackRestoresWholePointFrames() async {
        let gen = zip(Gen.int(in: 0...100), Gen.int(in: 0...100), Gen.int(in: 0...100), Gen.int(in: 1...30), Gen.int(in: 0...7))
        await checkProperty(gen) { x, w, afterMargin, third, bits in
            let old = Double(x + w + afterMargin), new = old + Double(6 * third) // Δ = 6k: every share whole
            let frame = CGRect(x: Double(x), y: 0, width: Double(w), height: 10)
            let mask = AutoresizingMask(rawValue: UInt32(bits))
            let grown =
                LayerAutoresizing.resizedFrame(
                    frame, mask: mask, oldSuperlayerSize: CGSize(width: old, height: 10),
                    newSuperlayerSize: CGSize(width: new, height: 10)) ?? frame
            let back =
                LayerAutoresizing.resizedFrame(
                    grown, mask: mask, oldSuperlayerSize: CGSize(width: new, height: 10),
                    newSuperlayerSize: CGSize(width: old, height: 10)) ?? grown
            #expect(back == frame, "x \(x) w \(w) after \(afterMargin) Δ \(6 * third) mask \(bits)")
        }
    }

    /// The constraint layout does not depend on the sublayers' order.
    @Test func constraintLayoutIsIndependentOfSublayerOrder() async {
        let attributes = ConstraintAttribute.allCases
        let gen = zip(Gen.int(in: 2...5), Gen.int(in: 0...Int.max))
        await checkProperty(gen) { count, seed in
            var rng = Xoshiro(seed: (UInt64(truncatingIfNeeded: seed), 1, 2, 3))
            let names = (0..<count).map { "l\($0)" }
            let specs: [(CGRect, [LayoutConstraint])] = names.indices.map { i in
                let frame = CGRect(
                    x: Double(Int.random(in: 0...50, using: &rng)), y: Double(Int.random(in: 0...50, using: &rng)),
                    width: Double(Int.random(in: 1...40, using: &rng)), height: Double(Int.random(in: 1...40, using: &rng)))
                let constraints = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                    let attribute = attributes.randomElement(using: &rng)!
                    let sameAxis = attributes.filter { $0.isHorizontal == attribute.isHorizontal }
                    let source = Int.random(in: 0...count, using: &rng) // == count: the superlayer
                    return LayoutConstraint(
                        attribute: attribute, relativeTo: source == count ? "superlayer" : names[source],
                        attribute: sameAxis.randomElement(using: &rng)!,
                        scale: Double(Int.random(in: 1...2, using: &rng)), offset: Double(Int.random(in: -10...10, using: &rng)))
                }
                return (frame, constraints)
            }
            func layOut(order: [Int]) -> [String: CGRect] {
                let parent = Layer()
                parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
                for i in order {
                    let l = Layer()
                    l.name = names[i]
                    l.frame = specs[i].0
                    l.constraints = specs[i].1
                    parent.addSublayer(l)
                }
                ConstraintLayoutManager().layoutSublayers(of: parent)
                return Dictionary(uniqueKeysWithValues: (parent.sublayers ?? []).map { ($0.name!, $0.frame) })
            }
            let forward = layOut(order: Array(names.indices))
            #expect(layOut(order: names.indices.reversed()) == forward)
        }
    }
}
