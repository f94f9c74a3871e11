@_spi(Benchmarks) import CAMath

/// One batch operation, described once: how to build its inputs from a ``CatalogueSource`` (seeded or
/// fuzzed) and its fixed adversarial inputs, each as a ``CatalogueCase`` that holds the reference, the call and
/// the contract. ``BatchCatalogue/entries`` lists them; the tests, the fuzz targets and camath-bench's
/// correctness column all check through them.
@_spi(Benchmarks) public struct CatalogueEntry: Sendable, CustomStringConvertible {
    /// What the entry checks, e.g. `concat many-by-one`.
    public let name: String
    /// The operation whose contract applies.
    public let operation: BatchOperation
    /// The kernel table entry that does its work ("concat", "map_points2_planes", …: the C list
    /// CAMATH_KERNEL_ENTRIES), which the tests' logs name.
    public let kernel: String
    /// Whether the entry checks a planes form (structure of arrays), which `.blas` refuses.
    public var isPlanes: Bool { name.hasSuffix(" (planes)") }
    private let generate: @Sendable (inout any CatalogueSource, Int) -> CatalogueCase
    private let adversarialCases: @Sendable () -> [CatalogueCase]

    init(
        _ name: String, _ operation: BatchOperation, kernel: String,
        generate: @escaping @Sendable (inout any CatalogueSource, Int) -> CatalogueCase,
        adversarial: @escaping @Sendable () -> [CatalogueCase]
    ) {
        self.name = name
        self.operation = operation
        self.kernel = kernel
        self.generate = generate
        self.adversarialCases = adversarial
    }

    /// A case of `count` elements drawn from `source`.
    public func generated(count: Int, from source: inout any CatalogueSource) -> CatalogueCase {
        generate(&source, max(0, count))
    }

    /// A case of `count` elements from a ``SeededSource`` of `seed`.
    public func seeded(count: Int, seed: UInt64) -> CatalogueCase {
        var source: any CatalogueSource = SeededSource(seed: seed)
        return generated(count: count, from: &source)
    }

    /// The fixed adversarial cases: special values in every position, singular and extreme matrices,
    /// overflowing rows, gimbal lock, degenerate layers and the like (the same every run).
    public func adversarial() -> [CatalogueCase] { adversarialCases() }

    public var description: String { name }
}
