@_spi(Benchmarks) import _CAMathCatalogue
import ArgumentParser
import CAMathWorkloads
import Foundation

/// `camath-soak`: a UI whose layers and animations come and go (`SoakUI`) runs many frames on a manual clock;
/// frame time and memory must stay flat after warm-up. Progress goes to stderr, one line per block of frames;
/// stdout gets one tab-separated record (what `scripts/soak.sh` appends to `Reliability/soaks.tsv`).
/// Exit codes: 0 flat; 1 frame time or memory grew; 2 bad arguments.
@main
struct CAMathSoak: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "camath-soak",
        abstract: "Runs a churning layer UI for many frames and checks that frame time and memory stay flat.")

    @Option(help: "Leaves of the UI (in groups of 100 under one root).")
    var leaves = 10_000
    @Option(help: "Frames to run (1/60 s each on a manual clock).")
    var frames = 1_000_000
    @Option(help: "Blocks the frames are measured in (the first tenth is warm-up).")
    var blocks = 100
    @Option(help: "The seed of the UI's choices.")
    var seed: UInt64 = 1

    /// How much the frame time may grow from the first quarter after warm-up to the last quarter, and memory.
    static let timeGrowth = 1.25, memoryGrowthMiB = 16.0

    func validate() throws {
        guard leaves >= 1 else { throw ValidationError("--leaves must be at least 1") }
        guard blocks >= 8 else { throw ValidationError("--blocks must be at least 8") }
        guard frames >= blocks else { throw ValidationError("--frames must be at least --blocks") }
    }

    func run() throws {
        let ui = SoakUI(leaves: leaves, seed: seed)
        let perBlock = frames / blocks
        var times: [Double] = [], memory: [Double] = []
        let started = Date()
        for block in 0..<blocks {
            let begin = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<perBlock { ui.runFrame() }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e3 / Double(perBlock))
            memory.append(Self.residentMiB())
            if block % max(1, blocks / 20) == 0 || block == blocks - 1 {
                FileHandle.standardError.write(
                    Data(
                        String(
                            format: "block %d/%d: %.1f µs/frame, %.1f MiB resident, %d animations attached\n",
                            block + 1, blocks, times[block], memory[block], ui.attachedAnimations
                        ).utf8))
            }
        }
        let warm = blocks / 10, quarter = max(1, (blocks - warm) / 4)
        func median(_ xs: ArraySlice<Double>) -> Double { xs.sorted()[xs.count / 2] }
        let early = median(times[warm..<(warm + quarter)]), late = median(times[(blocks - quarter)...])
        let memoryEarly = median(memory[warm..<(warm + quarter)]), memoryLate = median(memory[(blocks - quarter)...])
        let flat = late <= early * Self.timeGrowth && memoryLate - memoryEarly <= Self.memoryGrowthMiB
        let host = Report.Host.current
        let date = ISO8601DateFormatter().string(from: started)
        print(
            [
                date, host.commit, "\(host.cpu) (family \(host.family) model \(host.model))", "\(leaves)", "\(perBlock * blocks)",
                String(format: "%.0f", Date().timeIntervalSince(started)), String(format: "%.1f", early), String(format: "%.1f", late),
                String(format: "%.1f", memoryEarly), String(format: "%.1f", memoryLate), flat ? "flat" : "GREW"
            ].joined(separator: "\t"))
        FileHandle.standardError.write(
            Data(
                String(
                    format: "soak: %@ — %.1f → %.1f µs/frame, %.1f → %.1f MiB resident after warm-up (%d frames)\n",
                    flat ? "flat" : "GREW", early, late, memoryEarly, memoryLate, perBlock * blocks
                ).utf8))
        if !flat { throw ExitCode(1) }
    }

    /// The resident set in MiB, 0 where it cannot be read.
    static func residentMiB() -> Double {
        (ProcessMemory.residentBytes() ?? 0) / 1_048_576
    }

    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .success || error is ExitCode { exit(withError: error) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}
