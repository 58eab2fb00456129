import FaultSim
import Policies
import Testing

/// Scenarios whose rates have a closed form, checked against the simulation with a 99.9%
/// Wilson interval. Each starts from the fault-free world, turns on one mechanism, and pins
/// the two user timings the closed forms assume: a session long enough for every in-session
/// try (a user who leaves early gets fewer tries) and a return well inside the horizon (the
/// default relaunch delay's tail passes 30 days in about 2 runs in 10,000, and then the
/// intent is still pending at the horizon; the oracles found both).
@Suite("Analytic oracles")
struct OracleTests {
    static func world() -> Scenario {
        var scenario = Scenario.faultFree()
        scenario.user.sessionLength = .fixed(3_600_000)
        scenario.user.relaunchDelay = .fixed(3_600_000)
        return scenario
    }

    /// A pay-first client that verifies up to `tries` times, 1 s apart, in the session where the
    /// purchase happened, and never again: no launch retry, and a transaction redelivered at
    /// launch (its memory record gone) is left alone. Finishes only after delivery.
    static func triesOnly(_ tries: Int, serverAppleTries: Int = 1) -> Design {
        var design = Design.naive
        design.name = "oracle-\(tries)-tries"
        design.blockingUI = .nonBlocking
        design.finishMoment = .afterDelivery
        design.retrySchedule = .tries(count: tries, spacingMs: 1_000)
        design.retryTriggers = []
        design.unmatchedTransactions = .leaveUnfinished
        design.serverAppleTries = serverAppleTries
        return design
    }

    static func lostRate(_ scenario: Scenario, _ design: Design, runs: UInt64) -> DesignTally {
        var scenario = scenario
        scenario.horizonMs = 2 * 86_400_000
        return Runner.run(scenario: scenario, designs: [design], runs: 0..<runs, jobs: 2)[0]
    }

    static func contains(_ tally: DesignTally, count: Int64, expected: Double) -> Bool {
        let interval = Wilson.interval(successes: count, trials: tally.intents, z: Wilson.z999)
        return interval.low <= expected && expected <= interval.high
    }

    /// Only request loss q. Each try is one request, lost independently with probability q (one
    /// draw per request); nothing else fails, so an intent is lost iff all N tries are lost:
    /// P(lost) = q^N.
    @Test("Only request loss q, N tries: lost = q^N", arguments: [(0.3, 1), (0.3, 3), (0.5, 2)])
    func requestLoss(_ q: Double, _ tries: Int) {
        var scenario = Self.world()
        scenario.network.requestLossProbability = q
        let tally = Self.lostRate(scenario, Self.triesOnly(tries), runs: 40_000)
        let expected = (0..<tries).reduce(1.0) { product, _ in product * q }
        #expect(Self.contains(tally, count: tally.lost, expected: expected), "lost \(tally.lost) of \(tally.intents), expected \(expected)")
    }

    /// Only Apple's "try again" t. The server calls Apple up to S times per request, each answer
    /// drawn independently; a request fails iff all S calls fail (t^S), and the client tries N
    /// times: P(lost) = t^(S·N).
    @Test("Only Apple try-again t, S server tries, N client tries: lost = t^(S·N)")
    func appleTryAgain() {
        var scenario = Self.world()
        scenario.apple.tryAgainProbability = 0.5
        let tally = Self.lostRate(scenario, Self.triesOnly(2, serverAppleTries: 2), runs: 40_000)
        #expect(Self.contains(tally, count: tally.lost, expected: 0.0625), "lost \(tally.lost) of \(tally.intents)")
    }

    /// Only "never comes back" p after a kill. Patience 0 kills the app the moment the payment
    /// sheet closes, before `purchased` arrives. If the user returns, StoreKit redelivers the
    /// unfinished transaction and SwiftyStoreKit's non-atomic flow verifies and delivers it;
    /// if not (probability p), nothing ever delivers: P(lost) = p.
    @Test("Only never-comes-back p after a kill: lost = p")
    func neverComesBack() {
        var scenario = Self.world()
        scenario.user.patience = .fixed(0)
        scenario.user.neverComesBackProbability = 0.3
        var scenarioWithLongHorizon = scenario
        scenarioWithLongHorizon.horizonMs = 30 * 86_400_000
        let tally = Runner.run(scenario: scenarioWithLongHorizon, designs: [.swiftyStoreKitNonAtomic], runs: 0..<40_000, jobs: 2)[0]
        #expect(Self.contains(tally, count: tally.lost, expected: 0.3), "lost \(tally.lost) of \(tally.intents)")
    }

    /// Only reinstall r after a kill, with a record in the sandbox. The kill comes before
    /// `purchased`, so the transaction reaches the app only at the next launch, where it is
    /// matched by the sandbox record written at the Buy tap; a reinstall (probability r)
    /// wipes that record and the design drops what it cannot match: P(lost) = r. The same
    /// design with the keychain loses nothing.
    @Test("Only reinstall r with a sandbox record: lost = r; with the keychain: 0")
    func reinstall() {
        var scenario = Self.world()
        scenario.user.patience = .fixed(0)
        scenario.user.reinstallProbability = 0.4
        var sandbox = Design.naive
        sandbox.name = "oracle-sandbox"
        sandbox.localStore = .sandbox
        sandbox.persistMoment = .buyTap
        sandbox.finishMoment = .afterDelivery
        sandbox.unmatchedTransactions = .finishAndDrop
        var keychain = sandbox
        keychain.name = "oracle-keychain"
        keychain.localStore = .keychain
        let tallies = Runner.run(scenario: scenario, designs: [sandbox, keychain], runs: 0..<40_000, jobs: 2)
        #expect(Self.contains(tallies[0], count: tallies[0].lost, expected: 0.4), "sandbox lost \(tallies[0].lost)")
        #expect(tallies[1].lost == 0, "keychain lost \(tallies[1].lost)")
    }

    /// Only genuine cancels c: exactly the cancelled intents go uncharged, every other one is
    /// delivered: P(not charged) = c.
    @Test("Only cancels c: not charged = c")
    func cancels() {
        var scenario = Self.world()
        scenario.user.cancelProbability = 0.15
        let tally = Self.lostRate(scenario, .naive, runs: 40_000)
        #expect(Self.contains(tally, count: tally.notCharged, expected: 0.15), "not charged \(tally.notCharged)")
        #expect(tally.delivered == tally.intents - tally.notCharged)
    }
}
