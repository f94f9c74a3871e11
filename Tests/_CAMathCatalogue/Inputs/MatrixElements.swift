import CAMath

extension Transform3D {
    /// The value of element `index` (storage order) replaced by `value`.
    public func replacing(_ index: Int, with value: Double) -> Transform3D {
        var e = elements
        e[index] = value
        return Transform3D(elements: e)!
    }
}

extension Transform2D {
    /// The six elements `a, b, c, d, tx, ty`.
    public var elements: [Double] { [a, b, c, d, tx, ty] }

    /// Builds a transform from six elements.
    public init(elements e: [Double]) {
        self.init(a: e[0], b: e[1], c: e[2], d: e[3], tx: e[4], ty: e[5])
    }
}
