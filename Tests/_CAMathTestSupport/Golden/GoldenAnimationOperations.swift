import CAMath
import Foundation

/// The ops of the animation files (`timing_function.json`, `media_timing.json`, `animation_values.json`,
/// `spring.json`), mapped to CAMathAnimation's public API.
extension GoldenOperations {
    static let unknownName: [String: GoldenValue] = ["error": .string("unknownName")]

    static let timingFunctionOperations: [String: GoldenOperation] = [
        "CAMediaTimingFunction.getControlPoint": { i in
            guard let f = try i.timingFunction() else { return unknownName }
            var points: [GoldenValue] = []
            for index in 0..<4 {
                var xy: [Float] = [.nan, .nan]
                xy.withUnsafeMutableBufferPointer { f.getControlPoint(at: index, values: $0.baseAddress!) }
                points.append(numbers(xy.map(Double.init)))
            }
            return ["points": .array(points)]
        },
        "CAMediaTimingFunction.evaluate": { i in
            guard let f = try i.timingFunction() else { return unknownName }
            return ["y": .number(f.evaluate(try i.number("x")))]
        },
        "UnitBezier.solveExtrapolating": { i in
            ["y": .number(try i.unitBezier().solveExtrapolating(try i.number("x")))]
        },
        "UnitBezier.solveCurveX.roundTrip": { i in
            let curve = try i.unitBezier(), epsilon = try i.number("epsilon")
            guard case .array(let ts) = try i.value("t") else { throw GoldenFormatError("'t' is not an array") }
            return [
                "t": numbers(
                    try ts.map { t in
                        guard let t = t.number else { throw GoldenFormatError("'t' holds a non-number") }
                        return curve.solveCurveX(curve.sampleCurveX(t), epsilon: epsilon)
                    })
            ]
        }
    ]

    static let mediaTimingOperations: [String: GoldenOperation] = [
        "CALayer.convertTime(_:from:)": { i in
            try withReceiverAndOther(i) { r, o in ["t": .number(r.convertTime(try i.number("t"), from: o))] }
        },
        "CALayer.convertTime(_:to:)": { i in
            try withReceiverAndOther(i) { r, o in ["t": .number(r.convertTime(try i.number("t"), to: o))] }
        },
        "CAMediaTiming.defaults": { i in
            let object: any MediaTiming
            switch try i.string("object") {
            case "CALayer": object = Layer()
            case "CABasicAnimation": object = BasicAnimation(keyPath: nil)
            default: throw GoldenFormatError("unknown object")
            }
            return [
                "beginTime": .number(object.beginTime), "duration": .number(object.duration),
                "speed": .number(Double(object.speed)), "timeOffset": .number(object.timeOffset),
                "repeatCount": .number(Double(object.repeatCount)), "repeatDuration": .number(object.repeatDuration),
                "autoreverses": .bool(object.autoreverses), "fillMode": .string(fillModeName(object.fillMode))
            ]
        },
        "CAMediaTiming.activeDuration": { i in ["activeDuration": .number(try i.timing().activeDuration)] },
        "CAAnimation.localTime": { i in
            let p = try i.number("parentTime")
            let e: MediaTimingEvaluation
            if let groupJSON = i.values["group"] {
                let g = try GoldenFields(groupJSON)
                let group = AnimationGroup()
                group.timing = try g.timing()
                group.timingFunction = try g.timingFunction()
                e = group.childEvaluation(try i.timing(), atParentTime: p)
            } else {
                e = try i.timing().evaluate(parentTime: p)
            }
            var out: [String: GoldenValue] = ["contributes": .bool(e.contributes), "phase": .string(e.phase.rawValue)]
            if e.contributes { out["progress"] = .number(e.progress); out["cycle"] = .number(e.cycle) }
            return out
        }
    ]

    static func fillModeName(_ mode: FillMode) -> String {
        [FillMode.removed: "removed", .forwards: "forwards", .backwards: "backwards", .both: "both"][mode] ?? mode.rawValue
    }

    static let animationValueOperations: [String: GoldenOperation] = [
        "CABasicAnimation.value": { i in
            let animation = BasicAnimation(keyPath: i.values["keyPath"] == nil ? nil : try i.string("keyPath"))
            let kind = try i.string("type")
            let valueKind = try animation.valueFunction(from: i) ? "argument" : kind
            if i.values["valueFunction"] != nil && animation.valueFunction == nil { return unknownName }
            if i.values["fromValue"] != nil { animation.fromValue = try i.animationValue("fromValue", kind: valueKind).anyValue }
            if i.values["toValue"] != nil { animation.toValue = try i.animationValue("toValue", kind: valueKind).anyValue }
            if i.values["byValue"] != nil { animation.byValue = try i.animationValue("byValue", kind: valueKind).anyValue }
            animation.isAdditive = try i.optionalBool("additive") ?? false
            animation.isCumulative = try i.optionalBool("cumulative") ?? false
            animation.autoreverses = try i.optionalBool("autoreverses") ?? false
            let wholeKind = animation.valueFunction != nil || animation.keyPath?.hasPrefix("transform") == true ? "transform" : kind
            let model = try i.animationValue("model", kind: wholeKind)
            let previous = i.values["previous"] == nil ? nil : try i.animationValue("previous", kind: valueKind)
            let cycle = i.values["cycle"] == nil ? 0 : try i.number("cycle")
            guard let value = animation.value(atProgress: try i.number("f"), cycle: cycle, model: model, current: model, previous: previous)
            else {
                return ["noEffect": .bool(true)]
            }
            return ["value": golden(value)]
        },
        "CAKeyframeAnimation.value": { i in
            let animation = KeyframeAnimation(keyPath: nil)
            let kind = try i.string("type")
            let valueKind = try animation.valueFunction(from: i) ? "argument" : kind
            if i.values["valueFunction"] != nil && animation.valueFunction == nil { return unknownName }
            try animation.configureKeyframes(from: i, kind: valueKind)
            let model: AnimationValue
            switch valueKind {
            case "argument": model = animation.valueFunction!.identityArgument
            default: model = try GoldenFields.animationValue(GoldenFields.zero(of: kind), kind: kind, name: "model")
            }
            guard let result = animation.keyframeValue(atProgress: try i.number("f"), model: model) else {
                return ["noEffect": .bool(true)]
            }
            var out: [String: GoldenValue] = [:]
            if let vf = animation.valueFunction {
                guard let m = vf.transform(for: result.value) else { return ["noEffect": .bool(true)] }
                out["value"] = numbers(m.elements)
            } else {
                out["value"] = golden(result.value)
            }
            if let rotation = result.rotation { out["rotation"] = .number(rotation) }
            return out
        },
        "CALayer.presentation(at:)": { i in
            try GoldenLayers.evaluate(roots: try i.value("roots")) { layers in
                let layer = try layers.named(try i.string("receiver"))
                let t = try i.number("time")
                guard let p = layer.presentation(at: t) else { throw GoldenFormatError("no presentation") }
                let result: [String: GoldenValue] = [
                    "position": point(p.position), "bounds": rect(p.bounds),
                    "transform": numbers(p.transform.elements),
                    "opacity": .number(Double(p.opacity)), "frame": rect(p.frame)
                ]
                // The same copy through a render tree of the layer's tree (the batch kernels), bit for bit.
                var root = layer
                while let up = root.superlayer { root = up }
                let renderTree = try RenderTree(root: root)
                func bits(_ l: Layer) -> [UInt64] { LayerTree(root: l).geometries.flatMap(\.exactnessValues).map(\.bitPattern) }
                guard let q = layer.presentation(at: t), renderTree.count > 0, bits(q) == bits(p),
                    q.opacity.bitPattern == p.opacity.bitPattern
                else {
                    throw GoldenFormatError("the render tree's presentation differs from the reference's")
                }
                return result
            }
        }
    ]

    static let springOperations: [String: GoldenOperation] = [
        "CASpringAnimation.settlingDuration": { i in ["settlingDuration": .number(try i.spring().settlingDuration)] },
        "CASpringAnimation.fraction": { i in ["fraction": .number(try i.spring().fraction(atTime: try i.number("t")))] }
    ]

    static func golden(_ value: AnimationValue) -> GoldenValue {
        switch value {
        case .number(let x): .number(x)
        case .point(let p): point(p)
        case .size(let s): numbers([Double(s.width), Double(s.height)])
        case .rect(let r): rect(r)
        case .transform(let t): numbers(t.elements)
        case .vector(let v): numbers(v)
        case .flag(let b): .number(b ? 1 : 0)
        }
    }
}

extension AnimatedKeyPath {
    /// The golden `type` of the values of an animation of this key path.
    var goldenKind: String {
        switch part {
        case .transform(let kp): return kp == .translation ? "size" : "number"
        case .field(let f): return f == "origin" ? "point" : (f == "size" ? "size" : "number")
        case .whole:
            switch property {
            case .position, .anchorPoint: return "point"
            case .bounds: return "rect"
            case .transform, .sublayerTransform: return "transform"
            default: return "number"
            }
        }
    }
}

extension PropertyAnimation {
    /// Sets the value function named by the input's `valueFunction`; whether the input names one.
    func valueFunction(from i: GoldenFields) throws -> Bool {
        guard i.values["valueFunction"] != nil else { return false }
        valueFunction = ValueFunction(name: ValueFunctionName(try i.string("valueFunction")))
        return true
    }
}

extension KeyframeAnimation {
    func configureKeyframes(from i: GoldenFields, kind: String) throws {
        if let pathJSON = i.values["path"] { path = try GoldenFields.path(pathJSON) }
        if case .array(let items)? = i.values["values"] {
            values = try items.map { try GoldenFields.animationValue($0, kind: kind, name: "values").anyValue }
        }
        func numberArray(_ key: String) throws -> [NSNumber]? {
            guard let v = i.values[key] else { return nil }
            guard case .array(let a) = v else { throw GoldenFormatError("'\(key)' is not an array") }
            return try a.map {
                guard let x = $0.number else { throw GoldenFormatError("'\(key)' holds a non-number") }; return NSNumber(value: x)
            }
        }
        keyTimes = try numberArray("keyTimes")
        tensionValues = try numberArray("tensionValues")
        continuityValues = try numberArray("continuityValues")
        biasValues = try numberArray("biasValues")
        if i.values["calculationMode"] != nil { calculationMode = CalculationMode(rawValue: try i.string("calculationMode")) }
        if i.values["rotationMode"] != nil {
            rotationMode = try i.string("rotationMode") == "rotateAuto" ? .rotateAuto : .rotateAutoReverse
        }
        if case .array(let items)? = i.values["timingFunctions"] {
            timingFunctions = try items.map { item in
                guard let f = try GoldenFields.timingFunction(item) else { throw GoldenFormatError("unknown timing function") }
                return f
            }
        }
    }
}

extension GoldenFields {
    /// The input's `name` or `controlPoints` as a timing function; `nil` for an unknown name.
    func timingFunction() throws -> TimingFunction? {
        if let name = values["name"] { return try Self.timingFunction(name) }
        if let points = values["controlPoints"] { return try Self.timingFunction(points) }
        if let function = values["timingFunction"] { return try Self.timingFunction(function) }
        return nil
    }

    /// A name or `[c1x, c1y, c2x, c2y]`.
    static func timingFunction(_ value: GoldenValue) throws -> TimingFunction? {
        switch value {
        case .string(let name): return TimingFunction(validatingName: TimingFunctionName(name))
        default:
            let c = try numbers(value, count: 4, name: "controlPoints")
            return TimingFunction(controlPoints: Float(c[0]), Float(c[1]), Float(c[2]), Float(c[3]))
        }
    }

    func unitBezier() throws -> UnitBezier {
        let c = try numbers("controlPoints", count: 4)
        return UnitBezier(c[0], c[1], c[2], c[3])
    }

    func optionalBool(_ key: String) throws -> Bool? { values[key] == nil ? nil : try bool(key) }

    /// The timing keys of an animation object (defaults of `MediaTimingParameters`).
    func timing() throws -> MediaTimingParameters {
        var t = MediaTimingParameters()
        if values["beginTime"] != nil { t.beginTime = try number("beginTime") }
        if values["duration"] != nil { t.duration = try number("duration") }
        if values["speed"] != nil { t.speed = Float(try number("speed")) }
        if values["timeOffset"] != nil { t.timeOffset = try number("timeOffset") }
        if values["repeatCount"] != nil { t.repeatCount = Float(try number("repeatCount")) }
        if values["repeatDuration"] != nil { t.repeatDuration = try number("repeatDuration") }
        if values["autoreverses"] != nil { t.autoreverses = try bool("autoreverses") }
        if values["fillMode"] != nil { t.fillMode = FillMode(rawValue: try string("fillMode")) }
        return t
    }

    /// The spring keys; missing ones keep `DampedSpring`'s defaults.
    func spring() throws -> DampedSpring {
        var s = DampedSpring()
        if values["mass"] != nil { s.mass = try number("mass") }
        if values["stiffness"] != nil { s.stiffness = try number("stiffness") }
        if values["damping"] != nil { s.damping = try number("damping") }
        if values["initialVelocity"] != nil { s.initialVelocity = try number("initialVelocity") }
        s.allowsOverdamping = try optionalBool("allowsOverdamping") ?? false
        return s
    }

    func animationValue(_ key: String, kind: String) throws -> AnimationValue {
        try Self.animationValue(try value(key), kind: kind, name: key)
    }

    /// A value of the golden `type` (`number`, `point`, `size`, `rect`, `transform`; `argument`: a number
    /// or `[x, y, z]`).
    static func animationValue(_ v: GoldenValue, kind: String, name: String) throws -> AnimationValue {
        switch kind {
        case "number":
            guard let x = v.number else { throw GoldenFormatError("'\(name)' is not a number") }
            return .number(x)
        case "point":
            let c = try numbers(v, count: 2, name: name)
            return .point(CGPoint(x: c[0], y: c[1]))
        case "size":
            let c = try numbers(v, count: 2, name: name)
            return .size(CGSize(width: c[0], height: c[1]))
        case "rect":
            let c = try numbers(v, count: 4, name: name)
            return .rect(CGRect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case "transform":
            return .transform(Transform3D(elements: try numbers(v, count: 16, name: name))!)
        case "argument":
            if let x = v.number { return .number(x) }
            return .vector(try numbers(v, count: 3, name: name))
        default:
            throw GoldenFormatError("unknown value type '\(kind)'")
        }
    }

    /// A zero value of a golden `type` (it only sets the kind).
    static func zero(of kind: String) -> GoldenValue {
        switch kind {
        case "point", "size": .array([.number(0), .number(0)])
        case "rect": .array(Array(repeating: .number(0), count: 4))
        case "transform": .array(Transform3D.identity.elements.map { .number($0) })
        default: .number(0)
        }
    }

    /// A path: `["move", x, y]`, `["line", x, y]`, `["quad", cx, cy, x, y]`, `["cubic", …]`, `["close"]`.
    static func path(_ v: GoldenValue) throws -> BezierPath {
        guard case .array(let items) = v else { throw GoldenFormatError("'path' is not an array") }
        // The elements as the case lists them (a path built with `MutableBezierPath` would drop a line before any move).
        var elements: [BezierPath.Element] = []
        for item in items {
            guard case .array(let parts) = item, case .string(let verb)? = parts.first else { throw GoldenFormatError("bad path element") }
            let c = try parts.dropFirst().map {
                guard let x = $0.number else { throw GoldenFormatError("bad path number") }; return x
            }
            func p(_ i: Int) -> CGPoint { CGPoint(x: c[i], y: c[i + 1]) }
            switch (verb, c.count) {
            case ("move", 2): elements.append(.move(to: p(0)))
            case ("line", 2): elements.append(.line(to: p(0)))
            case ("quad", 4): elements.append(.quadCurve(to: p(2), control: p(0)))
            case ("cubic", 6): elements.append(.curve(to: p(4), control1: p(0), control2: p(2)))
            case ("close", 0): elements.append(.closeSubpath)
            default: throw GoldenFormatError("bad path element '\(verb)'")
            }
        }
        return BezierPath(elements: elements)
    }
}

extension GoldenFields {
    /// An animation object of a layer's `animations` (vectors README "Animation objects") and its `key`
    /// and `addedAt`.
    static func animation(_ json: GoldenValue) throws -> (animation: LayerAnimation, key: String?, addedAt: Double) {
        let f = try GoldenFields(json)
        let kind = f.values["kind"] == nil ? "basic" : try f.string("kind")
        let keyPath = f.values["keyPath"] == nil ? nil : try f.string("keyPath")
        let animation: LayerAnimation
        switch kind {
        case "basic": animation = BasicAnimation(keyPath: keyPath)
        case "spring": animation = SpringAnimation(keyPath: keyPath)
        case "keyframe": animation = KeyframeAnimation(keyPath: keyPath)
        case "group":
            let group = AnimationGroup()
            guard case .array(let children)? = f.values["animations"] else { throw GoldenFormatError("group without animations") }
            group.animations = try children.map { try GoldenFields.animation($0).animation }
            animation = group
        default: throw GoldenFormatError("unknown animation kind '\(kind)'")
        }
        animation.timing = try f.timing()
        if f.values["timingFunction"] != nil {
            guard let tf = try f.timingFunction() else { throw GoldenFormatError("unknown timing function") }
            animation.timingFunction = tf
        }
        if let removed = try f.optionalBool("removedOnCompletion") { animation.isRemovedOnCompletion = removed }
        if let property = animation as? PropertyAnimation {
            let valueKind =
                try property.valueFunction(from: f) ? "argument" : (keyPath.flatMap(AnimatedKeyPath.init)?.goldenKind ?? "number")
            property.isAdditive = try f.optionalBool("additive") ?? false
            property.isCumulative = try f.optionalBool("cumulative") ?? false
            if let basic = property as? BasicAnimation {
                if f.values["fromValue"] != nil { basic.fromValue = try f.animationValue("fromValue", kind: valueKind).anyValue }
                if f.values["toValue"] != nil { basic.toValue = try f.animationValue("toValue", kind: valueKind).anyValue }
                if f.values["byValue"] != nil { basic.byValue = try f.animationValue("byValue", kind: valueKind).anyValue }
            }
            if let spring = property as? SpringAnimation {
                spring.spring = try f.spring()
            }
            if let keyframe = property as? KeyframeAnimation { try keyframe.configureKeyframes(from: f, kind: valueKind) }
        }
        return (animation, f.values["key"] == nil ? nil : try f.string("key"), f.values["addedAt"] == nil ? 0 : try f.number("addedAt"))
    }
}
