import CAMath
import Foundation

/// Builds `Layer` trees from the layer objects of the golden vectors (README "Layer trees").
public struct GoldenLayers {
    /// The roots, in the order of the case's `roots`.
    public let roots: [Layer]
    /// Every layer by its `name`.
    public let byName: [String: Layer]

    static let keys: Set<String> = ["name", "bounds", "position", "anchorPoint", "anchorPointZ", "zPosition", "transform",
                                    "sublayerTransform", "geometryFlipped", "masksToBounds", "hidden", "sublayers"]

    public init(roots json: GoldenValue) throws {
        guard case .array(let items) = json else { throw GoldenFormatError("'roots' is not an array") }
        var byName: [String: Layer] = [:]
        roots = try items.map { try Self.layer($0, names: &byName) }
        self.byName = byName
    }

    /// A single layer (with its sublayers, if any).
    public static func single(_ json: GoldenValue) throws -> Layer {
        var names: [String: Layer] = [:]
        return try layer(json, names: &names)
    }

    public func named(_ name: String) throws -> Layer {
        guard let layer = byName[name] else { throw GoldenFormatError("no layer named '\(name)'") }
        return layer
    }

    static func layer(_ json: GoldenValue, names: inout [String: Layer]) throws -> Layer {
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
        if has("sublayers") {
            guard case .array(let subs) = try f.value("sublayers") else { throw GoldenFormatError("'sublayers' is not an array") }
            for sub in subs { layer.addSublayer(try Self.layer(sub, names: &names)) }
        }
        return layer
    }
}

extension GoldenFields {
    public func bool(_ key: String) throws -> Bool {
        guard case .bool(let b) = try value(key) else { throw GoldenFormatError("'\(key)' is not a boolean") }
        return b
    }
}
