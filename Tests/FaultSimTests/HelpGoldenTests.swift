import Foundation
import Testing
@testable import simrun

/// Every command's `--help`, `simrun --help`, and one typical usage error per command, run in
/// process through `SimrunCommand.main` and compared byte for byte with the transcripts in
/// `Goldens/`. A changed help text or message shows up as a diff in review.
///
/// To regenerate the transcripts after an intended change (then read the diff):
///
///     FAULTSIM_UPDATE_GOLDENS=1 swift test --filter HelpGoldenTests
@Suite("Help and usage error goldens")
struct HelpGoldenTests {
    /// Beside this file, so the tests read and regenerate it without a resource bundle.
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static let updating = ProcessInfo.processInfo.environment["FAULTSIM_UPDATE_GOLDENS"] == "1"

    /// One typical mistake per command, each caught before any file is read or written.
    static let typicalErrors: [String: [String]] = [
        "run": ["run", "--sed", "4"],
        "designs": ["designs", "bliapp"],
        "keys": ["keys", "--markdwon"],
        "trace": ["trace", "--run", "3"],
        "find": ["find", "--design", "naive"],
        "compare": ["compare", "--runs", "1000"],
        "sweep": ["sweep", "--param", "network.requestLossProbability"],
        "crossover": ["crossover", "--param", "network.requestLossProbability", "--range", "0.5:0"],
        "ablate": ["ablate", "--desing", "bliap"],
        "robust": ["robust", "--lhs", "0"],
        "report": ["report", "--param", "network.requestLossProbability"],
        "merge": ["merge", "--out", "all.csv"],
        "check": ["check", "--design", "naive", "--max-faults", "7"],
        "bench": ["bench", "--repeat", "0"],
        "optimize": ["optimize", "--objectives", "lost,lots"],
        "calibrate": ["calibrate", "--candidates", "1"],
    ]

    static var commandNames: [String] { SimrunCommand.commands.map { $0.spec.name } }

    @Test("simrun --help lists every command from its spec")
    func topLevelHelp() throws {
        try expectTranscript(["--help"], matches: "help/simrun.txt")
        try expectTranscript(["rn"], matches: "errors/simrun.txt")
    }

    @Test("Every command's --help is its golden", arguments: commandNames)
    func commandHelp(_ name: String) throws {
        try expectTranscript([name, "--help"], matches: "help/\(name).txt")
    }

    @Test("Every command's typical usage error is its golden: the message, the usage, exit 64", arguments: commandNames)
    func commandError(_ name: String) throws {
        let arguments = try #require(Self.typicalErrors[name], "add a typical error of '\(name)' to typicalErrors")
        try expectTranscript(arguments, matches: "errors/\(name).txt")
    }

    /// What `simrun arguments` writes and returns, as one text: the command line, the exit
    /// status, standard output, standard error.
    func transcript(_ arguments: [String]) -> String {
        let printed = simrun(arguments)
        return "$ simrun \(arguments.joined(separator: " "))\nexit status \(printed.status)\n--- standard output\n\(printed.output)"
            + "--- standard error\n\(printed.errorOutput)"
    }

    func expectTranscript(_ arguments: [String], matches name: String) throws {
        let file = Self.goldens.appendingPathComponent(name)
        let actual = transcript(arguments)
        if Self.updating {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: file)
            return
        }
        let expected = try #require(try? String(contentsOf: file, encoding: .utf8),
                                    "no golden \(name): FAULTSIM_UPDATE_GOLDENS=1 swift test --filter HelpGoldenTests")
        #expect(actual == expected, "simrun \(arguments.joined(separator: " ")) differs from Goldens/\(name); if intended, regenerate with FAULTSIM_UPDATE_GOLDENS=1 swift test --filter HelpGoldenTests")
    }
}
