import FaultSim
import Foundation
import Testing
@testable import simrun

/// `simrun robust`: the guesses moved to their ends, a flip planted in a scenario found with its
/// crossover, the same bytes on any thread count and shard split, the interpolation rules, and
/// clear errors for bad input.
@Suite("Robustness")
struct RobustTests {
    /// A world with every fault off but two: requests lost at 0.5% and StoreKit 1's false
    /// `cancelled` (then `purchased`) at the rate the job moves. seed000-v0 never retries, so it
    /// loses about the 0.5% of orders whose request is lost whatever the false cancels do;
    /// seed000-v1.0 retries past a lost request but clears its record on a false cancel and
    /// loses most of those orders. At the guess's plausible low (0.001) v1.0 loses about 0.1%
    /// and leads; at its high (0.02) about 2% and v0 leads: the leader flips between the ends.
    static func plantedFlip() throws -> (folder: TemporaryFolder, path: String) {
        var scenario = Scenario.faultFree()
        scenario.name = "planted-flip"
        scenario.description = "Fault-free but 0.5% lost requests: seed000-v0 and seed000-v1.0 swap places as false cancels grow."
        scenario.network.requestLossProbability = 0.005
        let folder = try TemporaryFolder()
        let path = folder.path("planted-flip.json").path
        try (JSONWriter.write(scenario.jsonValue) + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return (folder, path)
    }

    static let flipArguments = ["--designs", "seed000-v1.0,seed000-v0", "--params", "storeKit.cancelThenPurchasedProbability",
                                "--lhs", "3", "--quiet"]

    /// Runs for the planted flip: at 3,000 (quick) the flip's end has about 60 against 15 lost
    /// orders, far past p < 0.05; the full size checks it with more.
    static let flipRuns = TestScale.pick(quick: "3000", full: "20000")

    @Test("robust finds the flip planted between a guess's ends, and a crossover value between them")
    func plantedFlipIsFound() throws {
        let (folder, path) = try Self.plantedFlip()
        let csv = folder.path("robust.csv").path
        let transcript = expectSimrun(["robust", path, "--runs", Self.flipRuns, "--out", csv] + Self.flipArguments, exits: 0)
        let rows = Self.records(try String(contentsOfFile: csv, encoding: .utf8))
        let header = rows[0]
        func cell(_ row: [String], _ name: String) -> String { row[header.firstIndex(of: name)!] }
        let key = "storeKit.cancelThenPurchasedProbability"
        let baseline = rows.filter { cell($0, "kind") == "baseline" }
        let low = rows.filter { cell($0, "kind") == "low" }, high = rows.filter { cell($0, "kind") == "high" }
        #expect(baseline.allSatisfy { cell($0, "leader") == "seed000-v1.0" }, "v1.0 leads with the scenario's values")
        #expect(low.allSatisfy { cell($0, "verdict") == "keeps" && cell($0, "param") == key && cell($0, "value") == "0.001" })
        let flipped = try #require(high.first { cell($0, "design") == "seed000-v0" })
        #expect(cell(flipped, "verdict") == "flips" && cell(flipped, "leader") == "seed000-v0" && cell(flipped, "leader_changed") == "true")
        let p = try #require(Double(cell(flipped, "p_vs_baseline_leader")))
        #expect(p < 0.05, "the flip is significant: p = \(p)")
        // The crossover lies between the scenario's value (0, the fault-free world's) and the
        // end that flips (0.02), inside the interval the noise allows.
        let estimate = try #require(Double(cell(flipped, "crossover_value")), "no crossover value")
        let lowEnd = try #require(Double(cell(flipped, "crossover_low"))), highEnd = try #require(Double(cell(flipped, "crossover_high")))
        #expect(0 < estimate && estimate < 0.02 && lowEnd <= estimate && estimate <= highEnd, "\(lowEnd) ≤ \(estimate) ≤ \(highEnd)")
        let points = rows.filter { cell($0, "kind") == "crossover" }
        #expect(points.count == 2 * (2 + 5), "two rows for each of the search's 7 points")
        #expect(transcript.output.contains("Guesses that can flip the leader (another design"))
        #expect(transcript.output.contains("the leader changes at \(key) = \(cell(flipped, "crossover_value"))"))
    }

    @Test("robust writes the same bytes on 1 and 2 threads")
    func sameBytesOnAnyThreadCount() throws {
        let (folder, path) = try Self.plantedFlip()
        var outputs: [[String]] = []
        for jobs in ["1", "2"] {
            let csv = folder.path("robust-\(jobs).csv").path, svg = folder.path("robust-\(jobs).svg").path
            let transcript = expectSimrun(["robust", path, "--runs", "2000", "--jobs", jobs, "--out", csv, "--svg", svg] + Self.flipArguments,
                                          exits: 0)
            outputs.append([try String(contentsOfFile: csv, encoding: .utf8), try String(contentsOfFile: svg, encoding: .utf8),
                            transcript.output.replacingOccurrences(of: "-\(jobs).", with: ".")])
        }
        #expect(outputs[0] == outputs[1])
    }

    @Test("robust shards by setting; simrun merge of the parts, in any order, writes the unsharded job's bytes")
    func shardsMergeExactly() throws {
        let (folder, path) = try Self.plantedFlip()
        let whole = folder.path("whole.csv").path, wholeSVG = folder.path("whole.svg").path
        let arguments = ["robust", path, "--runs", "2000", "--jobs", "2"] + Self.flipArguments
        expectSimrun(arguments + ["--out", whole, "--svg", wholeSVG], exits: 0)
        var parts: [String] = []
        for shard in 1...3 {
            let part = folder.path("part-\(shard).json").path
            let transcript = expectSimrun(arguments + ["--shard", "\(shard)/3", "--partial-out", part], exits: 0)
            #expect(transcript.output.contains("shard \(shard)/3 measured"))
            parts.append(part)
        }
        let merged = folder.path("merged.csv").path, mergedSVG = folder.path("merged.svg").path
        expectSimrun(["merge", parts[2], parts[0], parts[1], "--out", merged, "--svg", mergedSVG], exits: 0)
        #expect(try String(contentsOfFile: merged, encoding: .utf8) == String(contentsOfFile: whole, encoding: .utf8))
        #expect(try String(contentsOfFile: mergedSVG, encoding: .utf8) == String(contentsOfFile: wholeSVG, encoding: .utf8))
        let missing = expectSimrun(["merge", parts[0], parts[2], "--out", folder.path("bad.csv").path], exits: 65)
        #expect(missing.errorOutput.contains("shard 2/3 is in no part"))
        let twice = expectSimrun(["merge", parts[0], parts[0], parts[1], parts[2]], exits: 65)
        #expect(twice.errorOutput.contains("overlapping"))
        expectSimrun(["merge", parts[0], parts[1], parts[2], "--faults-out", folder.path("f.csv").path], exits: 64)
        expectSimrun(arguments + ["--shard", "1/3", "--partial-out", folder.path("p.json").path, "--out", folder.path("x.csv").path], exits: 64)
    }

    @Test("robust --lead-runs compares the leader and the runner-up again on the runs after the settings'; its shards merge to the same bytes")
    func leadIsMeasuredAgainOnLaterRuns() throws {
        let (folder, path) = try Self.plantedFlip()
        let scenario = try withExtendedLifetime(folder) { try ScenarioLoader.load(path: path) }
        var plan = Robustness(scenario: scenario, designs: [.seed000V1_0, .seed000V0], only: ["storeKit.cancelThenPurchasedProbability"],
                              points: 1, runs: 1_000, crossoverSteps: 0)
        plan.leadRuns = 3_000
        let result = plan.run(jobs: 2)
        let lead = try #require(result.lead)
        let again = Runner.compare(scenario: scenario, designs: [.seed000V1_0, .seed000V0], runs: 1_000..<4_000, jobs: 1)
        #expect(lead.leader == 0 && lead.runnerUp == 1 && lead.firstRun == 1_000 && lead.runs == 3_000)
        let counted: [Int64] = [again.tallies[0].lost, again.tallies[1].lost, again.pairs.lostOnlyBy(0, notBy: 1), again.tallies[0].intents]
        #expect([lead.point.leaderLost, lead.point.challengerLost, lead.point.onlyLeader, lead.point.intents] == counted)
        let parsed = try RobustResult.parsePartial(PartFile.parse(result.partialFileText, path: "whole.json"))
        #expect(parsed.result == result)
        #expect(result.html.contains("<p>The lead on 3,000 more runs (runs 1,000 to 3,999)"))
        #expect(JSONWriter.write(result.json).contains("\"runnerUp\": \"seed000-v0\""))

        // The command: the lead's sentence and CSV rows; its shards (the first measures the lead) merge to the same bytes.
        let whole = folder.path("whole.csv").path
        let arguments = ["robust", path, "--runs", "1000", "--lead-runs", "3000", "--steps", "0"] + Self.flipArguments
        let transcript = expectSimrun(arguments + ["--out", whole], exits: 0)
        #expect(transcript.output.contains("The lead on 3,000 more runs (runs 1,000 to 3,999): seed000-v1.0 lost \(lead.point.leaderLost) of"))
        let rows = Self.records(try String(contentsOfFile: whole, encoding: .utf8))
        #expect(rows.filter { $0[2] == "lead" }.map { $0[5] } == ["seed000-v1.0", "seed000-v0"])
        var parts: [String] = []
        for shard in 1...2 {
            parts.append(folder.path("part-\(shard).json").path)
            expectSimrun(arguments + ["--shard", "\(shard)/2", "--partial-out", parts[shard - 1]], exits: 0)
        }
        let merged = folder.path("merged.csv").path
        expectSimrun(["merge", parts[1], parts[0], "--out", merged], exits: 0)
        #expect(try String(contentsOfFile: merged, encoding: .utf8) == String(contentsOfFile: whole, encoding: .utf8))
    }

    /// A robust part carries its baseline scenario and designs, so merge makes the plan again
    /// and refuses a part whose seed, runs, guesses or settings are not what its digest says.
    @Test("A robust part edited by hand is refused by its partHash, and resealed, naming what changed; one on a single line merges")
    func editedRobustPartIsRefused() throws {
        let (folder, path) = try Self.plantedFlip()
        let arguments = ["robust", path, "--runs", "500", "--jobs", "2"] + Self.flipArguments
        var parts: [String] = []
        for shard in 1...2 {
            parts.append(folder.path("part-\(shard).json").path)
            expectSimrun(arguments + ["--shard", "\(shard)/2", "--partial-out", parts[shard - 1]], exits: 0)
        }
        let whole = folder.path("whole.csv").path
        expectSimrun(["merge"] + parts + ["--out", whole], exits: 0)
        let second = try JSONParser.parse(String(contentsOfFile: parts[1], encoding: .utf8))
        let digest = "settings (its runs, points, steps, baseline scenario or designs)"
        let edits: [([String], JSONValue, String)] = [
            (["seed"], .number("7"), "seed"),
            (["runs"], .number("600"), digest),
            (["guesses", "0", "low", "set"], .string("0.002"), "guesses"),
            (["settings", "1", "values", "0", "value", "set"], .string("0.002"), "settings"),
            (["baseline", "network", "requestLossProbability"], .number("0.2"), digest),
            (["designAxes", "1", "finishMoment"], .string("atCallback"), digest),
            (["designs", "1"], .string("naive"), "designs"),
        ]
        for (key, value, what) in edits {
            #expect(second.at(key) != nil && second.at(key) != value, "\(key) is in the part and changes")
            let edited = folder.path("edited.json").path
            try JSONWriter.write(second.replacing(key, with: value)).write(toFile: edited, atomically: true, encoding: .utf8)
            let sealed = expectSimrun(["merge", parts[0], edited], exits: 65, key.joined(separator: "."))
            #expect(sealed.errorOutput.hasPrefix("Error: \(edited): key 'partHash'") && sealed.errorOutput.contains("does not match the part's content"),
                    "\(sealed.errorOutput)")
            try JSONWriter.write(second.replacing(key, with: value).resealed).write(toFile: edited, atomically: true, encoding: .utf8)
            let refused = expectSimrun(["merge", parts[0], edited], exits: 65, key.joined(separator: "."))
            #expect(refused.errorOutput == "Error: \(edited): contentHash does not match the part's \(what); was it edited?\n",
                    "\(refused.errorOutput)")
        }
        let compact = folder.path("compact.json").path, merged = folder.path("merged.csv").path
        try second.oneLine.replacingOccurrences(of: "\": ", with: "\":").write(toFile: compact, atomically: true, encoding: .utf8)
        expectSimrun(["merge", parts[0], compact, "--out", merged], exits: 0)
        #expect(try String(contentsOfFile: merged, encoding: .utf8) == String(contentsOfFile: whole, encoding: .utf8))
        // Today's parts still read: one of format 3, before partHash, merges to the same bytes.
        guard case .object(let fields) = second else { Issue.record("a part is an object"); return }
        let formatThree = folder.path("format-3.json").path, old = folder.path("old.csv").path
        try JSONWriter.write(JSONValue.object(fields.filter { $0.key != "partHash" }).replacing(["formatVersion"], with: .number("3")))
            .write(toFile: formatThree, atomically: true, encoding: .utf8)
        expectSimrun(["merge", parts[0], formatThree, "--out", old], exits: 0)
        #expect(try String(contentsOfFile: old, encoding: .utf8) == String(contentsOfFile: whole, encoding: .utf8))
    }

    @Test("Robust parts of two different jobs are refused naming the field that differs: the seed, the settings")
    func partsOfTwoJobsNameTheDifference() throws {
        let (folder, path) = try Self.plantedFlip()
        let arguments = ["robust", path, "--runs", "300"] + Self.flipArguments
        let parts = [folder.path("part-1.json").path, folder.path("part-2.json").path]
        expectSimrun(arguments + ["--shard", "1/2", "--partial-out", parts[0]], exits: 0)
        let otherSeed = folder.path("seed-9.json").path
        expectSimrun(arguments + ["--seed", "9", "--shard", "2/2", "--partial-out", otherSeed], exits: 0)
        #expect(expectSimrun(["merge", parts[0], otherSeed], exits: 65).errorOutput
            == "Error: cannot merge parts with different seeds: \(parts[0]) has seed 1, \(otherSeed) has seed 9\n")
        let otherPoints = folder.path("lhs-4.json").path
        expectSimrun(["robust", path, "--runs", "300", "--designs", "seed000-v1.0,seed000-v0", "--params", "storeKit.cancelThenPurchasedProbability",
                      "--lhs", "4", "--quiet", "--shard", "2/2", "--partial-out", otherPoints], exits: 0)
        #expect(expectSimrun(["merge", parts[0], otherPoints], exits: 65).errorOutput.hasPrefix("Error: cannot merge parts with different settings: "
            + "\(parts[0]) has guesses storeKit.cancelThenPurchasedProbability, 3 Latin-hypercube points, 5 crossover steps, "))
        let otherShares = folder.path("third.json").path
        expectSimrun(arguments + ["--shard", "3/3", "--partial-out", otherShares], exits: 0)
        #expect(expectSimrun(["merge", parts[0], otherShares], exits: 65).errorOutput.contains("different shard counts: "))
    }

    @Test("A scenario file that lists one design is bad data naming the file's designs key, not an option never typed")
    func oneDesignInTheFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("one.json").path
        try #"{"designs": ["naive"]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let refused = expectSimrun(["robust", path, "--runs", "10", "--quiet"], exits: 65)
        #expect(refused.errorOutput == "Error: \(path): key 'designs': value [\"naive\"]: robust compares two designs or more: "
            + "list two or more there, or choose them with --designs\n", "\(refused.errorOutput)")
        #expect(!refused.errorOutput.contains("--designs <a,b>"))
        let chosen = expectSimrun(["robust", path, "--runs", "10", "--quiet", "--designs", "naive"], exits: 64)
        #expect(chosen.errorOutput.contains("The value 'naive' is invalid for '--designs <a,b>': robust compares two designs or more"))
    }

    @Test("robust refuses bad input clearly: unknown design, unknown or unguessed --params key, --lhs 0, one design, a bad --set")
    func badInput() {
        let base = ["robust", "--runs", "10", "--quiet"]
        let design = expectSimrun(base + ["--designs", "bliap,bliapp"], exits: 64)
        #expect(design.errorOutput.contains("unknown design 'bliapp'; did you mean 'bliap'?"))
        let key = expectSimrun(base + ["--designs", "bliap,naive", "--params", "network.requestLossProb"], exits: 64)
        #expect(key.errorOutput.contains("did you mean 'network.requestLossProbability'?"))
        let cited = expectSimrun(base + ["--designs", "bliap,naive", "--params", "network.requestTimeout"], exits: 64)
        #expect(cited.errorOutput.contains("'network.requestTimeout' is not a guess"))
        let twice = expectSimrun(base + ["--designs", "bliap,naive", "--params", "horizon,horizon"], exits: 64)
        #expect(twice.errorOutput.contains("named twice"))
        let lhs = expectSimrun(base + ["--designs", "bliap,naive", "--lhs", "0"], exits: 64)
        #expect(lhs.errorOutput.contains("'--lhs <n>'"))
        expectSimrun(base + ["--designs", "bliap,naive", "--steps", "21"], exits: 64)
        let one = expectSimrun(base + ["--designs", "bliap"], exits: 64)
        #expect(one.errorOutput.contains("two designs or more"))
        expectSimrun(base + ["--designs", "bliap,naive", "--set", "network.requestLossProbability=2"], exits: 65)
        expectSimrun(base + ["--designs", "bliap,naive", "--shard", "1/2"], exits: 64)
    }

    @Test("Every guess's values between its ends can be written with --set and read back exactly")
    func interpolatedValuesRoundTrip() throws {
        let source = ScenarioSource(.json(Scenario.defaultFileText, file: "default", name: "default"))
        let (guesses, skipped) = Guess.all(in: try source.load())
        #expect(skipped.isEmpty, "\(skipped)")
        #expect(guesses.count == Guess.tableKeys.count)
        for guess in guesses {
            for t in [0.0, 0.1, 0.37, 0.5, 0.9, 1.0] {
                let value = guess.value(at: t)
                let loaded = try source.load(setting: guess.path, to: value.setText)
                #expect(guess.row.field.value(in: loaded) == value, "\(guess.path) at \(t): --set \(value.setText)")
            }
            #expect(guess.value(at: 0) == guess.low && guess.value(at: 1) == guess.high)
        }
    }

    @Test("Interpolation: linear, geometric from tenfold, counts rounded, three significant digits, choices stepped")
    func interpolationRules() {
        typealias V = ScenarioParameter.Value
        #expect(V.probability(0.3).interpolated(to: .probability(0.9), at: 0.5) == .probability(0.6))
        #expect(V.probability(0).interpolated(to: .probability(0.05), at: 0.5) == .probability(0.025), "0 at an end: linear")
        #expect(V.probability(0.001).interpolated(to: .probability(0.1), at: 0.5) == .probability(0.01), "100x: geometric")
        #expect(V.probability(0.0005).interpolated(to: .probability(0.02), at: 0.3) == .probability(0.00151))
        #expect(V.count(1).interpolated(to: .count(5), at: 0.4) == .count(3))
        #expect(V.count(1).interpolated(to: .count(50), at: 0.5) == .count(7), "50x: geometric, rounded")
        #expect(V.duration(7 * 86_400_000).interpolated(to: .duration(90 * 86_400_000), at: 0.5) == .duration(2_168_640_000),
                "√(7d · 90d) = 25.1d")
        #expect(V.duration(2_168_640_000).setText == "25.1d")
        #expect(V.choice("tryLater").interpolated(to: .choice("rejects"), at: 0.49) == .choice("tryLater"))
        #expect(V.choice("tryLater").interpolated(to: .choice("rejects"), at: 0.5) == .choice("rejects"))
        #expect(V.choice("tryLater").isStepped(towards: .choice("rejects")))
        let fixed = V.distribution(kind: .fixed, firstMs: 1_000, secondMs: 0)
        let logNormal = V.distribution(kind: .logNormal, firstMs: 1_000, secondMs: 100_000)
        #expect(fixed.interpolated(to: logNormal, at: 0.5) == .distribution(kind: .logNormal, firstMs: 1_000, secondMs: 10_000))
        #expect(!fixed.isStepped(towards: logNormal))
        #expect(V.distribution(kind: .uniform, firstMs: 0, secondMs: 10).isStepped(towards: logNormal))
        #expect(V.distribution(kind: .logNormal, firstMs: 5_000, secondMs: 30_000).setText == #"{"kind":"logNormal","median":"5s","p99":"30s"}"#)
    }

    @Test("The Latin hypercube puts one point in each stratum of every guess, the same for the same seed")
    func latinHypercube() {
        let cube = Robustness.latinHypercube(points: 7, dimensions: 5, seed: 42)
        for dimension in 0..<5 {
            #expect(Set(cube.map { Int($0[dimension] * 7) }) == Set(0..<7))
        }
        #expect(cube == Robustness.latinHypercube(points: 7, dimensions: 5, seed: 42))
        #expect(cube != Robustness.latinHypercube(points: 7, dimensions: 5, seed: 43))
    }

    @Test("The tornado chart and the report's section are well-formed, with no ids and no script")
    func chartAndSection() throws {
        let (folder, path) = try Self.plantedFlip()
        let scenario = try withExtendedLifetime(folder) { try ScenarioLoader.load(path: path) }
        let plan = Robustness(scenario: scenario, designs: [.seed000V1_0, .seed000V0], only: ["storeKit.cancelThenPurchasedProbability", "user.patience"],
                              points: 2, runs: 1_500, crossoverSteps: 2)
        var result = plan.emptyResult()
        plan.measure(Array(plan.settings.indices), into: &result, jobs: 2)
        plan.searchCrossovers(into: &result, jobs: 2)
        #expect(result.isComplete)
        #expect(svgFragmentsParse(result.tornadoSVG) == (1, true))
        let html = Markup.section(result.htmlTitle, result.html)
        #expect(svgFragmentsParse(html) == (1, true))
        #expect(html.hasPrefix("<section>") && !html.contains(" id=") && !html.contains("<script"))
        #expect(html.contains("storeKit.cancelThenPurchasedProbability"))
        // A shard's file reads back to the same result.
        let parsed = try RobustResult.parsePartial(PartFile.parse(result.partialFileText, path: "whole.json"))
        #expect(parsed.result == result)
    }

    /// The records of a CSV, quoted fields unquoted.
    static func records(_ text: String) -> [[String]] {
        text.split(separator: "\n").map { line in
            var fields: [String] = [], field = "", quoted = false
            var characters = Array(line)[...]
            while let character = characters.popFirst() {
                if quoted {
                    if character == "\"" {
                        if characters.first == "\"" { field.append("\""); characters.removeFirst() } else { quoted = false }
                    } else {
                        field.append(character)
                    }
                } else if character == "\"" {
                    quoted = true
                } else if character == "," {
                    fields.append(field)
                    field = ""
                } else {
                    field.append(character)
                }
            }
            return fields + [field]
        }
    }
}
