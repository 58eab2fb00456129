import FaultSim
import Policies
import Testing

/// The sources' findings (docs/model.md §14 and results/README.md) and the project's own, each asserted with statistical
/// significance on a committed scenario: a paired McNemar test over the same intents,
/// non-overlapping 99.9% Wilson intervals where no pairing applies, or, for a finding that
/// holds only in part of the parameter space, the crossover where it stops holding, found by
/// bisection on paired runs and asserted to lie in a stated band. What holds by construction is
/// in `SanityTests`, not here. Run counts keep the suite short (the longest comparison runs
/// fewer runs in the quick suite, `TestScale`); results/ holds the same comparisons at
/// 1,000,000 runs.
@Suite("Findings of the sources")
struct FindingsTests {
    static let scenarioNames = ["default", "weak-network", "apple-outage", "storekit-anomalies",
                                "reinstall-heavy", "account-switch", "many-to-one", "impatient-users"]

    struct Comparison {
        let designs: [Design]
        let tallies: [DesignTally]
        let pairs: PairedLosses

        func index(_ name: String) -> Int { designs.firstIndex { $0.name == name }! }
        func tally(_ name: String) -> DesignTally { tallies[index(name)] }
        func lost(_ name: String) -> Int64 { tally(name).lost }

        /// `worse` lost significantly more intents than `better` (McNemar p < 0.001).
        func losesMore(_ worse: String, than better: String) -> Bool {
            let a = index(worse), b = index(better)
            return pairs.lostOnlyBy(a, notBy: b) > pairs.lostOnlyBy(b, notBy: a) && pairs.mcNemarPValue(a, b) < 0.001
        }

        /// `first` did not lose significantly more than `second` (fewer, or p ≥ 0.05).
        func notWorse(_ first: String, than second: String) -> Bool {
            let a = index(first), b = index(second)
            return pairs.lostOnlyBy(a, notBy: b) <= pairs.lostOnlyBy(b, notBy: a) || pairs.mcNemarPValue(a, b) >= 0.05
        }
    }

    static func scenario(_ name: String) throws -> Scenario {
        try ScenarioLoader.load(path: "\(packageRoot)/scenarios/\(name).json")
    }

    static func compare(_ name: String, _ designs: [Design], runs: UInt64) throws -> Comparison {
        let result = Runner.compare(scenario: try scenario(name), designs: designs, runs: 0..<runs, jobs: 2)
        return Comparison(designs: designs, tallies: result.tallies, pairs: result.pairs)
    }

    static func presets(_ names: String...) -> [Design] { names.map { Design.preset(named: $0)! } }

    /// Runs for a paired finding asserted at McNemar p < 0.001: `full` in the full suite, at
    /// most 5,000 in the quick one. The threshold is the same; at 5,000 runs every such finding
    /// here is far past it (p below 1e-50, 178 or more discordant intents against at most 7).
    static func pairedRuns(_ full: UInt64) -> UInt64 { TestScale.pick(quick: min(full, 5_000), full: full) }

    @Test("seed 000: v1.0 loses more than v0 only once cancel-then-purchased passes a crossover, 2% to 7%")
    func seed000ClearingOnCancelCrossover() throws {
        // v1.0 clears its keychain record on `cancelled`; v0 never retries. Below the crossover
        // v1.0's retries win; above it, the records it cleared on false cancels cost more.
        // The article saw v1.0 do worse, so its users met false cancels above the crossover.
        let result = Crossover.between(.seed000V1_0, .seed000V0, in: try Self.scenario("default"), over: 0...0.5, steps: 7,
                                       runs: 0..<20_000, jobs: 2) { $0.storeKit.cancelThenPurchasedProbability = $1 }
        let estimate = try #require(result.estimate, "no crossover in 0...0.5: \(result.points.map(\.detail))")
        let interval = try #require(result.interval)
        // 3% to 7% before users who leave normally could stay away (issue 30); 2.9% at 20,000 runs since.
        #expect((0.02...0.07).contains(estimate), "crossover at \(estimate), interval \(interval)")
        #expect(interval.low >= 0.015 && interval.high <= 0.08, "interval \(interval)")
        #expect(Scenario().storeKit.cancelThenPurchasedProbability < interval.low, "the default lies below the crossover")
    }

    @Test("seed 002: the article's 30% lost needs applicationUsername lost in 28% to 40% of fresh callbacks")
    func seed002ThirtyPercentCrossover() throws {
        let result = Crossover.threshold(.seed002Before, lostRate: 0.30, in: try Self.scenario("default"), over: 0...1,
                                         steps: 7, runs: 0..<10_000, jobs: 2) { $0.storeKit.applicationUsernameLostProbability = $1 }
        let estimate = try #require(result.estimate, "seed002-before never reaches 30%: \(result.points.map(\.detail))")
        #expect((0.28...0.40).contains(estimate), "30% reached at \(estimate): \(result.points.map(\.detail))")
    }

    @Test("seed 000: v0, with no retry, loses more than v1.2 on a weak network")
    func seed000RetriesMatter() throws {
        let result = try Self.compare("weak-network", Self.presets("seed000-v0", "seed000-v1.2"), runs: Self.pairedRuns(30_000))
        #expect(result.losesMore("seed000-v0", than: "seed000-v1.2"))
    }

    @Test("seed 002: persisting the order id plus a polled queue loses far fewer orders")
    func seed002Fix() throws {
        // The article's purchases are made in the app: seed002-after leaves every purchase made
        // outside it unfinished (no order id anywhere), a loss the article never met.
        var scenario = try Self.scenario("default")
        scenario.user.outsideAppPurchaseProbability = 0
        let designs = Self.presets("seed002-before", "seed002-after")
        let run = Runner.compare(scenario: scenario, designs: designs, runs: 0..<100_000, jobs: 2)
        let result = Comparison(designs: designs, tallies: run.tallies, pairs: run.pairs)
        let before = result.lost("seed002-before"), after = result.lost("seed002-after")
        #expect(result.losesMore("seed002-before", than: "seed002-after"))
        #expect(before >= 50 * max(after, 1), "before \(before), after \(after): ratio below 50")
    }

    @Test("seed 003: StoreKit 1 mis-delivers after an account switch, significantly more than StoreKit 2")
    func seed003AccountSwitch() throws {
        let result = try Self.compare("account-switch", Self.presets("seed003-sk1", "seed003-sk2"), runs: 40_000)
        let sk1 = result.tally("seed003-sk1"), sk2 = result.tally("seed003-sk2")
        let sk1Low = Wilson.interval(successes: sk1.misdelivered, trials: sk1.intents, z: Wilson.z999).low
        let sk2High = Wilson.interval(successes: sk2.misdelivered, trials: sk2.intents, z: Wilson.z999).high
        #expect(sk1Low > sk2High, "sk1 mis-delivered \(sk1.misdelivered) of \(sk1.intents), sk2 \(sk2.misdelivered)")
    }

    @Test("seed 001: finishing before delivery loses more orders")
    func seed001FinishAfterDelivery() throws {
        var early = Design.seed001Weiai
        early.name = "seed001-finish-at-callback"
        early.finishMoment = .atCallback
        let result = try Self.compare("weak-network", [.seed001Weiai, early], runs: Self.pairedRuns(30_000))
        #expect(result.losesMore("seed001-finish-at-callback", than: "seed001-weiai"))
    }

    @Test("seed 001: a server that delivers the whole app receipt recovers an earlier lost purchase with a later one")
    func seed001AppReceiptHeals() throws {
        // seed000-v0 never retries and leaves what it cannot deliver unfinished, so an earlier
        // failure stays lost unless a later purchase's receipt carries it to a server that
        // delivers every transaction the receipt lists.
        var whole = Design.seed000V0
        whole.name = "seed000-v0-whole-receipt"
        whole.deliversWholeReceipt = true
        let result = try Self.compare("weak-network", [.seed000V0, whole], runs: Self.pairedRuns(30_000))
        #expect(result.losesMore("seed000-v0", than: "seed000-v0-whole-receipt"))
    }

    @Test("SwiftyStoreKit: atomic (finish in the callback) loses more than non-atomic")
    func swiftyStoreKitAtomic() throws {
        let result = try Self.compare("default", Self.presets("swiftystorekit-atomic", "swiftystorekit-nonatomic"), runs: Self.pairedRuns(30_000))
        #expect(result.losesMore("swiftystorekit-atomic", than: "swiftystorekit-nonatomic"))
    }

    @Test("RMStore with a verifier keeps a transaction it could not verify: it loses far fewer than its default")
    func rmStoreKeepsUnverified() throws {
        let result = try Self.compare("default", Self.presets("rmstore-noverifier", "rmstore-verifier"), runs: Self.pairedRuns(30_000))
        #expect(result.losesMore("rmstore-noverifier", than: "rmstore-verifier"))
        #expect(result.tally("rmstore-verifier").causes(of: .lost).first?.cause != .finishedBeforeDelivery)
        #expect(result.tally("rmstore-noverifier").causes(of: .lost).first?.cause == .finishedBeforeDelivery)
    }

    @Test("seed 004 drops nothing: none of its lost orders is a dropped transaction, in any scenario", arguments: scenarioNames)
    func seed004DropsNothing(_ name: String) throws {
        let result = try Self.compare(name, Self.presets("seed004"), runs: 20_000)
        #expect(result.tally("seed004").count(of: .lost, cause: .droppedUnmatched) == 0)
    }

    /// Runs per scenario and platform in `recommendedWinsOrTies`: 16 comparisons of every preset.
    /// "Not significantly worse" is McNemar's exact p ≥ 0.05 on the counts the runs gave, so the
    /// quick suite's 2,000 runs assert the same claim as the full suite's 20,000 with less power:
    /// a preset that loses slightly fewer orders may show it significantly only at 20,000. The
    /// exact claims (no lost sale, no duplicate, only the unavoidable mis-deliveries) hold run
    /// by run, so fewer runs only look at fewer of them.
    static let recommendedRuns = TestScale.pick(quick: UInt64(2_000), full: 20_000)

    @Test("faultsim-recommended wins or ties every preset on lost orders, mis-deliveries, duplicates and lost sales, today and before 2025",
          arguments: scenarioNames, PlatformParameters.named.map(\.name))
    func recommendedWinsOrTies(_ name: String, _ platform: String) throws {
        var scenario = try Self.scenario(name)
        scenario.platform = PlatformParameters.named.first { $0.name == platform }!.platform
        // The design's own StoreKit 2 flow: its users below iOS 15 run bliap (olderOSDesign),
        // which guesses the item in many-to-one and credits a switched account.
        scenario.device.belowIOS15Probability = 0
        let result = Runner.compare(scenario: scenario, designs: Design.presets, runs: 0..<Self.recommendedRuns, jobs: 2)
        let comparison = Comparison(designs: Design.presets, tallies: result.tallies, pairs: result.pairs)
        let recommended = comparison.tally("faultsim-recommended")
        // Its only mis-deliveries are purchases made outside the app, which carry nothing to
        // attribute them by: before an account switch (Counterexample's unavoidable class), or
        // in a many-to-one catalog, where the App Store sold a product id, not an item.
        let unavoidable = recommended.count(of: .misdelivered, cause: .outsideAppCreditedToCurrentAccount)
            + recommended.count(of: .misdelivered, cause: .itemGuessed)
        #expect(recommended.lostSales == 0 && recommended.misdelivered == unavoidable && recommended.duplicated == 0)
        for design in Design.presets where design.name != "faultsim-recommended" {
            #expect(comparison.notWorse("faultsim-recommended", than: design.name),
                    "\(name) \(platform): recommended lost \(recommended.lost), \(design.name) lost \(comparison.lost(design.name))")
        }
    }
}

@Suite("Root causes")
struct CauseTests {
    /// Causes add up run by run, so fewer runs check the same sum on fewer intents: 1,500 runs
    /// of every design in the quick suite, 5,000 in the full one.
    @Test("Every blemished intent has exactly one cause, in every scenario and design", arguments: FindingsTests.scenarioNames)
    func causesAddUp(_ name: String) throws {
        let result = try FindingsTests.compare(name, TestDesigns.all, runs: TestScale.pick(quick: 1_500, full: 5_000))
        for (design, tally) in zip(result.designs, result.tallies) {
            for outcome in Blemish.allCases {
                let sum = Cause.allCases.reduce(Int64(0)) { $0 + tally.count(of: outcome, cause: $1) }
                #expect(sum == tally.total(of: outcome), "\(name) \(design.name) \(outcome.name)")
                #expect(tally.count(of: outcome, cause: .none) == 0, "\(name) \(design.name) \(outcome.name) without a cause")
            }
        }
    }

    @Test("seed000-v1.0 loses most to the record cleared on cancel; SwiftyStoreKit atomic to finishing before delivery")
    func topCauses() throws {
        let anomalies = try FindingsTests.compare("storekit-anomalies", [.seed000V1_0, .swiftyStoreKitAtomic], runs: 20_000)
        #expect(anomalies.tally("seed000-v1.0").causes(of: .lost).first?.cause == .recordClearedOnCancel)
        let defaults = try FindingsTests.compare("default", [.swiftyStoreKitAtomic], runs: 20_000)
        #expect(defaults.tally("swiftystorekit-atomic").causes(of: .lost).first?.cause == .finishedBeforeDelivery)
    }

    @Test("seed003-sk1's mis-deliveries come from the lost applicationUsername")
    func misdeliveryCause() throws {
        let result = try FindingsTests.compare("account-switch", [.seed003SK1], runs: 20_000)
        #expect(result.tally("seed003-sk1").causes(of: .misdelivered).first?.cause == .creditedAfterApplicationUsernameLost)
    }
}
