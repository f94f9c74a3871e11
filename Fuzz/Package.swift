// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets over CAMath, a package of their own (depending on CAMath by path) because their main
// calls libFuzzer's driver, which only a `-sanitize=fuzzer` build links: `scripts/fuzz.sh` builds them all
// in one invocation and runs them from the seed corpus in Corpus/.
let targets: [(name: String, folder: String)] = [
    ("fuzz-key-paths", "KeyPaths"), ("fuzz-decomposition", "Decomposition"), ("fuzz-layer-trees", "LayerTrees"),
    ("fuzz-batch", "Batch"), ("fuzz-animations", "Animations"), ("fuzz-layer-mutations", "LayerMutations"),
    ("fuzz-transactions", "Transactions")
]

let package = Package(
    name: "CAMathFuzz",
    dependencies: [.package(name: "CAMath", path: "..")],
    targets: [
        .target(
            name: "CAMathFuzzSupport",
            dependencies: [
                .product(name: "CAMath", package: "CAMath"),
                .product(name: "_CAMathCatalogue", package: "CAMath")
            ], path: "Support"),
        .target(name: "CAMathFuzzDriver", path: "Driver")
    ]
        + targets.map { target in
            .executableTarget(
                name: target.name,
                dependencies: [.product(name: "CAMath", package: "CAMath"), "CAMathFuzzSupport", "CAMathFuzzDriver"],
                path: target.folder)
        },
    swiftLanguageModes: [.v6]
)
