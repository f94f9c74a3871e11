// swift-tools-version: 6.1
import Foundation
import PackageDescription

// SIMDe (Debian's libsimde-dev, header-only) lets the tests run the AVX2 and AVX-512 kernels on any x86-64:
// the test-only target CAMathKernelsSIMDe compiles them a second time against it. Without it the tests
// report the emulated levels as skipped, naming the package; `.ci/run` installs it, so CI always runs them.
let simdeIsInstalled = FileManager.default.fileExists(atPath: "/usr/include/simde/x86/avx512.h")

// camath-bench times Eigen 3.4 and glm beside CAMath when Debian's libeigen3-dev and libglm-dev are
// installed (`.ci/run` installs them): the benchmark-only C++ target CAMathBaselinesCXX. The plain C
// baselines (CAMathBaselines) need nothing. Both build -O3 -march=native, as the peers a user compares
// with do; they are in no library product, so a package depending on CAMath never builds them.
let eigenAndGLMAreInstalled = ["/usr/include/eigen3/Eigen/Dense", "/usr/include/glm/glm.hpp"]
    .allSatisfy { FileManager.default.fileExists(atPath: $0) }
let nativeBaseline = ["-O3", "-march=native"]

let package = Package(
    name: "CAMath",
    products: [
        .library(name: "CAMath", targets: ["CAMath"]),
        .library(name: "CAMathCore", targets: ["CAMathCore"]),
        .library(name: "CAMathLayer", targets: ["CAMathLayer"]),
        .library(name: "CAMathAnimation", targets: ["CAMathAnimation"]),
        .library(name: "CAMathBatch", targets: ["CAMathBatch"]),
        .library(name: "CAMathQuartzCore", targets: ["CAMathQuartzCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // `swift package generate-documentation` (DocC); a command plugin, so no product depends on it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Libraries: no package dependencies, no unsafeFlags.
        .target(name: "CAMathCore"),
        .target(name: "CAMathLayer", dependencies: ["CAMathCore"]),
        .target(name: "CAMathAnimation", dependencies: ["CAMathCore", "CAMathLayer"]),
        .target(name: "CAMathKernels"),
        .target(name: "CAMathBatch", dependencies: ["CAMathCore", "CAMathLayer", "CAMathAnimation", "CAMathKernels"]),
        // The Apple spellings (CATransform3D…, CGAffineTransform, CALayer, …) and Foundation's CG types,
        // apart from the math, so a framework with shims of its own can import the modules above alone.
        .target(name: "CAMathQuartzCore", dependencies: ["CAMathCore", "CAMathLayer", "CAMathAnimation"]),
        .target(name: "CAMath", dependencies: ["CAMathCore", "CAMathLayer", "CAMathAnimation", "CAMathBatch", "CAMathQuartzCore"]),

        // Benchmarks: workloads, machine probes, baselines and reports shared by the CLI and the
        // package-benchmark suites.
        .target(name: "CAMathProbes"),
        .target(name: "CAMathBaselines", cSettings: [.unsafeFlags(nativeBaseline)]),
        .target(name: "CAMathWorkloads",
                dependencies: ["CAMath", "CAMathProbes", "CAMathBaselines"] + (eigenAndGLMAreInstalled ? ["CAMathBaselinesCXX"] : []),
                swiftSettings: eigenAndGLMAreInstalled ? [.define("CAMATH_EIGEN_GLM")] : []),
        .executableTarget(
            name: "camath-bench",
            dependencies: ["CAMathWorkloads", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(
            name: "camath-elementary",
            dependencies: ["CAMathWorkloads", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(
            name: "CAMathBenchmarks",
            dependencies: ["CAMathWorkloads", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/CAMathBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),

        // Test support and tests.
        .target(
            name: "CAMathTestSupport",
            dependencies: [
                "CAMath",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ] + (simdeIsInstalled ? ["CAMathKernelsSIMDe"] : []),
            path: "Tests/CAMathTestSupport",
            swiftSettings: simdeIsInstalled ? [.define("CAMATH_SIMDE")] : []),
        .testTarget(
            name: "CAMathCoreTests",
            dependencies: ["CAMathCore", "CAMathTestSupport",
                           .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(
            name: "CAMathLayerTests",
            dependencies: ["CAMathLayer", "CAMathQuartzCore", "CAMathTestSupport",
                           .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(
            name: "CAMathAnimationTests",
            dependencies: ["CAMathAnimation", "CAMathQuartzCore", "CAMathTestSupport",
                           .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(
            name: "CAMathBatchTests",
            dependencies: ["CAMathBatch", "CAMathTestSupport",
                           .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "CAMathWorkloadsTests", dependencies: ["CAMathWorkloads"]),
        .testTarget(name: "CAMathBenchCLITests", dependencies: ["camath-bench"]),
        .testTarget(
            name: "CAMathTests",
            dependencies: ["CAMath", "CAMathTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

if eigenAndGLMAreInstalled {
    package.targets.append(.target(name: "CAMathBaselinesCXX", cxxSettings: [.unsafeFlags(nativeBaseline)]))
}

if simdeIsInstalled {
    package.targets.append(.target(name: "CAMathKernelsSIMDe", dependencies: ["CAMathKernels"], path: "Tests/CAMathKernelsSIMDe"))
}

// libFuzzer targets (Fuzz/): only with CAMATH_FUZZ=1, which `scripts/fuzz.sh` sets while it builds them
// with `-sanitize=fuzzer,address` (their main calls libFuzzer's driver, which an ordinary build lacks).
if ProcessInfo.processInfo.environment["CAMATH_FUZZ"] == "1" {
    package.targets.append(.target(name: "CAMathFuzzSupport", dependencies: ["CAMath"], path: "Fuzz/Support"))
    package.targets.append(.target(name: "CAMathFuzzDriver", path: "Fuzz/Driver"))
    for (name, folder) in [("fuzz-key-paths", "KeyPaths"), ("fuzz-decomposition", "Decomposition"),
                           ("fuzz-layer-trees", "LayerTrees"), ("fuzz-batch", "Batch"), ("fuzz-animations", "Animations")] {
        package.targets.append(.executableTarget(name: name, dependencies: ["CAMath", "CAMathFuzzSupport", "CAMathFuzzDriver"], path: "Fuzz/\(folder)"))
    }
}
