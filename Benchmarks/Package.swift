// swift-tools-version: 6.1
import PackageDescription

// The benchmark lab: camath-bench (the report), camath-elementary, camath-soak, camath-figures (the documentation's
// figures), the machine probes, the baselines
// (plain C loops always; Eigen 3.4 and glm 0.9.9 with the trait EigenGLM) and the package-benchmark suites.
// It depends on CAMath by path, so a package that depends on CAMath never resolves any of this.
// Baselines build -O3 -march=native, as the peers a user compares with do.
let nativeBaseline = ["-O3", "-march=native"]

let package = Package(
    name: "CAMathBenchmarks",
    traits: [
        .trait(
            name: "EigenGLM",
            description: """
                Time Eigen 3.4 and glm 0.9.9 beside CAMath (Debian's libeigen3-dev and libglm-dev must be installed).
                """)
    ],
    dependencies: [
        .package(name: "CAMath", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"])
    ],
    targets: [
        .target(name: "CAMathProbes"),
        .target(name: "CAMathBaselines", cSettings: [.unsafeFlags(nativeBaseline)]),
        .target(
            name: "CAMathBaselinesCXX",
            cxxSettings: [.unsafeFlags(nativeBaseline), .define("CAMATH_EIGEN_GLM", .when(traits: ["EigenGLM"]))]),
        .target(
            name: "CAMathWorkloads",
            dependencies: [
                .product(name: "CAMath", package: "CAMath"), .product(name: "_CAMathCatalogue", package: "CAMath"),
                "CAMathProbes", "CAMathBaselines",
                .target(name: "CAMathBaselinesCXX", condition: .when(traits: ["EigenGLM"]))
            ],
            swiftSettings: [.define("CAMATH_EIGEN_GLM", .when(traits: ["EigenGLM"]))]),
        .executableTarget(
            name: "camath-bench",
            dependencies: ["CAMathWorkloads", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(
            name: "camath-elementary",
            dependencies: ["CAMathWorkloads", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(
            name: "camath-figures",
            dependencies: ["CAMathWorkloads", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(
            name: "camath-soak",
            dependencies: [
                "CAMathWorkloads", .product(name: "_CAMathCatalogue", package: "CAMath"),
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]),
        .executableTarget(
            name: "CAMathBenchmarks",
            dependencies: ["CAMathWorkloads", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/CAMathBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        .testTarget(name: "CAMathWorkloadsTests", dependencies: ["CAMathWorkloads"]),
        .testTarget(name: "CAMathBenchCLITests", dependencies: ["camath-bench", .product(name: "CAMath", package: "CAMath")])
    ],
    swiftLanguageModes: [.v6]
)
