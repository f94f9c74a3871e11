import CAMathCore
import Foundation

// CALayer-shaped key-value coding: the rules behind Layer's open `value(forKey:)`, `setValue(_:forKey:)`,
// `value(forKeyPath:)` and `setValue(_:forKeyPath:)`. Nothing here throws or traps: an unknown field, a
// value of the wrong type or `nil` for a property reads `nil` or leaves the layer unchanged.

extension Layer {
    /// Writes a number to a key path: `layer.setValue(.pi, forKeyPath: "transform.rotation.z")` (the
    /// `CGFloat` overload gives `.pi` its type; the value goes to ``setValue(_:forKeyPath:)-(Any?,_)``).
    public func setValue(_ number: CGFloat, forKeyPath keyPath: String) {
        setValue(number as Any?, forKeyPath: keyPath)
    }

    func keyValue(forKey key: String) -> Any? {
        if let property = LayerProperty(rawValue: key) { return value(of: property) }
        return customValues[key] ?? type(of: self).defaultValue(forKey: key)
    }

    func setKeyValue(_ value: Any?, forKey key: String) {
        guard let property = LayerProperty(rawValue: key) else {
            customValues[key] = value
            return
        }
        set(property, to: value)
    }

    func keyValue(forKeyPath keyPath: String) -> Any? {
        guard let dot = keyPath.firstIndex(of: ".") else { return keyValue(forKey: keyPath) }
        let head = String(keyPath[..<dot]), rest = String(keyPath[keyPath.index(after: dot)...])
        switch LayerProperty(rawValue: head) {
        case .transform?, .sublayerTransform?:
            guard case let result? = try? transformValue(forKeyPath: keyPath) else { return nil }
            return result.anyValue
        case let property?:
            return LayerField.value(of: value(of: property), at: rest)
        case nil:
            if let layer = customValues[head] as? Layer { return layer.value(forKeyPath: rest) }
            return customValues[keyPath]
        }
    }

    func setKeyValue(_ value: Any?, forKeyPath keyPath: String) {
        guard let dot = keyPath.firstIndex(of: ".") else { return setKeyValue(value, forKey: keyPath) }
        let head = String(keyPath[..<dot]), rest = String(keyPath[keyPath.index(after: dot)...])
        switch LayerProperty(rawValue: head) {
        case .transform?, .sublayerTransform?:
            guard let typed = TransformKeyPathValue(keyValue: value) else { return }
            try? setTransformValue(typed, forKeyPath: keyPath)
        case let property?:
            guard let updated = LayerField.setting(self.value(of: property), at: rest, to: value) else { return }
            set(property, to: updated)
        case nil:
            if let layer = customValues[head] as? Layer { return layer.setValue(value, forKeyPath: rest) }
            customValues[keyPath] = value
        }
    }

    private func value(of property: LayerProperty) -> Any? {
        switch property {
        case .bounds: bounds
        case .position: position
        case .anchorPoint: anchorPoint
        case .anchorPointZ: anchorPointZ
        case .zPosition: zPosition
        case .transform: transform
        case .sublayerTransform: sublayerTransform
        case .frame: frame
        case .opacity: opacity
        case .hidden: isHidden
        case .masksToBounds: masksToBounds
        case .geometryFlipped: isGeometryFlipped
        case .name: name
        case .sublayers: sublayers
        case .superlayer: superlayer
        case .autoresizingMask: autoresizingMask.rawValue
        }
    }

    private func set(_ property: LayerProperty, to value: Any?) {
        switch property {
        case .bounds: if let r = KeyValue.rect(value) { bounds = r }
        case .position: if let p = KeyValue.point(value) { position = p }
        case .anchorPoint: if let p = KeyValue.point(value) { anchorPoint = p }
        case .anchorPointZ: if let x = KeyValue.number(value) { anchorPointZ = CGFloat(x) }
        case .zPosition: if let x = KeyValue.number(value) { zPosition = CGFloat(x) }
        case .transform: if let t = KeyValue.transform(value) { transform = t }
        case .sublayerTransform: if let t = KeyValue.transform(value) { sublayerTransform = t }
        case .frame: if let r = KeyValue.rect(value) { frame = r }
        case .opacity: if let x = KeyValue.number(value) { opacity = Float(x) }
        case .hidden: if let b = KeyValue.flag(value) { isHidden = b }
        case .masksToBounds: if let b = KeyValue.flag(value) { masksToBounds = b }
        case .geometryFlipped: if let b = KeyValue.flag(value) { isGeometryFlipped = b }
        case .name:
            if value == nil { name = nil } else if let s = value as? String { name = s }
        case .sublayers:
            if value == nil { sublayers = nil } else if let layers = value as? [Layer] { sublayers = layers }
        case .superlayer: return
        case .autoresizingMask:
            if let x = KeyValue.number(value), let bits = UInt32(exactly: x) { autoresizingMask = AutoresizingMask(rawValue: bits) }
        }
    }
}

/// The keys of `CALayer`'s properties that ``Layer`` models (Objective-C names: `hidden`, not `isHidden`).
enum LayerProperty: String {
    case bounds, position, anchorPoint, anchorPointZ, zPosition, transform, sublayerTransform, frame
    case opacity, hidden, masksToBounds, geometryFlipped, name, sublayers, superlayer, autoresizingMask
}

/// The fields of CG values that key paths reach: `x`, `y` of a point; `width`, `height` of a size;
/// `origin`, `size` (and their fields) of a rect, as Core Animation's key-value coding extensions name them.
enum LayerField {
    /// The field at `path` of `value`, or `nil` when the value has no such field.
    static func value(of value: Any?, at path: String) -> Any? {
        switch value {
        case let p as CGPoint:
            switch path {
            case "x": p.x;
            case "y": p.y;
            default: nil
            }
        case let s as CGSize:
            switch path {
            case "width": s.width;
            case "height": s.height;
            default: nil
            }
        case let r as CGRect:
            switch path {
            case "origin": r.origin
            case "size": r.size
            default:
                if path.hasPrefix("origin.") {
                    Self.value(of: r.origin, at: String(path.dropFirst(7)))
                } else if path.hasPrefix("size.") {
                    Self.value(of: r.size, at: String(path.dropFirst(5)))
                } else {
                    nil
                }
            }
        default: nil
        }
    }

    /// `value` with the field at `path` replaced by `new`, or `nil` when there is no such field or `new`
    /// has the wrong type.
    static func setting(_ value: Any?, at path: String, to new: Any?) -> Any? {
        switch value {
        case var p as CGPoint:
            guard let x = KeyValue.number(new) else { return nil }
            switch path {
            case "x": p.x = CGFloat(x);
            case "y": p.y = CGFloat(x);
            default: return nil
            }
            return p
        case var s as CGSize:
            guard let x = KeyValue.number(new) else { return nil }
            switch path {
            case "width": s.width = CGFloat(x);
            case "height": s.height = CGFloat(x);
            default: return nil
            }
            return s
        case var r as CGRect:
            switch path {
            case "origin": guard let p = KeyValue.point(new) else { return nil }; r.origin = p
            case "size": guard let s = KeyValue.size(new) else { return nil }; r.size = s
            default:
                if path.hasPrefix("origin."), let p = setting(r.origin, at: String(path.dropFirst(7)), to: new) as? CGPoint {
                    r.origin = p
                } else if path.hasPrefix("size."), let s = setting(r.size, at: String(path.dropFirst(5)), to: new) as? CGSize {
                    r.size = s
                } else {
                    return nil
                }
            }
            return r
        default: return nil
        }
    }
}

/// Reading the values a Swift user passes to key-value coding.
package enum KeyValue {
    /// Any binary floating-point or integer value (`CGFloat`, `Double`, `Float`, `Int`, …) or an `NSNumber` as a
    /// `Double`; anything else `nil`.
    package static func number(_ value: Any?) -> Double? {
        switch value {
        case let x as Double: x
        case let x as CGFloat: Double(x)
        case let x as Float: Double(x)
        case let x as Int: Double(x)
        case let x as any BinaryFloatingPoint: Double(x)
        case let x as any BinaryInteger: Double(x)
        case let x as NSNumber: x.doubleValue
        default: nil
        }
    }

    /// A `Bool`, or an `NSNumber`/`Int` (non-zero is `true`).
    package static func flag(_ value: Any?) -> Bool? {
        switch value {
        case let b as Bool: b
        case let x as Int: x != 0
        case let x as NSNumber: x.boolValue
        default: nil
        }
    }

    /// A `CGPoint`, or an `NSValue` holding one.
    package static func point(_ value: Any?) -> CGPoint? {
        if let p = value as? CGPoint { return p }
        guard let v = value as? NSValue, objCType(of: v) == "{CGPoint=dd}" else { return nil }
        return v.pointValue
    }

    /// A `CGSize`, or an `NSValue` holding one.
    package static func size(_ value: Any?) -> CGSize? {
        if let s = value as? CGSize { return s }
        guard let v = value as? NSValue, objCType(of: v) == "{CGSize=dd}" else { return nil }
        return v.sizeValue
    }

    /// A `CGRect`, or an `NSValue` holding one.
    package static func rect(_ value: Any?) -> CGRect? {
        if let r = value as? CGRect { return r }
        guard let v = value as? NSValue, objCType(of: v) == "{CGRect={CGPoint=dd}{CGSize=dd}}" else { return nil }
        return v.rectValue
    }

    /// A `Transform3D`, or an `NSValue` holding one (`NSValue(transform3D:)`).
    package static func transform(_ value: Any?) -> Transform3D? {
        if let t = value as? Transform3D { return t }
        return (value as? NSValue)?.transform3DValue
    }

    private static func objCType(of value: NSValue) -> String {
        String(cString: value.objCType)
    }
}

extension TransformKeyPathValue {
    /// The typed value of what a Swift user passes to key-value coding, as ``Layer/setValue(_:forKeyPath:)-(Any?,_)``
    /// reads it for a transform key path: a `Transform3D` (or an `NSValue` holding one); a number (`CGFloat`,
    /// `Double`, `Float`, `Int` or `NSNumber`); a size (`CGSize`, or an `NSValue` holding one); anything else `nil`. O(1).
    public init?(keyValue value: Any?) {
        if let t = KeyValue.transform(value) {
            self = .transform(t)
        } else if let x = KeyValue.number(value) {
            self = .number(x)
        } else if let s = KeyValue.size(value) {
            self = .size(width: Double(s.width), height: Double(s.height))
        } else {
            return nil
        }
    }

    /// The value as key-value coding returns it: `CGFloat`, `CGSize` or `Transform3D`.
    var anyValue: Any {
        switch self {
        case .number(let x): CGFloat(x)
        case .size(let w, let h): CGSize(width: w, height: h)
        case .transform(let t): t
        }
    }
}
