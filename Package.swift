// swift-tools-version: 6.1
import PackageDescription

// The library: its products depend on nothing but the toolchain, carry no unsafeFlags, and this manifest reads
// nothing from the host. The benchmark lab (camath-bench, baselines, package-benchmark suites) is the package
// in Benchmarks/, the libFuzzer targets the package in Fuzz/; both depend on this one by path.
let package = Package(
    name: "CAMath",
    products: [
        .library(name: "CAMath", targets: ["CAMath"]),
        .library(name: "CAMathCore", targets: ["CAMathCore"]),
        .library(name: "CAMathLayer", targets: ["CAMathLayer"]),
        .library(name: "CAMathAnimation", targets: ["CAMathAnimation"]),
        .library(name: "CAMathBatch", targets: ["CAMathBatch"]),
        .library(name: "CAMathLayerBatch", targets: ["CAMathLayerBatch"]),
        .library(name: "CAMathAnimationBatch", targets: ["CAMathAnimationBatch"]),
        .library(name: "CAMathEngine", targets: ["CAMathEngine"]),
        .library(name: "CAMathQuartzCore", targets: ["CAMathQuartzCore"]),
        // Not API: the catalogue of batch operations that the tests, the fuzz targets (Fuzz/) and camath-bench
        // (Benchmarks/) all check through.
        .library(name: "_CAMathCatalogue", targets: ["_CAMathCatalogue"])
    ],
    traits: [
        .trait(
            name: "SIMDe",
            description: """
                The tests also run the AVX2 and AVX-512 intrinsic kernels compiled against SIMDe (Debian's \
                libsimde-dev, which must be installed), on any x86-64. Test-only: no library product changes.
                """)
    ],
    dependencies: [
        // Test and documentation tooling only: no library product depends on them.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0")
    ],
    targets: [
        // The scalar reference (no Foundation), layer geometry, the animation model.
        .target(name: "CAMathCore"),
        .target(name: "CAMathLayer", dependencies: ["CAMathCore"]),
        .target(name: "CAMathAnimation", dependencies: ["CAMathCore", "CAMathLayer"]),
        // Batches, split by what they use: transforms, points, inverses, decomposition, key paths and blends
        // (no Foundation); frames, hit tests and autoresizing of layer trees; animations and presentation.
        .target(name: "_CAMathKernels"),
        .target(name: "CAMathBatch", dependencies: ["CAMathCore", "_CAMathKernels"]),
        .target(name: "CAMathLayerBatch", dependencies: ["CAMathCore", "CAMathLayer", "CAMathBatch", "_CAMathKernels"]),
        .target(
            name: "CAMathAnimationBatch",
            dependencies: ["CAMathCore", "CAMathLayer", "CAMathAnimation", "CAMathBatch", "CAMathLayerBatch", "_CAMathKernels"]),
        // The layer engine: render trees (topology, stages, animation records, frame output) and presentation trees,
        // above the layer and animation models and the batches it drives.
        .target(
            name: "CAMathEngine",
            dependencies: [
                "CAMathCore", "CAMathLayer", "CAMathAnimation", "CAMathBatch", "CAMathLayerBatch", "CAMathAnimationBatch",
                "_CAMathKernels"
            ]),
        // The Apple spellings (CATransform3D…, CGAffineTransform, CALayer, …) and Foundation's CG types,
        // apart from the math, so a framework with shims of its own can import the modules above alone.
        .target(name: "CAMathQuartzCore", dependencies: ["CAMathCore", "CAMathLayer", "CAMathAnimation"]),
        .target(
            name: "CAMath",
            dependencies: [
                "CAMathCore", "CAMathLayer", "CAMathAnimation", "CAMathBatch",
                "CAMathLayerBatch", "CAMathAnimationBatch", "CAMathEngine", "CAMathQuartzCore"
            ]),

        // Test support: generators, adversarial inputs, golden-vector replay, the kernel sets, and (trait SIMDe)
        // the intrinsic kernels compiled against SIMDe. The SIMDe target is always in the graph; without the
        // trait its C files compile to a table lookup that finds nothing.
        .target(
            name: "_CAMathKernelsSIMDe", dependencies: ["_CAMathKernels"], path: "Tests/_CAMathKernelsSIMDe",
            cSettings: [.define("CAMATH_SIMDE", .when(traits: ["SIMDe"]))]),
        // The portable kernels' calls recorded and played back, for running them on aarch64 under QEMU (its driver,
        // in driver/, is built by scripts/aarch64-kernels.sh, not by the package).
        .target(name: "_CAMathKernelReplay", dependencies: ["_CAMathKernels"], path: "Tests/_CAMathKernelReplay", exclude: ["driver"]),
        // Every batch operation described once: inputs (seeded, fuzzed, adversarial), reference, call, contract.
        .target(name: "_CAMathCatalogue", dependencies: ["CAMath"], path: "Tests/_CAMathCatalogue"),
        .target(
            name: "_CAMathTestSupport",
            dependencies: [
                "CAMath", "_CAMathCatalogue", "_CAMathKernelsSIMDe", .product(name: "PropertyBased", package: "swift-property-based")
            ],
            path: "Tests/_CAMathTestSupport",
            swiftSettings: [.define("CAMATH_SIMDE", .when(traits: ["SIMDe"]))]),
        .testTarget(
            name: "CAMathCoreTests",
            dependencies: ["CAMathCore", "_CAMathTestSupport", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(
            name: "CAMathLayerTests",
            dependencies: [
                "CAMathLayer", "CAMathQuartzCore", "_CAMathTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based")
            ]),
        .testTarget(
            name: "CAMathAnimationTests",
            dependencies: [
                "CAMathAnimation", "CAMathQuartzCore", "_CAMathTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based")
            ]),
        .testTarget(
            name: "CAMathBatchTests",
            dependencies: [
                "CAMathBatch", "CAMathLayerBatch", "CAMathAnimationBatch", "CAMathEngine", "_CAMathTestSupport", "_CAMathKernelReplay",
                .product(name: "PropertyBased", package: "swift-property-based")
            ]),
        // README.md's examples (scripts/readme-examples.sh writes them from the README), run by CAMathTests.
        .executableTarget(name: "ReadmeExamples", dependencies: ["CAMath"], path: "Tests/ReadmeExamples"),
        .testTarget(name: "CAMathTests", dependencies: ["CAMath", "_CAMathTestSupport", "ReadmeExamples"])
    ],
    swiftLanguageModes: [.v6]
)
