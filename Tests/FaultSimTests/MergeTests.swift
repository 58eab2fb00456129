import FaultSim
import Foundation
import Policies
import Testing
@testable import simrun

/// `simrun merge`: shards add up to exactly the unsharded job, and parts that do not belong
/// together are refused, naming the problem and the files.
@Suite("Merging shards")
struct MergeTests {
    static let scenario = packageRoot + "/scenarios/default.json"
    static let runArguments = ["run", scenario, "--runs", "1003", "--designs", "naive,seed000-v1.2,seed003-sk1,bliap", "--quiet"]
    static let sweepArguments = ["sweep", scenario, "--param", "network.requestLossProbability", "--values", "0,0.2,0.4",
                                 "--runs", "801", "--designs", "naive,seed000-v1.2,bliap", "--quiet"]

    func bytes(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    @Test("4 shards of a run, merged in any order, give byte-identical CSVs to the single run")
    func runShards() throws {
        let folder = try TemporaryFolder()
        let outputs = ["--out", "csv", "--faults-out", "faults", "--pairs-out", "pairs", "--causes-out", "causes"]
        func named(_ prefix: String) -> [String] {
            outputs.enumerated().map { $0.offset % 2 == 0 ? $0.element : folder.path("\(prefix)-\($0.element).csv").path }
        }
        expectSimrun(Self.runArguments + named("single"), exits: 0)
        for k in 1...4 {
            expectSimrun(Self.runArguments + ["--shard", "\(k)/4", "--partial-out", folder.path("part\(k).json").path], exits: 0)
        }
        let parts = [3, 1, 4, 2].map { folder.path("part\($0).json").path }
        expectSimrun(["merge"] + parts + named("merged"), exits: 0)
        for name in ["csv", "faults", "pairs", "causes"] {
            #expect(try bytes(folder.path("single-\(name).csv")) == bytes(folder.path("merged-\(name).csv")), "\(name) differs")
        }
        // Merging merges: 1+2 and 3+4, then the two halves.
        expectSimrun(["merge", parts[1], parts[3], "--partial-out", folder.path("a.json").path], exits: 65, "1 and 2 alone leave runs missing")
        expectSimrun(["merge"] + parts + ["--partial-out", folder.path("whole.json").path], exits: 0)
        expectSimrun(["merge", folder.path("whole.json").path, "--out", folder.path("again.csv").path], exits: 0)
        #expect(try bytes(folder.path("single-csv.csv")) == bytes(folder.path("again.csv")))
    }

    @Test("4 shards of a sweep give byte-identical CSV and SVG to the single sweep")
    func sweepShards() throws {
        let folder = try TemporaryFolder()
        expectSimrun(Self.sweepArguments + ["--log-y", "--out", folder.path("single.csv").path, "--svg", folder.path("single.svg").path], exits: 0)
        for k in 1...4 {
            expectSimrun(Self.sweepArguments + ["--shard", "\(k)/4", "--partial-out", folder.path("s\(k).json").path], exits: 0)
        }
        expectSimrun(["merge"] + (1...4).map { folder.path("s\($0).json").path }
+ ["--log-y", "--out", folder.path("merged.csv").path, "--svg", folder.path("merged.svg").path], exits: 0)
        #expect(try bytes(folder.path("single.csv")) == bytes(folder.path("merged.csv")))
        #expect(try bytes(folder.path("single.svg")) == bytes(folder.path("merged.svg")))
    }

    /// One shard of a small run, with `change` applied to the scenario or the shard.
    static func shard(_ index: Int, of count: Int, runs: UInt64 = 400, seed: UInt64 = 1, designs: [Design] = [.naive, .bliap],
                      change: (inout Scenario) -> Void = { _ in }) throws -> PartialResult {
        var scenario = try ScenarioLoader.load(path: scenario)
        scenario.seed = seed
        scenario.runs = Int(runs)
        change(&scenario)
        let shard = Shard(index: index, count: count)
        let slice = shard.slice(of: runs)
        let result = Runner.compare(scenario: scenario, designs: designs, runs: slice, jobs: 1)
        return PartialResult(kind: .run, scenarios: [scenario], designs: designs, totalRuns: runs, shard: shard, runs: slice,
                             results: [result])
    }

    func refusal(_ parts: [(String, PartialResult)]) -> PartialResult.MergeError? {
        if case .failure(let error) = PartialResult.merge(parts.map { (file: $0.0, result: $0.1) }) { return error }
        return nil
    }

    @Test("merge refuses each kind of mismatch, naming it and both files")
    func refusals() throws {
        let a = try Self.shard(0, of: 2), b = try Self.shard(1, of: 2)
        #expect(refusal([("a", a), ("b", b)]) == nil)
        var newer = b
        newer.tool = "9.9.9"
        var otherModel = b
        otherModel.model = "99"
        var sweep = b
        sweep.kind = .sweep(key: "network.requestLossProbability", labels: ["0", "0.1"], logX: false)
        let cases: [(PartialResult, PartialResult.MergeError.Problem)] = [
            (newer, .differentVersions), (otherModel, .differentVersions), (sweep, .differentKinds),
            (try Self.shard(1, of: 2, seed: 2), .differentSeeds), (try Self.shard(1, of: 2, runs: 500), .differentTotals),
            (try Self.shard(1, of: 2, designs: [.naive, .revenueCat]), .differentDesigns),
            (try Self.shard(1, of: 2) { $0.network.requestLossProbability = 0.3 }, .differentScenarios),
            (try Self.shard(1, of: 2) { $0.platform = .pre2025 }, .differentScenarios),
        ]
        for (other, problem) in cases {
            let error = refusal([("first.json", a), ("second.json", other)])
            #expect(error?.problem == problem, "expected \(problem), got \(String(describing: error))")
            #expect(error?.message.contains("first.json") == true && error?.message.contains("second.json") == true)
        }
        // A custom design under a preset's name is a different design: its axes are in the digest.
        var custom = Design.bliap
        custom.finishMoment = .atCallback
        #expect(refusal([("a", a), ("c", try Self.shard(1, of: 2, designs: [.naive, custom]))])?.problem == .differentScenarios)
    }

    @Test("merge refuses missing and overlapping runs, saying which runs and which files")
    func coverage() throws {
        let quarters = try (0..<4).map { try Self.shard($0, of: 4) }
        let half = try Self.shard(0, of: 2)
        #expect(refusal([("q2", quarters[1]), ("q3", quarters[2]), ("q4", quarters[3])])?.message
            == "cannot merge: runs 0..<100 are in no part (before q2)")
        #expect(refusal([("q1", quarters[0]), ("q3", quarters[2]), ("q4", quarters[3])])?.message
            == "cannot merge: runs 100..<200 are in no part (after q1, before q3)")
        #expect(refusal([("q1", quarters[0]), ("q2", quarters[1]), ("q3", quarters[2])])?.message
            == "cannot merge: runs 300..<400 of 400 are in no part (the last is q3)")
        #expect(refusal([("half", half), ("q2", quarters[1]), ("q3", quarters[2]), ("q4", quarters[3])])?.message
            == "cannot merge overlapping runs: half and q2 both count runs 100..<200")
        #expect(refusal([("q1", quarters[0]), ("again", quarters[0]), ("q2", quarters[1]), ("q3", quarters[2]), ("q4", quarters[3])])?.problem
            == .overlap)
        // Halves and quarters from different splits tile as well as one split does.
        #expect(refusal([("half", half), ("q3", quarters[2]), ("q4", quarters[3])]) == nil)
        #expect(refusal([])?.problem == .noParts)
    }

    @Test("The content hash is standard SHA-256 (FIPS 180-4 test vectors)")
    func sha256Vectors() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // 56 bytes: the padding needs a second block.
        #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex(String(repeating: "a", count: 1_000))
            == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test("A partial result survives being written and read back, exactly")
    func roundTrip() throws {
        let part = try Self.shard(1, of: 3, runs: 2_000, designs: [.naive, .seed000V1_2, .seed003SK1])
        let text = JSONWriter.write(part.jsonValue)
        #expect(try PartialResult.parse(PartFile.parse(text, path: "p.json")) == part)
    }

    @Test("Corrupt or foreign files are data errors naming the file and key; unreadable ones exit 66")
    func corruptFiles() throws {
        let folder = try TemporaryFolder()
        let good = JSONWriter.write(try Self.shard(0, of: 1, runs: 50).jsonValue)
        let corruptions: [(String, String)] = [
            ("not json", "{"),
            ("a scenario", #"{"runs": 10}"#),
            ("future format", good.replacingOccurrences(of: #""formatVersion": \#(PartialResult.formatVersion)"#,
                                                        with: #""formatVersion": \#(PartialResult.formatVersion + 1)"#)),
            ("counts that do not add up", good.replacingOccurrences(of: #""intents": 50,"#, with: #""intents": 51,"#)),
            ("a negative count", good.replacingOccurrences(of: #""events": "#, with: #""events": -"#)),
            ("an unknown fault", good.replacingOccurrences(of: #""request_lost""#, with: #""request_gone""#)),
            ("runs beyond the job", good.replacingOccurrences(of: #""to": 50"#, with: #""to": 60"#)),
        ]
        for (name, text) in corruptions {
            let path = folder.path("\(name).json").path
            // Resealed, so each corruption reaches the check behind the seal that refuses it.
            let sealed = (try? JSONParser.parse(text)).flatMap { $0.at(["partHash"]) == nil ? nil : JSONWriter.write($0.resealed) } ?? text
            try Data(sealed.utf8).write(to: URL(fileURLWithPath: path))
            expectSimrun(["merge", path, "--out", folder.path("out.csv").path], exits: 65, "\(name)")
        }
        #expect(good.contains(#""request_lost""#), "the fault the corruption renames is in the file")
        expectSimrun(["merge", folder.path("missing.json").path], exits: 66)
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.csv").path))
    }

    /// A part is sealed by `partHash`, so any value edited by hand is refused naming the file; and
    /// its digest is computed again from its own scenario and designs (`designAxes`), so an edit
    /// resealed by someone who knows the recipe cannot merge on the digest the part was written with.
    @Test("A run part edited by hand is refused by its partHash, and resealed, naming what changed; the same part on one line merges")
    func editedPartIsRefused() throws {
        let folder = try TemporaryFolder()
        let part = try Self.shard(0, of: 1, runs: 50).jsonValue
        let original = folder.path("part.json").path, out = folder.path("out.csv").path
        try JSONWriter.write(part).write(toFile: original, atomically: true, encoding: .utf8)
        expectSimrun(["merge", original, "--out", out], exits: 0)
        let merged = try String(contentsOfFile: out, encoding: .utf8)
        #expect(part.at(["designAxes", "1", "finishMoment"]) != .string("atCallback"), "the edit below changes bliap")
        let edits: [([String], JSONValue, String)] = [
            (["seed"], .number("7"), "seed"),
            (["parts", "0", "scenario", "seed"], .number("7"), "seed"),
            (["totalRuns"], .number("60"), "total runs"),
            (["designs", "1"], .string("revenuecat"), "designs"),
            (["designAxes", "1", "finishMoment"], .string("atCallback"), "settings (its scenario, sweep or designs)"),
            (["parts", "0", "scenario", "network", "requestLossProbability"], .number("0.3"), "settings (its scenario, sweep or designs)"),
        ]
        for (path, value, what) in edits {
            let file = folder.path("edited-\(path.joined(separator: "."))-\(what.count).json").path
            try JSONWriter.write(part.replacing(path, with: value)).write(toFile: file, atomically: true, encoding: .utf8)
            let sealed = expectSimrun(["merge", file, "--out", folder.path("refused.csv").path], exits: 65, path.joined(separator: "."))
            #expect(sealed.errorOutput.hasPrefix("Error: \(file): key 'partHash'") && sealed.errorOutput.contains("does not match the part's content"),
                    "\(sealed.errorOutput)")
            try JSONWriter.write(part.replacing(path, with: value).resealed).write(toFile: file, atomically: true, encoding: .utf8)
            let refused = expectSimrun(["merge", file, "--out", folder.path("refused.csv").path], exits: 65, path.joined(separator: "."))
            #expect(refused.errorOutput == "Error: \(file): contentHash does not match the part's \(what); was it edited?\n", "\(refused.errorOutput)")
        }
        // One count edited, the bookkeeping kept (a lost intent called delivered): only the seal sees it.
        let counts = ["parts", "0", "tallies", "0"]
        let lost = try #require(part.at(counts + ["lost"]).flatMap { if case .number(let text) = $0 { Int64(text) } else { nil } })
        let delivered = try #require(part.at(counts + ["delivered"]).flatMap { if case .number(let text) = $0 { Int64(text) } else { nil } })
        let moved = folder.path("moved.json").path
        try JSONWriter.write(part.replacing(counts + ["lost"], with: .number(String(lost - 1)))
            .replacing(counts + ["delivered"], with: .number(String(delivered + 1)))).write(toFile: moved, atomically: true, encoding: .utf8)
        #expect(lost > 0)
        #expect(expectSimrun(["merge", moved, "--out", folder.path("refused.csv").path], exits: 65).errorOutput.contains("\(moved): key 'partHash'"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("refused.csv").path))
        let compact = folder.path("compact.json").path
        try part.oneLine.replacingOccurrences(of: "\": ", with: "\":").write(toFile: compact, atomically: true, encoding: .utf8)
        expectSimrun(["merge", compact, "--out", out], exits: 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == merged)
    }

    /// Today's parts still read: a part of format 2 (before `partHash`) has no seal to check, and
    /// its digest and counts are checked as they always were.
    @Test("A run part of format 2, written before partHash, still merges into the same bytes as one of format 3")
    func formatTwoStillReads() throws {
        let folder = try TemporaryFolder()
        let halves = try (0..<2).map { try Self.shard($0, of: 2).jsonValue }
        let paths = (0..<2).map { folder.path("part-\($0).json").path }, old = folder.path("old.json").path
        for (json, path) in zip(halves, paths) { try JSONWriter.write(json).write(toFile: path, atomically: true, encoding: .utf8) }
        guard case .object(let fields) = halves[1] else { Issue.record("a part is an object"); return }
        let formatTwo = JSONValue.object(fields.filter { $0.key != "partHash" }).replacing(["formatVersion"], with: .number("2"))
        try JSONWriter.write(formatTwo).write(toFile: old, atomically: true, encoding: .utf8)
        let new = folder.path("new.csv").path, mixed = folder.path("mixed.csv").path
        expectSimrun(["merge", paths[0], paths[1], "--out", new], exits: 0)
        expectSimrun(["merge", paths[0], old, "--out", mixed], exits: 0)
        #expect(try bytes(URL(fileURLWithPath: new)) == bytes(URL(fileURLWithPath: mixed)))
        let future = folder.path("future.json").path
        try JSONWriter.write(formatTwo.replacing(["formatVersion"], with: .number("4"))).write(toFile: future, atomically: true, encoding: .utf8)
        #expect(expectSimrun(["merge", paths[0], future], exits: 65).errorOutput.contains("this simrun reads formats 2 to 3"))
    }

    /// Counts made in memory are not bounded by a file's reader: the merge range-checks every sum
    /// before adding it, so an overflow is an error naming the part and the count, not a trap.
    @Test("Counts whose sum is past Int64.max, or negative, are refused before anything is added")
    func overflowingCountsRefused() throws {
        var a = try Self.shard(0, of: 2), b = try Self.shard(1, of: 2)
        a.parts[0].tallies[1].events = Int64.max / 2 + 1
        b.parts[0].tallies[1].events = Int64.max / 2 + 1
        let error = refusal([("a.json", a), ("b.json", b)])
        #expect(error?.problem == .outOfRange)
        #expect(error?.message == "cannot merge: b.json: scenario default, design bliap: events adds up past \(Int64.max) over the parts",
                "\(String(describing: error))")
        b.parts[0].tallies[1].events = -1
        #expect(refusal([("a.json", a), ("b.json", b)])?.message.contains("events is negative (-1)") == true)
    }

    @Test("merge takes only the options of the parts' kind, and never writes over a part", arguments: [
        ["--svg", "OUT"], ["--log-y"], ["--metric", "lost"],
    ])
    func optionsByKind(_ extra: [String]) throws {
        let folder = try TemporaryFolder()
        let part = folder.path("p.json").path
        expectSimrun(Self.runArguments + ["--partial-out", part], exits: 0)
        expectSimrun(["merge", part] + extra.map { $0 == "OUT" ? folder.path("c.svg").path : $0 }, exits: 64)
        expectSimrun(["merge", part, "--out", part], exits: 73, "an output may not replace an input")
        expectSimrun(["merge"], exits: 64)
    }
}
