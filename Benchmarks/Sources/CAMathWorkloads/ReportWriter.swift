import Foundation

/// Writes a report folder — `report.md`, `report.json`, `report.csv` and one `<operation>.svg` per
/// operation — so that it is either the complete new report or untouched: everything goes to a hidden
/// temporary sibling folder first, which then replaces the target with renames. An interrupted run
/// leaves at worst that temporary folder (named `.<name>.tmp-<pid>`), never a half-written report.
package enum ReportWriter {
    /// The files of `report`, by name.
    package static func files(of report: Report) throws -> [(String, Data)] {
        var files: [(String, Data)] = [
            ("report.md", Data(try ReportFormat.md.render(report).utf8)),
            ("report.json", try report.encoded()),
            ("report.csv", Data(try ReportFormat.csv.render(report).utf8))
        ]
        for operation in report.configuration.operations where report.rows.contains(where: { $0.operation == operation }) {
            files.append(("\(operation).svg", Data(SVGPlot.render(report, operation: operation).utf8)))
        }
        return files
    }

    /// Whether a file name is one a report folder holds (so replacing the folder loses nothing else).
    static func isReportFile(_ name: String) -> Bool {
        ["report.md", "report.json", "report.csv"].contains(name) || (name.hasSuffix(".svg") && !name.hasPrefix("."))
    }

    /// Checks, before any work is done, that `directory` can be created (or replaced) and written:
    /// its parent must exist or be creatable, and be writable, and an existing folder must hold nothing
    /// but report files. Throws ``ReportError/unwritableOutput``.
    package static func checkWritable(_ directory: URL) throws {
        let fm = FileManager.default
        let parent = directory.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: directory.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw ReportError.unwritableOutput(directory.path, reason: "a file of that name exists")
        }
        if isDirectory.boolValue {
            let foreign = ((try? fm.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !isReportFile($0) }.sorted()
            if !foreign.isEmpty {
                throw ReportError.unwritableOutput(
                    directory.path,
                    reason:
                        "it holds files that are not part of a report (\(foreign.joined(separator: ", "))), which replacing it would delete"
                )
            }
        }
        do {
            try fm.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw ReportError.unwritableOutput(directory.path, reason: "cannot create \(parent.path)")
        }
        let probe = parent.appendingPathComponent(".camath-write-check-\(getpid())")
        guard fm.createFile(atPath: probe.path, contents: Data()) else {
            throw ReportError.unwritableOutput(directory.path, reason: "\(parent.path) is not writable")
        }
        try? fm.removeItem(at: probe)
    }

    /// Writes `report` into `directory` (replacing a previous report there as a whole).
    package static func write(_ report: Report, to directory: URL) throws {
        try checkWritable(directory)
        let fm = FileManager.default
        let parent = directory.deletingLastPathComponent(), name = directory.lastPathComponent
        let staging = parent.appendingPathComponent(".\(name).tmp-\(getpid())")
        let previous = parent.appendingPathComponent(".\(name).old-\(getpid())")
        try? fm.removeItem(at: staging)
        do {
            try fm.createDirectory(at: staging, withIntermediateDirectories: false)
            for (file, data) in try files(of: report) {
                try data.write(to: staging.appendingPathComponent(file))
            }
        } catch {
            try? fm.removeItem(at: staging)
            throw ReportError.unwritableOutput(directory.path, reason: "\(error)")
        }
        let hadPrevious = fm.fileExists(atPath: directory.path)
        do {
            if hadPrevious { try fm.moveItem(at: directory, to: previous) }
            try fm.moveItem(at: staging, to: directory)
        } catch {
            if hadPrevious, !fm.fileExists(atPath: directory.path) { try? fm.moveItem(at: previous, to: directory) }
            try? fm.removeItem(at: staging)
            throw ReportError.unwritableOutput(directory.path, reason: "\(error)")
        }
        if hadPrevious { try? fm.removeItem(at: previous) }
    }
}
