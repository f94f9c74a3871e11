import CAMathCore
import CAMathLayer
import Foundation

/// Where an animation's value goes: a layer property and a part of it, parsed from a key path
/// (<doc:AnimationValues>): `position`, `position.x`, `bounds.size.width`, `opacity`, `transform`,
/// `transform.rotation.z`, `sublayerTransform.scale`, `hidden`, `masksToBounds`, …
public struct AnimatedKeyPath: Sendable, Equatable {
    /// The animatable layer properties (flags by their Objective-C keys: `hidden` is `isHidden`).
    public enum Property: String, Sendable, CaseIterable {
        case position, bounds, anchorPoint, anchorPointZ, zPosition, opacity, transform, sublayerTransform
        case hidden, masksToBounds
    }

    /// The part of the property the value replaces.
    public enum Part: Sendable, Equatable {
        /// The whole property.
        case whole
        /// A field of a point, size or rect (`x`, `size.width`, `origin`, …), interpolated as its own value.
        case field(String)
        /// A transform key path, read and written through the matrix's decomposition.
        case transform(TransformKeyPath)
    }

    public let property: Property
    public let part: Part

    static let fields: [Property: Set<String>] = [
        .position: ["x", "y"], .anchorPoint: ["x", "y"],
        .bounds: ["origin", "size", "origin.x", "origin.y", "size.width", "size.height"]
    ]

    /// `part` of `property`.
    public init(property: Property, part: Part = .whole) {
        self.property = property
        self.part = part
    }

    /// The key path's property and part, or `nil` for a key path that animates nothing. O(length).
    public init?(_ keyPath: String) {
        if let property = Property(rawValue: keyPath) {
            self.init(property: property)
            return
        }
        let head = keyPath.split(separator: ".", maxSplits: 1)
        guard head.count == 2, let property = Property(rawValue: String(head[0])) else { return nil }
        let rest = String(head[1])
        if property == .transform || property == .sublayerTransform {
            guard let kp = try? TransformKeyPath(parsing: rest) else { return nil }
            self.init(property: property, part: .transform(kp))
        } else {
            guard Self.fields[property]?.contains(rest) == true else { return nil }
            self.init(property: property, part: .field(rest))
        }
    }

    /// The property's value on `layer`.
    public func wholeValue(of layer: Layer) -> AnimationValue {
        property.value(in: layer.geometry, opacity: layer.opacity)
    }

    /// Writes the property on `layer`; a value of another kind is ignored.
    public func setWholeValue(_ value: AnimationValue, on layer: Layer) {
        switch (property, value) {
        case (.position, .point(let p)): layer.position = p
        case (.bounds, .rect(let r)): layer.bounds = r
        case (.anchorPoint, .point(let p)): layer.anchorPoint = p
        case (.anchorPointZ, .number(let x)): layer.anchorPointZ = CGFloat(x)
        case (.zPosition, .number(let x)): layer.zPosition = CGFloat(x)
        case (.opacity, .number(let x)): layer.opacity = Float(x)
        case (.transform, .transform(let t)): layer.transform = t
        case (.sublayerTransform, .transform(let t)): layer.sublayerTransform = t
        case (.hidden, .flag(let b)): layer.isHidden = b
        case (.masksToBounds, .flag(let b)): layer.masksToBounds = b
        default: break
        }
    }

    /// The part of `whole` this key path names: the field, or the transform key path's read (an
    /// undecomposable matrix reads 0, or a zero size). `nil` when `whole` is not the property's kind.
    public func read(_ whole: AnimationValue) -> AnimationValue? {
        switch part {
        case .whole:
            return whole
        case .transform(let kp):
            guard case .transform(let t) = whole else { return nil }
            switch t.value(for: kp) {
            case .number(let x): return .number(x)
            case .size(let w, let h): return .size(CGSize(width: w, height: h))
            case .transform(let m): return .transform(m)
            }
        case .field(let path):
            guard let c = whole.components, let i = Self.fieldRange(path, of: whole) else { return nil }
            let slice = Array(c[i])
            switch slice.count {
            case 1: return .number(slice[0])
            default: return path == "size" ? .size(CGSize(width: slice[0], height: slice[1])) : .point(CGPoint(x: slice[0], y: slice[1]))
            }
        }
    }

    /// `whole` with this key path's part replaced by `value` (SPEC's write rule for transform key paths);
    /// `nil` when the kinds do not fit or the matrix cannot take the write (undecomposable, non-finite).
    public func write(_ value: AnimationValue, into whole: AnimationValue) -> AnimationValue? {
        switch part {
        case .whole:
            return whole.isSameKind(as: value) ? value : nil
        case .transform(let kp):
            guard case .transform(let t) = whole else { return nil }
            let keyValue: TransformKeyPathValue
            switch value {
            case .number(let x): keyValue = .number(x)
            case .size(let s): keyValue = .size(width: Double(s.width), height: Double(s.height))
            default: return nil
            }
            guard let written = try? t.setting(kp, to: keyValue) else { return nil }
            return .transform(written)
        case .field(let path):
            guard var c = whole.components, let i = Self.fieldRange(path, of: whole), let v = value.components,
                v.count == i.count, (v.count == 1) == (value.isNumber)
            else { return nil }
            c.replaceSubrange(i, with: v)
            return whole.with(c)
        }
    }

    /// The components a field covers in a point (x, y) or rect (x, y, width, height).
    package static func fieldRange(_ path: String, of whole: AnimationValue) -> Range<Int>? {
        switch (whole, path) {
        case (.point, "x"), (.rect, "origin.x"): 0..<1
        case (.point, "y"), (.rect, "origin.y"): 1..<2
        case (.rect, "size.width"): 2..<3
        case (.rect, "size.height"): 3..<4
        case (.rect, "origin"): 0..<2
        case (.rect, "size"): 2..<4
        default: nil
        }
    }
}

extension AnimationValue {
    var isNumber: Bool { if case .number = self { true } else { false } }
}

extension AnimatedKeyPath.Property {
    /// Whether the property is a flag (`hidden`, `masksToBounds`), animated discretely.
    package var isFlag: Bool { self == .hidden || self == .masksToBounds }

    /// The property's value in a layer's geometry and opacity, as ``AnimatedKeyPath/wholeValue(of:)`` reads it.
    package func value(in g: LayerGeometry, opacity: Float) -> AnimationValue {
        switch self {
        case .position: .point(g.position)
        case .bounds: .rect(g.bounds)
        case .anchorPoint: .point(g.anchorPoint)
        case .anchorPointZ: .number(Double(g.anchorPointZ))
        case .zPosition: .number(Double(g.zPosition))
        case .opacity: .number(Double(opacity))
        case .transform: .transform(g.transform)
        case .sublayerTransform: .transform(g.sublayerTransform)
        case .hidden: .flag(g.isHidden)
        case .masksToBounds: .flag(g.masksToBounds)
        }
    }

    /// Writes `value` into a layer's geometry and opacity as ``AnimatedKeyPath/setWholeValue(_:on:)`` writes it on the
    /// layer (opacity rounded to `Float`); a value of another kind changes nothing.
    package func set(_ value: AnimationValue, in g: inout LayerGeometry, opacity: inout Float) {
        switch (self, value) {
        case (.position, .point(let p)): g.position = p
        case (.bounds, .rect(let r)): g.bounds = r
        case (.anchorPoint, .point(let p)): g.anchorPoint = p
        case (.anchorPointZ, .number(let x)): g.anchorPointZ = CGFloat(x)
        case (.zPosition, .number(let x)): g.zPosition = CGFloat(x)
        case (.opacity, .number(let x)): opacity = Float(x)
        case (.transform, .transform(let t)): g.transform = t
        case (.sublayerTransform, .transform(let t)): g.sublayerTransform = t
        case (.hidden, .flag(let b)): g.isHidden = b
        case (.masksToBounds, .flag(let b)): g.masksToBounds = b
        default: break
        }
    }

    /// `value` as the layer stores it (``AnimatedKeyPath/setWholeValue(_:on:)`` then a read): opacity rounded to
    /// `Float`; `nil` for a value of another kind (which the layer ignores).
    package func stored(_ value: AnimationValue) -> AnimationValue? {
        switch (self, value) {
        case (.opacity, .number(let x)): .number(Double(Float(x)))
        case (.position, .point), (.anchorPoint, .point), (.bounds, .rect), (.anchorPointZ, .number), (.zPosition, .number),
            (.transform, .transform), (.sublayerTransform, .transform), (.hidden, .flag), (.masksToBounds, .flag):
            value
        default: nil
        }
    }
}
