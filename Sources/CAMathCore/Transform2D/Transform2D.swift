/// A 2-D affine transform with `CGAffineTransform`'s layout: `(a, b, c, d, tx, ty)` is the row-vector
/// matrix `[[a, b, 0], [c, d, 0], [tx, ty, 1]]`, so `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`
/// (<doc:Conventions>, *Rectangles*).
///
/// `t1.concatenating(t2)` applies `t1` first; `translatedBy`, `scaledBy` and `rotated(by:)`
/// pre-multiply (the new operation acts first). Sums are evaluated left to right without fused
/// multiply-add. `==` is exact element-wise (`-0 == +0`, NaN unequal). The default `init()` is all
/// zeros, as for Apple's C struct; use ``identity`` for the identity.
@frozen
public struct Transform2D: Hashable, Sendable {
    /// The linear part `[[a, b], [c, d]]` (row vectors) and the translation `(tx, ty)`.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// Creates a transform from its six elements, stored bit for bit. O(1).
    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The all-zero transform, like the zero-initialised `CGAffineTransform()` on Apple platforms. O(1).
    @inlinable
    public init() {
        self.init(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
    }

    /// The identity `(1, 0, 0, 1, 0, 0)`.
    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// `true` when all six elements equal the identity's exactly (NaN gives `false`). O(1).
    @inlinable
    public var isIdentity: Bool { self == .identity }

    /// `true` when all six elements are finite. O(1).
    @inlinable
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }
}

extension Transform2D: CustomStringConvertible {
    /// `[a, b, c, d, tx, ty]` in Swift's shortest round-trip form.
    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}
