import Foundation

/// The attributes a ``LayoutConstraint`` relates — `CAConstraintAttribute`, with Apple's raw values.
public enum ConstraintAttribute: Int32, CaseIterable, Sendable {
    case minX = 0, midX = 1, maxX = 2, width = 3, minY = 4, midY = 5, maxY = 6, height = 7

    /// Whether the attribute is on the horizontal axis.
    public var isHorizontal: Bool { rawValue < 4 }

    /// Min 0, mid 1, max 2, size 3 within its axis.
    var rank: Int { Int(rawValue % 4) }

    /// The attribute's value in `r`: min `x`, mid `x + w·0.5`, max `x + w`, size `w` (y and height on the
    /// vertical axis), from the rect as given. O(1).
    public func value(in r: CGRect) -> Double {
        let origin = Double(isHorizontal ? r.origin.x : r.origin.y), size = Double(isHorizontal ? r.size.width : r.size.height)
        switch rank {
        case 0: return origin
        case 1: return origin + size * 0.5
        case 2: return origin + size
        default: return size
        }
    }
}

/// One relation of the constraint layout manager, `attribute = source.sourceAttribute · scale + offset` —
/// `CAConstraint` (the name `CAMathQuartzCore` gives it). The source is a sibling by its `name`, or the
/// superlayer by the reserved name `"superlayer"`. Immutable, as Apple's.
public final class LayoutConstraint: NSObject {
    /// The attribute of the constrained layer.
    public let attribute: ConstraintAttribute
    /// The sibling's `name`, or `"superlayer"`.
    public let sourceName: String
    /// The attribute of the source it reads.
    public let sourceAttribute: ConstraintAttribute
    /// The factor on the source's value (default 1).
    public let scale: CGFloat
    /// The amount added after scaling (default 0).
    public let offset: CGFloat

    /// `attribute = source.sourceAttribute · scale + offset`.
    public init(
        attribute: ConstraintAttribute, relativeTo sourceName: String,
        attribute sourceAttribute: ConstraintAttribute, scale: CGFloat, offset: CGFloat
    ) {
        self.attribute = attribute
        self.sourceName = sourceName
        self.sourceAttribute = sourceAttribute
        self.scale = scale
        self.offset = offset
        super.init()
    }

    /// `attribute = source.sourceAttribute + offset`.
    public convenience init(
        attribute: ConstraintAttribute, relativeTo sourceName: String,
        attribute sourceAttribute: ConstraintAttribute, offset: CGFloat
    ) {
        self.init(attribute: attribute, relativeTo: sourceName, attribute: sourceAttribute, scale: 1, offset: offset)
    }

    /// `attribute = source.sourceAttribute`.
    public convenience init(
        attribute: ConstraintAttribute, relativeTo sourceName: String,
        attribute sourceAttribute: ConstraintAttribute
    ) {
        self.init(attribute: attribute, relativeTo: sourceName, attribute: sourceAttribute, scale: 1, offset: 0)
    }

    /// The constrained value for a source value: `(source·scale) + offset`. IEEE. O(1).
    func value(from source: Double) -> Double { source * Double(scale) + Double(offset) }
}
