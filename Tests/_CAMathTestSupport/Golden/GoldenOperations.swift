import CAMath
import Foundation

/// Runs one golden case through CAMath's public API and returns its results as JSON-like fields.
public typealias GoldenOperation = @Sendable (GoldenFields) throws -> [String: GoldenValue]

/// Every op of `Tests/Fixtures/README.md`, mapped to the public API that answers it.
public enum GoldenOperations {
    /// The ops, by the names the vectors use.
    public static let table: [String: GoldenOperation] = {
        var t = transform3DOperations
        t.merge(affineOperations) { a, _ in a }
        t.merge(layerOperations) { a, _ in a }
        t.merge(keyPathOperations) { a, _ in a }
        t.merge(layoutOperations) { a, _ in a }
        t.merge(timingFunctionOperations) { a, _ in a }
        t.merge(mediaTimingOperations) { a, _ in a }
        t.merge(animationValueOperations) { a, _ in a }
        t.merge(springOperations) { a, _ in a }
        return t
    }()

    /// Result fields compared modulo 2π, per op (README "Angles").
    public static func angleFields(op: String, input: GoldenValue) -> Set<String> {
        if op == "decomposeEuler" || op == "CAKeyframeAnimation.value" { return ["rotation"] }
        if op == "CALayer.valueForKeyPath", case .object(let o) = input,
            case .string(let path)? = o["keyPath"], path.hasPrefix("transform.rotation")
        {
            return ["value"]
        }
        return []
    }

    static let transform3DOperations: [String: GoldenOperation] = [
        "CATransform3DMakeTranslation": { i in
            matrix(CATransform3DMakeTranslation(try i.number("tx"), try i.number("ty"), try i.number("tz")))
        },
        "CATransform3DMakeScale": { i in
            matrix(CATransform3DMakeScale(try i.number("sx"), try i.number("sy"), try i.number("sz")))
        },
        "CATransform3DMakeRotation": { i in
            matrix(CATransform3DMakeRotation(try i.number("angle"), try i.number("x"), try i.number("y"), try i.number("z")))
        },
        "CATransform3DTranslate": { i in
            matrix(CATransform3DTranslate(try i.transform3D("t"), try i.number("tx"), try i.number("ty"), try i.number("tz")))
        },
        "CATransform3DScale": { i in
            matrix(CATransform3DScale(try i.transform3D("t"), try i.number("sx"), try i.number("sy"), try i.number("sz")))
        },
        "CATransform3DRotate": { i in
            matrix(
                CATransform3DRotate(
                    try i.transform3D("t"), try i.number("angle"),
                    try i.number("x"), try i.number("y"), try i.number("z")))
        },
        "CATransform3DConcat": { i in matrix(CATransform3DConcat(try i.transform3D("a"), try i.transform3D("b"))) },
        "CATransform3DInvert": { i in matrix(CATransform3DInvert(try i.transform3D("t"))) },
        "CATransform3DIsIdentity": { i in ["bool": .bool(CATransform3DIsIdentity(try i.transform3D("t")))] },
        "CATransform3DEqualToTransform": { i in
            ["bool": .bool(CATransform3DEqualToTransform(try i.transform3D("a"), try i.transform3D("b")))]
        },
        "CATransform3DIsAffine": { i in ["bool": .bool(CATransform3DIsAffine(try i.transform3D("t")))] },
        "CATransform3DMakeAffineTransform": { i in matrix(CATransform3DMakeAffineTransform(try i.transform2D("affine"))) },
        "CATransform3DGetAffineTransform": { i in affine(CATransform3DGetAffineTransform(try i.transform3D("t"))) },
        "CATransform3DApplyToPoint": { i in
            let p = try i.numbers("point", count: 3)
            let r = try i.transform3D("t").mapPoint(SIMD3(p[0], p[1], p[2]))
            return ["point": numbers([r.x, r.y, r.z])]
        },
        "matrixFromQuaternion": { i in
            let q = try i.numbers("quaternion", count: 4)
            return matrix(Transform3D(rotation: Quaternion(x: q[0], y: q[1], z: q[2], w: q[3])))
        }
    ]

    static let affineOperations: [String: GoldenOperation] = [
        "CGAffineTransform.init(rotationAngle:)": { i in affine(CGAffineTransform(rotationAngle: try i.number("angle"))) },
        "CGAffineTransform.translatedBy": { i in
            affine(try i.transform2D("t").translatedBy(x: try i.number("tx"), y: try i.number("ty")))
        },
        "CGAffineTransform.scaledBy": { i in
            affine(try i.transform2D("t").scaledBy(x: try i.number("sx"), y: try i.number("sy")))
        },
        "CGAffineTransform.rotated": { i in affine(try i.transform2D("t").rotated(by: try i.number("angle"))) },
        "CGAffineTransform.inverted": { i in affine(try i.transform2D("t").inverted()) },
        "CGAffineTransform.concatenating": { i in
            affine(try i.transform2D("t").concatenating(try i.transform2D("other")))
        },
        "CGPoint.applying": { i in
            let p = try i.point("point")
            return ["point": point(CGPoint(x: p.x, y: p.y).applying(try i.transform2D("t")))]
        },
        "CGSize.applying": { i in
            let s = try i.point("size")
            let r = CGSize(width: s.x, height: s.y).applying(try i.transform2D("t"))
            return ["size": numbers([Double(r.width), Double(r.height)])]
        },
        "CGRect.applying": { i in
            let r = try i.rect("rect")
            return ["rect": rect(CGRect(x: r.x, y: r.y, width: r.width, height: r.height).applying(try i.transform2D("t")))]
        }
    ]

    static let layerOperations: [String: GoldenOperation] = [
        "CALayer.frame": { i in ["rect": rect(try GoldenLayers.single(try i.value("layer")).frame)] },
        "CALayer.setFrame": { i in
            let layer = try GoldenLayers.single(try i.value("layer"))
            layer.frame = CGRect(try i.rect("frame"))
            return [
                "bounds": rect(layer.bounds), "position": point(layer.position),
                "anchorPoint": point(layer.anchorPoint), "frame": rect(layer.frame)
            ]
        },
        "CALayer.convertPoint(_:to:)": { i in
            try withReceiverAndOther(i) { receiver, other in ["point": point(receiver.convert(CGPoint(try i.point("point")), to: other))] }
        },
        "CALayer.convertPoint(_:from:)": { i in
            try withReceiverAndOther(i) { receiver, other in ["point": point(receiver.convert(CGPoint(try i.point("point")), from: other))]
            }
        },
        "CALayer.convertRect(_:to:)": { i in
            try withReceiverAndOther(i) { receiver, other in ["rect": rect(receiver.convert(CGRect(try i.rect("rect")), to: other))] }
        },
        "CALayer.convertRect(_:from:)": { i in
            try withReceiverAndOther(i) { receiver, other in ["rect": rect(receiver.convert(CGRect(try i.rect("rect")), from: other))] }
        },
        "CALayer.affineTransform": { i in affine(try GoldenLayers.single(try i.value("layer")).affineTransform()) },
        "CALayer.hitTest": { i in
            try GoldenLayers.evaluate(roots: try i.value("roots")) { layers in
                let hit = try layers.named(try i.string("receiver")).hitTest(CGPoint(try i.point("point")))
                return ["layer": hit.map { .string($0.name ?? "<unnamed>") } ?? .null]
            }
        },
        "CALayer.contains": { i in
            ["bool": .bool(try GoldenLayers.single(try i.value("layer")).contains(CGPoint(try i.point("point"))))]
        }
    ]

    static let layoutOperations: [String: GoldenOperation] = [
        "CALayer.resize(withOldSuperlayerSize:)": { i in
            let superlayer = Layer()
            superlayer.bounds = CGRect(try i.rect("superlayerBounds"))
            let layer: Layer
            if i.values["frame"] != nil {
                layer = Layer()
                layer.frame = CGRect(try i.rect("frame"))
            } else {
                layer = try GoldenLayers.single(try i.value("layer"))
            }
            layer.autoresizingMask = AutoresizingMask(rawValue: UInt32(try i.number("autoresizingMask")))
            superlayer.addSublayer(layer)
            layer.resize(withOldSuperlayerSize: try i.size("oldSuperlayerSize"))
            return ["frame": rect(layer.frame), "bounds": rect(layer.bounds)]
        },
        "CALayer.setBounds(autoresize)": { i in
            try treeFrames(i) { root in root.bounds = CGRect(try i.rect("newBounds")) }
        },
        "CALayer.setFrame(autoresize)": { i in
            try treeFrames(i) { root in root.frame = CGRect(try i.rect("newFrame")) }
        },
        "CALayer.resizeSublayers(withOldSize:)": { i in
            try treeFrames(i) { root in root.resizeSublayers(withOldSize: try i.size("oldSize")) }
        },
        "NSView.resize(withOldSuperviewSize:)": { i in
            let frame = ViewAutoresizing.resizedFrame(
                CGRect(try i.rect("frame")), oldSuperviewSize: try i.size("oldSuperviewSize"),
                newSuperviewSize: try i.size("newSuperviewSize"),
                mask: AutoresizingMask(rawValue: UInt32(try i.number("autoresizingMask"))))
            return ["frame": rect(frame)]
        },
        "CAConstraintLayoutManager.layoutSublayers": { i in
            let superlayer = Layer()
            superlayer.bounds = CGRect(try i.rect("superlayerBounds"))
            superlayer.layoutManager = ConstraintLayoutManager()
            guard case .array(let items) = try i.value("sublayers") else { throw GoldenFormatError("'sublayers' is not an array") }
            for item in items {
                let f = try GoldenFields(item)
                let layer = Layer()
                layer.name = try f.string("name")
                layer.frame = CGRect(try f.rect("frame"))
                if f.values["constraints"] != nil { layer.constraints = try f.constraints("constraints") }
                superlayer.addSublayer(layer)
            }
            superlayer.layoutSublayers()
            var frames: [String: GoldenValue] = [:]
            for layer in superlayer.sublayers ?? [] { frames[layer.name ?? ""] = rect(layer.frame) }
            return ["frames": .object(frames)]
        }
    ]

    /// Builds the case's `tree`, runs `change` on its root, and returns the frames of the named layers below it.
    static func treeFrames(_ i: GoldenFields, _ change: (Layer) throws -> Void) throws -> [String: GoldenValue] {
        try GoldenLayers.evaluate(roots: .array([try i.value("tree")])) { layers in
            let root = layers.roots[0]
            try change(root)
            var frames: [String: GoldenValue] = [:]
            for (name, layer) in layers.byName where layer !== root { frames[name] = rect(layer.frame) }
            return ["frames": .object(frames)]
        }
    }

    /// Runs `body` on the case's receiver and other layer (`nil` when absent) inside the scope that keeps
    /// the case's trees alive.
    static func withReceiverAndOther(
        _ i: GoldenFields, _ body: (Layer, Layer?) throws -> [String: GoldenValue]
    ) throws -> [String: GoldenValue] {
        try GoldenLayers.evaluate(roots: try i.value("roots")) { layers in
            try body(try layers.named(try i.string("receiver")), try i.optionalString("other").map(layers.named))
        }
    }

    static let keyPathOperations: [String: GoldenOperation] = [
        "CALayer.valueForKeyPath": { i in
            let layer = Layer()
            layer.transform = try i.transform3D("transform")
            let keyPath = try i.string("keyPath")
            // The Apple-shaped, non-throwing form must say the same: CGFloat, CGSize, the matrix, or nil.
            let appleShaped = layer.value(forKeyPath: keyPath)
            do {
                switch try layer.transformValue(forKeyPath: keyPath) {
                case .number(let v):
                    guard let x = appleShaped as? CGFloat, x.bitPattern == v.bitPattern else {
                        throw GoldenFormatError("value(forKeyPath: \(keyPath)) gave \(String(describing: appleShaped)), not CGFloat(\(v))")
                    }
                    return ["value": .number(v)]
                case .size(let w, let h):
                    guard appleShaped as? CGSize == CGSize(width: w, height: h) else {
                        throw GoldenFormatError(
                            "value(forKeyPath: \(keyPath)) gave \(String(describing: appleShaped)), not CGSize(\(w), \(h))")
                    }
                    return ["size": numbers([w, h])]
                case .transform(let t): return matrix(t)
                }
            } catch TransformKeyPathError.unknownKeyPath {
                guard appleShaped == nil else {
                    throw GoldenFormatError(
                        "value(forKeyPath: \(keyPath)) of an unknown key path gave \(String(describing: appleShaped)), not nil")
                }
                return ["error": .string("unknownKeyPath")]
            }
        },
        "CALayer.setValueForKeyPath": { i in
            let layer = Layer()
            layer.transform = try i.transform3D("transform")
            let value: TransformKeyPathValue
            if let number = try i.value("value").number {
                value = .number(number)
            } else {
                let size = try i.numbers("value", count: 2)
                value = .size(width: size[0], height: size[1])
            }
            let keyPath = try i.string("keyPath")
            // The Apple-shaped, non-throwing form must leave the same bits.
            let appleShaped = Layer()
            appleShaped.transform = layer.transform
            switch value {
            case .number(let x): appleShaped.setValue(CGFloat(x), forKeyPath: keyPath)
            case .size(let w, let h): appleShaped.setValue(CGSize(width: w, height: h), forKeyPath: keyPath)
            case .transform(let t): appleShaped.setValue(t, forKeyPath: keyPath)
            }
            do {
                try layer.setTransformValue(value, forKeyPath: keyPath)
            } catch TransformKeyPathError.undecomposableTransform {
                // documented: the write is refused and the transform is left unchanged
            }
            guard appleShaped.transform.elements.map(\.bitPattern) == layer.transform.elements.map(\.bitPattern) else {
                throw GoldenFormatError("setValue(_:forKeyPath: \(keyPath)) left \(appleShaped.transform), not \(layer.transform)")
            }
            return ["transform": numbers(layer.transform.elements)]
        },
        "decomposeEuler": { i in
            let d = try decomposition(of: try i.transform3D("t"), .keyPaths)
            return [
                "translation": numbers(d.translation), "scale": numbers(d.scale), "skew": numbers(d.skew),
                "rotation": numbers(d.rotation), "perspective": numbers(d.perspective)
            ]
        },
        "decompose2D": { i in interpolationFields(try decomposition(of: try i.transform3D("t"), .interpolation2D)) },
        "decompose3D": { i in interpolationFields(try decomposition(of: try i.transform3D("t"), .interpolation3D)) },
        "decomposeRecompose": { i in
            let method: Transform3D.DecompositionMethod
            switch try i.string("dimension") {
            case "2d": method = .interpolation2D
            case "3d": method = .interpolation3D
            case let other: throw GoldenFormatError("unknown dimension '\(other)'")
            }
            return matrix(Transform3D(try decomposition(of: try i.transform3D("t"), method), rotation: .quaternion))
        },
        "blend": { i in
            matrix(try i.transform3D("from").interpolated(to: try i.transform3D("to"), fraction: try i.number("t")))
        }
    ]

    static func decomposition(of t: Transform3D, _ method: Transform3D.DecompositionMethod) throws -> Transform3D.Decomposition {
        guard let d = t.decomposed(method) else { throw GoldenFormatError("the transform is undecomposable") }
        return d
    }

    static func interpolationFields(_ d: Transform3D.Decomposition) -> [String: GoldenValue] {
        let q = d.quaternion
        return [
            "translation": numbers(d.translation), "scale": numbers(d.scale), "skew": numbers(d.skew),
            "perspective": numbers(d.perspective), "quaternion": numbers([q.x, q.y, q.z, q.w])
        ]
    }

    // MARK: result encodings

    public static func numbers(_ values: [Double]) -> GoldenValue { .array(values.map { .number($0) }) }
    public static func numbers<V: SIMD>(_ v: V) -> GoldenValue where V.Scalar == Double { numbers(v.indices.map { v[$0] }) }
    public static func matrix(_ t: Transform3D) -> [String: GoldenValue] { ["matrix": numbers(t.elements)] }
    public static func affine(_ t: Transform2D) -> [String: GoldenValue] {
        ["affine": numbers([t.a, t.b, t.c, t.d, t.tx, t.ty])]
    }
    public static func point(_ p: CGPoint) -> GoldenValue { numbers([Double(p.x), Double(p.y)]) }
    public static func rect(_ r: CGRect) -> GoldenValue {
        numbers([Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height)])
    }
}
