import CAMathLayer
import Foundation

/// A transition between a layer's states — `CATransition` — as a timed animation only: CAMath renders nothing,
/// so a transition changes no presentation value. It has media timing, a timing function, a delegate and a
/// lifecycle like any animation, and answers its progress (<doc:TransactionsAndActions>).
open class TransitionAnimation: LayerAnimation {
    /// The kind of transition — `CATransitionType`.
    public struct Kind: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let fade = Kind(rawValue: "fade")
        public static let moveIn = Kind(rawValue: "moveIn")
        public static let push = Kind(rawValue: "push")
        public static let reveal = Kind(rawValue: "reveal")
    }

    /// The direction of a transition — `CATransitionSubtype`.
    public struct Direction: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let fromRight = Direction(rawValue: "fromRight")
        public static let fromLeft = Direction(rawValue: "fromLeft")
        public static let fromTop = Direction(rawValue: "fromTop")
        public static let fromBottom = Direction(rawValue: "fromBottom")
    }

    /// The kind (default `.fade`).
    public var type: Kind = .fade
    /// The direction (default `nil`).
    public var subtype: Direction?
    /// Where the transition starts, in [0, 1] (default 0); a value outside, or NaN, is ignored.
    public var startProgress: Float = 0 { didSet { if !(0...1).contains(startProgress) { startProgress = oldValue } } }
    /// Where it ends, in [0, 1] (default 1); a value outside, or NaN, is ignored.
    public var endProgress: Float = 1 { didSet { if !(0...1).contains(endProgress) { endProgress = oldValue } } }
    /// A filter object, stored and never read (CAMath has no filters).
    public var filter: Any?

    public override init() { super.init() }

    public required init(copying other: LayerAnimation) {
        if let o = other as? TransitionAnimation {
            type = o.type; subtype = o.subtype; startProgress = o.startProgress; endProgress = o.endProgress; filter = o.filter
        }
        super.init(copying: other)
    }

    /// The transition's progress at parent time `p`: startProgress + (endProgress − startProgress)·f, with f the
    /// timing function of the animation's progress; `nil` when it does not contribute there (<doc:MediaTimingModel>).
    /// O(1).
    public func progress(atParentTime p: Double) -> Double? {
        let evaluation = evaluation(at: p, isGroupChild: false)
        guard evaluation.contributes else { return nil }
        let f = valueProgress(evaluation)
        guard !f.isNaN else { return nil }
        return Double(startProgress) + (Double(endProgress) - Double(startProgress)) * f
    }
}
