// README.md's and GUIDE.md's Swift examples, in order: written by scripts/readme-examples.sh, checked by CI. Edit those.
import CAMath

var perspective = CATransform3DIdentity
perspective.m34 = -1.0 / 500
let spin = CATransform3DRotate(CATransform3DMakeTranslation(10, 0, 0), .pi / 4, 0, 0, 1)
let t = CATransform3DConcat(spin, perspective)
let p = t.mapPoint(SIMD3(1, 0, 0))                       // (x, y, z, 1)·t, divided by W
let undo = CATransform3DInvert(t)                         // t itself if t were singular
let (_, _, _, origin) = t.rows                            // row 4, (m41, m42, m43, m44), as SIMD4<Double>
let h = t.mapHomogeneous(SIMD4(1, 0, 0, 1))               // (x, y, z, w)·t, no divide

let box = CGRect(x: 0, y: 0, width: 10, height: 20)
    .applying(CGAffineTransform(rotationAngle: .pi / 2))  // (-20, 0, 20, 10)

let window = CALayer()
window.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
let face = CALayer()
face.frame = CGRect(x: 60, y: 100, width: 200, height: 200)
let hand = CALayer()
hand.bounds = CGRect(x: 0, y: 0, width: 10, height: 80)
hand.anchorPoint = CGPoint(x: 0.5, y: 0.9)      // pivot 72 pt down the hand
hand.position = CGPoint(x: 100, y: 100)         // the centre of the face
hand.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)  // 12 o'clock → 3 o'clock
window.addSublayer(face)
face.addSublayer(hand)

let tip = hand.convert(CGPoint(x: 5, y: 0), to: window)   // ≈ (232, 200)
let touch = CGPoint(x: 230, y: 201)
let inHand = hand.convert(touch, from: window)             // ≈ (6, 2)
let hit = window.hitTest(touch)                            // hand
let frame = hand.frame                                     // ≈ (92, 95, 80, 10)

let panel = CALayer()
panel.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
let badge = CALayer()
badge.frame = CGRect(x: 10, y: 20, width: 50, height: 40)
badge.autoresizingMask = [.layerMinXMargin, .layerWidthSizable]
panel.addSublayer(badge)
panel.bounds.size = CGSize(width: 200, height: 300)      // badge.frame == (76, 20, 84, 40)

let bar = CALayer()
bar.name = "bar"
bar.frame = CGRect(x: 3, y: 5, width: 40, height: 20)
bar.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
panel.layoutManager = CAConstraintLayoutManager()
panel.addSublayer(bar)
panel.layoutIfNeeded()                                    // bar.frame == (80, 5, 40, 20): centred

let many = try Batch.autoresize([badge.frame, bar.frame], masks: [.layerWidthSizable, .layerMaxXMargin],
                                oldSuperlayerSize: CGSize(width: 200, height: 300),
                                newSuperlayerSize: CGSize(width: 320, height: 300))  // (76, 20, 204, 40), (80, 5, 40, 20)

hand.setValue(.pi, forKeyPath: "transform.rotation.z")              // decompose, change, recompose
let angle = hand.value(forKeyPath: "transform.rotation.z") as? CGFloat  // π
let width = hand.value(forKeyPath: "bounds.size.width") as? CGFloat     // 10
let scale = Transform3D(scaleX: 2, y: 3, z: 4).value(for: .scale)   // .number(3): the average
let halfway = CATransform3DIdentity.interpolated(to: hand.transform, fraction: 0.5)  // Rz(π/2)

let turn = CABasicAnimation(keyPath: "transform.rotation.z")
turn.fromValue = 0.0
turn.toValue = 2 * CGFloat.pi                                  // a full turn: interpolated as a number
turn.duration = 2
turn.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
hand.add(turn, forKey: "turn", atMediaTime: 100)               // beginTime 0 = the layer's time at the add
let shown = hand.presentation(at: 101)!                        // 1 s in: eased progress 0.5, half a turn
let turned = shown.value(forKeyPath: "transform.rotation.z") as? CGFloat   // ±π
let eased = CAMediaTimingFunction(name: .easeIn).evaluate(0.5)            // 0.3153567…

let bounce = CASpringAnimation(keyPath: "position.y")
bounce.damping = 10
let settle = bounce.settlingDuration                           // 1.4727003346780927, Apple's figure
let frameOfSprings = try Batch.springFractions([DampedSpring(), DampedSpring(mass: 1, stiffness: 300, damping: 20)], atTime: 0.1)
let move = CABasicAnimation(keyPath: "position")
move.toValue = CGPoint(x: 200, y: 80)
let moves = try ValueAnimationBatch([move], models: [.point(CGPoint(x: 50, y: 50))])
let positions = try moves.evaluate(atParentTime: 0.125).values  // [x, y] per animation, in turn
let presented = try PresentationBatch(root: window).evaluate(atMediaTime: 101)
let presentedFrames = try Batch.frames(of: presented)           // every layer's presentation frame

let renderTree = try RenderTree(root: window)                  // once: the model, mirrored
let onScreen = window.presentation(at: 101)!                   // now evaluated by the batch kernels
let touched = onScreen.hitTest(touch)                          // cached maps, pruned by hit regions
let layerCount = renderTree.count
var columns = [SIMD4<Float>](repeating: .zero, count: 4 * layerCount)
var alphas = [Float](repeating: 1, count: layerCount)
var hiddenFlags = [Bool](repeating: false, count: layerCount)
var frameRects = [CGRect](repeating: .zero, count: layerCount)
try columns.withUnsafeMutableBufferPointer { c in
    try alphas.withUnsafeMutableBufferPointer { a in
        try hiddenFlags.withUnsafeMutableBufferPointer { h in
            try frameRects.withUnsafeMutableBufferPointer { f in
                // Every layer's world transform as GPU-ready Float columns, opacity, visibility and frame.
                try renderTree.render(atMediaTime: 101.5, into: RenderOutput(transforms: c, opacities: a, hidden: h, frames: f))
            }
        }
    }
}

let clock = MediaClock(startTime: 10)                        // a manual clock; CACurrentMediaTime() by default
MediaClock.withCurrent(clock) {
    let badge = CALayer()
    badge.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
    CATransaction.flush()                                      // committed: from now on changes animate
    CATransaction.begin()
    CATransaction.setAnimationDuration(0.5)
    CATransaction.setCompletionBlock { print("arrived") }      // runs at the frame after the animation ends
    badge.position = CGPoint(x: 100, y: 0)                     // the built-in action: a 0.5 s basic animation
    badge.isHidden = true                                      // flags switch half way
    CATransaction.commit()                                     // both begin at 10, the commit's media time
    clock.advance(by: 0.25)
    let halfWay = badge.presentation()!.position.x             // 100·(.default curve at 0.5)
    clock.advance(by: 0.25)
    FrameHook.run()                                          // the frame loop: callbacks, removals, blocks
    _ = (halfWay, badge.animationKeys())                       // nil: finished and removed
}

var camera = CATransform3DMakeRotation(0.3, 0, 1, 0)
camera.m34 = -1.0 / 500
let transforms = (0..<1000).map { CATransform3DMakeTranslation(Double($0), 0, 0) }
let points = (0..<1000).map { SIMD3(Double($0) - 500, Double($0 % 7), 0) }
let touches = [touch, CGPoint(x: 10, y: 10)]

let combined = try Batch.concat(transforms, camera)                   // a[i]·camera, every path
let (inverses, singular) = try Batch.invert(transforms)               // CA's singular rule per element
let projected = try Batch.mapPoints(points, through: camera)          // (x, y, z, 1)·M / W
let hits = try Batch.hitTest(touches, in: LayerTree(root: window))    // node index, nil for a miss

let quick = try Batch.mapPoints(points, through: camera, options: .fast)   // within 1e-13·scale/|W|

let planes = TransformPlanes(transforms)
var viewed = planes
try Batch.concat(planes, camera, into: &viewed)                       // the planes of a[i]·camera
let projectedPlanes = try Batch.mapPoints(Point3DPlanes(points), through: camera)

