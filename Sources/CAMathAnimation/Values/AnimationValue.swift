import CAMathCore
import CAMathLayer
import Foundation

/// A value an animation interpolates, with the arithmetic of <doc:AnimationValues>: numbers, points,
/// sizes and rects per component; transforms by blend and concatenation; value-function arguments
/// (`[x, y, z]`) per component; flags (`isHidden`, `masksToBounds`) discretely, without arithmetic.
public enum AnimationValue: Sendable, Equatable {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    indirect case transform(Transform3D)
    /// The arguments of a value function, per component.
    case vector([Double])
    /// A flag (`hidden`, `masksToBounds`): interpolated discretely (the first value below progress 0.5), with
    /// no sum, difference, multiple or distance.
    case flag(Bool)

    /// The value of what a Swift user passes as `fromValue`, `values`, …: a `Transform3D` (or an `NSValue`
    /// holding one); a `Bool`; a number (`CGFloat`, `Double`, `Float`, `Int`, `NSNumber`); a `CGPoint`, `CGSize`
    /// or `CGRect` (or an `NSValue` holding one); an array of numbers. Anything else `nil`. O(1) (arrays:
    /// O(count)).
    public init?(_ value: Any?) {
        if let value, type(of: value) == Bool.self, let b = value as? Bool {
            self = .flag(b)
        } else if let t = KeyValue.transform(value) {
            self = .transform(t)
        } else if let x = KeyValue.number(value) {
            self = .number(x)
        } else if let p = KeyValue.point(value) {
            self = .point(p)
        } else if let s = KeyValue.size(value) {
            self = .size(s)
        } else if let r = KeyValue.rect(value) {
            self = .rect(r)
        } else if let a = value as? [Any] {
            var numbers: [Double] = []
            for element in a {
                guard let x = KeyValue.number(element) else { return nil }
                numbers.append(x)
            }
            self = .vector(numbers)
        } else {
            return nil
        }
    }

    /// The value as key-value coding gives it: `CGFloat`, `CGPoint`, `CGSize`, `CGRect`, `Transform3D`,
    /// `[CGFloat]` or `Bool`.
    public var anyValue: Any {
        switch self {
        case .number(let x): CGFloat(x)
        case .point(let p): p
        case .size(let s): s
        case .rect(let r): r
        case .transform(let t): t
        case .vector(let v): v.map { CGFloat($0) }
        case .flag(let b): b
        }
    }

    /// The components of a number, point, size, rect or vector, in order (x, y, width, height); `nil`
    /// for a transform and a flag (no arithmetic).
    package var components: [Double]? {
        if case .vector(let v) = self { return v }
        guard let count = componentCount else { return nil }
        var rows: [Double] = []
        rows.reserveCapacity(count)
        appendComponents(to: &rows)
        return rows
    }

    /// How many components ``components`` has (`nil` for a transform or a flag), without making the array. O(1).
    package var componentCount: Int? {
        switch self {
        case .number: 1
        case .point, .size: 2
        case .rect: 4
        case .vector(let v): v.count
        case .transform, .flag: nil
        }
    }

    /// Appends ``components`` to `rows` (nothing for a transform or a flag), without making the array. O(count).
    package func appendComponents(to rows: inout [Double]) {
        switch self {
        case .number(let x): rows.append(x)
        case .point(let p): rows.append(Double(p.x)); rows.append(Double(p.y))
        case .size(let s): rows.append(Double(s.width)); rows.append(Double(s.height))
        case .rect(let r):
            rows.append(Double(r.origin.x)); rows.append(Double(r.origin.y))
            rows.append(Double(r.size.width)); rows.append(Double(r.size.height))
        case .vector(let v): rows.append(contentsOf: v)
        case .transform, .flag: break
        }
    }

    /// The same kind as `self` with other components (their count is the kind's).
    package func with(_ c: [Double]) -> AnimationValue {
        switch self {
        case .number: .number(c[0])
        case .point: .point(CGPoint(x: c[0], y: c[1]))
        case .size: .size(CGSize(width: c[0], height: c[1]))
        case .rect: .rect(CGRect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .vector: .vector(c)
        case .transform, .flag: self
        }
    }

    /// Whether the two are the same kind (vectors of one length).
    package func isSameKind(as other: AnimationValue) -> Bool {
        // Case by case: a switch over the pair copied both values into a tuple first.
        switch self {
        case .number: if case .number = other { true } else { false }
        case .point: if case .point = other { true } else { false }
        case .size: if case .size = other { true } else { false }
        case .rect: if case .rect = other { true } else { false }
        case .transform: if case .transform = other { true } else { false }
        case .flag: if case .flag = other { true } else { false }
        case .vector(let a): if case .vector(let b) = other { a.count == b.count } else { false }
        }
    }

    /// Per component `f(a_i, b_i)`, or `nil` for different kinds.
    private func zip(_ other: AnimationValue, _ f: (Double, Double) -> Double) -> AnimationValue? {
        guard isSameKind(as: other), let a = components, let b = other.components else { return nil }
        return with((0..<a.count).map { f(a[$0], b[$0]) })
    }

    /// lerp(self, to, f): `a + (b − a)·f` per component; transforms by blend (2-D decomposition when both
    /// are affine, 3-D otherwise); flags discretely (`self` for f < 0.5, else `other`). `nil` for different
    /// kinds. O(1) (a transform: two decompositions).
    public func interpolated(to other: AnimationValue, fraction f: Double) -> AnimationValue? {
        if case .transform(let a) = self, case .transform(let b) = other { return .transform(a.interpolated(to: b, fraction: f)) }
        if case .flag = self, case .flag = other { return f < 0.5 ? self : other }
        return zip(other) { a, b in Self.lerp(a, b, f) }
    }

    /// One component's lerp: `a + (b − a)·f`, rounded after each operation (no fused multiply-add).
    @inlinable package static func lerp(_ a: Double, _ b: Double, _ f: Double) -> Double { a + (b - a) * f }

    /// self ⊕ other: `a + b` per component; for transforms Concat(other, self) (the added value acts on
    /// points first). `nil` for different kinds. O(1).
    public func adding(_ other: AnimationValue) -> AnimationValue? {
        if case .transform(let a) = self, case .transform(let b) = other { return .transform(b.concatenating(a)) }
        return zip(other) { a, b in a + b }
    }

    /// self ⊖ other: `a − b` per component; for transforms Concat(Invert(other), self), `nil` when other
    /// is singular. `nil` for different kinds. O(1).
    public func subtracting(_ other: AnimationValue) -> AnimationValue? {
        if case .transform(let a) = self, case .transform(let b) = other {
            guard let inverse = b.invertedIfPossible() else { return nil }
            return .transform(inverse.concatenating(a))
        }
        return zip(other) { a, b in a - b }
    }

    /// k ⊗ self for a whole k ≥ 0: `Double(k)·a` per component; for a transform the power a^k with
    /// a⁰ = identity and a^k = Concat(a, a^(k−1)). Other k: numbers take `Double(k)·a` as IEEE gives it
    /// (k = +∞, a cycle index past the largest double, gives ±∞ or NaN); a transform gives the identity
    /// for k NaN or ≤ 0 and the matrix of NaNs for k = +∞ (its powers have no limit in general); a
    /// fractional k > 1024 is rounded down. Cost: O(1); a transform O(k)
    /// concatenations up to k = 1024, then binary powering (O(log k) ≤ 1 024 squarings, rounded
    /// differently, documented in <doc:AnimationValues>).
    public func repeated(_ k: Double) -> AnimationValue {
        switch self {
        case .transform(let a):
            return .transform(Self.power(a, k))
        case .flag:
            return self
        default:
            return with(components!.map { Double(k) * $0 })
        }
    }

    static func power(_ a: Transform3D, _ k: Double) -> Transform3D {
        guard k > 0 else { return .identity }
        guard k.isFinite else { return Transform3D(elements: repeatElement(.nan, count: 16))! }
        if k <= 1024 {
            var p = Transform3D.identity
            for _ in 0..<Int(k) { p = a.concatenating(p) }
            return p
        }
        var result = Transform3D.identity, base = a, n = k.rounded(.down)
        while n > 0 {
            if (n / 2).rounded(.down) * 2 != n { result = base.concatenating(result) }
            base = base.concatenating(base)
            n = (n / 2).rounded(.down)
        }
        return result
    }

    /// The paced-mode distance: |b − a| for numbers, √(dx² + dy²) for points and sizes,
    /// √(((dx² + dy²) + dw²) + dh²) for rects, Euclidean for vectors; `nil` for transforms and for
    /// different kinds. O(1).
    public func distance(to other: AnimationValue) -> Double? {
        guard isSameKind(as: other), let a = components, let b = other.components else { return nil }
        if a.count == 1 { return abs(b[0] - a[0]) }
        var sum = 0.0
        for i in 0..<a.count {
            let d = b[i] - a[i]
            sum = sum + d * d
        }
        return sum.squareRoot()
    }

    /// The additive identity of this kind: 0, the zero point, size or rect, zeros, the identity matrix, or
    /// `false` for a flag (which has no sum: an additive flag animation has no effect).
    public var additiveIdentity: AnimationValue {
        switch self {
        case .transform: .transform(.identity)
        case .flag: .flag(false)
        default: with([Double](repeating: 0, count: components!.count))
        }
    }
}
