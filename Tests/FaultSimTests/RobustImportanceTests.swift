import FaultSim
import Policies
import Foundation
import Synchronization
import Testing
@testable import simrun

/// `simrun robust --importance`: every setting estimated under one bias, weighted back against
/// the setting's own probabilities; the planted flip still found, the output naming the test it
/// used, and shards merging exactly.
@Suite("Robustness, weighted")
struct RobustImportanceTests {
    @Test("robust --importance finds the planted flip on weighted estimates, and its shards with --bias merge to the unsharded bytes")
    func weightedFlipAndShards() throws {
        let (folder, path) = try RobustTests.plantedFlip()
        let whole = folder.path("whole.csv").path, bias = folder.path("bias.json").path
        let arguments = ["robust", path, "--runs", "3000", "--jobs", "2", "--importance"] + RobustTests.flipArguments
        let transcript = expectSimrun(arguments + ["--pilot-runs", "2000", "--out", whole, "--bias-out", bias], exits: 0)
        #expect(transcript.output.contains("With the scenario's values (weighted estimates"))
        #expect(transcript.output.contains("weighted paired z p < 0.05"))
        let rows = RobustTests.records(try String(contentsOfFile: whole, encoding: .utf8))
        let header = rows[0]
        #expect(header.suffix(2) == ["effective_size", "check"])
        func cell(_ row: [String], _ name: String) -> String { row[header.firstIndex(of: name)!] }
        let flipped = try #require(rows.first { cell($0, "kind") == "high" && cell($0, "design") == "seed000-v0" })
        #expect(cell(flipped, "verdict") == "flips" && cell(flipped, "leader") == "seed000-v0")
        #expect(try #require(Double(cell(flipped, "p_vs_baseline_leader"))) < 0.05)

        // The same job from the bias file, with its lead measured again, whole and in shards: the
        // shards merge into its bytes.
        let fromFile = folder.path("from-file.csv").path
        let lead = ["--lead-runs", "2000"]
        let again = expectSimrun(arguments + lead + ["--bias", bias, "--out", fromFile], exits: 0)
        #expect(again.output.contains("The lead on 2,000 more runs (runs 3,000 to 4,999; weighted under the worlds of the bias tuned for the two designs)"))
        let leadRows = RobustTests.records(try String(contentsOfFile: fromFile, encoding: .utf8)).filter { cell($0, "kind") == "lead" }
        #expect(leadRows.count == 2 && leadRows.allSatisfy { !cell($0, "effective_size").isEmpty })
        var parts: [String] = []
        for shard in 1...2 {
            let part = folder.path("part-\(shard).json").path
            expectSimrun(arguments + lead + ["--bias", bias, "--shard", "\(shard)/2", "--partial-out", part], exits: 0)
            parts.append(part)
        }
        let merged = folder.path("merged.csv").path
        expectSimrun(["merge", parts[1], parts[0], "--out", merged], exits: 0)
        #expect(try String(contentsOfFile: merged, encoding: .utf8) == String(contentsOfFile: fromFile, encoding: .utf8))

        // A shard must weigh its runs by a bias every shard shares.
        let refused = expectSimrun(arguments + ["--shard", "1/2", "--partial-out", folder.path("p.json").path], exits: 64)
        #expect(refused.errorOutput.contains("needs '--bias'"))
        // A plain part and a weighted part of the same job are two jobs.
        let plain = folder.path("plain.json").path
        expectSimrun(Array(arguments.filter { $0 != "--importance" }) + lead + ["--shard", "2/2", "--partial-out", plain], exits: 0)
        expectSimrun(["merge", parts[0], plain, "--out", folder.path("mixed.csv").path], exits: 65)
    }

    /// A bias whose one world is the nominal one weighs every run 1, so a setting is flagged
    /// exactly when a design its verdict rests on has too few lost runs (fewer than 100, or one
    /// above 5% of the sum). On the planted flip with 2% lost requests, at 8,000 runs
    /// `seed000-v0` loses about 110 orders in every setting and `seed000-v1.0` from none to 600
    /// as false cancels grow: the settings with the fewest are flagged, the others not. Each
    /// flagged one, counted again on 6,000 plain runs, has the counts a plain job of that size has
    /// there; the others keep their weighted estimates.
    @Test("--fallback-runs counts each flagged setting on plain runs as a plain job of that size does; the rest stay weighted")
    func flaggedSettingsAreCounted() throws {
        let (folder, path) = try RobustTests.plantedFlip()
        var scenario = try withExtendedLifetime(folder) { try ScenarioLoader.load(path: path) }
        scenario.network.requestLossProbability = 0.02
        let designs: [Design] = [.seed000V1_0, .seed000V0]
        func job(runs: Int) -> Robustness {
            Robustness(scenario: scenario, designs: designs, only: ["storeKit.cancelThenPurchasedProbability"], points: 3, runs: runs,
                       crossoverSteps: 0)
        }
        var plan = job(runs: 8_000)
        let plain = job(runs: 6_000)
        plan.bias = FaultBias(components: [BiasedWorld(firing: BiasedWorld.nominal.firing, designs: designs.map(\.name))],
                              nominalShare: 0.1, shares: [0.9])
        plan.biasText = plan.bias!.fileText(scenario: scenario.name, steps: [])
        let weighted = plan
        plan.fallbackRuns = 6_000
        let phases = PhaseRecorder()
        let result = plan.run(jobs: 2, reporter: phases)
        let counted = result.countedSettings
        #expect(!counted.isEmpty && counted.count < result.ownSettings.count && result.flaggedSettings.isEmpty,
                "counted \(counted) of \(result.ownSettings)")
        // The settings' progress line counts the plain runs too, its total grown by each count (not a stall at 100%).
        let settingsPhase = try #require(phases.recorded.first)
        #expect(settingsPhase.label.hasSuffix("settings") && settingsPhase.counter.addedTotal == counted.count * 6_000)
        #expect(settingsPhase.counter.value == settingsPhase.totalRuns + settingsPhase.counter.addedTotal)
        // The counted settings, weighted without the fallback, are flagged; counted, they are the plain job's.
        var before = weighted.emptyResult(), expected = plain.emptyResult()
        weighted.measure([0] + counted.filter { $0 != 0 }, into: &before, jobs: 2)
        plain.measure([0] + counted.filter { $0 != 0 }, into: &expected, jobs: 2)
        for index in result.ownSettings {
            if counted.contains(index) {
                #expect(before.isFlagged(index) && result.counts[index] == expected.counts[index], "setting \(index)")
            } else {
                #expect(result.counts[index]?.weighted != nil, "setting \(index) stays weighted")
            }
        }
        #expect(result.text.contains("each was counted again on 6,000 plain runs (--fallback-runs)"))
        let rows = RobustTests.records(result.csv).filter { $0.last == "counted on 6000 plain runs: the weighted estimates were flagged" }
        #expect(Set(rows.map { Int($0[1])! }) == Set(counted) && rows.count == 2 * counted.count)
        #expect(JSONWriter.write(result.json).contains("\"fallbackRuns\": 6000"))
        let parsed = try RobustResult.parsePartial(PartFile.parse(result.partialFileText, path: "whole.json"))
        #expect(parsed.result == result)
        let refused = expectSimrun(["robust", path, "--runs", "500", "--fallback-runs", "1000"] + RobustTests.flipArguments, exits: 64)
        #expect(refused.errorOutput.contains("'--fallback-runs' goes with '--importance'"))
    }

    @Test("A bias narrowed to two designs keeps their worlds with their shares; one tuned for neither is kept whole")
    func narrowedBias() {
        var a = BiasedWorld(firing: BiasedWorld.nominal.firing, designs: ["a"]), b = a, c = a
        b.designs = ["b"]
        c.designs = ["c"]
        let bias = FaultBias(components: [a, b, c], nominalShare: 0.1, shares: [3, 1, 2])
        let narrowed = bias.narrowed(to: ["c", "a"])
        #expect(narrowed.components.map(\.designs) == [["a"], ["c"]] && narrowed.nominalShare == 0.1)
        let expected: [Double] = [0.54, 0.36]
        #expect(zip(narrowed.shares, expected).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(bias.narrowed(to: ["d"]) == bias && bias.narrowed(to: ["a", "b", "c"]) == bias)
    }
}

/// A `ProgressReporter` that keeps each phase's label, size and counter, in order.
final class PhaseRecorder: ProgressReporter {
    private let phases = Mutex<[(label: String, totalRuns: Int, counter: ProgressCounter)]>([])

    func begin(_ label: String, totalRuns: Int) -> ProgressCounter {
        let counter = ProgressCounter()
        phases.withLock { $0.append((label, totalRuns, counter)) }
        return counter
    }

    var recorded: [(label: String, totalRuns: Int, counter: ProgressCounter)] { phases.withLock { $0 } }
}
