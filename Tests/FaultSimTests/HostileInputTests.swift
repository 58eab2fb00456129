@testable import FaultSim
import Foundation
import Testing
@testable import simrun

/// Issue 55, a fuzzing review's hostile inputs: each was a trap (exit 132), a silently wrong
/// figure, a malformed CSV or a misleading message. Each must now be refused before any work,
/// naming the file, the key and the value, with nothing written.
@Suite("Hostile input: observations files")
struct HostileObservationsTests {
    static func observations(_ figure: String, set: String = "") -> String {
        #"{"format": "faultsim-observations 1", "# + set + #""observations": ["# + figure + "]}"
    }

    /// (file text, key path, value as the message shows it, part of the message).
    static let cases: [(String, String, String, String)] = [
        (observations(#"{"design": "seed000-v0", "figure": "lost", "count": 1, "of": 10}"#, set: #""set": {"user.intentsPerRun": 1e19}, "#),
         "set.user.intentsPerRun", "1e19", "a whole number from 1 to 64"),
        (observations(#"{"design": "seed000-v0", "figure": "lost", "range": [0, 1e400], "of": 10}"#),
         "observations[0].range", "[0, 1e400]", "above 10^15"),
        (observations(#"{"design": "seed000-v0", "figure": "lost", "range": [0, 1e300], "of": 10}"#),
         "observations[0].range", "[0, 1e300]", "above 10^15"),
        (observations(#"{"design": "seed000-v0", "figure": "lost", "count": 1, "of": 1e19}"#),
         "observations[0].of", "1e19", "above 10^15"),
        (observations(#"{"design": "seed000-v0", "figure": "lost", "range": [30, 4], "of": 100}"#),
         "observations[0].range", "[30, 4]", "the low end (30) is above the high end (4)"),
        (observations(#"{"design": "seed000-v1.0", "figure": "lost", "ratio": [1, 1e300], "over": "seed000-v0", "of": 10}"#),
         "observations[0].ratio", "[1, 1e300]", "above 10^15"),
    ]

    @Test("a huge or reversed figure exits 65 naming file, key and value, and writes neither --out nor --json", arguments: cases)
    func refusedBeforeAnyWork(text: String, keyPath: String, value: String, message: String) throws {
        let folder = try TemporaryFolder()
        let path = CalibrateCommandTests.write(text, in: folder)
        let csv = folder.path("out.csv").path, json = folder.path("out.json").path
        let transcript = expectSimrun(["calibrate", "--observed", path, "--runs", "100", "--candidates", "4", "--waves", "1",
                                       "--out", csv, "--json", json, "--quiet"], exits: 65)
        #expect(transcript.errorOutput.contains("\(path): key '\(keyPath)': value \(value): "), "\(transcript.errorOutput)")
        #expect(transcript.errorOutput.contains(message), "\(transcript.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: csv) && !FileManager.default.fileExists(atPath: json))
    }

    @Test("code past the reader does not trap either: a huge k is at the cap, a huge size is written in scientific form")
    func noTrapPastTheReader() {
        #expect(Implausibility.tailDeviate(k: 1e300, mean: 5, extraVariance: 0) == Implausibility.cap)
        #expect(Implausibility.tailDeviate(k: .infinity, mean: 5, extraVariance: 1) == Implausibility.cap)
        let figure = Observation(design: "seed000-v0", figure: .lost, data: .count(k: 1, of: .units(1e19)))
        #expect(figure.dataText.hasPrefix("1 in "))
    }
}

@Suite("Hostile input: calibrate --points-out")
struct HostilePointsOutTests {
    static let guesses = ["--params", CalibrateCommandTests.guesses, "--runs", "500", "--candidates", "4", "--waves", "1", "--quiet"]

    @Test("a regular file as --points-out exits 73 before any work, naming it, and --out keeps its old bytes")
    func regularFile() throws {
        let folder = try TemporaryFolder()
        let observed = CalibrateCommandTests.write(CalibrateCommandTests.observed, in: folder)
        let file = folder.path("afile").path, csv = folder.path("out.csv").path, json = folder.path("out.json").path
        try "keep\n".write(toFile: file, atomically: true, encoding: .utf8)
        try "old\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let transcript = expectSimrun(["calibrate", "--observed", observed, "--out", csv, "--json", json, "--points-out", file] + Self.guesses,
                                      exits: 73)
        #expect(transcript.errorOutput.contains("cannot write \(file): a regular file, not a directory"), "\(transcript.errorOutput)")
        #expect(!transcript.errorOutput.contains("NSCocoaErrorDomain"))
        #expect(try String(contentsOfFile: csv, encoding: .utf8) == "old\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "keep\n")
        #expect(!FileManager.default.fileExists(atPath: json))
    }

    @Test("a point file that cannot be replaced (a directory named point-01.json) is refused before any work too")
    func pointFileInTheWay() throws {
        let folder = try TemporaryFolder()
        let observed = CalibrateCommandTests.write(CalibrateCommandTests.observed, in: folder)
        let directory = folder.path("points").path, csv = folder.path("out.csv").path
        try FileManager.default.createDirectory(atPath: directory + "/point-01.json", withIntermediateDirectories: true)
        let transcript = expectSimrun(["calibrate", "--observed", observed, "--out", csv, "--points-out", directory] + Self.guesses, exits: 73)
        #expect(transcript.errorOutput.contains("\(directory)/point-01.json: a directory, not a regular file"), "\(transcript.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: csv))
    }

    @Test("a --points-out that does not exist yet is made, parents and all, and the points are written with --out")
    func madeWhenMissing() throws {
        let folder = try TemporaryFolder()
        let observed = CalibrateCommandTests.write(CalibrateCommandTests.observed, in: folder)
        let directory = folder.path("new/points").path, csv = folder.path("out.csv").path
        expectSimrun(["calibrate", "--observed", observed, "--out", csv, "--points-out", directory] + Self.guesses, exits: 0)
        #expect(FileManager.default.fileExists(atPath: directory + "/point-01.json") && FileManager.default.fileExists(atPath: csv))
    }
}
