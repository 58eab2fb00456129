import FaultSim
import Policies
import Testing

/// Users and returns as they are (a normal leave that is never followed by a return, a return
/// to the suspended process, the foreground sweep), the failure modes teams report (a listener
/// registered late, a `finish` that never completes, a purchase handed to
/// `Transaction.updates` too, a pending purchase declined) and the server's recovery paths
/// (Get Notification History, the `appTransactionId` link): each shown doing what
/// docs/model.md says, on the pinned worlds of `PinnedStoreKitWorlds`.
@Suite("Returns, reported failure modes and recovery paths")
struct ReturnsAndReportedFailuresTests: PinnedStoreKitWorlds {
    /// The pinned world with the app server down for its first two hours: the purchase's session
    /// cannot verify, and the user leaves at 1 h with work pending.
    static func serverDownForTwoHours() -> Scenario {
        var scenario = PlatformAndStoreKitTests.world()
        scenario.appServer.outageProbability = 1
        scenario.appServer.outageStart = .fixed(0)
        scenario.appServer.outageDuration = .fixed(2 * hour)
        return scenario
    }

    @Test("never_returns_after_leave: a user who leaves with work pending and never returns loses it, unless the server recovers it")
    func neverReturnsAfterLeave() {
        // The server fails every request for the first session; the user leaves at 1 h and
        // never comes back. Only Apple's notification can deliver now.
        var scenario = Self.serverDownForTwoHours()
        scenario.user.neverReturnsAfterLeaveProbability = 1
        scenario.apple.notificationDelay = .fixed(60_000)
        let withoutServer = TestDesigns.variant(.faultSimRecommended, "recommended-client-only") { $0.serverRecovery = [] }
        let tallies = Self.run(scenario, [withoutServer, .faultSimRecommended])
        #expect(tallies[0].lost == tallies[0].intents, "client only: lost \(tallies[0].lost) of \(tallies[0].intents)")
        #expect(tallies[0].causes(of: .lost).first?.cause == .userNeverCameBack)
        #expect(tallies[0].faultCounts[FaultKind.neverReturnsAfterLeave.rawValue] == tallies[0].intents)
        #expect(tallies[1].delivered == tallies[1].intents, "notifications: delivered \(tallies[1].delivered) of \(tallies[1].intents)")
    }

    @Test("warm_return: the suspended process keeps its memory; StoreKit 2 hands nothing over again, a foreground sweep finds it")
    func warmReturnsNeedASweepWithStoreKit2() {
        // The server fails for the first session; after a normal leave the user comes back to
        // the suspended app an hour later, when the server works again.
        var scenario = Self.serverDownForTwoHours()
        scenario.user.warmReturnProbability = 1
        scenario.horizonMs = 3 * Self.hour + 60_000
        let noSweep = TestDesigns.variant(.faultSimRecommended, "recommended-without-sweep") {
            $0.foregroundSweep = false
            $0.retryTriggers = [.launch]
            $0.serverRecovery = []
        }
        let sweep = TestDesigns.variant(noSweep, "recommended-with-sweep") { $0.foregroundSweep = true }
        let tallies = Self.run(scenario, [noSweep, sweep])
        #expect(tallies[0].faultCounts[FaultKind.warmReturn.rawValue] > 0)
        #expect(tallies[0].lost == tallies[0].intents, "no sweep: lost \(tallies[0].lost) of \(tallies[0].intents)")
        #expect(tallies[1].delivered == tallies[1].intents, "sweep: delivered \(tallies[1].delivered) of \(tallies[1].intents)")
        let world = Self.scripted(scenario, sweep, firing: [])
        #expect(world.trace.contains { $0.text.hasPrefix("resumes from the background") })
        #expect(!world.trace.contains { $0.text.contains("(redelivered at launch)") })
    }

    @Test("warm_return with StoreKit 1: the observer gets the same object again, so bliap's sweep finishes a transaction still without its id")
    func warmReturnKeepsStoreKit1sNilId() {
        var scenario = PlatformAndStoreKitTests.world()
        scenario.storeKit.missingTransactionIdProbability = 1
        scenario.user.warmReturnProbability = 1
        let warm = Self.run(scenario, [.bliap])[0]
        #expect(warm.lost == warm.intents, "warm: lost \(warm.lost) of \(warm.intents)")
        #expect(warm.causes(of: .lost).first?.cause == .finishedBeforeDelivery)
        // A cold launch makes a new object, with its id (missingTransactionIdAfterRelaunch 0).
        scenario.user.warmReturnProbability = 0
        let cold = Self.run(scenario, [.bliap])[0]
        #expect(cold.delivered == cold.intents, "cold: delivered \(cold.delivered) of \(cold.intents)")
        // StoreKit 1 that does not call the observer at a resume: a design without a sweep or a
        // foreground trigger waits for the next cold launch.
        scenario.user.warmReturnProbability = 1
        scenario.storeKit.resumeWithoutRedeliveryProbability = 1
        scenario.storeKit.missingTransactionIdProbability = 0
        scenario.storeKit.purchasedCallbackMissingProbability = 1
        let quiet = Self.run(scenario, [.seed001Weiai])[0]
        #expect(quiet.faultCounts[FaultKind.noRedeliveryOnResume.rawValue] > 0)
        #expect(quiet.lost == quiet.intents, "no redelivery at resume: lost \(quiet.lost) of \(quiet.intents)")
    }

    @Test("late_listener_miss: a listener registered after setup misses the launch's hand-over; the foreground sweep recovers it")
    func lateListener() {
        var scenario = Self.outsideWorld()
        scenario.storeKit.lateListenerMissProbability = 1
        let late = TestDesigns.variant(.revenueCat, "revenuecat-late") { $0.listenerTiming = .afterSetup; $0.foregroundSweep = false }
        let lateSwept = TestDesigns.variant(late, "revenuecat-late-swept") { $0.foregroundSweep = true }
        let tallies = Self.run(scenario, [late, lateSwept, .revenueCat])
        #expect(tallies[0].lost == tallies[0].intents && tallies[0].faultCounts[FaultKind.lateListenerMiss.rawValue] > 0)
        #expect(tallies[1].delivered == tallies[1].intents)
        #expect(tallies[2].delivered == tallies[2].intents && tallies[2].faultCounts[FaultKind.lateListenerMiss.rawValue] == 0,
                "a listener first at launch never misses")
    }

    @Test("finish_not_completed: the transaction is finished, the steps after the call never run: the record stays behind")
    func finishNotCompleted() {
        var scenario = PlatformAndStoreKitTests.world()
        scenario.storeKit.finishNotCompletedProbability = 1
        let tallies = Self.run(scenario, [.bliap, .faultSimRecommended])
        for tally in tallies {
            #expect(tally.delivered == tally.intents, "finished after the delivery: delivered \(tally.delivered)")
            #expect(tally.faultCounts[FaultKind.finishNotCompleted.rawValue] == tally.intents, "one finish per intent, finished once")
            #expect(tally.leakedRecords == tally.intents, "the record's deletion after the finish never runs")
        }
    }

    @Test("purchase_also_in_updates: the same StoreKit 2 purchase comes through Transaction.updates too; only a non-idempotent server grants twice")
    func purchaseAlsoInUpdates() {
        var scenario = PlatformAndStoreKitTests.world()
        scenario.storeKit.purchaseAlsoInUpdatesProbability = 1
        let nonIdempotent = TestDesigns.variant(.faultSimRecommended, "recommended-non-idempotent") { $0.serverIdempotency = .none }
        let tallies = Self.run(scenario, [.faultSimRecommended, nonIdempotent, .bliap])
        #expect(tallies[0].delivered == tallies[0].intents)
        #expect(tallies[1].duplicated == tallies[1].intents)
        #expect(tallies[2].faultCounts[FaultKind.purchaseAlsoInUpdates.rawValue] == 0, "StoreKit 1 has no Transaction.updates")
    }

    @Test("pending_declined: a declined pending purchase is never charged and is no lost sale")
    func pendingDeclined() {
        var scenario = PlatformAndStoreKitTests.world()
        scenario.storeKit.pendingProbability = 1
        scenario.storeKit.pendingDeclinedProbability = 1
        let tally = Self.run(scenario, [.faultSimRecommended])[0]
        #expect(tally.notCharged == tally.intents && tally.lostSales == 0)
        #expect(tally.faultCounts[FaultKind.pendingDeclined.rawValue] == tally.intents)
    }

    @Test("notificationHistory: Get Notification History recovers the posts a broken endpoint failed, not the ones it answered 200 and dropped")
    func notificationHistoryRecoversFailedPosts() {
        // The app crashes after the charge and the user never comes back; the endpoint is broken
        // for the whole horizon, so Apple's retries fail too.
        var scenario = PlatformAndStoreKitTests.world()
        PlatformAndStoreKitTests.crashAfterChargeForGood(&scenario)
        scenario.apple.notificationDelay = .fixed(60_000)
        scenario.appServer.notificationEndpointBrokenProbability = 1
        scenario.appServer.notificationEndpointBrokenDuration = .fixed(30 * 24 * Self.hour)
        let notified = TestDesigns.variant(.faultSimRecommended, "recommended-notifications") { $0.serverRecovery = [.notifications] }
        let history = TestDesigns.variant(notified, "recommended-notification-history") { $0.serverRecovery = [.notifications, .notificationHistory] }
        scenario.appServer.notificationEndpointBehaviour = .answers5xx
        let failed = Self.run(scenario, [notified, history])
        #expect(failed[0].lost == failed[0].intents)
        #expect(failed[1].delivered == failed[1].intents, "history: delivered \(failed[1].delivered) of \(failed[1].intents)")
        scenario.appServer.notificationEndpointBehaviour = .dropsSilently
        let dropped = Self.run(scenario, [history])[0]
        #expect(dropped.lost == dropped.intents, "a 200 is a success to Apple: not listed")
    }

    @Test("appTransactionIdMapping: the server credits a purchase made outside the app to the linked account, wrongly after a switch")
    func appTransactionIdLink() {
        var scenario = Self.outsideWorld()
        scenario.user.outsideAppOpenDelay = .fixed(10 * 24 * Self.hour)
        let unlinked = TestDesigns.variant(.faultSimRecommended, "recommended-unlinked") { $0.serverRecovery = [.notifications, .transactionHistory] }
        let linked = TestDesigns.variant(.faultSimRecommended, "recommended-linked") {
            $0.serverRecovery = [.notifications, .transactionHistory, .appTransactionIdMapping]
        }
        let tallies = Self.run(scenario, [unlinked, linked])
        #expect(tallies[0].lost == tallies[0].intents, "no token, no link: lost")
        #expect(tallies[1].delivered == tallies[1].intents, "linked: delivered \(tallies[1].delivered) of \(tallies[1].intents)")
        scenario.user.accountSwitchProbability = 1
        scenario.user.accountSwitchDelay = .fixed(0)
        let switched = Self.run(scenario, [linked])[0]
        #expect(switched.misdelivered == switched.intents, "switched: mis-delivered \(switched.misdelivered) of \(switched.intents)")
    }
}
