import Foundation

/// The constraint layout manager — `CAConstraintLayoutManager` (the name `CAMathQuartzCore` gives it): it
/// positions each sublayer from its ``Layer/constraints`` relative to the superlayer's bounds and to
/// siblings' frames. The rules, and the measured cases they come from: <doc:LayoutRules>.
public final class ConstraintLayoutManager: LayoutManager {
    /// A manager; it keeps no state, so one can serve every layer.
    public init() {}

    /// Lays out `layer`'s sublayers by their constraints:
    /// 1. a constraint's source is `"superlayer"` (`layer`'s **bounds**, origin included) or a sibling by
    ///    name (of two with one name, the later; never the constrained layer itself), read through its frame;
    ///    a name nothing else has, or a sibling with no constraint on the source attribute's axis, drops the
    ///    constraint; a sibling constrained on that axis but not yet laid out on it makes it wait;
    /// 2. passes over the sublayers in order, x then y, solve every (sublayer, axis) that waits for
    ///    nothing, until a pass solves nothing; what still waits (a cycle) is left as it was;
    /// 3. one kept constraint moves the layer (min, mid or max edge to the value; size alone changes
    ///    nothing); with more, the last one pairs with the lowest-ranked of the others and the pair fixes
    ///    origin and size (two on one edge change nothing); the frame is written with `setFrame`.
    ///
    /// Never traps: unknown names, self references and cycles are dropped or left. Cost: O(passes ×
    /// constrained axes × constraints × sublayers).
    public func layoutSublayers(of layer: Layer) {
        let sublayers = layer.sublayers ?? []
        let superBounds = layer.bounds
        var solved: [ObjectIdentifier: [Bool]] = [:]
        func constraints(of l: Layer, horizontal: Bool) -> [LayoutConstraint] {
            (l.constraints ?? []).filter { $0.attribute.isHorizontal == horizontal }
        }
        func source(named name: String, for l: Layer) -> Layer? {
            sublayers.last { $0 !== l && $0.name == name }
        }
        var progress = true
        while progress {
            progress = false
            for l in sublayers {
                for horizontal in [true, false] {
                    let own = constraints(of: l, horizontal: horizontal)
                    let axis = horizontal ? 0 : 1
                    if own.isEmpty || solved[ObjectIdentifier(l)]?[axis] == true { continue }
                    var kept: [(LayoutConstraint, Double)] = []
                    var waits = false
                    for c in own {
                        if c.sourceName == "superlayer" {
                            kept.append((c, c.value(from: c.sourceAttribute.value(in: superBounds))))
                            continue
                        }
                        guard let s = source(named: c.sourceName, for: l),
                            !constraints(of: s, horizontal: c.sourceAttribute.isHorizontal).isEmpty
                        else { continue }
                        guard solved[ObjectIdentifier(s)]?[c.sourceAttribute.isHorizontal ? 0 : 1] == true else { waits = true; break }
                        kept.append((c, c.value(from: c.sourceAttribute.value(in: s.frame))))
                    }
                    if waits { continue }
                    Self.solve(l, horizontal: horizontal, kept)
                    solved[ObjectIdentifier(l), default: [false, false]][axis] = true
                    progress = true
                }
            }
        }
    }

    /// Writes `l`'s frame on one axis from the kept constraints and their values (rule 3).
    static func solve(_ l: Layer, horizontal: Bool, _ kept: [(LayoutConstraint, Double)]) {
        guard let last = kept.last else { return }
        let frame = l.frame
        var origin = Double(horizontal ? frame.origin.x : frame.origin.y)
        var size = Double(horizontal ? frame.size.width : frame.size.height)
        if kept.count == 1 {
            switch last.0.attribute.rank {
            case 0: origin = last.1
            case 1: origin = last.1 - size * 0.5
            case 2: origin = last.1 - size
            default: return
            }
        } else {
            let partner = kept.dropLast().min { $0.0.attribute.rank < $1.0.attribute.rank }!
            let (a, b) = partner.0.attribute.rank < last.0.attribute.rank ? (partner, last) : (last, partner)
            let (low, high) = (a.0.attribute.rank, b.0.attribute.rank)
            if low == high { return }
            switch (low, high) {
            case (0, 1): origin = a.1; size = 2 * (b.1 - a.1)
            case (0, 2): origin = a.1; size = b.1 - a.1
            case (0, 3): origin = a.1; size = b.1
            case (1, 2): size = 2 * (b.1 - a.1); origin = b.1 - size
            case (1, 3): size = b.1; origin = a.1 - size * 0.5
            default: size = b.1; origin = a.1 - size
            }
        }
        var r = frame
        if horizontal {
            r.origin.x = CGFloat(origin); r.size.width = CGFloat(size)
        } else {
            r.origin.y = CGFloat(origin); r.size.height = CGFloat(size)
        }
        l.frame = r
    }
}
