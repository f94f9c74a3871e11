import ArgumentParser
import CAMathWorkloads
import Foundation

/// `camath-elementary`: the accuracy and the scalar speed of CAMath's elementary functions
/// (`scripts/elementary/report.sh` runs both into a report folder). Exit codes: 0 done; 1 an error above
/// 1 ulp or a special-value mismatch; 2 bad arguments or an unreadable oracle file.
@main
struct CAMathElementary: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "camath-elementary",
        abstract: "Measures CAMath's elementary functions: accuracy against an mpmath oracle, speed against the C library.",
        subcommands: [Accuracy.self, Speed.self, Machine.self])

    struct Machine: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Prints this machine's class (the report folder's name, e.g. amd-zen4-avx512), then the CPU, commit and compiler.")

        func run() {
            let host = Report.Host.current
            print(host.machineClass)
            print("\(host.cpu) (\(host.vendor) family \(host.family) model \(host.model); \(host.cpuFlags.joined(separator: ", ")))")
            print("commit \(host.commit); \(host.compiler); \(host.buildFlags)")
        }
    }

    struct Accuracy: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Prints the largest error in ulps per function over an oracle file of scripts/elementary/oracle.py.")

        @Argument(help: "The oracle file.")
        var oracle: String

        func run() throws {
            let result: ElementaryOracle
            do {
                result = try ElementaryOracle(contentsOf: URL(fileURLWithPath: oracle))
            } catch {
                throw ValidationError("cannot read the oracle file '\(oracle)': \(error)")
            }
            print(result.table)
            if result.results.contains(where: { $0.maxError > 1 || $0.specialMismatches > 0 }) { throw ExitCode(1) }
        }
    }

    struct Speed: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Prints ns per call of each function, CAMath's and the C library's, medians of alternated samples.")

        @Option(help: "Timed samples per function and side (default: 15).")
        var repetitions = 15

        func validate() throws {
            guard repetitions > 0 else { throw ValidationError("--repetitions must be positive") }
        }

        func run() {
            print(ElementarySpeed.table(ElementarySpeed.measure(repetitions: repetitions)))
        }
    }
}
