import ArgumentParser
import Foundation

/// Writes the documentation's figures, each computed by CAMath itself, into the DocC catalogues of the root package
/// (`Sources/<module>/<module>.docc/Resources/`), or checks that the committed ones are what it would write.
@main
struct CAMathFigures: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "camath-figures",
        abstract: "Writes the SVG figures of CAMath's documentation, computed by CAMath (or checks the committed ones).",
        discussion: "Exit codes: 0 done (or every figure is current), 1 a committed figure is stale or missing, 2 bad arguments.")

    @Flag(help: "Compare the committed figures with what this build computes instead of writing them.")
    var check = false

    @Option(help: "The root package's directory (default: found from this tool's source file).")
    var root: String?

    func run() throws {
        let rootURL =
            root.map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var stale: [String] = []
        for figure in Figure.all {
            let url = rootURL.appendingPathComponent(figure.path)
            let svg = try figure.render()
            if check {
                if (try? String(contentsOf: url, encoding: .utf8)) != svg { stale.append(figure.path) }
            } else {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try svg.write(to: url, atomically: true, encoding: .utf8)
                print("camath-figures: wrote \(figure.path)")
            }
        }
        guard stale.isEmpty else {
            FileHandle.standardError.write(
                Data(
                    (stale.map { "camath-figures: \($0) is stale or missing" } + [
                        "camath-figures: run 'swift run --package-path Benchmarks camath-figures' and commit the figures"
                    ]).joined(separator: "\n").utf8 + [10]))
            throw ExitCode(1)
        }
        if check { print("camath-figures: the \(Figure.all.count) figures are current") }
    }
}
