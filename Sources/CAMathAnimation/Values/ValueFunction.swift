import CAMathCore
import Foundation

/// The names of the value functions (`CAValueFunctionName`).
public struct ValueFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let rotateX = ValueFunctionName("rotateX")
    public static let rotateY = ValueFunctionName("rotateY")
    public static let rotateZ = ValueFunctionName("rotateZ")
    public static let scale = ValueFunctionName("scale")
    public static let scaleX = ValueFunctionName("scaleX")
    public static let scaleY = ValueFunctionName("scaleY")
    public static let scaleZ = ValueFunctionName("scaleZ")
    public static let translate = ValueFunctionName("translate")
    public static let translateX = ValueFunctionName("translateX")
    public static let translateY = ValueFunctionName("translateY")
    public static let translateZ = ValueFunctionName("translateZ")

    static let known: Set<ValueFunctionName> = [
        .rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ,
        .translate, .translateX, .translateY, .translateZ
    ]
}

/// A value function (`CAValueFunction`): it turns the numbers an animation interpolates into the matrix
/// that becomes the presentation transform, so `0 → 2π` on `.rotateZ` turns a layer a full time round
/// (<doc:AnimationValues>). Immutable.
public final class ValueFunction: NSObject, Sendable {
    /// Which function.
    public let name: ValueFunctionName

    /// One of the eleven names; any other (or an empty) name gives `nil`.
    public init?(name: ValueFunctionName) {
        guard ValueFunctionName.known.contains(name) else { return nil }
        self.name = name
        super.init()
    }

    /// Whether the function takes `[x, y, z]` (`.scale`, `.translate`) rather than one number.
    public var takesVector: Bool { name == .scale || name == .translate }

    /// The argument of the identity matrix: 0 for rotations and translations, 1 for scales (`[1, 1, 1]`,
    /// `[0, 0, 0]` for the vector forms). An animation's missing end is this, not the model matrix.
    public var identityArgument: AnimationValue {
        switch name {
        case .scale: .vector([1, 1, 1])
        case .translate: .vector([0, 0, 0])
        case .scaleX, .scaleY, .scaleZ: .number(1)
        default: .number(0)
        }
    }

    /// The matrix for `argument`: MakeRotation(v, axis) for rotations, MakeScale and MakeTranslation for
    /// the others (`[x, y, z]` for `.scale` and `.translate`, one number for the rest). An argument of the
    /// wrong kind gives `nil`; NaN and ±∞ go through the constructors' own rules. Cost: one constructor.
    public func transform(for argument: AnimationValue) -> Transform3D? {
        if takesVector {
            guard case .vector(let v) = argument, v.count == 3 else { return nil }
            return name == .scale ? Transform3D(scaleX: v[0], y: v[1], z: v[2]) : Transform3D(translationX: v[0], y: v[1], z: v[2])
        }
        guard case .number(let v) = argument else { return nil }
        switch name {
        case .rotateX: return Transform3D(rotationAngle: v, x: 1, y: 0, z: 0)
        case .rotateY: return Transform3D(rotationAngle: v, x: 0, y: 1, z: 0)
        case .rotateZ: return Transform3D(rotationAngle: v, x: 0, y: 0, z: 1)
        case .scaleX: return Transform3D(scaleX: v, y: 1, z: 1)
        case .scaleY: return Transform3D(scaleX: 1, y: v, z: 1)
        case .scaleZ: return Transform3D(scaleX: 1, y: 1, z: v)
        case .translateX: return Transform3D(translationX: v, y: 0, z: 0)
        case .translateY: return Transform3D(translationX: 0, y: v, z: 0)
        default: return Transform3D(translationX: 0, y: 0, z: v)
        }
    }
}
