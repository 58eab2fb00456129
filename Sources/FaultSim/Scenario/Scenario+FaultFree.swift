extension Scenario {
    /// A world with every fault of domain.md §4 switched off: no losses, errors, outages,
    /// crashes, kills, cancels or StoreKit oddities; latencies fixed and well inside every
    /// timeout; a user who waits forever and always comes back. In it every design must
    /// deliver every charged intent exactly once. Tests switch single faults back on from here.
    public static func faultFree() -> Scenario {
        var scenario = Scenario()
        scenario.name = "fault-free"
        scenario.description = "Every fault off."
        scenario.user.cancelProbability = 0
        scenario.user.doubleTapProbability = 0
        scenario.user.patience = .fixed(30 * Scenario.day)
        scenario.user.neverComesBackProbability = 0
        scenario.user.reinstallProbability = 0
        scenario.user.accountSwitchProbability = 0
        scenario.user.recoverPageUseProbability = 0
        scenario.user.supportContactProbability = 0
        scenario.device.crashProbabilityPerSession = 0
        scenario.network.requestLossProbability = 0
        scenario.network.responseLossProbability = 0
        scenario.network.latency = .fixed(300)
        scenario.network.weakNetworkProbability = 0
        scenario.storeKit.cancelThenPurchasedProbability = 0
        scenario.storeKit.failThenPurchasedProbability = 0
        scenario.storeKit.missingTransactionIdProbability = 0
        scenario.storeKit.applicationUsernameLostProbability = 0
        scenario.storeKit.applicationUsernameLostAfterRelaunchProbability = 0
        scenario.storeKit.purchasedCallbackMissingProbability = 0
        scenario.storeKit.finishedRedeliveredProbability = 0
        scenario.storeKit.pendingProbability = 0
        scenario.appServer.errorProbability = 0
        scenario.appServer.crashBeforeDeliveryProbability = 0
        scenario.appServer.crashAfterDeliveryProbability = 0
        scenario.apple.verifyLatency = .fixed(600)
        scenario.apple.tryAgainProbability = 0
        scenario.apple.outageProbability = 0
        scenario.apple.notificationLossProbability = 0
        return scenario
    }
}
