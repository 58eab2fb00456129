import FaultSim
import Policies
import Testing

/// How to make one fault possible and how to switch it on, starting from a fault-free world.
struct FaultCase: CustomTestStringConvertible, Sendable {
    let fault: FaultKind
    /// Other settings the fault needs to have a chance to fire (kept in both arms).
    let prerequisite: @Sendable (inout Scenario) -> Void
    let switchOn: @Sendable (inout Scenario) -> Void
    var testDescription: String { fault.name }

    init(_ fault: FaultKind, needs prerequisite: @escaping @Sendable (inout Scenario) -> Void = { _ in },
         on switchOn: @escaping @Sendable (inout Scenario) -> Void) {
        self.fault = fault
        self.prerequisite = prerequisite
        self.switchOn = switchOn
    }

    static let serverAlwaysFails: @Sendable (inout Scenario) -> Void = { $0.appServer.errorProbability = 1 }
    static let appCrashes: @Sendable (inout Scenario) -> Void = { $0.device.crashProbabilityPerSession = 1 }
    /// A launch with an unfinished transaction: the purchase made outside the app is handed over
    /// at the launch when the user opens it.
    static let boughtOutsideApp: @Sendable (inout Scenario) -> Void = { $0.user.outsideAppPurchaseProbability = 1 }

    static let all: [FaultCase] = [
        FaultCase(.requestLost) { $0.network.requestLossProbability = 0.5 },
        FaultCase(.responseLost) { $0.network.responseLossProbability = 0.5 },
        FaultCase(.weakNetwork) { $0.network.weakNetworkProbability = 1 },
        FaultCase(.slowRequest) { $0.network.latency = .fixed(40_000) },
        FaultCase(.appleTryAgain) { $0.apple.tryAgainProbability = 0.5 },
        FaultCase(.appleOutage) { $0.apple.outageProbability = 1 },
        FaultCase(.appleTimeout) { $0.apple.verifyLatency = .fixed(11_000) },
        FaultCase(.serverError) { $0.appServer.errorProbability = 0.5 },
        FaultCase(.serverCrashBeforeDelivery) { $0.appServer.crashBeforeDeliveryProbability = 0.5 },
        FaultCase(.serverCrashAfterDelivery) { $0.appServer.crashAfterDeliveryProbability = 0.5 },
        FaultCase(.userKill) { $0.user.patience = .fixed(0) },
        FaultCase(.appCrash) { $0.device.crashProbabilityPerSession = 1 },
        FaultCase(.neverComesBack, needs: appCrashes) { $0.user.neverComesBackProbability = 0.5 },
        FaultCase(.reinstall, needs: appCrashes) { $0.user.reinstallProbability = 0.5 },
        FaultCase(.accountSwitch) { $0.user.accountSwitchProbability = 0.5 },
        FaultCase(.doubleTap) { $0.user.doubleTapProbability = 0.5 },
        FaultCase(.userCancel) { $0.user.cancelProbability = 0.5 },
        FaultCase(.cancelThenPurchased) { $0.storeKit.cancelThenPurchasedProbability = 0.5 },
        FaultCase(.failThenPurchased) { $0.storeKit.failThenPurchasedProbability = 0.5 },
        FaultCase(.missingTransactionId) { $0.storeKit.missingTransactionIdProbability = 0.5 },
        FaultCase(.applicationUsernameLost) { $0.storeKit.applicationUsernameLostProbability = 0.5 },
        FaultCase(.purchasedCallbackMissing) { $0.storeKit.purchasedCallbackMissingProbability = 0.5 },
        FaultCase(.finishedRedelivered) { $0.storeKit.finishedRedeliveredProbability = 0.5 },
        FaultCase(.recoverPageUse, needs: serverAlwaysFails) { $0.user.recoverPageUseProbability = 0.5 },
        FaultCase(.supportContact, needs: serverAlwaysFails) { $0.user.supportContactProbability = 0.5 },
        FaultCase(.rebuyNoCallback, needs: serverAlwaysFails) { $0.user.intentsPerRun = 2 },
        FaultCase(.notificationLost) { $0.apple.notificationLossProbability = 0.5 },
        FaultCase(.pendingPurchase) { $0.storeKit.pendingProbability = 0.5 },
        FaultCase(.appServerOutage) { $0.appServer.outageProbability = 1 },
        FaultCase(.notificationEndpointBroken) { $0.appServer.notificationEndpointBrokenProbability = 1 },
        FaultCase(.signatureCheckFailing) { $0.appServer.signatureCheckFailureProbability = 1 },
        FaultCase(.notificationAnswerTooSlow) { $0.appServer.notificationHandlingTime = .fixed(10_000) },
        FaultCase(.notificationResent) { $0.apple.notificationResentProbability = 0.5 },
        FaultCase(.outsideAppPurchase) { $0.user.outsideAppPurchaseProbability = 0.5 },
        FaultCase(.errorAfterCharge) { $0.storeKit.errorAfterChargeProbability = 0.5 },
        FaultCase(.cancelledAfterCharge) { $0.storeKit.cancelledAfterChargeProbability = 0.5 },
        FaultCase(.updatesMissedAtLaunch, needs: boughtOutsideApp) { $0.storeKit.updatesMissedAtLaunchProbability = 0.5 },
        FaultCase(.updatesRepeatedAtLaunch, needs: boughtOutsideApp) { $0.storeKit.updatesRepeatedAtLaunchProbability = 0.5 },
        FaultCase(.neverReturnsAfterLeave, needs: serverAlwaysFails) { $0.user.neverReturnsAfterLeaveProbability = 0.5 },
        FaultCase(.warmReturn, needs: serverAlwaysFails) { $0.user.warmReturnProbability = 0.5 },
        FaultCase(.noRedeliveryOnResume, needs: { serverAlwaysFails(&$0); $0.user.warmReturnProbability = 1 }) {
            $0.storeKit.resumeWithoutRedeliveryProbability = 0.5
        },
        // `test-legacy-nonidempotent` registers its listener after its setup.
        FaultCase(.lateListenerMiss, needs: boughtOutsideApp) { $0.storeKit.lateListenerMissProbability = 0.5 },
        FaultCase(.finishNotCompleted) { $0.storeKit.finishNotCompletedProbability = 0.5 },
        FaultCase(.purchaseAlsoInUpdates) { $0.storeKit.purchaseAlsoInUpdatesProbability = 0.5 },
        FaultCase(.pendingDeclined, needs: { $0.storeKit.pendingProbability = 0.5 }) { $0.storeKit.pendingDeclinedProbability = 0.5 },
        FaultCase(.promotedPurchase, needs: boughtOutsideApp) { $0.user.promotedPurchaseShare = 0.5 },
        // Undelivered goods (the server always fails), and a request an hour after the charge.
        FaultCase(.refundRequested, needs: serverAlwaysFails) {
            $0.user.refundRequestProbability = 0.5
            $0.user.refundRequestDelay = .fixed(3_600_000)
        },
    ]
}

@Suite("Faults")
struct FaultTests {
    @Test("Every fault has a case in this suite")
    func everyFaultCovered() {
        #expect(FaultCase.all.map(\.fault) == FaultKind.allCases)
    }

    /// Runs per arm and design. Both claims are exact counts, so fewer runs assert the same
    /// thing on fewer draws: in the quick suite's 200 runs of every design each fault, on,
    /// fires at least 20 times; the full suite's 2,000 look ten times as hard for a firing
    /// while off.
    static let runsPerArm = TestScale.pick(quick: UInt64(200), full: 2_000)

    @Test("A fault fires when on and never when off", arguments: FaultCase.all)
    func faultFiresOnlyWhenOn(_ faultCase: FaultCase) {
        var off = Scenario.faultFree()
        off.horizonMs = 2 * 86_400_000  // every fault here fires in the first minutes
        faultCase.prerequisite(&off)
        var on = off
        faultCase.switchOn(&on)
        let index = faultCase.fault.rawValue
        let firedOff = simulate(off, runs: Self.runsPerArm).reduce(0) { $0 + $1.faultCounts[index] }
        let firedOn = simulate(on, runs: Self.runsPerArm).reduce(0) { $0 + $1.faultCounts[index] }
        #expect(firedOff == 0, "\(faultCase.fault.name) fired \(firedOff) times while off")
        #expect(firedOn > 0, "\(faultCase.fault.name) never fired while on")
    }

    @Test("With every fault off, every design delivers every intent exactly once")
    func faultFreeWorldDeliversEverything() {
        let scenario = Scenario.faultFree()
        for (design, tally) in zip(TestDesigns.all, simulate(scenario, runs: 5_000)) {
            #expect(tally.lost == 0, "\(design.name) lost \(tally.lost)")
            #expect(tally.misdelivered == 0, "\(design.name) mis-delivered \(tally.misdelivered)")
            #expect(tally.duplicated == 0, "\(design.name) duplicated \(tally.duplicated)")
            #expect(tally.doubleCharged == 0, "\(design.name) double-charged \(tally.doubleCharged)")
            #expect(tally.delivered == tally.intents, "\(design.name) delivered \(tally.delivered) of \(tally.intents)")
            #expect(tally.faultCounts.allSatisfy { $0 == 0 }, "\(design.name) saw a fault")
        }
    }

    /// The sums hold run by run: 1,500 runs of every design in the quick suite, 5,000 in the full.
    @Test("Outcomes add up to intents under the default faults, for several intents per run")
    func outcomesAddUp() {
        var scenario = Scenario()
        scenario.user.intentsPerRun = 3
        scenario.catalog.itemsPerProduct = 2
        let runs = TestScale.pick(quick: UInt64(1_500), full: 5_000)
        for tally in simulate(scenario, runs: runs) {
            #expect(tally.intents == 3 * Int64(runs))
            #expect(tally.notCharged + tally.delivered + tally.lost + tally.misdelivered + tally.duplicated
                + tally.doubleCharged == tally.intents)
            #expect(tally.deliveredSameSession + tally.deliveredAfterRelaunch + tally.deliveredAfterReinstall
                == tally.delivered)
        }
    }
}
