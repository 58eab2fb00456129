import FaultSim
import Policies
import Testing

/// The platform settings, StoreKit 2's mechanics, returning customers and the retry triggers,
/// each shown on a world built to isolate it: every other fault off, timings pinned.
@Suite("Platform, StoreKit 2 and triggers")
struct PlatformAndStoreKitTests {
    /// A fault-free world with pinned timings: the app opens at 1 s, Buy at 3 s, the sheet is
    /// answered at 8 s and `purchased` arrives at 8.2 s; sessions last an hour.
    static func world() -> Scenario {
        var scenario = Scenario.faultFree()
        scenario.user.paymentSheetTime = .fixed(5_000)
        scenario.user.sessionLength = .fixed(3_600_000)
        scenario.user.relaunchDelay = .fixed(3_600_000)
        scenario.user.returningCustomerProbability = 0
        scenario.horizonMs = 3 * 86_400_000
        return scenario
    }

    /// Runs per design where a test does not say. These tests' claims hold run by run (all
    /// delivered, all lost, a fault never or at least once), so the quick suite checks them on
    /// 500 runs and the full suite on 2,000; a world whose server always fails makes many events
    /// per run (the history test took 15 s at 2,000).
    static let defaultRuns = TestScale.pick(quick: UInt64(500), full: 2_000)

    static func run(_ scenario: Scenario, _ designs: [Design], runs: UInt64 = defaultRuns) -> [DesignTally] {
        Runner.run(scenario: scenario, designs: designs, runs: 0..<runs, jobs: 2)
    }

    /// The app crashes at 8.1 s, between Apple's charge and the `purchased` callback, and the
    /// user never comes back: only the server can deliver.
    static func crashAfterChargeForGood(_ scenario: inout Scenario) {
        scenario.device.crashProbabilityPerSession = 1
        scenario.device.crashTime = .fixed(7_100)
        scenario.user.neverComesBackProbability = 1
    }

    /// `crashAfterChargeForGood` in a world where only a notification's own per-attempt loss
    /// stands between the charge and the server: no window breaks the endpoint
    /// (FailureWindowTests covers those), no purchase is made outside the app (no token), and
    /// the post comes after 5 s (the default delay's tail can pass the three-day horizon: 1
    /// charge in 16,000; the claims are about delivery, not about that tail).
    static func notifiedOfCrashForGood() -> Scenario {
        var scenario = world()
        crashAfterChargeForGood(&scenario)
        scenario.appServer.outageProbability = 0
        scenario.appServer.notificationEndpointBrokenProbability = 0
        scenario.appServer.signatureCheckFailureProbability = 0
        scenario.user.outsideAppPurchaseProbability = 0
        scenario.apple.notificationDelay = .fixed(5_000)
        return scenario
    }

    @Test("ONE_TIME_CHARGE notifications deliver what the client never reported, today; before 2025 nothing does")
    func notificationsRecoverToday() {
        var today = Self.notifiedOfCrashForGood()
        // StoreKit 1 users below iOS 15 are out of this claim.
        today.device.belowIOS15Probability = 0
        var before = today
        before.platform = .pre2025
        // The recommended design without the `appTransactionId` link, which makes every customer
        // known, so that history reconciliation recovers these orders before 2025 too (below).
        let design = TestDesigns.recommendedWithoutLink
        let recovered = Self.run(today, [design])[0], lost = Self.run(before, [design])[0]
        #expect(recovered.lost == 0 && recovered.delivered == recovered.intents, "today: lost \(recovered.lost) \(recovered.causes(of: .lost)) faults \(FaultKind.allCases.filter { recovered.faultCounts[$0.rawValue] > 0 }.map(\.name))")
        #expect(lost.lost == lost.intents, "pre-2025: lost \(lost.lost) of \(lost.intents)")
        #expect(lost.faultCounts[FaultKind.notificationLost.rawValue] == 0)
        let linked = Self.run(before, [.faultSimRecommended])[0]
        #expect(linked.delivered == linked.intents, "pre-2025 with the link, history: delivered \(linked.delivered) of \(linked.intents)")
    }

    @Test("A StoreKit 1 applicationUsername that is a UUID is Apple's appAccountToken: the server credits from notifications; a non-UUID one it cannot")
    func storeKit1UUIDTokenRecovers() {
        var today = Self.notifiedOfCrashForGood()
        // The client's copy of the name comes back nil every time: Apple's copy is what counts.
        today.storeKit.applicationUsernameLostProbability = 1
        var named = Design.seed003SK1
        named.name = "test-sk1-name"
        named.serverRecovery = [.notifications]
        var uuid = named
        uuid.name = "test-sk1-uuid"
        uuid.applicationUsernameIsUUID = true
        let tallies = Self.run(today, [named, uuid])
        #expect(tallies[0].lost == tallies[0].intents, "a name that is not a UUID: Apple keeps no token, lost \(tallies[0].lost)")
        #expect(tallies[1].lost == 0 && tallies[1].misdelivered == 0, "a UUID: lost \(tallies[1].lost) \(tallies[1].causes(of: .lost))")
        var record = named
        record.itemMapping = .record
        record.userMapping = .record
        record.applicationUsernameIsUUID = true
        #expect(!record.isShippable, "a design that sets no applicationUsername cannot make it a UUID")
    }

    /// A StoreKit 2 design that finishes at the callback, whose server always answers 5xx, and
    /// which recovers only by history reconciliation.
    static func finishesEarlyRecoversByHistory() -> Design {
        var design = Design.faultSimRecommended
        design.name = "test-history-only"
        design.finishMoment = .atCallback
        design.serverRecovery = [.transactionHistory]
        return design
    }

    @Test("History v2 lists a finished consumable, v1 does not; only a known customer's history is asked for")
    func historyVersionsAndReturningCustomers() {
        var v2 = Self.world()
        v2.appServer.errorProbability = 1
        v2.user.returningCustomerProbability = 1
        var v1 = v2
        v1.platform.transactionHistory = .v1
        var unknown = v2
        unknown.user.returningCustomerProbability = 0
        let design = Self.finishesEarlyRecoversByHistory()
        let fromV2 = Self.run(v2, [design])[0], fromV1 = Self.run(v1, [design])[0], fromUnknown = Self.run(unknown, [design])[0]
        #expect(fromV2.lost == 0 && fromV2.delivered == fromV2.intents, "v2 lost \(fromV2.lost)")
        #expect(fromV1.lost == fromV1.intents, "v1 lost \(fromV1.lost) of \(fromV1.intents)")
        #expect(fromUnknown.lost == fromUnknown.intents, "unknown customer: lost \(fromUnknown.lost) of \(fromUnknown.intents)")
    }

    @Test("StoreKit 2 meets none of StoreKit 1's odd callbacks, and only StoreKit 2 returns .pending")
    func eachAPIHasItsOwnAnomalies() {
        var scenario = Self.world()
        scenario.storeKit.cancelThenPurchasedProbability = 0.3
        scenario.storeKit.failThenPurchasedProbability = 0.3
        scenario.storeKit.missingTransactionIdProbability = 0.3
        scenario.storeKit.applicationUsernameLostProbability = 0.3
        scenario.storeKit.purchasedCallbackMissingProbability = 0.3
        scenario.storeKit.finishedRedeliveredProbability = 0.3
        scenario.storeKit.pendingProbability = 0.3
        let sk1Only: [FaultKind] = [.cancelThenPurchased, .failThenPurchased, .missingTransactionId, .applicationUsernameLost,
                                    .purchasedCallbackMissing, .finishedRedelivered]
        for (design, tally) in zip(TestDesigns.all, Self.run(scenario, TestDesigns.all)) {
            switch design.storeKitAPI {
            case .sk1:
                #expect(tally.faultCounts[FaultKind.pendingPurchase.rawValue] == 0, "\(design.name)")
                #expect(sk1Only.allSatisfy { tally.faultCounts[$0.rawValue] > 0 }, "\(design.name)")
            case .sk2:
                #expect(tally.faultCounts[FaultKind.pendingPurchase.rawValue] > 0, "\(design.name)")
                #expect(sk1Only.allSatisfy { tally.faultCounts[$0.rawValue] == 0 }, "\(design.name)")
            }
        }
    }

    @Test("A pending purchase is charged later and arrives through Transaction.updates")
    func pendingPurchasesArrive() {
        var scenario = Self.world()
        scenario.storeKit.pendingProbability = 1
        scenario.storeKit.pendingDelay = .fixed(120_000)
        let designs = TestDesigns.all.filter { $0.storeKitAPI == .sk2 }
        for (design, tally) in zip(designs, Self.run(scenario, designs)) {
            #expect(tally.delivered == tally.intents, "\(design.name) delivered \(tally.delivered) of \(tally.intents)")
            #expect(tally.deliveredSameSession == tally.delivered, "\(design.name): the listener runs in the session")
        }
    }

    @Test("networkRegained resumes a memory-only purchase whose tries ran out while offline")
    func networkRegainedResumesMemoryWork() {
        var scenario = Self.world()
        scenario.network.weakNetworkProbability = 1
        scenario.network.weakNetworkStart = .fixed(0)
        scenario.network.weakNetworkDuration = .fixed(600_000)
        var withTrigger = Design.naive
        withTrigger.name = "test-memory-network-trigger"
        withTrigger.blockingUI = .nonBlocking
        withTrigger.finishMoment = .afterDelivery
        withTrigger.retrySchedule = .tries(count: 2, spacingMs: 1_000)
        withTrigger.retryTriggers = [.networkRegained]
        withTrigger.unmatchedTransactions = .leaveUnfinished
        var withoutTrigger = withTrigger
        withoutTrigger.name = "test-memory-no-trigger"
        withoutTrigger.retryTriggers = []
        let tallies = Self.run(scenario, [withTrigger, withoutTrigger])
        #expect(tallies[0].delivered == tallies[0].intents && tallies[0].deliveredSameSession == tallies[0].delivered)
        #expect(tallies[1].lost == tallies[1].intents, "without the trigger: lost \(tallies[1].lost)")
    }

    @Test("An accidental second payment has its own sheet: both confirmed in a quarter of intents when half are cancelled")
    func secondSheetIsAnsweredOnItsOwn() {
        var scenario = Self.world()
        scenario.user.doubleTapProbability = 1
        scenario.user.cancelProbability = 0.5
        let tally = Self.run(scenario, [.naive], runs: 20_000)[0]
        let interval = Wilson.interval(successes: tally.doubleCharged, trials: tally.intents, z: Wilson.z999)
        #expect(interval.low <= 0.25 && 0.25 <= interval.high, "double-charged \(tally.doubleCharged) of \(tally.intents)")
    }

    @Test("seed 000 v1.x holds a record for the account that bought until it logs in again")
    func recordsWaitForTheirAccount() {
        var scenario = Self.world()
        scenario.appServer.errorProbability = 1
        scenario.user.accountSwitchProbability = 1
        scenario.user.accountSwitchDelay = .fixed(0)
        scenario.device.crashProbabilityPerSession = 1
        scenario.device.crashTime = .fixed(60_000)
        let tally = Self.run(scenario, [.seed000V1_2])[0]
        #expect(tally.misdelivered == 0)
        #expect(tally.causes(of: .lost).first?.cause == .heldForOtherAccount, "\(tally.causes(of: .lost))")
    }

    @Test("Crossover bisection finds a known sign change and brackets it")
    func crossoverBisection() {
        let result = Crossover.bisect(0...1, steps: 10) { value in
            Crossover.Point(value: value, difference: value - 0.3, significant: abs(value - 0.3) > 0.04, detail: "")
        }
        let estimate = result.estimate ?? -1
        #expect(abs(estimate - 0.3) < 0.001)
        // Significant on either side only at the evaluated points 0.25 and 0.375.
        let interval = result.interval ?? (low: 0, high: 1)
        #expect(interval.low == 0.25 && interval.high == 0.375)
        let none = Crossover.bisect(0...1, steps: 5) { Crossover.Point(value: $0, difference: 1, significant: true, detail: "") }
        #expect(none.bracket == nil && none.points.count == 2)
    }
}
