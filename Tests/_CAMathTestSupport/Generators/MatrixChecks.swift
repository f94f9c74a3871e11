import CAMath

extension Transform3D {
    /// The largest absolute element-wise difference.
    public func maxDifference(to other: Transform3D) -> Double {
        zip(elements, other.elements).map { abs($0 - $1) }.max()!
    }

    /// `‖M‖∞`: the largest absolute row sum.
    public var infinityNorm: Double {
        let e = elements
        return (0..<4).map { r in (0..<4).map { abs(e[4 * r + $0]) }.reduce(0, +) }.max()!
    }

    /// `max |mij|`.
    public var maxMagnitude: Double { elements.map(abs).max()! }

    /// The matrix of absolute values.
    public var magnitudes: Transform3D { Transform3D(elements: elements.map(abs))! }

    /// `M − other`, element-wise.
    public func subtracting(_ other: Transform3D) -> Transform3D {
        Transform3D(elements: zip(elements, other.elements).map { $0 - $1 })!
    }
}

/// An independent, loop-based `a·b` in the reference's order (CAMathCore's *Conventions* article, *Composition order*) (differential oracle for ``Transform3D/concatenating(_:)``).
public func loopConcat(_ a: Transform3D, _ b: Transform3D) -> Transform3D {
    let x = a.elements, y = b.elements
    var out = [Double](repeating: 0, count: 16)
    for i in 0..<4 {
        for j in 0..<4 {
            var s = x[4 * i] * y[j]
            for k in 1..<4 { s = s + x[4 * i + k] * y[4 * k + j] }
            out[4 * i + j] = s
        }
    }
    return Transform3D(elements: out)!
}
