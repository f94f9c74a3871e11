import CAMath
import _CAMathCatalogue
import Foundation

/// Inputs that look like real layer transforms: scale · rotation · translation, every fourth with a
/// perspective `m34 = −1/d`.
package enum SeededInputs {
    /// `n` layer-like transforms.
    package static func transforms(_ n: Int, seed: UInt64) -> [Transform3D] {
        var rng = SeededGenerator(seed: seed)
        return (0..<n).map { i in
            var t = Transform3D(scaleX: .random(in: 0.5...2, using: &rng), y: .random(in: 0.5...2, using: &rng), z: 1)
                .concatenating(
                    Transform3D(
                        rotationAngle: .random(in: -3...3, using: &rng), x: .random(in: -0.2...0.2, using: &rng),
                        y: .random(in: -0.2...0.2, using: &rng), z: 1)
                )
                .concatenating(
                    Transform3D(translationX: .random(in: -500...500, using: &rng), y: .random(in: -500...500, using: &rng), z: 0))
            if i % 4 == 3 { t.m34 = -1 / Double.random(in: 300...2000, using: &rng) }
            return t
        }
    }

    /// The timing functions of the animation workloads: the five named curves and three custom ones (an
    /// overshoot, control x outside [0, 1], a steep ease).
    package static let timingFunctions: [TimingFunction] =
        [TimingFunctionName.linear, .easeIn, .easeOut, .easeInEaseOut, .default].map { TimingFunction(name: $0) }
        + [
            TimingFunction(controlPoints: 0.34, 1.56, 0.64, 1), TimingFunction(controlPoints: -0.2, 0, 1.2, 1),
            TimingFunction(controlPoints: 0.9, 0, 0.1, 1)
        ]

    /// `n` transform animations of two seconds from 1 ms on, all active at parent times in (0.001, 2.001): even
    /// ones basic (from → to), odd ones keyframes through three values at key times 0, 0.4, 1; each with one
    /// of ``timingFunctions`` in turn. (An explicit begin time: 0 would mean "now", which walks each layer's
    /// ancestors when the animation is added — slow to set up on the deep seeded trees.)
    package static func transformAnimations(_ n: Int, seed: UInt64) -> [PropertyAnimation] {
        let ends = transforms(3 * n, seed: seed &+ 7)
        return (0..<n).map { i in
            let animation: PropertyAnimation
            if i % 2 == 0 {
                let basic = BasicAnimation(keyPath: "transform")
                basic.fromValue = ends[3 * i]
                basic.toValue = ends[3 * i + 1]
                animation = basic
            } else {
                let keyframe = KeyframeAnimation(keyPath: "transform")
                keyframe.values = [ends[3 * i], ends[3 * i + 1], ends[3 * i + 2]]
                keyframe.keyTimes = [0, 0.4, 1]
                animation = keyframe
            }
            animation.beginTime = 0.001
            animation.duration = 2
            animation.timingFunction = timingFunctions[i % timingFunctions.count]
            return animation
        }
    }

    /// `n` position animations (points) and their models, as a compositor's frame mixes them: in turn a
    /// basic from → to, an additive basic by an offset (UIKit's additive moves), a spring, a keyframe
    /// animation of four points (linear, with key times) and a cubic one (Kochanek–Bartels); each with one of
    /// the workload timing functions, all active at 0.7 s.
    package static func positionAnimations(_ n: Int, seed: UInt64) -> (animations: [PropertyAnimation], models: [AnimationValue]) {
        var rng = SeededGenerator(seed: seed)
        func point() -> CGPoint { CGPoint(x: .random(in: -500...500, using: &rng), y: .random(in: -500...500, using: &rng)) }
        let models = (0..<n).map { _ in AnimationValue.point(point()) }
        let animations = (0..<n).map { i -> PropertyAnimation in
            let animation: PropertyAnimation
            switch i % 5 {
            case 0, 1:
                let basic = BasicAnimation(keyPath: "position")
                if i % 5 == 0 {
                    basic.fromValue = point(); basic.toValue = point()
                } else {
                    basic.byValue = point(); basic.isAdditive = true
                }
                animation = basic
            case 2:
                let spring = SpringAnimation(keyPath: "position")
                spring.fromValue = point(); spring.toValue = point(); spring.damping = 12
                animation = spring
            default:
                let keyframe = KeyframeAnimation(keyPath: "position")
                keyframe.values = [point(), point(), point(), point()]
                if i % 5 == 3 { keyframe.keyTimes = [0, 0.3, 0.6, 1] } else { keyframe.calculationMode = .cubic }
                animation = keyframe
            }
            animation.beginTime = 0.001
            animation.duration = 2
            if !(animation is SpringAnimation) { animation.timingFunction = timingFunctions[i % timingFunctions.count] }
            return animation
        }
        return (animations, models)
    }

    /// `n` springs: mass 0.5–2, stiffness 50–500, damping 0–40 (every regime; a third may overdamp) and
    /// initial velocities of −5…5.
    package static func springs(_ n: Int, seed: UInt64) -> [DampedSpring] {
        var rng = SeededGenerator(seed: seed)
        return (0..<n).map { i in
            DampedSpring(
                mass: .random(in: 0.5...2, using: &rng), stiffness: .random(in: 50...500, using: &rng),
                damping: .random(in: 0...40, using: &rng), initialVelocity: .random(in: -5...5, using: &rng),
                allowsOverdamping: i % 3 == 0)
        }
    }

    /// `n` progresses, uniform in [0, 1].
    package static func progresses(_ n: Int, seed: UInt64) -> [Double] {
        var rng = SeededGenerator(seed: seed)
        return (0..<n).map { _ in .random(in: 0...1, using: &rng) }
    }

    /// Affine (2-D) layer transforms.
    package static func affineTransforms(_ n: Int, seed: UInt64) -> [Transform3D] {
        var rng = SeededGenerator(seed: seed)
        return (0..<n).map { _ in
            Transform3D(
                Transform2D(rotationAngle: .random(in: -3...3, using: &rng))
                    .scaledBy(x: .random(in: 0.5...2, using: &rng), y: .random(in: 0.5...2, using: &rng))
                    .translatedBy(x: .random(in: -500...500, using: &rng), y: .random(in: -500...500, using: &rng)))
        }
    }

    /// `n` 3-D points in a ±500 pt box, z in ±50.
    package static func points3(_ n: Int, seed: UInt64) -> [SIMD3<Double>] {
        var rng = SeededGenerator(seed: seed)
        return (0..<n).map { _ in
            SIMD3(.random(in: -500...500, using: &rng), .random(in: -500...500, using: &rng), .random(in: -50...50, using: &rng))
        }
    }

    /// `n` 2-D points in a ±500 pt box.
    package static func points2(_ n: Int, seed: UInt64) -> [SIMD2<Double>] {
        var rng = SeededGenerator(seed: seed)
        return (0..<n).map { _ in SIMD2(.random(in: -500...500, using: &rng), .random(in: -500...500, using: &rng)) }
    }

    /// `n` sublayer frames (whole and fractional points, inside a 1000 × 800 superlayer) with masks drawn
    /// from all 64 combinations of CALayer's autoresizing bits.
    package static func autoresizing(_ n: Int, seed: UInt64) -> (frames: [CGRect], masks: [AutoresizingMask]) {
        var rng = SeededGenerator(seed: seed)
        let frames = (0..<n).map { i -> CGRect in
            let x = Double.random(in: 0...900, using: &rng), y = Double.random(in: 0...700, using: &rng)
            let w = Double.random(in: 1...100, using: &rng), h = Double.random(in: 1...100, using: &rng)
            return i % 2 == 0
                ? CGRect(x: x.rounded(), y: y.rounded(), width: w.rounded(), height: h.rounded()) : CGRect(x: x, y: y, width: w, height: h)
        }
        let masks = (0..<n).map { _ in AutoresizingMask(rawValue: UInt32.random(in: 0...63, using: &rng)) }
        return (frames, masks)
    }

    /// A layer tree of `n` layers, a UI-like hierarchy: each layer's parent is one of the previous 8,
    /// bounds 20…200 pt, affine transforms, every tenth masking, every fiftieth hidden.
    package static func tree(_ n: Int, seed: UInt64) -> LayerTree {
        LayerTree(root: layers(n, seed: seed))
    }

    /// The layers of ``tree(_:seed:)``, each with an animation as a compositor's frame has them: a transform
    /// animation of ``transformAnimations(_:seed:)`` on every layer, and on every 16th also a position
    /// animation (which the presentation batch folds in a value batch), all added at time 0.
    package static func animatedLayers(_ n: Int, seed: UInt64) -> Layer {
        let root = layers(n, seed: seed), animations = transformAnimations(n, seed: seed)
        for (i, layer) in LayerTree.layers(of: root).enumerated() {
            layer.add(animations[i], forKey: "transform", atMediaTime: 0)
            if i % 16 == 15 {
                let move = BasicAnimation(keyPath: "position")
                move.toValue = CGPoint(x: 500, y: 500)
                move.beginTime = 0.001
                move.duration = 2
                layer.add(move, forKey: "position", atMediaTime: 0)
            }
        }
        return root
    }

    /// The root of `n` seeded layers: random sizes, positions, small rotations, every 10th masking, every
    /// 50th hidden, each under one of the 8 layers before it.
    static func layers(_ n: Int, seed: UInt64) -> Layer {
        var rng = SeededGenerator(seed: seed)
        let root = Layer(geometry: LayerGeometry(bounds: CGRect(x: 0, y: 0, width: 1000, height: 1000), position: CGPoint(x: 500, y: 500)))
        var layers = [root]
        layers.reserveCapacity(n)
        for i in 1..<max(1, n) {
            var g = LayerGeometry(
                bounds: CGRect(x: 0, y: 0, width: .random(in: 20...200, using: &rng), height: .random(in: 20...200, using: &rng)),
                position: CGPoint(x: .random(in: 0...1000, using: &rng), y: .random(in: 0...1000, using: &rng)))
            g.transform = Transform3D(Transform2D(rotationAngle: .random(in: -0.5...0.5, using: &rng)).scaledBy(x: 1.1, y: 0.9))
            g.masksToBounds = i % 10 == 0
            g.isHidden = i % 50 == 0
            let layer = Layer(geometry: g)
            layers[max(0, i - Int.random(in: 1...8, using: &rng))].addSublayer(layer)
            layers.append(layer)
        }
        return root
    }
}
