import CAMath
import Foundation

/// Builds `Layer` trees from the layer objects of the golden vectors (README "Layer trees").
///
/// A layer's superlayer is weak (as in CALayer), so a tree lives only while something holds its root:
/// evaluate a case with ``evaluate(roots:_:)``, which keeps every layer of the case alive for the whole
/// evaluation and checks afterwards that each still hangs where the case put it.
public struct GoldenLayers {
    /// The roots, in the order of the case's `roots`.
    public let roots: [Layer]
    /// Every layer by its `name`.
    public let byName: [String: Layer]
    /// Every layer with the superlayer the case gave it (`nil` for a root), held strongly.
    let placements: [(layer: Layer, superlayer: Layer?)]

    static let keys: Set<String> = [
        "name", "bounds", "position", "anchorPoint", "anchorPointZ", "zPosition", "transform",
        "sublayerTransform", "geometryFlipped", "masksToBounds", "hidden", "sublayers",
        "opacity", "autoresizingMask", "constraints", "frame",
        "beginTime", "timeOffset", "speed", "animations"
    ]

    public init(roots json: GoldenValue) throws {
        guard case .array(let items) = json else { throw GoldenFormatError("'roots' is not an array") }
        var byName: [String: Layer] = [:]
        var animations: [(Layer, GoldenValue)] = []
        roots = try items.map { try Self.layer($0, names: &byName, animations: &animations) }
        self.byName = byName
        // Animations are added once the trees exist: a begin time of 0 becomes the layer's local time then.
        for (layer, json) in animations {
            guard case .array(let list) = json else { throw GoldenFormatError("'animations' is not an array") }
            for item in list {
                let (animation, key, addedAt) = try GoldenFields.animation(item)
                layer.add(animation, forKey: key, atMediaTime: addedAt)
            }
        }
        var placements: [(Layer, Layer?)] = []
        var pending: [(Layer, Layer?)] = roots.map { ($0, nil) }
        while let (layer, parent) = pending.popLast() {
            placements.append((layer, parent))
            pending += (layer.sublayers ?? []).map { ($0, layer) }
        }
        self.placements = placements
    }

    /// Builds the case's trees and runs `body` on them with every layer alive, then throws if any layer
    /// was detached from the place the case gave it (the evaluation ran on something else than the tree
    /// the case describes).
    public static func evaluate<R>(roots json: GoldenValue, _ body: (GoldenLayers) throws -> R) throws -> R {
        let layers = try GoldenLayers(roots: json)
        return try withExtendedLifetime(layers) {
            let result = try body(layers)
            try layers.requireWhole()
            return result
        }
    }

    /// Throws unless every layer still has the superlayer the case gave it.
    public func requireWhole() throws {
        for (layer, parent) in placements where layer.superlayer !== parent {
            throw GoldenFormatError("layer '\(layer.name ?? "<unnamed>")' is no longer where the case put it: its tree was torn down")
        }
    }

    /// A single layer (with its sublayers, if any).
    public static func single(_ json: GoldenValue) throws -> Layer {
        try GoldenLayers(roots: .array([json])).roots[0]
    }

    public func named(_ name: String) throws -> Layer {
        guard let layer = byName[name] else { throw GoldenFormatError("no layer named '\(name)'") }
        return layer
    }

    static func layer(_ json: GoldenValue, names: inout [String: Layer], animations: inout [(Layer, GoldenValue)]) throws -> Layer {
        let f = try GoldenFields(json)
        if let unknown = Set(f.values.keys).subtracting(keys).first { throw GoldenFormatError("unknown layer key '\(unknown)'") }
        let layer = Layer()
        func has(_ key: String) -> Bool { f.values[key] != nil }
        if has("name") {
            let name = try f.string("name")
            guard names[name] == nil else { throw GoldenFormatError("layer name '\(name)' is used twice") }
            layer.name = name
            names[name] = layer
        }
        if has("bounds") { layer.bounds = CGRect(try f.rect("bounds")) }
        if has("position") { layer.position = CGPoint(try f.point("position")) }
        if has("anchorPoint") { layer.anchorPoint = CGPoint(try f.point("anchorPoint")) }
        if has("anchorPointZ") { layer.anchorPointZ = CGFloat(try f.number("anchorPointZ")) }
        if has("zPosition") { layer.zPosition = CGFloat(try f.number("zPosition")) }
        if has("transform") { layer.transform = try f.transform3D("transform") }
        if has("sublayerTransform") { layer.sublayerTransform = try f.transform3D("sublayerTransform") }
        if has("geometryFlipped") { layer.isGeometryFlipped = try f.bool("geometryFlipped") }
        if has("masksToBounds") { layer.masksToBounds = try f.bool("masksToBounds") }
        if has("hidden") { layer.isHidden = try f.bool("hidden") }
        if has("opacity") { layer.opacity = Float(try f.number("opacity")) }
        if has("autoresizingMask") { layer.autoresizingMask = AutoresizingMask(rawValue: UInt32(try f.number("autoresizingMask"))) }
        if has("constraints") { layer.constraints = try f.constraints("constraints") }
        if has("beginTime") { layer.beginTime = try f.number("beginTime") }
        if has("timeOffset") { layer.timeOffset = try f.number("timeOffset") }
        if has("speed") { layer.speed = Float(try f.number("speed")) }
        if has("animations") { animations.append((layer, try f.value("animations"))) }
        // After the other properties, as `[layer setFrame:]` in the sources, and before the sublayers exist.
        if has("frame") { layer.frame = CGRect(try f.rect("frame")) }
        if has("sublayers") {
            guard case .array(let subs) = try f.value("sublayers") else { throw GoldenFormatError("'sublayers' is not an array") }
            for sub in subs { layer.addSublayer(try Self.layer(sub, names: &names, animations: &animations)) }
        }
        return layer
    }
}

extension GoldenFields {
    /// A list of constraint objects (`attribute`, `sourceName`, `sourceAttribute`, `scale`, `offset`).
    public func constraints(_ key: String) throws -> [LayoutConstraint] {
        guard case .array(let items) = try value(key) else { throw GoldenFormatError("'\(key)' is not an array") }
        return try items.map { item in
            let c = try GoldenFields(item)
            return LayoutConstraint(
                attribute: try c.constraintAttribute("attribute"), relativeTo: try c.string("sourceName"),
                attribute: try c.constraintAttribute("sourceAttribute"),
                scale: CGFloat(try c.number("scale")), offset: CGFloat(try c.number("offset")))
        }
    }

    /// `"MinX"` … `"Height"`.
    public func constraintAttribute(_ key: String) throws -> ConstraintAttribute {
        let names: [String: ConstraintAttribute] = [
            "MinX": .minX, "MidX": .midX, "MaxX": .maxX, "Width": .width,
            "MinY": .minY, "MidY": .midY, "MaxY": .maxY, "Height": .height
        ]
        guard let attribute = names[try string(key)] else { throw GoldenFormatError("'\(key)' is not a constraint attribute") }
        return attribute
    }

    /// `[w, h]`.
    public func size(_ key: String) throws -> CGSize {
        let v = try numbers(key, count: 2)
        return CGSize(width: v[0], height: v[1])
    }

    public func bool(_ key: String) throws -> Bool {
        guard case .bool(let b) = try value(key) else { throw GoldenFormatError("'\(key)' is not a boolean") }
        return b
    }
}
