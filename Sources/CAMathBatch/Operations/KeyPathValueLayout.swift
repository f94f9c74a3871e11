import CAMathCore

/// How a `TransformKeyPathValue` lies in memory, so a batch writes a number or a size without copying the whole
/// 129-byte enum: assigning one costs a `memmove` call per element (60 % of a batch key-path read's kernel time,
/// Intel f6m207, AVX-512, N = 1e4). The layout is the payload, then one tag byte; it is found and checked once,
/// on real values (a store over a value of another kind must read back as the value stored), and without it
/// the stores are plain assignments.
struct KeyPathValueLayout {
    let tagOffset: Int, numberTag: UInt8, sizeTag: UInt8

    /// This process's layout, or `nil` when it is not the payload followed by a tag byte.
    static let current: KeyPathValueLayout? = {
        let size = MemoryLayout<TransformKeyPathValue>.size
        guard size == MemoryLayout<Transform3D>.size + 1 else { return nil }
        func tag(_ v: TransformKeyPathValue) -> UInt8 { withUnsafeBytes(of: v) { $0[size - 1] } }
        let layout = KeyPathValueLayout(tagOffset: size - 1, numberTag: tag(.number(0)), sizeTag: tag(.size(width: 0, height: 0)))
        var slot = TransformKeyPathValue.transform(.identity)
        layout.store((isSize: false, a: -2.5, b: 0), to: &slot)
        guard slot == .number(-2.5) else { return nil }
        layout.store((isSize: true, a: 3, b: -4), to: &slot)
        guard slot == .size(width: 3, height: -4) else { return nil }
        return layout
    }()

    /// Writes the number `c.a`, or the size `(c.a, c.b)` where `c.isSize`, at `out` as its payload and tag
    /// (``TransformKeyPath/components(_:stride:_:)``).
    @inline(__always)
    func store(_ c: (isSize: Bool, a: Double, b: Double), to out: UnsafeMutablePointer<TransformKeyPathValue>) {
        let raw = UnsafeMutableRawPointer(out)
        raw.storeBytes(of: c.a, as: Double.self)
        if c.isSize { raw.storeBytes(of: c.b, toByteOffset: 8, as: Double.self) }
        raw.storeBytes(of: c.isSize ? sizeTag : numberTag, toByteOffset: tagOffset, as: UInt8.self)
    }
}
