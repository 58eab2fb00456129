import FaultSim
import Policies
import Testing

/// Failures with one cause (docs/model.md §7): an app-server outage, a broken notification
/// endpoint, a failing signature check, and notifications through the server's own faults. Each
/// test builds a world where exactly one path can deliver and shows what the fault does to it.
@Suite("Failures with one cause")
struct FailureWindowTests {
    static let hour: Int64 = 3_600_000
    static let day: Int64 = 24 * hour

    /// The recommended client, trying once per launch, with notifications as its only server
    /// recovery.
    static var notifiedOnly: Design {
        var design = Design.faultSimRecommended
        design.name = "test-notified-only"
        design.retrySchedule = .none
        design.retryTriggers = []
        design.serverRecovery = .notifications
        return design
    }

    /// A fault-free world of ten days; `clientBlind` loses every client request, so only the
    /// server's own recovery can deliver.
    static func world(clientBlind: Bool, _ change: (inout Scenario) -> Void = { _ in }) -> Scenario {
        var scenario = Scenario.faultFree()
        scenario.horizonMs = 10 * day
        scenario.apple.notificationDelay = .fixed(5_000)
        if clientBlind { scenario.network.requestLossProbability = 1 }
        change(&scenario)
        return scenario
    }

    static func tally(_ scenario: Scenario, _ design: Design, runs: UInt64 = 40) -> DesignTally {
        simulate(scenario, designs: [design], runs: runs)[0]
    }

    static func charged(_ tally: DesignTally) -> Int64 { tally.intents - tally.notCharged }

    @Test("With a blind client, notifications alone deliver every order")
    func notificationsAloneDeliver() {
        let tally = Self.tally(Self.world(clientBlind: true), Self.notifiedOnly)
        #expect(Self.charged(tally) > 0 && tally.delivered == Self.charged(tally))
    }

    @Test("An endpoint broken for the whole run is one fault and loses every order the client cannot deliver")
    func endpointBrokenForTheRun() {
        let scenario = Self.world(clientBlind: true) {
            $0.appServer.notificationEndpointBrokenProbability = 1
            $0.appServer.notificationEndpointBrokenDuration = .fixed(30 * Self.day)
        }
        let tally = Self.tally(scenario, Self.notifiedOnly)
        #expect(tally.lost == Self.charged(tally) && tally.lost > 0)
        #expect(tally.faultCounts[FaultKind.notificationEndpointBroken.rawValue] == tally.runs)
    }

    @Test("A 5xx window shorter than Apple's 157 h of retries is survived; a 4xx one only if Apple retries 4xx; a silent drop never")
    func endpointBehaviours() {
        func lost(_ behaviour: BrokenEndpointBehaviour, _ retry: ClientErrorRetry, window: Int64) -> (lost: Int64, charged: Int64) {
            let scenario = Self.world(clientBlind: true) {
                $0.appServer.notificationEndpointBrokenProbability = 1
                $0.appServer.notificationEndpointBrokenDuration = .fixed(window)
                $0.appServer.notificationEndpointBehaviour = behaviour
                $0.apple.notificationRetriesOn4xx = retry
            }
            let tally = Self.tally(scenario, Self.notifiedOnly)
            return (tally.lost, Self.charged(tally))
        }
        #expect(lost(.answers5xx, .notRetried, window: 2 * Self.day).lost == 0)
        let rejected = lost(.answers4xx, .notRetried, window: Self.hour)
        #expect(rejected.lost == rejected.charged && rejected.charged > 0)
        #expect(lost(.answers4xx, .retried, window: Self.hour).lost == 0)
        let dropped = lost(.dropsSilently, .retried, window: Self.hour)
        #expect(dropped.lost == dropped.charged && dropped.charged > 0)
    }

    @Test("Notifications go through the server's 5xx: a server that always fails never hears one")
    func notificationsMeetServerErrors() {
        let tally = Self.tally(Self.world(clientBlind: true) { $0.appServer.errorProbability = 1 }, Self.notifiedOnly)
        #expect(tally.lost == Self.charged(tally) && tally.lost > 0)
    }

    @Test("An app-server outage fails the client and the notifications alike; a short one is survived")
    func appServerOutage() {
        func run(length: Int64) -> DesignTally {
            let scenario = Self.world(clientBlind: false) {
                $0.appServer.outageProbability = 1
                $0.appServer.outageStart = .fixed(0)
                $0.appServer.outageDuration = .fixed(length)
            }
            return Self.tally(scenario, Self.notifiedOnly)
        }
        let wholeRun = run(length: 30 * Self.day)
        #expect(wholeRun.lost == Self.charged(wholeRun) && wholeRun.lost > 0)
        #expect(wholeRun.count(of: .lost, cause: .serverOutage) == wholeRun.lost)
        let short = run(length: 2 * Self.hour)
        #expect(short.lost == 0 && short.delivered == Self.charged(short))
    }

    @Test("A failing signature check: 'try later' keeps the purchase, 'rejects' makes a verdict that finishes it")
    func signatureCheck() {
        var checksLocally = Design.faultSimRecommended
        checksLocally.name = "test-jws-no-recovery"
        checksLocally.serverRecovery = []
        func run(_ design: Design, _ answer: VerificationErrorAnswer, length: Int64) -> DesignTally {
            let scenario = Self.world(clientBlind: false) {
                $0.appServer.signatureCheckFailureProbability = 1
                $0.appServer.signatureCheckFailureDuration = .fixed(length)
                $0.appServer.verificationErrorAnswer = answer
            }
            return Self.tally(scenario, design)
        }
        let wholeRun = run(checksLocally, .tryLater, length: 30 * Self.day)
        #expect(wholeRun.lost == Self.charged(wholeRun) && wholeRun.lost > 0)
        #expect(wholeRun.count(of: .lost, cause: .signatureCheckFailed) == wholeRun.lost)
        // A window of hours is survived (a run may still lose to the user leaving for good).
        #expect(run(checksLocally, .tryLater, length: 4 * Self.hour).lost * 10 < wholeRun.lost)
        // RevenueCat finishes on a verdict: an "invalid" during the window loses the purchase.
        let rejected = run(.revenueCat, .rejects, length: 4 * Self.hour)
        #expect(rejected.lost == Self.charged(rejected) && rejected.lost > 0)
        #expect(run(.revenueCat, .tryLater, length: 4 * Self.hour).lost * 10 < rejected.lost)
        // A StoreKit 1 receipt goes to verifyReceipt, which signs nothing.
        #expect(run(.bliap, .rejects, length: 30 * Self.day).lost == 0)
    }

    @Test("An answer slower than Apple's timeout, or a resent post, reaches a non-idempotent server twice")
    func slowAnswersAndResends() {
        var nonIdempotent = Self.notifiedOnly
        nonIdempotent.name = "test-notified-non-idempotent"
        nonIdempotent.serverIdempotency = .none
        let slow = Self.world(clientBlind: true) { $0.appServer.notificationHandlingTime = .fixed(10_000) }
        let slowTally = Self.tally(slow, nonIdempotent)
        #expect(slowTally.duplicated > 0 && slowTally.faultCounts[FaultKind.notificationAnswerTooSlow.rawValue] > 0)
        #expect(Self.tally(slow, Self.notifiedOnly).duplicated == 0)
        let resent = Self.world(clientBlind: true) { $0.apple.notificationResentProbability = 1 }
        #expect(Self.tally(resent, nonIdempotent).duplicated > 0)
    }

    @Test("simrun check finds the broken endpoint as one choice point")
    func checkSeesOneFault() {
        let scenario = Self.world(clientBlind: true) {
            $0.appServer.notificationEndpointBrokenProbability = 0.01
            $0.appServer.notificationEndpointBrokenDuration = .fixed(30 * Self.day)
        }
        var exploration = Exploration(scenario: scenario, design: Self.notifiedOnly, options: .init(maxFaults: 1))
        exploration.explore()
        #expect(!exploration.holds)
        #expect(exploration.counterexamples.first?.faults == [.notificationEndpointBroken])
    }
}
