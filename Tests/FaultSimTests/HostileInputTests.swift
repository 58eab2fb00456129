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

@Suite("Hostile input: weighted parts")
struct HostileWeightedPartTests {
    /// Two weighted shards of one 400-run job, in a fresh folder.
    static func shards() throws -> (folder: TemporaryFolder, a: String, b: String) {
        let folder = try TemporaryFolder()
        let bias = packageRoot + "/scenarios/bias/default-recommended.json"
        let job = ["run", "--designs", "faultsim-recommended,naive", "--runs", "400", "--importance", "--bias", bias, "--quiet"]
        let a = folder.path("a.json").path, b = folder.path("b.json").path
        expectSimrun(job + ["--shard", "1/2", "--partial-out", a], exits: 0)
        expectSimrun(job + ["--shard", "2/2", "--partial-out", b], exits: 0)
        return (folder, a, b)
    }

    /// `text` with its first design's `weights` sum replaced by `hex`; with `reseal`, its
    /// `partHash` computed again, as if whoever edited the sum also knew the recipe.
    static func edited(_ text: String, weights hex: String, reseal: Bool) throws -> String {
        let pattern = #/"weights": "([0-9a-f]{64})"/#
        let match = try #require(text.firstMatch(of: pattern))
        var changed = text.replacingCharacters(in: match.range, with: "\"weights\": \"\(hex)\"")
        guard reseal else { return changed }
        let old = try #require(changed.firstMatch(of: #/"partHash": "([0-9a-f]{64})"/#))
        let hash = PartFile.sealHash(try JSONParser.parse(changed))
        changed.replaceSubrange(old.range, with: "\"partHash\": \"\(hash)\"")
        return changed
    }

    @Test("a part round-trips through its hash; one hex digit changed, or 64 f's, is refused naming the file (exit 65), nothing written")
    func editedSumRefused() throws {
        let (folder, a, b) = try Self.shards()
        let out = folder.path("merged.csv").path
        expectSimrun(["merge", b, a, "--out", out], exits: 0)
        try FileManager.default.removeItem(atPath: out)
        let text = try String(contentsOfFile: a, encoding: .utf8)
        let original = try #require(text.firstMatch(of: #/"weights": "([0-9a-f]{64})"/#)).1
        // One digit of the top non-zero limb: the silently wrong figure of issue 55.
        var digits = Array(original)
        let first = try #require(digits.firstIndex { $0 != "0" })
        digits[first] = digits[first] == "1" ? "2" : "1"
        for hex in [String(digits), String(repeating: "f", count: 64)] {
            let path = folder.path("edited.json").path
            try Self.edited(text, weights: hex, reseal: false).write(toFile: path, atomically: true, encoding: .utf8)
            let transcript = expectSimrun(["merge", path, b, "--out", out], exits: 65)
            #expect(transcript.errorOutput.contains("\(path): key 'partHash'"), "\(transcript.errorOutput)")
            #expect(transcript.errorOutput.contains("does not match the part's content"))
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }

    @Test("a sum past what the part's runs can add is an error, not an overflow trap, even under a matching hash")
    func overflowingSumRefused() throws {
        let (folder, a, b) = try Self.shards()
        let path = folder.path("huge.json").path, out = folder.path("merged.csv").path
        try Self.edited(try String(contentsOfFile: a, encoding: .utf8), weights: String(repeating: "f", count: 64), reseal: true)
            .write(toFile: path, atomically: true, encoding: .utf8)
        let transcript = expectSimrun(["merge", path, b, "--out", out], exits: 65)
        #expect(transcript.errorOutput.contains("\(path): key 'sums[0].weights'"), "\(transcript.errorOutput)")
        #expect(transcript.errorOutput.contains("more than 200 runs of at most 64 intents can add"))
        #expect(!FileManager.default.fileExists(atPath: out))
        // The bound itself: count · 2^74, exactly at the top limb.
        var sum = ExactSum()
        sum.add(ExactSum.largestAddend)
        #expect(sum.isBelow(addends: 1) && !sum.isBelow(addends: 0))
        sum.add(ExactSum.largestAddend)
        #expect(!sum.isBelow(addends: 1) && sum.isBelow(addends: 2))
    }

    @Test("weighted parts made in memory with a sum past what their runs can add are refused before adding, never trapped")
    func overflowingSumInMemoryRefused() throws {
        let (folder, a, b) = try Self.shards()
        let (first, second) = try withExtendedLifetime(folder) { try (WeightedPart.parse(PartFile.read(a)), WeightedPart.parse(PartFile.read(b))) }
        var designs = second.panel.designs
        designs[0].weights = try #require(ExactSum(hex: String(repeating: "f", count: 64)))
        var huge = second
        huge.panel = WeightedPanel(bias: second.panel.bias, runs: second.panel.runs, designs: designs, products: second.panel.products,
                                   differenceFourths: second.panel.differenceFourths)
        guard case .failure(let error) = WeightedPart.merge([(file: "a.json", part: first), (file: "b.json", part: huge)]) else {
            Issue.record("a sum past 2^128 merged")
            return
        }
        #expect(error.problem == .outOfRange)
        #expect(error.message == "cannot merge: b.json: sums[0].weights is more than 200 runs of at most 64 intents can add (each term is below 2^74)",
                "\(error.message)")
        guard case .success = WeightedPart.merge([(file: "a.json", part: first), (file: "b.json", part: second)]) else {
            Issue.record("the parts as read did not merge")
            return
        }
    }

    @Test("a part of format 2 (before partHash) is refused with a message that says why and what to do")
    func formatTwoRefused() throws {
        let (folder, a, b) = try Self.shards()
        let text = try String(contentsOfFile: a, encoding: .utf8)
        let old = try #require(text.firstMatch(of: #/\n  "partHash": "[0-9a-f]{64}",/#))
        let path = folder.path("old.json").path
        try text.replacingCharacters(in: old.range, with: "").replacingOccurrences(of: #""formatVersion": 3"#, with: #""formatVersion": 2"#)
            .write(toFile: path, atomically: true, encoding: .utf8)
        let transcript = expectSimrun(["merge", path, b, "--out", folder.path("merged.csv").path], exits: 65)
        #expect(transcript.errorOutput.contains("\(path): key 'formatVersion': value 2: a weighted part written before parts carried partHash"),
                "\(transcript.errorOutput)")
        #expect(transcript.errorOutput.contains("run its shard again"))
    }
}

@Suite("Hostile input: compare's CSV")
struct HostileCompareCSVTests {
    @Test("compare --out quotes a --set text holding commas and quotes: every row has the header's columns")
    func csvQuoted() throws {
        let folder = try TemporaryFolder()
        let out = folder.path("c.csv").path
        let custom = #"customDesigns=[{"name": "x", "from": "naive", "retrySchedule": {"kind": "tries", "count": 3, "spacing": "5s"}}]"#
        expectSimrun(["compare", "--designs", "naive,faultsim-recommended", "--runs", "20", "--set", custom, "--out", out, "--quiet"], exits: 0)
        let records = CSV.records(try String(contentsOfFile: out, encoding: .utf8))
        #expect(records.count == 1 + Outcome.paired.count)
        #expect(records.allSatisfy { $0.count == records[0].count } && records[0].count == 16, "\(records.map(\.count))")
        #expect(records[1][0] == "default --set '\(custom)'" && records[1][2] == "naive")
    }
}

@Suite("Hostile input: every CSV through CSV.record")
struct HostileEveryCSVTests {
    static let label = #"description=a, "quoted" label"#

    /// Every record of `path` has the header's columns, and the scenario cell reads back whole.
    static func expectRectangular(_ path: String, scenarioColumn: Int, scenario: String = "default") throws {
        let records = CSV.records(try String(contentsOfFile: path, encoding: .utf8))
        #expect(records.count > 1 && records.allSatisfy { $0.count == records[0].count }, "\(path): \(records.map(\.count))")
        #expect(records[1][scenarioColumn] == "\(scenario) --set '\(label)'", "\(path)")
    }

    @Test("run's four CSVs, split by segment, and sweep's CSV keep one column count under a label with commas and quotes")
    func runAndSweepQuoted() throws {
        let folder = try TemporaryFolder()
        let segments = folder.path("seg.json").path
        try #"{"segments": [{"name": "flaky", "share": 0.3, "set": {"network.weakNetworkProbability": 0.5}}]}"#
            .write(toFile: segments, atomically: true, encoding: .utf8)
        let names = ["out", "faults-out", "pairs-out", "causes-out"]
        expectSimrun(["run", segments, "--designs", "naive,bliap", "--runs", "300", "--by-segment", "--set", Self.label, "--quiet"]
                     + names.flatMap { ["--\($0)", folder.path("\($0).csv").path] }, exits: 0)
        for name in names {
            try Self.expectRectangular(folder.path("\(name).csv").path, scenarioColumn: 0, scenario: "seg")
        }
        let sweep = folder.path("sweep.csv").path
        expectSimrun(["sweep", "--param", "network.weakNetworkProbability", "--values", "0.1,0.3", "--designs", "naive,bliap",
                      "--runs", "300", "--set", Self.label, "--out", sweep, "--quiet"], exits: 0)
        try Self.expectRectangular(sweep, scenarioColumn: 2)
    }
}

@Suite("Hostile input: '+server' names")
struct HostileDesignNameTests {

    @Test("a '+server' name of a design that already has full server recovery says so (exit 64 on the command line, 65 in a file)")
    func serverVariantOfAFullyRecoveringDesign() {
        let reason = "'faultsim-recommended' already has full server recovery, so it has no '+server' variant"
        for arguments in [["compare", "--designs", "faultsim-recommended+server,naive"],
                          ["run", "--designs", "naive,faultsim-recommended+server"]] {
            let transcript = expectSimrun(arguments + ["--runs", "10", "--quiet"], exits: 64)
            #expect(transcript.errorOutput.contains(reason), "\(transcript.errorOutput)")
            #expect(!transcript.errorOutput.contains("unknown design"))
        }
        let file = expectSimrun(["run", "--set", #"designs=["faultsim-recommended+server"]"#, "--runs", "10", "--quiet"], exits: 65)
        #expect(file.errorOutput.contains("key 'designs[0]'") && file.errorOutput.contains(reason), "\(file.errorOutput)")
        // A design without it still gets its variant; a typo is still an unknown design.
        expectSimrun(["run", "--designs", "naive+server", "--runs", "10", "--quiet"], exits: 0)
        #expect(expectSimrun(["compare", "--designs", "faultsim-recomended+server,naive", "--runs", "10"], exits: 64)
            .errorOutput.contains("unknown design"))
    }
}
