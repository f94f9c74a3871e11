@_spi(Benchmarks) import CAMath

/// Every batch operation of CAMathBatch, CAMathLayerBatch and CAMathAnimationBatch, described once
/// (``CatalogueEntry``). The one parameterised test (`CatalogueTests`), the fuzz targets `fuzz-batch`,
/// `fuzz-decomposition` and `fuzz-animations` and camath-bench's correctness column run these entries.
@_spi(Benchmarks) public enum BatchCatalogue {
    /// The entries: transforms, layer trees, animations.
    public static let entries: [CatalogueEntry] = transformEntries + layerEntries + animationEntries

    /// The entry named `name`.
    public static func entry(_ name: String) -> CatalogueEntry? { entries.first { $0.name == name } }

    /// The entries whose contract is `operation`'s.
    public static func entries(for operation: BatchOperation) -> [CatalogueEntry] {
        entries.filter { $0.operation == operation }
    }

    /// `values` twice: what a call gives through its array form, then in place.
    static func twice(_ values: [Double]) -> [Double] { values + values }

    /// Masks as 0 and 1.
    static func mask(_ flags: [Bool]) -> [Double] { flags.map { $0 ? 1 : 0 } }

    /// `values` after `body` ran over them in place (output buffer = input buffer).
    static func inPlace<T>(_ values: [T], _ body: (UnsafeMutableBufferPointer<T>) throws(BatchError) -> Void) throws(BatchError) -> [T] {
        var copy = values
        try copy.withUnsafeMutableBufferPointer { (p: inout UnsafeMutableBufferPointer<T>) throws(BatchError) in try body(p) }
        return copy
    }

    /// `count` values from `make`.
    static func draw<T>(
        _ count: Int, _ source: inout any CatalogueSource,
        _ make: (inout any CatalogueSource) -> T
    ) -> [T] {
        (0..<count).map { _ in make(&source) }
    }
}
