import FaultSim
import Policies
import Testing

private let second: SimTime = 1_000
private let hour: SimTime = 3_600_000
private let day: SimTime = 86_400_000

/// Presets true to their sources, the axes they needed, and the reconciliation job that
/// restarts. Each test builds a world from the fault-free scenario, switches on what it needs,
/// and reads one run (scripted faults) or a few thousand (seeded).
@Suite("Presets true to their sources")
struct PresetSourceTests {
    /// Fault-free, with fixed timings long enough to tell sessions apart: a 1 h session, a
    /// return 1 h after leaving, an 8 s payment sheet, and lost requests as a choice point.
    static func scenario(_ change: (inout Scenario) -> Void = { _ in }) -> Scenario {
        var scenario = Scenario.faultFree()
        scenario.user.sessionLength = .fixed(hour)
        scenario.user.relaunchDelay = .fixed(hour)
        scenario.user.paymentSheetTime = .fixed(8 * second)
        scenario.network.requestLossProbability = 0.5
        change(&scenario)
        return scenario
    }

    /// The fault points of run 0 at which a `kind` choice came up, in order, with nothing fired.
    static func choicePoints(_ kind: FaultKind, _ scenario: Scenario, _ design: Design) -> [Int] {
        var world = World(scenario: scenario, design: design, faults: .scripted(firing: []))
        world.recordsChoices = true
        world.run(0)
        return world.lastRunChoices.filter { $0.kind == kind }.map(\.point)
    }

    /// Run 0 with exactly `points` fired; the tally and the trace.
    static func scripted(_ scenario: Scenario, _ design: Design, firing points: [Int]) -> (DesignTally, [TraceEntry]) {
        var world = World(scenario: scenario, design: design, faults: .scripted(firing: points))
        world.tracing = true
        world.run(0)
        return (world.tally, world.trace)
    }

    /// Run 0 with `count` lost-request choices fired, after the first `skipping` requests went
    /// through (firing a point changes nothing before it, so each next point is found by
    /// running with the ones fired so far).
    static func losingRequests(_ count: Int, skipping: Int = 0, _ scenario: Scenario,
                               _ design: Design) -> (DesignTally, [TraceEntry]) {
        var fired: [Int] = []
        var passed: [Int] = []
        while fired.count < count {
            var world = World(scenario: scenario, design: design, faults: .scripted(firing: fired))
            world.recordsChoices = true
            world.run(0)
            let next = world.lastRunChoices.first {
                $0.kind == .requestLost && !fired.contains($0.point) && !passed.contains($0.point)
            }
            guard let next else { break }
            if passed.count < skipping { passed.append(next.point) } else { fired.append(next.point) }
        }
        return scripted(scenario, design, firing: fired)
    }

    /// Times at which the server received a verify request.
    static func verifyArrivals(_ trace: [TraceEntry]) -> [SimTime] {
        trace.filter { $0.to == .appServer && $0.text.hasPrefix("verify transaction") }.map(\.time)
    }

    static func launchTimes(_ trace: [TraceEntry]) -> [SimTime] {
        trace.filter { $0.from == .app && $0.text.hasPrefix("launches") }.map(\.time)
    }

    // MARK: seed 004

    @Test("seed004: after a failed check in the purchase's session nothing retries until a restart")
    func seed004RetriesOnlyAfterRestart() {
        let scenario = Self.scenario()
        #expect(Design.seed004.retryScheduleRounds == .triggeredRoundsOnly)
        // Requests: create order, then the verify; lose the verify.
        let (tally, trace) = Self.losingRequests(0, scenario, .seed004)
        #expect(tally.deliveredSameSession == 1)
        let points = Self.choicePoints(.requestLost, scenario, .seed004)
        #expect(points.count == 2)
        let (lost, lostTrace) = Self.scripted(scenario, .seed004, firing: [points[1]])
        #expect(lost.deliveredAfterRelaunch == 1, "the restart's round delivers it")
        #expect(lost.deliveredSameSession == 0)
        let launches = Self.launchTimes(lostTrace)
        let arrivals = Self.verifyArrivals(lostTrace)
        #expect(launches.count == 2)
        #expect(launches[1] >= 2 * hour, "the user left after the 1 h session and came back 1 h later")
        #expect(arrivals.filter { $0 < launches[1] }.isEmpty, "the session's one try was lost: no second try")
        #expect(!lostTrace.contains { $0.text.hasPrefix("retry due") })
        #expect(Self.verifyArrivals(trace).count == 1)

        // The same design with the schedule in every round retries 30 s later, in the session.
        var everyRound = Design.seed004
        everyRound.name = "seed004-every-round"
        everyRound.retryScheduleRounds = .everyRound
        let (retried, retriedTrace) = Self.scripted(scenario, everyRound, firing: [points[1]])
        #expect(retried.deliveredSameSession == 1)
        #expect(Self.launchTimes(retriedTrace).count == 1)
        #expect(Self.verifyArrivals(retriedTrace).count == 1)
    }

    @Test("triggeredRoundsOnly: the rounds a restart starts follow the schedule")
    func restartRoundsFollowTheSchedule() {
        // Lose the first verify, and after the restart the first try too: the restart's round
        // tries again 30 s later in the same session.
        let scenario = Self.scenario()
        let (tally, trace) = Self.losingRequests(2, skipping: 1, scenario, .seed004)
        let launches = Self.launchTimes(trace)
        let arrivals = Self.verifyArrivals(trace).filter { $0 > launches[1] }
        #expect(tally.deliveredAfterRelaunch == 1)
        #expect(arrivals.count == 1, "the restart's first try was lost on the way, so one arrival")
        #expect(tally.serverRequests >= 4, "create order, the session's try, two tries after the restart")
    }

    // MARK: SwiftyStoreKit and RMStore

    @Test("SwiftyStoreKit and RMStore drop their record on a cancel and on a fail")
    func librariesClearTheirRecordOnCancelAndFail() {
        let libraries: [Design] = [.swiftyStoreKitAtomic, .swiftyStoreKitNonAtomic, .rmStoreNoVerifier, .rmStoreVerifier]
        for design in libraries { #expect(design.recordClearing == .onCancelOrFail, "\(design.name)") }
        // A false cancel, then purchased, with two items per product: the record named the
        // item; without it the app falls back to the product's first item.
        var scenario = Scenario.faultFree()
        scenario.storeKit.cancelThenPurchasedProbability = 1
        scenario.catalog.itemsPerProduct = 2
        scenario.user.sessionLength = .fixed(hour)  // the late `purchased` reaches the same process
        var keeping = Design.swiftyStoreKitNonAtomic
        keeping.name = "swiftystorekit-nonatomic-keeping"
        keeping.recordClearing = .never
        let tallies = simulate(scenario, designs: [.swiftyStoreKitNonAtomic, .rmStoreVerifier, keeping], runs: 2_000)
        #expect(tallies[0].misdelivered > 0)
        #expect(tallies[1].misdelivered > 0)
        #expect(tallies[2].misdelivered == 0)
    }

    @Test("Both libraries as two presets each: the default finishes at once, the setup later")
    func libraryDefaultsAndSetups() {
        #expect(Design.rmStoreNoVerifier.finishMoment == .atCallback)
        #expect(Design.swiftyStoreKitAtomic.finishMoment == .atCallback)
        #expect(Design.rmStoreVerifier.finishMoment == .afterVerdict)
        #expect(Design.swiftyStoreKitNonAtomic.finishMoment == .afterDelivery)
        #expect(Design.preset(named: "rmstore") == nil)
        // RMStore's default and SwiftyStoreKit's default are the same flow: they lose alike.
        let tallies = simulate(Scenario(), designs: [.rmStoreNoVerifier, .swiftyStoreKitAtomic], runs: 4_000)
        #expect(tallies[0].lost == tallies[1].lost)
        #expect(tallies[0].lost > 0)
        #expect(tallies[0].causes(of: .lost).first?.cause == .finishedBeforeDelivery)
    }

    // MARK: BLIAP

    @Test("BLIAP neither records nor verifies a transaction without an id; the next launch does")
    func bliapSkipsATransactionWithoutAnId() {
        let scenario = Self.scenario { $0.storeKit.missingTransactionIdProbability = 1 }
        let (tally, trace) = Self.scripted(scenario, .bliap, firing: [])
        #expect(tally.deliveredSameSession == 0)
        #expect(tally.deliveredAfterRelaunch == 1)
        let launches = Self.launchTimes(trace)
        #expect(Self.verifyArrivals(trace).allSatisfy { $0 > launches[1] })

        var verifying = Design.bliap
        verifying.name = "bliap-verifying"
        verifying.transactionsWithoutId = .verify
        #expect(Self.scripted(scenario, verifying, firing: []).0.deliveredSameSession == 1)
    }

    @Test("BLIAP finishes, undelivered, a transaction given back at launch still without an id")
    func bliapFinishesATransactionStillWithoutAnId() {
        let scenario = Self.scenario {
            $0.storeKit.missingTransactionIdProbability = 1
            $0.storeKit.missingTransactionIdAfterRelaunchProbability = 1
        }
        let (tally, trace) = Self.scripted(scenario, .bliap, firing: [])
        #expect(tally.lost == 1)
        #expect(tally.causes(of: .lost).first?.cause == .finishedBeforeDelivery)
        #expect(trace.contains { $0.text.contains("has no id at launch: finished") })
        // A design that verifies it anyway delivers: the app receipt lists it.
        #expect(simulate(scenario, designs: [.seed001Weiai], runs: 200)[0].lost == 0)
    }

    @Test("BLIAP's verify count survives a relaunch: the first try waits count x 10 s")
    func bliapKeepsItsCountAcrossLaunches() {
        // A 100 s session: the verify is lost three times (15 s timeouts, 10 s and 20 s waits),
        // the session ends during the 30 s wait; the user comes back an hour later.
        let scenario = Self.scenario { $0.user.sessionLength = .fixed(100 * second) }
        #expect(Design.bliap.failureCountPersists)
        func firstTryAfterRelaunch(_ design: Design) -> SimTime? {
            let (tally, trace) = Self.losingRequests(3, scenario, design)
            #expect(tally.deliveredAfterRelaunch == 1, "\(design.name)")
            let launches = Self.launchTimes(trace)
            guard launches.count == 2 else { return nil }
            return Self.verifyArrivals(trace).first { $0 > launches[1] }.map { $0 - launches[1] }
        }
        var forgetting = Design.bliap
        forgetting.name = "bliap-forgetting"
        forgetting.failureCountPersists = false
        let kept = firstTryAfterRelaunch(.bliap)
        let forgotten = firstTryAfterRelaunch(forgetting)
        #expect(kept.map { $0 >= 30 * second } == true, "waited \(String(describing: kept)) ms")
        #expect(forgotten.map { $0 < 5 * second } == true, "waited \(String(describing: forgotten)) ms")
    }

    // MARK: RevenueCat and seed 001

    @Test("revenuecat guards the second tap; seed001-weiai does not")
    func doubleTapGuards() {
        var scenario = Scenario.faultFree()
        scenario.user.doubleTapProbability = 1
        let tallies = simulate(scenario, designs: [.revenueCat, .seed001Weiai], runs: 500)
        #expect(Design.revenueCat.guardsDoubleTap)
        #expect(tallies[0].doubleCharged == 0)
        #expect(!Design.seed001Weiai.guardsDoubleTap)
        #expect(tallies[1].doubleCharged == 500)
    }

    // MARK: Order creation

    @Test("Order-first presets ask for the order again after a failed create-order request")
    func orderCreationIsRetried() {
        let orderFirst = Design.presets.filter { $0.orderTiming == .orderFirst }
        #expect(orderFirst.map(\.name) == ["seed002-before", "seed002-after", "seed003-sk1", "seed003-sk2", "seed004"])
        for design in orderFirst {
            #expect(design.orderCreationTries == 3 && design.orderCreationSpacingMs == 2_000, "\(design.name)")
        }
        #expect(Design.naive.orderCreationTries == 1)
        let scenario = Self.scenario()
        let (tally, trace) = Self.losingRequests(1, scenario, .seed003SK1)
        #expect(tally.lostSales == 0)
        #expect(tally.deliveredSameSession == 1)
        let orders = trace.filter { $0.to == .appServer && $0.text.hasPrefix("create order") }.map(\.time)
        #expect(orders.count == 1, "the first request was lost on the way")
        #expect(trace.contains { $0.text.hasPrefix("asks for an order again") })

        var once = Design.seed003SK1
        once.name = "seed003-sk1-once"
        once.orderCreationTries = 1
        let (single, _) = Self.losingRequests(1, scenario, once)
        #expect(single.lostSales == 1)
        #expect(single.notCharged == 1)
    }

    @Test("Order creation gives up after its tries: the intent is a lost sale")
    func orderCreationGivesUp() {
        var scenario = Scenario.faultFree()
        scenario.appServer.errorProbability = 1
        let tallies = simulate(scenario, designs: [.seed004], runs: 100)
        #expect(tallies[0].lostSales == 100)
        #expect(tallies[0].serverRequests == 300, "three create-order requests per intent")
    }

    // MARK: Reconciliation

    /// StoreKit 2, pay-first with the account's token, finish at the callback, no retry: only
    /// the server's history reconciliation can deliver what the client's one request missed.
    static var reconcilingOnly: Design {
        var design = Design.naive
        design.name = "test-reconciliation-only"
        design.storeKitAPI = .sk2
        design.receiptKind = .signedTransaction
        design.userMapping = .appAccountToken
        design.serverRecovery = .transactionHistory
        return design
    }

    @Test("The reconciliation job restarts with a later charge, its window counted from that charge")
    func reconciliationRestartsForALaterPurchase() {
        // Two intents 3 days apart (more than the 2-day window after the first charge); the
        // first is delivered by the client, so the job stops; the second's only request is lost.
        let scenario = Self.scenario {
            $0.user.intentsPerRun = 2
            $0.user.timeBetweenIntents = .fixed(3 * day)
        }
        let points = Self.choicePoints(.requestLost, scenario, Self.reconcilingOnly)
        #expect(points.count == 2)
        let (tally, trace) = Self.scripted(scenario, Self.reconcilingOnly, firing: [points[1]])
        #expect(tally.delivered == 2)
        #expect(tally.lost == 0)
        let ticks = trace.filter {
            $0.from == .appServer && ($0.text == "get transaction history" || $0.text.hasPrefix("reconciliation job"))
        }.map(\.time)
        #expect(ticks.count >= 2, "one tick after each charge")
        #expect(ticks.last.map { $0 > 3 * day } == true)

        // Without the second request lost, the client delivers both and the job stops each time.
        let (clean, _) = Self.scripted(scenario, Self.reconcilingOnly, firing: [])
        #expect(clean.delivered == 2)
    }

    @Test("The job stops once the window after the latest charge has passed")
    func reconciliationWindowCountsFromTheLatestCharge() {
        // One intent whose request is lost and a customer the server never met: no history
        // call can be made, so the job ticks until the window ends, then stops.
        let scenario = Self.scenario {
            $0.user.returningCustomerProbability = 0
            $0.appServer.reconcileWindowMs = 5 * hour
        }
        let points = Self.choicePoints(.requestLost, scenario, Self.reconcilingOnly)
        let (tally, trace) = Self.scripted(scenario, Self.reconcilingOnly, firing: [points[0]])
        #expect(tally.lost == 1)
        let ticks = trace.filter { $0.from == .appServer && $0.text.hasPrefix("reconciliation job") }.map(\.text)
        #expect(ticks == Array(repeating: "reconciliation job: no customer known, nothing to ask Apple", count: 5)
            + ["reconciliation job: stops"], "ticks at 1 h..5 h run, the one at 6 h stops the job")
    }
}
