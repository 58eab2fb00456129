@testable import FaultSim
import Policies
import Testing

/// The App Store a team ships into in 2026 (issue 53): new builds stop at iOS 15, so users below
/// it run the scenario's legacy build; iOS 15.x has no `AppTransaction`; promoted purchases come
/// in through `PurchaseIntent`; a `finish` that never returns; Ask to Buy's 24-hour lapse;
/// refunds; and a pay-first token that names the item.
@Suite("The App Store of 2026")
struct AppStore2026Tests {
    /// Today's default world with `share` of the users below iOS 15 and none on iOS 15.x.
    static func scenario(belowIOS15 share: Double) -> Scenario {
        var scenario = Scenario()
        scenario.device.belowIOS15Probability = share
        scenario.device.iOS15Probability = 0
        return scenario
    }

    static func parse(_ text: String) throws(ScenarioError) -> Scenario {
        try ScenarioLoader.parse(text, file: "app-store-2026.json", name: "app-store-2026")
    }

    // MARK: The legacy build

    @Test("Below iOS 15 every design, StoreKit 1 or 2, runs the legacy build: at share 1 each design's tally is bliap's")
    func everyDesignRunsTheLegacyBuild() {
        let scenario = Self.scenario(belowIOS15: 1)
        #expect(scenario.legacyBuild == "bliap" && scenario.platform.newBuildFloor == .iOS15)
        let designs: [Design] = [.naive, .seed003SK2, .faultSimRecommended, .bliap]
        let tallies = simulate(scenario, designs: designs, runs: 2_000)
        for (design, tally) in zip(designs, tallies) {
            #expect(tally == tallies[3], "\(design.name) below iOS 15 is the legacy build's run")
        }
    }

    @Test("Two designs differing only in their modern flow lose the same orders below iOS 15, run by run")
    func belowIOS15LossesAreCommon() {
        let scenario = Self.scenario(belowIOS15: 0.3)
        var modern = DesignWorlds(scenario: scenario, design: .faultSimRecommended)
        var other = DesignWorlds(scenario: scenario, design: .naive)
        modern.recordsVerdicts = true
        other.recordsVerdicts = true
        var below = 0
        for run in UInt64(0)..<3_000 {
            modern.run(run)
            other.run(run)
            #expect(modern.lastRunBelowIOS15 == other.lastRunBelowIOS15, "run \(run)")
            guard modern.lastRunBelowIOS15 else { continue }
            below += 1
            #expect(modern.lastRunDesign.name == "bliap" && other.lastRunDesign.name == "bliap")
            #expect(modern.lastRunVerdicts == other.lastRunVerdicts && modern.lastRunLostMask == other.lastRunLostMask, "run \(run)")
        }
        #expect(below > 700 && below < 1_100, "\(below) of 3,000 runs below iOS 15")
    }

    @Test("legacyBuild names the frozen build; the pre-2025 platform keeps olderOSDesign")
    func legacyBuildIsASetting() throws {
        let naive = try Self.parse(#"{"legacyBuild": "naive", "device": {"belowIOS15Probability": 1}}"#)
        #expect(naive.belowIOS15Design(of: .faultSimRecommended)?.name == "naive")
        #expect(naive.belowIOS15Design(of: .bliap)?.name == "naive")
        var before = naive
        before.platform = .pre2025
        #expect(before.belowIOS15Design(of: .faultSimRecommended)?.name == "faultsim-recommended-sk1")
        #expect(before.belowIOS15Design(of: .bliap) == nil && before.belowIOS15Share(of: .bliap) == 0)
        let tallies = simulate(naive, designs: [.faultSimRecommended, .naive], runs: 1_000)
        #expect(tallies[0] == tallies[1])
    }

    @Test("A bad legacyBuild is a data error naming the file, the key and the value", arguments: [
        (#"{"legacyBuild": "nope"}"#, "unknown design"),
        (#"{"legacyBuild": "revenuecat"}"#, "a StoreKit 2 design"),
        (#"{"legacyBuild": "naiv"}"#, "did you mean 'naive'?"),
    ])
    func badLegacyBuild(_ text: String, _ message: String) {
        #expect(throws: ScenarioError.self) { try Self.parse(text) }
        do {
            _ = try Self.parse(text)
        } catch {
            #expect(error.file == "app-store-2026.json" && error.keyPath == "legacyBuild", "\(error)")
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test("On today's platform ablate and optimize offer no olderOSDesign; before the floor they do")
    func olderOSDesignIsNoChoiceToday() {
        let today = Ablation.changes(of: .faultSimRecommended, on: .today)
        #expect(!today.contains { $0.axis == "olderOSDesign" })
        #expect(Ablation.changes(of: .faultSimRecommended, on: .pre2025).contains { $0.axis == "olderOSDesign" })
        let axis = DesignAxis.table.firstIndex { $0.name == "olderOSDesign" }!
        #expect(!DesignSpace.full().choices(on: .today).varyingAxes.contains(axis))
        #expect(DesignSpace.full().choices(on: .pre2025).varyingAxes.contains(axis))
        #expect(Ablation.differingAxes(.faultSimRecommended, .faultSimRecommendedSK1, on: .today)
            .allSatisfy { DesignAxis.table[$0].name != "olderOSDesign" })
    }

    @Test("check names the legacy build's counterexamples as not the design's; the recommendation holds K = 2 in default and server-outage")
    func checkExcusesTheLegacyBuild() throws {
        for file in ["default", "server-outage"] {
            let scenario = try ScenarioLoader.load(path: packageRoot + "/scenarios/\(file).json")
            var exploration = Exploration(scenario: scenario, design: .faultSimRecommended, options: .init(maxFaults: 2))
            exploration.explore()
            #expect(exploration.holds, "\(file)")
            #expect((exploration.badSchedules[.legacyBuild] ?? 0) > 0, "\(file): bliap below iOS 15 loses under two faults")
            #expect(exploration.counterexamples.allSatisfy { $0.avoidability != .avoidable })
            #expect(exploration.variants.map(\.iOS).contains(.iOS15), "the appTransactionId link tells iOS 15.x apart")
        }
    }

    // MARK: iOS 15.x

    @Test("iOS 15.x changes only designs that read AppTransaction or take PurchaseIntents")
    func iOS15ChangesOnlyItsReaders() {
        var without = Scenario()
        without.device.iOS15Probability = 0
        without.user.outsideAppPurchaseProbability = 0.3
        var all = without
        all.device.iOS15Probability = 1
        let designs: [Design] = [.faultSimRecommended, .revenueCat, .bliap, .seed003SK2]
        let before = simulate(without, designs: designs, runs: 4_000), after = simulate(all, designs: designs, runs: 4_000)
        #expect(before[0] != after[0], "the recommendation links the appTransactionId and takes PurchaseIntents")
        for index in 1..<designs.count { #expect(before[index] == after[index], "\(designs[index].name)") }
    }

    // MARK: PurchaseIntent

    @Test("A promoted purchase taken as a PurchaseIntent is bought in the app: no token-less transaction is left")
    func purchaseIntentBuysInTheApp() {
        var scenario = Scenario()
        scenario.device.iOS15Probability = 0
        scenario.device.belowIOS15Probability = 0
        scenario.user.outsideAppPurchaseProbability = 1
        scenario.user.promotedPurchaseShare = 1
        var ignoring = Design.faultSimRecommended
        ignoring.name = "ignores-intents"
        ignoring.completesPurchaseIntents = false
        let tallies = simulate(scenario, designs: [.faultSimRecommended, ignoring], runs: 3_000)
        #expect(tallies[0].faultCounts[FaultKind.promotedPurchase.rawValue] == tallies[0].faultCounts[FaultKind.outsideAppPurchase.rawValue])
        #expect(tallies[0].count(of: .misdelivered, cause: .outsideAppCreditedToCurrentAccount) == 0)
        #expect(tallies[1].count(of: .misdelivered, cause: .outsideAppCreditedToCurrentAccount) > 0)
        var sk1 = Design.bliap
        sk1.completesPurchaseIntents = true
        #expect(sk1.problems.contains { $0.contains("completesPurchaseIntents needs storeKitAPI sk2") })
    }

    // MARK: A finish that never returns

    @Test("A finish that never returns finishes the transaction but skips what follows: a finish-at-callback design never verifies")
    func finishThatNeverReturns() {
        var hangs = Self.scenario(belowIOS15: 0)
        hangs.storeKit.finishNotCompletedProbability = 1
        let normal = Self.scenario(belowIOS15: 0)
        let designs: [Design] = [.naive, .faultSimRecommended]
        let hung = simulate(hangs, designs: designs, runs: 2_000), plain = simulate(normal, designs: designs, runs: 2_000)
        #expect(hung[0].lost > plain[0].lost + 100, "naive finishes at the callback and then never sends its verify")
        #expect(hung[1].lost == plain[1].lost, "finished after delivery: the goods are out")
        #expect(hung[1].leakedRecords > plain[1].leakedRecords, "the record's deletion after the finish never runs")
    }

    // MARK: Ask to Buy

    @Test("An Ask to Buy request not approved within 24 hours lapses, never charged")
    func askToBuyLapses() {
        var scenario = Self.scenario(belowIOS15: 0)
        scenario.storeKit.pendingProbability = 1
        scenario.storeKit.pendingDeclinedProbability = 0
        scenario.storeKit.pendingDelay = .fixed(2 * Scenario.day)
        let lapsed = simulate(scenario, designs: [.faultSimRecommended], runs: 500)[0]
        scenario.storeKit.pendingExpiryMs = 3 * Scenario.day
        let approved = simulate(scenario, designs: [.faultSimRecommended], runs: 500)[0]
        #expect(lapsed.lostSales == 0 && lapsed.faultCounts[FaultKind.pendingPurchase.rawValue] > 0)
        #expect(lapsed.notCharged > approved.notCharged + approved.intents / 2, "\(lapsed.notCharged) against \(approved.notCharged)")
    }

    // MARK: Refunds

    @Test("Refunds: a part of lost and of delivered; none without requests; a server that revokes keeps no refunded goods")
    func refunds() {
        // A crash after the charge, and the user back three days later: a refund asked for an hour
        // after the charge is granted a day or two later, before the goods come.
        var scenario = Self.scenario(belowIOS15: 0)
        scenario.user.refundRequestProbability = 1
        scenario.user.refundRequestDelay = .fixed(Scenario.hour)
        scenario.device.crashProbabilityPerSession = 0.5
        scenario.user.relaunchDelay = .fixed(3 * Scenario.day)
        var keeps = Design.bliap
        keeps.name = "bliap-listening"
        keeps.serverRecovery = [.notifications]
        var revokes = keeps
        revokes.name = "bliap-revoking"
        revokes.revokesOnRefund = true
        let designs: [Design] = [.naive, revokes, keeps]
        let tallies = simulate(scenario, designs: designs, runs: 4_000)
        #expect(tallies[0].refundedUndelivered > 0 && tallies[0].refundedUndelivered <= tallies[0].lost)
        #expect(tallies[1].deliveredAfterRefund == 0, "a server that revokes on REFUND keeps no refunded goods out")
        #expect(tallies[2].deliveredAfterRefund > 0, "late recoveries after a refund keep the goods")
        scenario.user.refundRequestProbability = 0
        #expect(simulate(scenario, designs: designs, runs: 1_000).allSatisfy { $0.refundedUndelivered == 0 && $0.deliveredAfterRefund == 0 })
        // Without the notification endpoint the server hears of no refund: the flag does nothing.
        var deaf = revokes
        deaf.name = "deaf"
        deaf.revokesOnRefund = true
        deaf.serverRecovery = []
        var deafKeeps = deaf
        deafKeeps.revokesOnRefund = false
        scenario.user.refundRequestProbability = 1
        let pair = simulate(scenario, designs: [deaf, deafKeeps], runs: 2_000)
        #expect(pair[0] == pair[1])
    }

    // MARK: Many-to-one without an order

    @Test("A pay-first token that packs account, item and nonce credits a many-to-one purchase from Apple's data alone")
    func tokenNamesTheItem() throws {
        var recordOnly = Design.faultSimRecommended
        recordOnly.name = "item-in-record"
        recordOnly.itemMapping = .record
        var accountOnly = Design.faultSimRecommended
        accountOnly.userMapping = .record
        #expect(accountOnly.problems.contains { $0.contains("itemMapping appAccountToken needs orderTiming orderFirst") })
        #expect(Design.faultSimRecommended.problems.isEmpty && Design.faultSimRecommended.orderTiming == .payFirst)
        let scenario = try ScenarioLoader.load(path: packageRoot + "/scenarios/many-to-one.json")
        let tallies = simulate(scenario, designs: [.faultSimRecommended, recordOnly], runs: 20_000)
        #expect(tallies[0].lost < tallies[1].lost)
    }
}
