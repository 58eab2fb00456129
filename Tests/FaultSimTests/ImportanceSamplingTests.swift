import FaultSim
import Foundation
import Policies
import Testing

/// Importance sampling (docs/model.md §14): a bias that biases nothing changes nothing, weighted
/// estimates are unbiased (a planted rare event of known probability is covered at the
/// interval's rate), the sums are the same on any thread count, the paired difference is
/// consistent with the two rates, degenerate weights are flagged, and the bias file round-trips.
@Suite("Importance sampling")
struct ImportanceSamplingTests: PinnedStoreKitWorlds {
    static var planted: Double { 1e-6 }

    /// A world whose only loss is planted: the user buys outside the app with probability
    /// `planted` and never opens the app within the horizon, and the design cannot credit such a
    /// purchase from Apple's data alone (`TestDesigns.recommendedWithoutLink`). Lost rate: exactly
    /// `planted` per intent.
    static func plantedWorld(seed: UInt64 = 1) -> Scenario {
        var scenario = outsideWorld()
        scenario.user.outsideAppPurchaseProbability = planted
        scenario.user.outsideAppOpenDelay = .fixed(40 * 24 * hour)
        scenario.user.returningCustomerProbability = 1
        scenario.seed = seed
        return scenario
    }

    static func boosting(_ kind: FaultKind, to q: Double) -> FaultBias {
        var firing = BiasedWorld.nominal.firing
        firing[kind.rawValue] = q
        return FaultBias(firing: firing, nominalShare: 0.1)
    }

    @Test("A bias that biases nothing leaves every outcome the plain run's and weighs every run 1")
    func identityBiasChangesNothing() {
        let scenario = Scenario()
        let designs = [Design.naive, .faultSimRecommended]
        let plain = Runner.run(scenario: scenario, designs: designs, runs: 0..<300, jobs: 2)
        let weighted = Runner.weighted(scenario: scenario, designs: designs, runs: 0..<300, bias: .identity, jobs: 2)
        #expect(weighted.tallies == plain)
        for design in designs.indices {
            let lost = weighted.panel.rate(design, .lost, intents: plain[design].intents)
            #expect(lost.meanWeight == 1 && lost.meanWeightError == 0)
            #expect(lost.rate == Double(plain[design].lost) / Double(plain[design].intents))
        }
    }

    @Test("A planted loss of probability 1e-6 is estimated within its interval at about the stated rate (1,000 runs a seed)")
    func plantedRareEventIsCovered() {
        let bias = Self.boosting(.outsideAppPurchase, to: 0.3)
        let seeds = TestScale.pick(quick: 40, full: 200)
        var covered = 0
        for seed in 1...seeds {
            let result = Runner.weighted(scenario: Self.plantedWorld(seed: UInt64(seed)), designs: [TestDesigns.recommendedWithoutLink],
                                         runs: 0..<1_000, bias: bias, jobs: 2)
            let lost = result.panel.rate(0, .lost, intents: result.tallies[0].intents)
            if lost.low <= Self.planted && Self.planted <= lost.high { covered += 1 }
        }
        // 95% intervals: at 40 seeds, 33 or more covering is what a true 95% gives 99.6% of the time.
        #expect(Double(covered) >= 0.83 * Double(seeds), "covered \(covered) of \(seeds)")
        let plain = Runner.run(scenario: Self.plantedWorld(), designs: [TestDesigns.recommendedWithoutLink], runs: 0..<1_000, jobs: 2)
        #expect(plain[0].lost == 0, "plain Monte Carlo sees nothing at this size")
    }

    @Test("A fault read once per intent: its weighted firings per run are its nominal probability")
    func weightedFiringsAreNominal() {
        let result = Runner.weighted(scenario: Self.plantedWorld(), designs: [TestDesigns.recommendedWithoutLink], runs: 0..<4_000,
                                     bias: Self.boosting(.outsideAppPurchase, to: 0.5), jobs: 2)
        let estimate = result.panel.firingsPerRun(0, .outsideAppPurchase)
        #expect(abs(estimate / Self.planted - 1) < 0.1, "\(estimate)")
        #expect(result.tallies[0].faultCounts[FaultKind.outsideAppPurchase.rawValue] > 1_000, "the biased world fired it often")
    }

    @Test("The weighted sums are the same on 1 and 2 threads and any chunk size")
    func weightedSumsDoNotDependOnThreads() {
        let bias = Self.boosting(.appCrash, to: 0.2)
        let scenario = Scenario()
        let designs = [Design.naive, .bliap]
        let one = Runner.weighted(scenario: scenario, designs: designs, runs: 0..<400, bias: bias, jobs: 1).panel
        let two = Runner.weighted(scenario: scenario, designs: designs, runs: 0..<400, bias: bias, jobs: 2, chunkSize: 37).panel
        #expect(one == two)
    }

    @Test("A copy of a weighted world keeps the run it saw while the original runs on: each runs on counters of its own")
    func weightedWorldCopiesDoNotShareCounters() throws {
        var world = DesignWorlds(scenario: Scenario(), design: .faultSimRecommended)
        world.bias = Self.boosting(.appCrash, to: 0.2)
        let weights = (UInt64(0)..<40).map { index -> Double in
            world.run(index)
            return world.lastRunImportance!.weight
        }
        let first = try #require(weights.indices.first { weights[$0] != weights[0] }, "two runs of different weights")
        world.run(0)
        let copy = world
        world.run(UInt64(first))
        #expect(copy.lastRunImportance!.weight == weights[0] && world.lastRunImportance!.weight == weights[first])
        var again = copy
        again.run(UInt64(first))
        #expect(again.lastRunImportance!.weight == weights[first] && copy.lastRunImportance!.weight == weights[0])
    }

    @Test("A paired difference is the difference of the two rates; a design against itself differs by exactly 0")
    func pairedDifferenceIsConsistent() {
        let bias = Self.boosting(.appCrash, to: 0.2)
        let result = Runner.weighted(scenario: Scenario(), designs: [.naive, .bliap, .naive], runs: 0..<400, bias: bias, jobs: 2)
        let intents = result.tallies[0].intents
        let difference = result.panel.difference(0, 1, .lost, intents: intents)
        let rates = (result.panel.rate(0, .lost, intents: intents).rate, result.panel.rate(1, .lost, intents: intents).rate)
        #expect(abs(difference.difference - (rates.0 - rates.1)) < 1e-12)
        let same = result.panel.difference(0, 2, .lost, intents: intents)
        #expect(same.difference == 0 && same.standardError == 0 && same.logP == 0)
    }

    @Test("Weights that degenerate are flagged, and the estimate falls back to the nominal runs' plain count")
    func degenerateWeightsAreFlagged() {
        // Biased *against* the only loss: it happens almost only in the nominal runs, each weighing 1/α.
        var scenario = Self.plantedWorld()
        scenario.user.outsideAppPurchaseProbability = 0.05
        let result = Runner.weighted(scenario: scenario, designs: [TestDesigns.recommendedWithoutLink], runs: 0..<4_000,
                                     bias: Self.boosting(.outsideAppPurchase, to: 1e-4), jobs: 2)
        let lost = result.panel.rate(0, .lost, intents: result.tallies[0].intents)
        #expect(lost.warning?.contains("effective sample size") == true, "\(lost)")
        #expect(lost.nominalIntents > 300 && lost.fallback.rate > 0)
    }

    /// A seeded generator for the tests: a failure replays from its seed.
    struct SeededGenerator: RandomNumberGenerator {
        var state: SplitMix64
        mutating func next() -> UInt64 { state.next() }
    }

    @Test("Exact sums do not depend on the order of their addends and convert back to the sum", arguments: [UInt64(1), 2, 3])
    func exactSumsAreOrderFree(seed: UInt64) {
        var generator = SeededGenerator(state: SplitMix64(state: seed))
        let values = (0..<2_000).map { _ in Double.random(in: 0..<1, using: &generator) * pow(10, Double.random(in: -20...6, using: &generator)) }
        var forward = ExactSum(), backward = ExactSum(), halves = ExactSum(), second = ExactSum()
        for value in values { forward.add(value) }
        for value in values.reversed() { backward.add(value) }
        for value in values.prefix(1_000) { halves.add(value) }
        for value in values.suffix(1_000) { second.add(value) }
        halves.add(second)
        #expect(forward == backward && forward == halves)
        let naive = values.sorted().reduce(0, +)
        #expect(abs(forward.value / naive - 1) < 1e-12)
    }

    @Test("A bias file reloads to the same bias; a broken one names the file, the key and the value (exit 65, nothing written)")
    func biasFileRoundTripsAndErrors() throws {
        var bias = Self.boosting(.neverReturnsAfterLeave, to: 0.312_345_678_912_345_6)
        bias.components[0].tails[2 * TailSlot.relaunchDelay.rawValue] = 0.05
        bias.components[0].tails[2 * TailSlot.relaunchDelay.rawValue + 1] = 0.02
        bias.components[0].belowIOS15 = 0.25
        bias.components.append(BiasedWorld(firing: Self.boosting(.appCrash, to: 0.1).components[0].firing, designs: ["naive"]))
        let text = bias.fileText(scenario: "default", steps: [])
        #expect(try FaultBias.parse(text, file: "b.json") == bias)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("faultsim-bias-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("bias.json").path
        try text.replacingOccurrences(of: "never_returns_after_leave", with: "never_returns").write(toFile: broken, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out.csv").path
        let transcript = expectSimrun(["compare", "--designs", "naive,bliap", "--runs", "20", "--importance", "--bias", broken, "--out", out],
                                      exits: 65)
        #expect(transcript.errorOutput.contains(broken) && transcript.errorOutput.contains("worlds[0].firing.never_returns"))
        #expect(!FileManager.default.fileExists(atPath: out))
        expectSimrun(["compare", "--designs", "naive,bliap", "--runs", "20", "--bias", broken], exits: 64)
    }

    @Test("compare --importance tunes a bias, prints the weighted table and the paired difference")
    func compareWithImportanceRuns() {
        let transcript = expectSimrun(["compare", "--designs", "naive,bliap", "--runs", "2000", "--importance", "--pilot-runs", "1000",
                                       "--quiet"], exits: 0)
        #expect(transcript.output.contains("weighted estimates, per 10^6 intents"))
        #expect(transcript.output.contains("paired over the same runs and biased worlds"))
    }

    @Test("find --bias lists rare endings of the biased worlds with their weights; trace --bias replays one, naming its world")
    func findAndTraceUnderABias() {
        let path = packageRoot + "/results/importance-default-bias.json"
        let found = expectSimrun(["find", "--design", "faultsim-recommended", "--outcome", "lost", "--bias", path, "--limit", "1"], exits: 0)
        #expect(found.output.contains("weight") && found.output.contains("--bias"), "\(found.output)")
        let traced = expectSimrun(["trace", "--design", "faultsim-recommended", "--run", "1", "--bias", path], exits: 0)
        #expect(traced.output.contains("importance sampling: drawn from"), "\(traced.output.prefix(600))")
        #expect(traced.output.contains("lost"))
    }

    @Test("Weighted shards merge into the unsharded job's bytes, paired differences included (compare --pairs-out writes the same); parts of another bias are refused (exit 65)")
    func weightedShardsMergeExactly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("faultsim-weighted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let bias = packageRoot + "/scenarios/bias/default-recommended.json"
        let job = ["run", "--designs", "faultsim-recommended,naive", "--runs", "3000", "--importance", "--bias", bias, "--quiet"]
        expectSimrun(job + ["--out", path("whole.csv"), "--pairs-out", path("whole-pairs.csv")], exits: 0)
        expectSimrun(job + ["--shard", "2/2", "--partial-out", path("b.json")], exits: 0)
        expectSimrun(job + ["--shard", "1/2", "--partial-out", path("a.json")], exits: 0)
        let merged = expectSimrun(["merge", path("b.json"), path("a.json"), "--out", path("merged.csv"), "--pairs-out", path("merged-pairs.csv")],
                                  exits: 0)
        #expect(merged.output.contains("weighted estimates"))
        #expect(try String(contentsOfFile: path("merged.csv"), encoding: .utf8) == String(contentsOfFile: path("whole.csv"), encoding: .utf8))
        // The weighted paired differences, a comparison a sharded job can make: the merge's are the whole job's bytes.
        let pairs = try String(contentsOfFile: path("whole-pairs.csv"), encoding: .utf8)
        #expect(try String(contentsOfFile: path("merged-pairs.csv"), encoding: .utf8) == pairs)
        // compare writes the same rows (its text rounds the interval to three figures; the file does not).
        let compare = ["compare", "--designs", "faultsim-recommended,naive", "--runs", "3000", "--bias", bias, "--quiet"]
        expectSimrun(compare + ["--importance", "--pairs-out", path("compare-pairs.csv")], exits: 0)
        #expect(try String(contentsOfFile: path("compare-pairs.csv"), encoding: .utf8) == pairs)
        #expect(expectSimrun(["compare", "--designs", "faultsim-recommended,naive", "--pairs-out", path("plain.csv")], exits: 64)
            .errorOutput.contains("'--pairs-out' needs '--importance'"))
        let lines = pairs.split(separator: "\n")
        #expect(lines.first?.hasPrefix("scenario,platform,design,versus,outcome,difference_per_million,low,high") == true)
        #expect(lines.count == 1 + WeightedPanel.outcomes.count && lines[1].hasPrefix("default,today,faultsim-recommended,naive,lost,"))
        expectSimrun(job + ["--shard", "1/2", "--partial-out", path("e.json"), "--pairs-out", path("e.csv")], exits: 64)
        let other = FaultBias.identity.fileText(scenario: "default", steps: [])
        try other.write(toFile: path("other.json"), atomically: true, encoding: .utf8)
        expectSimrun(["run", "--designs", "faultsim-recommended,naive", "--runs", "3000", "--importance", "--bias", path("other.json"),
                      "--quiet", "--shard", "2/2", "--partial-out", path("c.json")], exits: 0)
        let refused = expectSimrun(["merge", path("a.json"), path("c.json"), "--out", path("bad.csv")], exits: 65)
        #expect(refused.errorOutput.contains("c.json"))
        #expect(!FileManager.default.fileExists(atPath: path("bad.csv")))
        expectSimrun(["run", "--runs", "100", "--importance", "--shard", "1/2", "--partial-out", path("d.json")], exits: 64)
    }

    /// Two planted mechanisms for the naive design: a crash after the charge with a user who
    /// never comes back (1e-3 x 1e-3), and a purchase outside the app never opened (1e-6).
    static func twoMechanisms() -> Scenario {
        var scenario = ImportanceCoverageTests.crashAndGone(1e-3, 1e-3)
        scenario.user.outsideAppPurchaseProbability = 1e-6
        scenario.user.outsideAppOpenDelay = .fixed(40 * 24 * hour)
        scenario.user.returningCustomerProbability = 1
        return scenario
    }

    /// The two-mechanism scenario and the mixture the pilot fits to 20,000 runs of a broad world.
    static func plantedMixture() -> (Scenario, BiasPilot.Mixture) {
        let scenario = Self.twoMechanisms()
        let broad = ImportanceCoverageTests.biased([.appCrash: 0.3, .neverComesBack: 0.3, .outsideAppPurchase: 0.3])
        let result = Runner.weighted(scenario: scenario, designs: [.naive], runs: 0..<20_000, bias: broad, jobs: 2, tunes: true)
        return (scenario, BiasPilot.mechanisms(result.panel, belowIOS15Share: scenario.device.belowIOS15Probability, design: "naive"))
    }

    @Test("The mixture pilot gives each of two planted loss mechanisms its own world, biasing only that mechanism's kinds")
    func mixturePilotSeparatesMechanisms() {
        let (scenario, mixture) = Self.plantedMixture()
        #expect(mixture.worlds.count == 2, "\(mixture.worlds.map(\.biasedKinds))")
        let outside = mixture.worlds.first { $0.firing[FaultKind.outsideAppPurchase.rawValue] > 0 }
        let crash = mixture.worlds.first { $0.firing[FaultKind.appCrash.rawValue] > 0 }
        #expect(outside != nil && crash != nil && outside != crash)
        #expect(outside?.firing[FaultKind.appCrash.rawValue] == 0 && outside?.firing[FaultKind.neverComesBack.rawValue] == 0)
        #expect(crash?.firing[FaultKind.outsideAppPurchase.rawValue] == 0 && (crash?.firing[FaultKind.neverComesBack.rawValue] ?? 0) > 0.1)
        #expect(mixture.shares.allSatisfy { $0 >= 0.1 } && abs(mixture.shares.reduce(0, +) - 1) < 1e-12)
        // The two worlds as a mixture estimate the planted 2e-6 (1e-6 each).
        let bias = FaultBias(components: mixture.worlds, nominalShare: 0.1, shares: mixture.shares)
        let estimate = Runner.weighted(scenario: scenario, designs: [.naive], runs: 0..<20_000, bias: bias, jobs: 2)
        let lost = estimate.panel.rate(0, .lost, intents: estimate.tallies[0].intents)
        #expect(lost.low <= 2e-6 && 2e-6 <= lost.high && lost.warning == nil, "\(lost)")
    }

    @Test("A kind that fires only after a loss (support contact) joins no signature and no world raises it")
    func mixturePilotLeavesOutConsequences() {
        var scenario = Self.twoMechanisms()
        scenario.user.supportContactProbability = 0.3
        // Support contact, read once a charge is undelivered, fires in 90% of the lost runs drawn:
        // weighted back, per read it fires at its nominal 0.3, a consequence and not a cause.
        let broad = ImportanceCoverageTests.biased([.appCrash: 0.3, .neverComesBack: 0.3, .outsideAppPurchase: 0.3, .supportContact: 0.9])
        let result = Runner.weighted(scenario: scenario, designs: [.naive], runs: 0..<20_000, bias: broad, jobs: 2, tunes: true)
        let mixture = BiasPilot.mechanisms(result.panel, belowIOS15Share: scenario.device.belowIOS15Probability, design: "naive")
        #expect(result.panel.designs[0].reads[FaultKind.supportContact.rawValue] > 0, "the planted losses read support contact")
        #expect(mixture.worlds.count == 2, "\(mixture.worlds.map(\.biasedKinds))")
        #expect(mixture.worlds.allSatisfy { $0.firing[FaultKind.supportContact.rawValue] == 0 }, "\(mixture.worlds.map(\.biasedKinds))")
    }

    @Test("The pilot tunes the same bias on 1 and 2 threads: climb, mixture, joint and shares steps")
    func pilotIsTheSameOnAnyThreadCount() {
        let scenario = OptimizerTests.lossyScenario(seed: 7)
        let tuned = [1, 2].map { BiasPilot.tune(scenario: scenario, designs: [.naive, .bliap], runsPerStep: 1_000, jobs: $0) }
        #expect(tuned[0].bias == tuned[1].bias && tuned[0].bias.components.count > 2, "\(tuned[0].bias.components.count) worlds")
        #expect(tuned[0].steps == tuned[1].steps && tuned[0].steps.contains { $0.label.hasPrefix("shares") })
    }

    @Test("A design whose bias an earlier pilot tuned keeps its worlds and shares, with no pilot step")
    func tuneReusesAnEarlierBias() {
        let (scenario, mixture) = Self.plantedMixture()
        let earlier = FaultBias(components: mixture.worlds, nominalShare: 0.1, shares: mixture.shares)
        let tuned = BiasPilot.tune(scenario: scenario, designs: [.naive], runsPerStep: 1_000, jobs: 1, reusing: ["naive": earlier])
        #expect(tuned.steps.isEmpty)
        #expect(tuned.bias.components.map(\.firing) == earlier.components.map(\.firing) && tuned.bias.nominalShare == earlier.nominalShare)
        #expect(zip(tuned.bias.shares, earlier.shares).allSatisfy { abs($0 - $1) < 1e-15 }, "\(tuned.bias.shares) \(earlier.shares)")
    }

    @Test("The shares step moves runs to the world whose mechanism they under-sample, no world below its floor")
    func sharesFollowVariance() {
        let (scenario, mixture) = Self.plantedMixture()
        #expect(mixture.worlds.count == 2)
        // The two mechanisms lose 1e-6 each; the second world gets a twentieth of the runs.
        let skewed = FaultBias(components: mixture.worlds, nominalShare: 0.1, shares: [0.95, 0.05])
        let step = Runner.weighted(scenario: scenario, designs: [.naive], runs: 20_000..<40_000, bias: skewed, jobs: 2, tunes: true)
        let terms = BiasPilot.shareTerms(step.panel, design: 0, bias: skewed)
        let shares = BiasPilot.optimalShares([terms], old: skewed.shares, nominalShare: 0.1)
        #expect(abs(shares.reduce(0, +) - 0.9) < 1e-12)
        #expect(shares[1] > 4 * skewed.shares[1], "\(shares)")
        #expect(zip(shares, skewed.shares).allSatisfy { $0 >= $1 * BiasPilot.sharesFloor * (1 - 1e-12) })
        #expect(BiasPilot.optimalShares([terms], old: skewed.shares, nominalShare: 0.1) == shares, "deterministic")
    }

    @Test("Lost runs by mechanism: they add up to the estimate, the under-drawn mechanism weighs more, the same bytes on any thread count")
    func mechanismsSayWhereTheVarianceLives() throws {
        let (scenario, mixture) = Self.plantedMixture()
        // The two planted mechanisms lose 1e-6 each; the crash world gets a twentieth of the runs.
        let crashFirst = mixture.worlds[0].firing[FaultKind.appCrash.rawValue] > 0
        let skewed = FaultBias(components: mixture.worlds, nominalShare: 0.1, shares: crashFirst ? [0.05, 0.95] : [0.95, 0.05])
        func table(jobs: Int, chunkSize: Int) -> ImportanceTable {
            let panel = Runner.panel(scenario: scenario, designs: [.naive], pairs: .all, runs: 0..<20_000, jobs: jobs, chunkSize: chunkSize,
                                     bias: skewed, mechanisms: true)
            return ImportanceTable(scenario: scenario, designs: [.naive], panel: panel)
        }
        let one = table(jobs: 1, chunkSize: 4_096), two = table(jobs: 2, chunkSize: 37)
        #expect(one.mechanismsCSV == two.mechanismsCSV)
        let rows = RobustTests.records(one.mechanismsCSV)
        let header = rows[0]
        func cell(_ row: [String], _ name: String) -> Double { Double(row[header.firstIndex(of: name)!])! }
        let body = rows.dropFirst()
        let lost = one.panel.rate(0, .lost, intents: one.intents[0]).rate * 1e6
        #expect(abs(body.reduce(0) { $0 + cell($1, "per_million") } - lost) < 1e-9 * lost, "the mechanisms add up to the estimate")
        #expect(abs(body.reduce(0) { $0 + cell($1, "second_moment_share") } - 1) < 1e-12)
        let crash = try #require(body.first { $0[header.firstIndex(of: "mechanism")!] == "app_crash + never_comes_back" })
        let outside = try #require(body.first { $0[header.firstIndex(of: "mechanism")!].hasPrefix("outside_app_purchase") })
        #expect(cell(crash, "relative_weight") > 3 && cell(outside, "relative_weight") < 1, "\(crash) \(outside)")
        #expect(cell(crash, "second_moment_share") > cell(outside, "second_moment_share"))
        // Without the option the panel keeps none.
        let plain = Runner.weighted(scenario: scenario, designs: [.naive], runs: 0..<2_000, bias: skewed, jobs: 2)
        #expect(plain.panel.designs[0].mechanisms.keys.isEmpty)
    }

    @Test("Unequal shares choose components in proportion and round-trip through the bias file")
    func unequalSharesRoundTrip() throws {
        var first = BiasedWorld.nominal, second = BiasedWorld.nominal
        first.firing[FaultKind.appCrash.rawValue] = 0.3
        second.firing[FaultKind.outsideAppPurchase.rawValue] = 0.3
        let bias = FaultBias(components: [first, second], nominalShare: 0.1, shares: [0.8, 0.2])
        #expect(abs(bias.shares[0] - 0.72) < 1e-15 && abs(bias.shares[1] - 0.18) < 1e-15)
        let text = bias.fileText(scenario: "test", steps: [])
        #expect(text.contains("\"share\": 0.8"))
        #expect(try FaultBias.parse(text, file: "bias.json") == bias)
        let equal = FaultBias(components: [first, second], nominalShare: 0.1, shares: [0.5, 0.5])
        #expect(equal == FaultBias(components: [first, second], nominalShare: 0.1) && !equal.fileText(scenario: "t", steps: []).contains("share"))
    }
}
