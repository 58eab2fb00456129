/// Server-side recovery: purchases the server finds without the client, through App Store
/// Server Notifications or Get Transaction History (`ServerRecovery`), and what it can credit
/// for them.
extension World {
    /// Apple's retry schedule for a failed V2 notification in production: hours after the
    /// previous attempt ("five times, at 1, 12, 24, 48, and 72 hours").
    static var notificationRetryHours: [SimTime] { [1, 12, 24, 48, 72] }

    /// A charge starts what the design's server recovery does about it.
    @inline(__always)
    mutating func scheduleServerRecovery(_ transaction: Int32) {
        if traits.hearsNotifications {
            schedule(.notificationAttempt, after: sample(scenario.apple.notificationDelay, .apple), transaction, 0)
        }
        if traits.reconcilesHistory && !reconcileScheduled {
            reconcileScheduled = true
            schedule(.reconcileTick, after: scenario.appServer.reconcileIntervalMs)
        }
    }

    /// One delivery attempt of `ONE_TIME_CHARGE`; a lost one is tried again on Apple's schedule.
    mutating func onNotificationAttempt(_ transaction: Int32, attempt: Int32) {
        if fault(.notificationLost, scenario.apple.notificationLossProbability, .apple) {
            let retries = World.notificationRetryHours
            if Int(attempt) < retries.count {
                schedule(.notificationAttempt, after: retries[Int(attempt)] * 3_600_000, transaction, attempt + 1)
            }
            return
        }
        customerKnown = true
        if let credit = serverSideCredit(transaction) { deliver(transaction, uid: credit.uid, item: credit.item) }
    }

    /// The reconciliation job: for a customer the server knows, Get Transaction History, and
    /// every undelivered transaction it lists and can credit is delivered. Runs every
    /// `appServer.reconcileInterval` for `appServer.reconcileWindow` after the first charge.
    mutating func onReconcileTick() {
        guard now - firstChargeAt <= scenario.appServer.reconcileWindowMs else { return }
        guard transactions.contains(where: { $0.deliveries == 0 }) else { return }
        if customerKnown {
            tally.appleRequests += 1
            let answered = !isAppleOutage(now) && !fault(.appleTryAgain, scenario.apple.tryAgainProbability, .apple)
            if answered {
                for index in transactions.indices where transactions[index].deliveries == 0 && historyLists(index) {
                    if let credit = serverSideCredit(Int32(index)) { deliver(Int32(index), uid: credit.uid, item: credit.item) }
                }
            }
        }
        schedule(.reconcileTick, after: scenario.appServer.reconcileIntervalMs)
    }

    /// Whether Get Transaction History lists the transaction now: v2 lists every transaction,
    /// v1 all but finished consumables.
    @inline(__always)  // out of line, the call would first copy the whole World (see World.swift)
    func historyLists(_ transaction: Int) -> Bool {
        scenario.platform.transactionHistory == .v2 || inAppReceipt(transaction)
    }

    /// The account and item the server can credit from Apple's data alone: the order an
    /// `appAccountToken` names (its account and item), or the account it names when the
    /// product sells one item. Nil for a StoreKit 1 transaction (no token) and for an account
    /// token on a many-to-one product (the item is ambiguous; the server waits for the client).
    @inline(__always)  // out of line, the call would first copy the whole World (see World.swift)
    func serverSideCredit(_ transaction: Int32) -> (uid: Int32, item: Int32)? {
        guard design.storeKitAPI == .sk2 else { return nil }
        let tx = transactions[Int(transaction)]
        if design.itemMapping == .appAccountToken { return (tx.payloadUid, tx.payloadItem) }
        if design.userMapping == .appAccountToken && scenario.catalog.itemsPerProduct == 1 {
            return (tx.payloadUid, defaultItem(of: tx.product))
        }
        return nil
    }
}
