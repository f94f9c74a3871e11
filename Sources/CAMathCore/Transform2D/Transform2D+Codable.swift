extension Transform2D: Codable {
    /// Encodes the six elements as one unkeyed list `[a, b, c, d, tx, ty]`, the form Apple's
    /// `CGAffineTransform` uses, so archives move between the platforms. Non-finite elements go to the
    /// encoder as they are (a JSON encoder refuses them unless told how to write them). O(1).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(a)
        try container.encode(b)
        try container.encode(c)
        try container.encode(d)
        try container.encode(tx)
        try container.encode(ty)
    }

    /// Decodes `[a, b, c, d, tx, ty]`. A shorter list or a non-number throws `DecodingError`; elements
    /// after the sixth are not read. O(1).
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init(
            a: try container.decode(Double.self), b: try container.decode(Double.self),
            c: try container.decode(Double.self), d: try container.decode(Double.self),
            tx: try container.decode(Double.self), ty: try container.decode(Double.self))
    }
}
