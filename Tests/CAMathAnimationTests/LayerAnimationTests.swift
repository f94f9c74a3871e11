import CAMathAnimation
import CAMathCore
import CAMathLayer
import Foundation
import Testing

@Suite struct LayerAnimationTests {
    func layer() -> Layer {
        let l = Layer()
        l.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        l.position = CGPoint(x: 10, y: 20)
        return l
    }

    func slide(to x: Double, key: String? = nil) -> BasicAnimation {
        let a = BasicAnimation(keyPath: "position.x")
        a.fromValue = 0.0
        a.toValue = x
        a.beginTime = 10
        a.duration = 1
        return a
    }

    /// A value is copied many times while an animation is added, recorded and presented: the transform case is
    /// boxed, so a value is no larger than a rect and its tag, and a boxed transform keeps its bits.
    @Test func valuesStaySmallAndTransformsKeepTheirBits() {
        #expect(MemoryLayout<AnimationValue>.size <= MemoryLayout<CGRect>.size + 1)
        let elements: [Double] = (0..<16).map { (k: Int) -> Double in k == 3 ? -0.0 : Double(k) - 7.5 }
        let m = Transform3D(elements: elements)!
        var value = AnimationValue.transform(m)
        let copy = value
        value = .transform(.identity)
        guard case .transform(let kept) = copy, case .transform(let replaced) = value else {
            Issue.record("the transform case did not match")
            return
        }
        #expect(kept.elements.map(\.bitPattern) == m.elements.map(\.bitPattern) && replaced == .identity)
    }

    @Test func addStoresAResolvedCopyAndKeysKeepTheirOrder() {
        let l = layer()
        let a = slide(to: 100)
        a.duration = 0
        l.add(a, forKey: "x", atMediaTime: 0)
        a.toValue = 500.0
        #expect(a.duration == 0, "the caller's object is unchanged")
        #expect(l.animation(forKey: "x")?.duration == 0.25)
        #expect((l.animation(forKey: "x") as? BasicAnimation)?.toValue as? Double == 100)
        l.add(slide(to: 1), forKey: "y", atMediaTime: 0)
        l.add(slide(to: 2), forKey: nil, atMediaTime: 0)
        l.add(slide(to: 3), forKey: "x", atMediaTime: 0)
        #expect(l.animationKeys() == ["y", "x"])
        l.removeAnimation(forKey: "y")
        #expect(l.animationKeys() == ["x"])
        l.removeAllAnimations()
        #expect(l.animationKeys() == nil)
        #expect(l.animation(forKey: "x") == nil)
    }

    @Test func aBeginTimeOfZeroMeansTheLayersTimeAtTheAdd() {
        let parent = Layer(), l = layer()
        parent.addSublayer(l)
        parent.speed = 2
        let a = slide(to: 100)
        a.beginTime = 0
        l.add(a, forKey: "x", atMediaTime: 3)
        #expect(l.animation(forKey: "x")?.beginTime == 6)
        #expect(l.presentation(at: 3.25)?.position.x == 50)
    }

    @Test func presentationCopiesHitTestAndConvertWhereTheLayersAre() throws {
        let root = Layer(), l = layer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
        root.position = CGPoint(x: 200, y: 200)
        root.addSublayer(l)
        l.name = "moving"
        l.add(slide(to: 300), forKey: "x", atMediaTime: 0)
        let p = try #require(root.presentation(at: 10.5))
        let moving = try #require(p.sublayers?.first)
        #expect(moving.position.x == 150)
        #expect(moving.model() === l && p.model() === root)
        #expect(p.hitTest(CGPoint(x: 150, y: 20))?.name == "moving")
        #expect(root.hitTest(CGPoint(x: 150, y: 20)) === root)
        #expect(moving.convert(CGPoint.zero, to: p) == CGPoint(x: 140, y: 15))
        #expect(l.position.x == 10, "the model is untouched")
    }

    @Test func badInputHasNoEffectAndNeverTraps() throws {
        let l = layer()
        let unknown = BasicAnimation(keyPath: "cornerRadius")
        unknown.fromValue = 0.0; unknown.toValue = 1.0; unknown.beginTime = 10; unknown.duration = 1
        let wrongKind = slide(to: 1)
        wrongKind.toValue = "far"
        let empty = KeyframeAnimation(keyPath: "position")
        empty.values = []
        empty.beginTime = 10; empty.duration = 1
        let nanTime = slide(to: 100)
        nanTime.beginTime = .nan
        for a in [unknown, wrongKind, empty, nanTime] as [LayerAnimation] { l.add(a, forKey: nil, atMediaTime: 0) }
        let p = try #require(l.presentation(at: 10.5))
        #expect(p.position == l.position && p.bounds == l.bounds)
        #expect(try #require(l.presentation(at: .nan)).position == l.position)
        let singular = BasicAnimation(keyPath: "transform")
        singular.byValue = Transform3D(scaleX: 0, y: 1, z: 1)
        singular.toValue = Transform3D.identity
        #expect(singular.value(atProgress: 0.5, model: .transform(.identity), current: .transform(.identity)) == nil)
        #expect(BasicAnimation(keyPath: "position").value(atProgress: .nan, model: .point(.zero), current: .point(.zero)) == nil)
    }

    @Test func cumulativeTransformsStayBoundedForHugeCycles() throws {
        let a = BasicAnimation(keyPath: "transform")
        a.fromValue = Transform3D.identity
        a.toValue = Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1)
        a.isCumulative = true
        let v = try #require(a.value(atProgress: 0.5, cycle: 1e15, model: .transform(.identity), current: .transform(.identity)))
        guard case .transform(let t) = v else { Issue.record("not a transform"); return }
        #expect(t.isFinite)
        let small = try #require(a.value(atProgress: 0, cycle: 3, model: .transform(.identity), current: .transform(.identity)))
        #expect(
            small
                == .transform(
                    Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1)
                        .concatenating(
                            Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1).concatenating(
                                Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1)))))
    }

    @Test func aCycleIndexBeyondTheDoublesContributesNothingAndValuesStayIEEE() throws {
        // A cycle shorter than the time to it by more than the largest double: a′/C overflows, so the animation
        // contributes nothing and its cycle index stays finite (the media-timing rule's step 6).
        var timing = MediaTimingParameters()
        timing.duration = 1e-300
        timing.repeatCount = .infinity
        let evaluation = timing.evaluate(parentTime: 1e10)
        #expect(!evaluation.contributes && evaluation.cycle == 0 && evaluation.phase == .active)
        #expect(timing.evaluate(parentTime: 1e-290).contributes, "a finite quotient still contributes")

        // The value rules themselves stay IEEE for an infinite cycle index.
        let a = BasicAnimation(keyPath: "transform")
        a.fromValue = Transform3D.identity
        a.toValue = Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1)
        a.isCumulative = true
        let v = try #require(a.value(atProgress: 0, cycle: .infinity, model: .transform(.identity), current: .transform(.identity)))
        guard case .transform(let t) = v else { Issue.record("not a transform"); return }
        #expect(t.elements.allSatisfy { $0.isNaN })
        guard case .transform(let identityPower) = AnimationValue.transform(.identity).repeated(.infinity) else {
            Issue.record("not a transform"); return
        }
        #expect(identityPower.elements.allSatisfy { $0.isNaN })

        let n = BasicAnimation(keyPath: "opacity")
        n.fromValue = 0.0
        n.toValue = 2.0
        n.isCumulative = true
        #expect(n.value(atProgress: 0.5, cycle: .infinity, model: .number(0), current: .number(0)) == .number(.infinity))
    }

    @Test func keyframeModesWithoutArithmeticFallBack() throws {
        let k = KeyframeAnimation(keyPath: "transform")
        k.values = [Transform3D.identity, Transform3D(translationX: 100, y: 0, z: 0), Transform3D(translationX: 100, y: 300, z: 0)]
        k.calculationMode = .cubic
        let cubic = try #require(k.keyframeValue(atProgress: 0.75, model: .transform(.identity)))
        k.calculationMode = .linear
        let linear = try #require(k.keyframeValue(atProgress: 0.75, model: .transform(.identity)))
        #expect(cubic.value == linear.value)
        k.calculationMode = .cubicPaced
        #expect(try #require(k.keyframeValue(atProgress: 0.75, model: .transform(.identity))).value == linear.value)
    }
}
