import FaultSim
import Foundation
import Policies
import Testing
@testable import simrun
#if canImport(Glibc)
import Glibc
#endif

/// What a command writes: never over an input or another output, only to a regular file (a link
/// to one is followed and kept), checked before any work, several outputs all or nothing, `-` for
/// standard output, and every failure with the system's reason. Every case works in a temporary
/// folder: nothing here touches a real device.
@Suite("Output files: never an input, written whole or not at all")
struct OutputFileTests: RunsOnACopyOfTheDefaultScenario {
    @Test("An output that is the scenario being read is refused, and the scenario is untouched")
    func outputIsNotAnInput() throws {
        let original = try String(contentsOfFile: Self.defaultScenario, encoding: .utf8)
        try run(exits: 0) { _ in [] }
        let clobber = try run(exits: 73) { folder in ["--out", folder + "/s.json"] }
        #expect(try String(contentsOfFile: clobber.scenario, encoding: .utf8) == original)
        try run(exits: 73, "a link to the input is the input") { folder in
            symlink(folder + "/s.json", folder + "/link.csv")
            return ["--pairs-out", folder + "/link.csv"]
        }
        let folder = try TemporaryFolder()
        let scenario = folder.path("s.json").path
        try FileManager.default.copyItem(atPath: Self.defaultScenario, toPath: scenario)
        expectSimrun(["trace", scenario, "--design", "naive", "--run", "0", "--svg", scenario], exits: 73)
        #expect(try String(contentsOfFile: scenario, encoding: .utf8) == original)
    }

    @Test("Two outputs with one path are refused")
    func outputsAreDistinct() throws {
        try run(exits: 73) { ["--out", $0 + "/a.csv", "--faults-out", $0 + "/a.csv"] }
        try run(exits: 73) { ["--out", $0 + "/a.csv", "--causes-out", $0 + "/./a.csv"] }
    }

    @Test("An output that is not a regular file is refused; a link to a file is followed and kept")
    func outputsAreRegularFiles() throws {
        try run(exits: 73) { folder in
            mkfifo(folder + "/pipe.csv", 0o600)
            return ["--out", folder + "/pipe.csv"]
        }
        try run(exits: 73, "a directory") { ["--out", $0] }
        let linked = try run(exits: 0) { folder in
            _ = FileManager.default.createFile(atPath: folder + "/target.csv", contents: Data("old\n".utf8))
            symlink("target.csv", folder + "/link.csv")
            return ["--out", folder + "/link.csv"]
        }
        let link = linked.folder.path("link.csv").path
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "target.csv")
        #expect(try String(contentsOfFile: linked.folder.path("target.csv").path, encoding: .utf8).hasPrefix("scenario,"))
    }

    @Test("An output into a missing directory, or under a file, fails before the simulation")
    func outputDirectoryIsCheckedFirst() throws {
        let started = Date()
        // A billion runs would take minutes: the check must come first.
        try run(runs: 1_000_000_000, exits: 73) { ["--out", $0 + "/missing/a.csv"] }
        try run(runs: 1_000_000_000, exits: 73) { folder in
            _ = FileManager.default.createFile(atPath: folder + "/file", contents: Data())
            return ["--out", folder + "/file/a.csv"]
        }
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test("An empty output path is a usage error")
    func emptyOutputPath() throws {
        try run(exits: 64) { _ in ["--out="] }
        try run(exits: 64) { _ in ["--faults-out", ""] }
    }

    @Test("Several outputs are written all or nothing: a failure leaves every old output as it was")
    func outputsAreAllOrNothing() throws {
        let folder = try TemporaryFolder()
        let first = folder.path("first.csv").path
        try FileManager.default.createDirectory(atPath: folder.path("later").path, withIntermediateDirectories: false)
        let second = folder.path("later/second.csv").path
        try Data("old first\n".utf8).write(to: URL(fileURLWithPath: first))
        try Data("old second\n".utf8).write(to: URL(fileURLWithPath: second))
        let targets = try OutputFiles.check([first, second], inputs: [])
        // The second output's directory goes away between the check and the write.
        try FileManager.default.removeItem(atPath: folder.path("later").path)
        #expect(throws: OutputFiles.Failure.self) { try OutputFiles.write([(targets[0], "new first\n"), (targets[1], "new second\n")]) }
        #expect(try String(contentsOfFile: first, encoding: .utf8) == "old first\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
    }

    @Test("A write failure carries the system's reason")
    func writeErrorsSayWhy() throws {
        let folder = try TemporaryFolder()
        do {
            _ = try OutputFiles.check([folder.path("missing/a.csv").path], inputs: [])
            Issue.record("a missing directory was accepted")
        } catch {
            #expect(error.reason.contains("does not exist") && error.reason.contains("No such file or directory"), "\(error)")
        }
    }

    @Test("'-' is standard output for one output; the table then goes to standard error")
    func dashIsStandardOutput() {
        let scenario = packageRoot + "/scenarios/default.json"
        let run = simrun(["run", scenario, "--designs", "naive", "--runs", "200", "--out", "-", "--quiet"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("scenario,platform,design,") && run.output.split(separator: "\n").count == 2, "\(run.output)")
        #expect(run.errorOutput.contains("lost rate [95% CI]"))
        #expect(!FileManager.default.fileExists(atPath: "-"))
        #expect(simrun(["run", scenario, "--runs", "200", "--out", "-", "--faults-out", "-"]).status == 73)
    }
}
