import CAMath
import Foundation

/// Seeded transform animations of every shape the batch forms handle, and the shapes they leave to the
/// reference: basic (every from/to/by combination, additive, cumulative, autoreverse, repeats, negative and
/// zero speed, fills, offsets, named and custom timing functions), springs, keyframes (linear with key times
/// and segment functions, discrete, paced, cubic, one value, invalid key times), value functions, paths, and
/// animations of transform key paths (`transform.rotation.z`, `transform.translation`, …: numbers and sizes, missing
/// ends, wrong kinds).
public enum AnimationCases {
    /// `count` animations over seeded model transforms, and the parent times to evaluate them at. With
    /// `timings`, animation i takes the timing of animation i mod `timings` (a transaction's animations share
    /// theirs), else every phase and timing combination in turn.
    public static func transformAnimations(
        _ count: Int, seed: UInt64, timings: Int? = nil
    ) -> (animations: [PropertyAnimation], models: [Transform3D]) {
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) * 0x1p-53
        }
        func transform() -> Transform3D {
            var t = Transform3D(scaleX: 0.5 + next() * 2, y: 0.5 + next() * 2, z: 1)
                .concatenating(Transform3D(rotationAngle: next() * 6 - 3, x: next() - 0.5, y: next() - 0.5, z: 1))
                .concatenating(Transform3D(translationX: next() * 400 - 200, y: next() * 400 - 200, z: 0))
            if next() < 0.25 { t.m34 = -1 / (300 + next() * 1000) }
            if next() < 0.3 { t = Transform3D(t.affineTransform) }
            return t
        }
        var animations: [PropertyAnimation] = [], models: [Transform3D] = []
        for i in 0..<count {
            let animation: PropertyAnimation
            switch i % 12 {
            case 0, 1, 2, 3:
                let basic = BasicAnimation(keyPath: "transform")
                switch i % 8 {
                case 0: basic.fromValue = transform(); basic.toValue = transform()
                case 1: basic.fromValue = transform(); basic.byValue = transform()
                case 2: basic.byValue = transform(); basic.toValue = transform()
                case 3: basic.toValue = transform()
                case 4: basic.fromValue = transform()
                case 5: basic.byValue = Transform3D(scaleX: 0, y: 1, z: 1); basic.toValue = transform()
                case 6: basic.fromValue = transform(); basic.toValue = "not a transform"
                default: basic.fromValue = Transform3D.identity; basic.toValue = Transform3D.identity
                }
                animation = basic
            case 4:
                let spring = SpringAnimation(keyPath: "transform")
                spring.fromValue = transform(); spring.toValue = transform()
                spring.damping = [2, 10, 20, 40][i % 4]; spring.allowsOverdamping = i % 3 == 0
                animation = spring
            case 5, 6, 7:
                let keyframe = KeyframeAnimation(keyPath: "transform")
                keyframe.values = (0..<(1 + i % 5)).map { _ in transform() }
                keyframe.calculationMode = [.linear, .discrete, .paced, .cubic, .cubicPaced][i % 5]
                if i % 3 == 0 {
                    keyframe.keyTimes = [0, 0.2, 0.2, 0.9, 1].prefix(
                        keyframe.values!.count + (keyframe.calculationMode == .discrete ? 1 : 0)
                    ).map { NSNumber(value: $0) }
                }
                if i % 2 == 0 {
                    keyframe.timingFunctions = [TimingFunction(name: .easeIn), TimingFunction(controlPoints: 0.34, 1.56, 0.64, 1)]
                }
                animation = keyframe
            case 8:
                let rotate = BasicAnimation(keyPath: "transform")
                rotate.valueFunction = ValueFunction(name: .rotateZ)
                rotate.fromValue = 0.0; rotate.toValue = next() * 10
                animation = rotate
            case 9:
                let path = KeyframeAnimation(keyPath: "transform")
                path.values = [transform(), "mixed kinds"]
                animation = path
            case 10:
                // Transform key paths: numbers, sizes, every kind of animation, ends missing, wrong kinds.
                switch (i / 12) % 8 {
                case 0:
                    let spin = BasicAnimation(keyPath: "transform.rotation.z")
                    spin.fromValue = 0.0; spin.toValue = 3.0
                    animation = spin
                case 1:
                    let grow = BasicAnimation(keyPath: "transform.scale.x")
                    grow.byValue = next() * 2 - 0.5
                    animation = grow
                case 2:
                    let slide = BasicAnimation(keyPath: "transform.translation")
                    slide.toValue = CGSize(width: next() * 200 - 100, height: next() * 200 - 100)
                    animation = slide
                case 3:
                    let wobble = KeyframeAnimation(keyPath: "transform.rotation.z")
                    wobble.values = [0.0, next() * 4 - 2, next() * 8]
                    wobble.calculationMode = [.linear, .discrete, .paced, .cubic, .cubicPaced][(i / 96) % 5]
                    animation = wobble
                case 4:
                    let spring = SpringAnimation(keyPath: "transform.scale")
                    spring.fromValue = 1.0; spring.toValue = 0.25 + next() * 2
                    animation = spring
                case 5:
                    let tilt = BasicAnimation(keyPath: ["transform.rotation.y", "transform.rotation.x", "transform.rotation"][(i / 96) % 3])
                    tilt.fromValue = next(); tilt.byValue = next() * 3
                    animation = tilt
                case 6:
                    let wrong = BasicAnimation(keyPath: ["transform.translation.x", "transform.translation"][(i / 96) % 2])
                    wrong.fromValue = "not a number"; wrong.toValue = 1.0
                    animation = wrong
                default:
                    let steps = KeyframeAnimation(
                        keyPath: ["transform.translation.y", "transform.scale.z", "transform.translation.z"][(i / 96) % 3])
                    steps.values = (0..<(1 + i % 4)).map { _ in next() * 100 - 50 }
                    steps.calculationMode = .discrete
                    animation = steps
                }
            default:
                let basic = BasicAnimation(keyPath: nil)
                basic.fromValue = transform(); basic.toValue = transform()
                animation = basic
            }
            time(animation, timings.map { i % $0 } ?? i)
            animations.append(animation)
            models.append(transform())
        }
        return (animations, models)
    }

    /// `count` animations of one property's values and their models, every shape the value batch takes or
    /// leaves to the reference: of `"opacity"` (numbers), `"position"` (points, also `position.x` and
    /// `position.y`), `"bounds"` (rects, also `bounds.origin`, `bounds.size`, `bounds.size.width`,
    /// `bounds.origin.y`) or `"vector"` (three-component vectors, no key path). Basic animations of every
    /// from/to/by row (and the "none" row), springs, keyframes of 1–5 values in every calculation mode with
    /// key times, segment functions and tension/continuity/bias, values of the wrong kind, a value function
    /// and a keyframe path; the timing of ``transformAnimations(_:seed:)``, additive and cumulative among them.
    public static func valueAnimations(
        _ count: Int, property: String, seed: UInt64, timings: Int? = nil
    ) -> (animations: [PropertyAnimation], models: [AnimationValue]) {
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) * 0x1p-53
        }
        func number() -> Double { next() * 600 - 300 }
        let paths: [String?] =
            switch property {
            case "opacity": ["opacity"]
            case "position": ["position", "position.x", "position.y"]
            case "bounds": ["bounds", "bounds.origin", "bounds.size", "bounds.size.width", "bounds.origin.y"]
            default: [nil]
            }
        func value(of path: String?) -> Any {
            switch path {
            case "opacity", "position.x", "position.y", "bounds.size.width", "bounds.origin.y": return number()
            case "position", "bounds.origin": return CGPoint(x: number(), y: number())
            case "bounds.size": return CGSize(width: number(), height: number())
            case "bounds": return CGRect(x: number(), y: number(), width: number(), height: number())
            default: return [number(), number(), number()]
            }
        }
        func model() -> AnimationValue {
            switch property {
            case "opacity": .number(next())
            case "position": .point(CGPoint(x: number(), y: number()))
            case "bounds": .rect(CGRect(x: number(), y: number(), width: number(), height: number()))
            default: .vector([number(), number(), number()])
            }
        }
        var animations: [PropertyAnimation] = [], models: [AnimationValue] = []
        for i in 0..<count {
            let path = paths[i % paths.count], animation: PropertyAnimation
            switch i % 12 {
            case 0, 1, 2, 3:
                let basic = BasicAnimation(keyPath: path)
                switch i % 9 {
                case 0: basic.fromValue = value(of: path); basic.toValue = value(of: path)
                case 1: basic.fromValue = value(of: path); basic.byValue = value(of: path)
                case 2: basic.byValue = value(of: path); basic.toValue = value(of: path)
                case 3: basic.toValue = value(of: path)
                case 4: basic.fromValue = value(of: path)
                case 5: basic.byValue = value(of: path)
                case 6: basic.fromValue = value(of: path); basic.toValue = "not a value"
                case 7: basic.fromValue = value(of: path); basic.toValue = Transform3D.identity
                default: break
                }
                animation = basic
            case 4:
                let spring = SpringAnimation(keyPath: path)
                spring.fromValue = value(of: path); spring.toValue = value(of: path)
                spring.damping = [2, 10, 20, 40][i % 4]; spring.allowsOverdamping = i % 3 == 0
                animation = spring
            case 5, 6, 7, 8:
                let keyframe = KeyframeAnimation(keyPath: path)
                keyframe.values = (0..<(1 + i % 5)).map { _ in value(of: path) }
                keyframe.calculationMode = [.linear, .discrete, .paced, .cubic, .cubicPaced][(i / 3) % 5]
                if i % 3 == 0 {
                    keyframe.keyTimes = [0, 0.2, 0.2, 0.9, 1].prefix(
                        keyframe.values!.count + (keyframe.calculationMode == .discrete ? 1 : 0)
                    ).map { NSNumber(value: $0) }
                }
                if i % 2 == 0 {
                    keyframe.timingFunctions = [TimingFunction(name: .easeIn), TimingFunction(controlPoints: 0.34, 1.56, 0.64, 1)]
                }
                if i % 4 == 1 {
                    keyframe.tensionValues = [0.5, -0.3].map { NSNumber(value: $0) }
                    keyframe.continuityValues = [0, 0.8, -1].map { NSNumber(value: $0) }
                    keyframe.biasValues = [1, -0.5, 0.25, 0].map { NSNumber(value: $0) }
                }
                animation = keyframe
            case 9:
                let mixed = KeyframeAnimation(keyPath: path)
                mixed.values = [value(of: path), "mixed kinds"]
                animation = mixed
            case 10:
                let rotate = BasicAnimation(keyPath: path)
                rotate.valueFunction = ValueFunction(name: .rotateZ)
                rotate.fromValue = 0.0; rotate.toValue = next() * 10
                animation = rotate
            default:
                let along = KeyframeAnimation(keyPath: path)
                let curve = MutableBezierPath()
                curve.move(to: CGPoint(x: number(), y: number()))
                curve.addCurve(
                    to: CGPoint(x: number(), y: number()), control1: CGPoint(x: number(), y: number()),
                    control2: CGPoint(x: number(), y: number()))
                along.path = curve
                animation = along
            }
            time(animation, timings.map { i % $0 } ?? i)
            if i % 13 == 6 { animation.isCumulative = true }
            animations.append(animation)
            models.append(model())
        }
        return (animations, models)
    }

    /// Animation i's timing in the generators: begin times, durations (0 and NaN among them), speeds (0 and
    /// negative), offsets, repeats (fractional, infinite), autoreverse, every fill mode, removal, additive,
    /// cumulative and one of the first 13 test curves (or none).
    static func time(_ animation: PropertyAnimation, _ i: Int) {
        let functions = TimingCurveCases.functions.prefix(13)
        animation.beginTime = [0, 1, -2, 0.5][i % 4]
        animation.duration = [1, 2, 0, 0.75, .nan][i % 5]
        animation.speed = [1, 2, -1, 0, 0.5, 1, 1][i % 7]
        animation.timeOffset = [0, 0, 0.25, -0.5, 1][i % 5]
        animation.repeatCount = [0, 2, 2.5, .infinity, 0, 0][i % 6]
        animation.autoreverses = i % 3 == 1
        animation.fillMode = [.removed, .forwards, .backwards, .both][i % 4]
        animation.isRemovedOnCompletion = i % 5 != 0
        animation.isAdditive = i % 7 == 3
        animation.isCumulative = i % 11 == 2
        animation.timingFunction = i % 4 == 0 ? nil : functions[i % functions.count]
    }

    /// Parent times that reach every phase of ``transformAnimations(_:seed:)``.
    public static let parentTimes: [Double] = [-3, -0.5, 0, 0.3, 0.999, 1, 1.4, 2.2, 3.75, 9, 1e6, .nan]

    /// A tree of `count` layers (seeded shapes and geometry) with clocks of their own and 0–3 animations each:
    /// transform animations of ``transformAnimations(_:seed:)`` (every shape), on some layers transform key paths
    /// stacked over them (additive, cumulative, over a transform that turns singular, NaN), and on some animations
    /// the batch forms leave to the reference (groups).
    public static func animatedTree(_ count: Int, seed: UInt64) -> Layer {
        let (animations, _) = transformAnimations(3 * count, seed: seed)
        var next = 0
        let root = Layer()
        root.bounds = CGRect(x: 0, y: 0, width: 800, height: 600)
        root.position = CGPoint(x: 400, y: 300)
        var layers = [root]
        for i in 1..<max(count, 1) {
            let layer = Layer()
            layer.name = "L\(i)"
            layer.bounds = CGRect(x: 0, y: 0, width: Double(20 + i % 50), height: Double(10 + i % 30))
            layer.position = CGPoint(x: Double(i * 37 % 700), y: Double(i * 53 % 500))
            layer.transform = Transform3D(rotationAngle: Double(i) * 0.1, x: 0, y: 0, z: 1)
            if i % 5 == 0 { layer.speed = 2 }
            if i % 7 == 0 { layer.timeOffset = 0.5; layer.beginTime = 1 }
            layers[(i - 1) / 3].addSublayer(layer)
            layers.append(layer)
        }
        for (i, layer) in layers.enumerated() {
            for _ in 0..<(i % 4) {
                layer.add(animations[next], forKey: "t\(next)", atMediaTime: 0.25)
                next += 1
            }
            switch i % 9 {
            case 2:
                // Transform key paths over what the animations before them presented: additive, cumulative, sizes.
                let spin = BasicAnimation(keyPath: "transform.rotation.z")
                spin.byValue = 1.5; spin.duration = 2; spin.isAdditive = true; spin.isCumulative = true; spin.repeatCount = 3
                let slide = KeyframeAnimation(keyPath: "transform.translation")
                slide.values = [CGSize(width: 0, height: 0), CGSize(width: 40, height: -12), CGSize(width: -8, height: 30)]
                slide.duration = 1.5; slide.isAdditive = i % 2 == 0; slide.calculationMode = i % 4 == 0 ? .cubic : .linear
                layer.add(spin, forKey: "spin", atMediaTime: 0)
                layer.add(slide, forKey: "slide", atMediaTime: 0)
            case 8:
                // A transform that becomes singular (its key paths then read 0 and refuse writes), then NaN.
                let flatten = BasicAnimation(keyPath: "transform")
                flatten.toValue = Transform3D(scaleX: 0, y: 1, z: 1); flatten.duration = 1
                flatten.fillMode = .forwards; flatten.isRemovedOnCompletion = false
                let spin = BasicAnimation(keyPath: "transform.rotation.z")
                spin.byValue = 2.0; spin.duration = 3; spin.isAdditive = i % 2 == 1
                let broken = BasicAnimation(keyPath: "transform.scale.x")
                broken.toValue = Double.nan; broken.duration = 2
                layer.add(flatten, forKey: "flatten", atMediaTime: 0)
                layer.add(spin, forKey: "spin", atMediaTime: 0)
                layer.add(broken, forKey: "broken", atMediaTime: 0)
            case 4:
                let move = BasicAnimation(keyPath: "position.x")
                move.fromValue = 0.0; move.toValue = 300.0; move.duration = 2
                layer.add(move, forKey: "move", atMediaTime: 0)
            case 6:
                let group = AnimationGroup()
                let spin = BasicAnimation(keyPath: "transform.rotation.z")
                spin.fromValue = 0.0; spin.toValue = 6.0; spin.isAdditive = true
                let grow = BasicAnimation(keyPath: "bounds.size")
                grow.toValue = CGSize(width: 90, height: 40)
                group.animations = [spin, grow]; group.duration = 3
                layer.add(group, forKey: "group", atMediaTime: 0)
            default: break
            }
        }
        return root
    }
}
