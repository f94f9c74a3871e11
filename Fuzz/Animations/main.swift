@_spi(Benchmarks) import CAMath
import CAMathFuzzDriver
@_spi(Benchmarks) import CAMathFuzzSupport
import Foundation

// Animation batches on fuzz-built animations: basic, spring and keyframe animations of transforms (the whole
// transform or a sub-property) and of points, with any timing (NaN, ±∞, zero and negative speeds, infinite
// and fractional repeats), any curve, calculation mode and flags, evaluated at any time. Preparing and
// evaluating never crash; on the configuration the bytes choose (`.scalar`, or `.simd` at one instruction set
// this CPU runs, one precision, 1–3 threads) the batch returns the reference's bits, and transform animations at
// `precision: .fast` stay within their budget. Paths built with CoreGraphics' calls on any numbers never trap, keep
// their tight box inside their control-point box, and move a keyframe animation without trapping.
extension FuzzBytes {
    /// The media timing, curve and flags of `a`: a flag byte picks which fields take any fuzz double (NaN, ±∞,
    /// raw bit patterns); the others keep a plain value, so that most animations are active at some time.
    mutating func time(_ a: PropertyAnimation) {
        let unusual = byte()
        a.beginTime = unusual & 1 != 0 ? double() : Double(byte()) / 64
        a.duration = unusual & 2 != 0 ? double() : Double(byte()) / 32
        if unusual & 4 != 0 { a.speed = Float(double()) }
        if unusual & 8 != 0 { a.timeOffset = double() }
        if unusual & 16 != 0 { a.repeatCount = Float(double()) }
        if unusual & 32 != 0 { a.repeatDuration = double() }
        a.autoreverses = unusual & 64 != 0
        a.fillMode = [.removed, .forwards, .backwards, .both][int(below: 4)]
        a.isRemovedOnCompletion = bool()
        a.isAdditive = bool()
        a.isCumulative = bool()
        a.timingFunction = curve()
    }

    /// A parent time: any fuzz double, or a plain one in [0, 8).
    mutating func parentTime() -> Double { bool() ? double() : Double(byte()) / 32 }

    /// No curve, a named one, or control points from fuzz doubles.
    mutating func curve() -> TimingFunction? {
        switch byte() % 3 {
        case 0: return nil
        case 1: return TimingFunction(name: [.linear, .easeIn, .easeOut, .easeInEaseOut, .default][int(below: 5)])
        default: return TimingFunction(controlPoints: Float(double()), Float(double()), Float(double()), Float(double()))
        }
    }

    /// A basic, spring or keyframe animation of `keyPath` with values from `value` (nil values included).
    mutating func animation(keyPath: String, value: (inout FuzzBytes) -> Any) -> PropertyAnimation {
        let animation: PropertyAnimation
        switch byte() % 3 {
        case 0, 1:
            let basic = byte() % 2 == 0 ? BasicAnimation(keyPath: keyPath) : SpringAnimation(keyPath: keyPath)
            if let spring = basic as? SpringAnimation {
                spring.mass = CGFloat(double())
                spring.stiffness = CGFloat(double())
                spring.damping = CGFloat(double())
                spring.initialVelocity = CGFloat(double())
                spring.allowsOverdamping = bool()
            }
            let present = byte()
            if present & 1 != 0 { basic.fromValue = value(&self) }
            if present & 2 != 0 { basic.toValue = value(&self) }
            if present & 4 != 0 { basic.byValue = value(&self) }
            animation = basic
        default:
            let keyframe = KeyframeAnimation(keyPath: keyPath)
            keyframe.values = (0..<int(below: 6)).map { _ in value(&self) }
            if bool() { keyframe.keyTimes = (0..<int(below: 7)).map { _ in NSNumber(value: double()) } }
            if bool() { keyframe.timingFunctions = (0..<int(below: 6)).compactMap { _ in curve() } }
            keyframe.calculationMode = [.linear, .discrete, .paced, .cubic, .cubicPaced][int(below: 5)]
            if bool() {
                keyframe.tensionValues = (0..<int(below: 6)).map { _ in NSNumber(value: double()) }
                keyframe.continuityValues = (0..<int(below: 6)).map { _ in NSNumber(value: double()) }
                keyframe.biasValues = (0..<int(below: 6)).map { _ in NSNumber(value: double()) }
            }
            animation = keyframe
        }
        time(animation)
        return animation
    }
}

extension FuzzBytes {
    /// A path of up to 12 CoreGraphics calls on fuzz numbers (NaN, ±∞, raw bits included), each with a fuzz transform
    /// half the time.
    mutating func path() -> MutableBezierPath {
        let path = MutableBezierPath()
        func point(_ input: inout FuzzBytes) -> CGPoint { CGPoint(x: input.double(), y: input.double()) }
        func rect(_ input: inout FuzzBytes) -> CGRect {
            CGRect(origin: point(&input), size: CGSize(width: input.double(), height: input.double()))
        }
        for _ in 0..<int(below: 12) {
            let t = bool() ? Transform2D(a: double(), b: double(), c: double(), d: double(), tx: double(), ty: double()) : .identity
            switch byte() % 11 {
            case 0: path.move(to: point(&self), transform: t)
            case 1: path.addLine(to: point(&self), transform: t)
            case 2: path.addQuadCurve(to: point(&self), control: point(&self), transform: t)
            case 3: path.addCurve(to: point(&self), control1: point(&self), control2: point(&self), transform: t)
            case 4: path.closeSubpath()
            case 5:
                path.addArc(
                    center: point(&self), radius: double(), startAngle: double(), endAngle: double(), clockwise: bool(), transform: t)
            case 6: path.addRelativeArc(center: point(&self), radius: double(), startAngle: double(), delta: double(), transform: t)
            case 7: path.addArc(tangent1End: point(&self), tangent2End: point(&self), radius: double(), transform: t)
            case 8: path.addRect(rect(&self), transform: t)
            case 9: path.addEllipse(in: rect(&self), transform: t)
            default: path.addRoundedRect(in: rect(&self), cornerWidth: double(), cornerHeight: double(), transform: t)
            }
        }
        return path
    }
}

/// A fuzz-built path: its boxes nest where every point is finite, its copy has its elements, and a keyframe animation
/// along it is presented at a fuzz time without trapping.
func checkPath(_ input: inout FuzzBytes) {
    let path = input.path()
    let points = path.elements.flatMap(\.points)
    if !points.isEmpty, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) {
        let loose = path.boundingBox, tight = path.boundingBoxOfPath
        // The curve stays in the hull of its control points (a relative margin for the extremes' rounding).
        let slack = 1e-9 * max(1, abs(loose.minX), abs(loose.maxX), abs(loose.minY), abs(loose.maxY))
        precondition(
            tight.isNull
                || (tight.minX >= loose.minX - slack && tight.maxX <= loose.maxX + slack
                    && tight.minY >= loose.minY - slack && tight.maxY <= loose.maxY + slack),
            "boundingBoxOfPath is outside boundingBox")
    }
    let frozen = path.copy()!
    precondition(frozen.elements.count == path.elements.count && !(frozen is MutableBezierPath), "copy() lost elements")
    let along = KeyframeAnimation(keyPath: "position")
    along.path = path
    along.calculationMode = [.linear, .discrete, .paced, .cubic, .cubicPaced][input.int(below: 5)]
    along.rotationMode = [nil, .rotateAuto, .rotateAutoReverse][input.int(below: 3)]
    along.duration = 1
    let layer = Layer()
    layer.add(along, forKey: "along", atMediaTime: 0)
    _ = layer.presentation(at: input.parentTime())
    // The add joined the thread's implicit transaction: commit it, so that nothing piles up from input to input.
    LayerTransaction.flush()
}

/// The values and contribution flags of one evaluation, as doubles.
func flattened(_ r: (values: [Transform3D], contributes: [Bool])) -> [Double] {
    r.values.flatMap(\.elements) + r.contributes.map { $0 ? 1 : 0 }
}

func fuzzAnimations(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let n = input.int(below: 24), options = input.configuration()
    let transformKeyPaths = [
        "transform", "transform", "sublayerTransform", "transform.rotation.z", "transform.scale", "transform.translation"
    ]
    let animations = (0..<n).map { _ in
        let keyPath = transformKeyPaths[input.int(below: transformKeyPaths.count)]
        return input.animation(keyPath: keyPath) { input in input.byte() % 4 == 0 ? input.double() as Any : input.transform() as Any }
    }
    let models = (0..<n).map { _ in input.transform() }
    let time = input.parentTime()
    requireContract(BatchCatalogue.animateTransforms(animations, models, times: [time]), on: options)

    let m = input.int(below: 24)
    let points = (0..<m).map { _ in input.animation(keyPath: "position") { input in CGPoint(x: input.double(), y: input.double()) } }
    let positions = (0..<m).map { _ in AnimationValue.point(CGPoint(x: input.double(), y: input.double())) }
    requireContract(BatchCatalogue.animateValues(points, positions, times: [input.parentTime()]), on: options)
    checkPath(&input)
    return 0
}

exit(camath_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv) { data, size in fuzzAnimations(data!, size) })
