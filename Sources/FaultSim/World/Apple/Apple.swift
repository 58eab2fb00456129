import Policies

/// Apple: the App Store's servers and StoreKit, the framework in the app's process that
/// talks to them. Apple owns the transactions (the payment queue lives with the Apple
/// account, not the app, which is why it outlives a reinstall), its outage window, and its
/// server notifications. The device calls StoreKit synchronously (`finishTransaction`,
/// adding a payment), as an app does; everything else reaches Apple as events.
struct Apple: Sendable {
    let parameters: AppleParameters
    let storeKit: StoreKitParameters
    let storeKitAPI: StoreKitAPI
    let productType: CatalogParameters.ProductType
    let transactionHistory: PlatformParameters.TransactionHistory
    /// The design's server listens for `ONE_TIME_CHARGE` and the platform sends it.
    let sendsNotifications: Bool
    /// The app registers its transaction listener after its own setup (`ListenerTiming.afterSetup`).
    let listenerAfterSetup: Bool

    /// Every transaction of the run, by number (charge order).
    var transactions = RunArray<AppleTransaction>()
    /// This run's outage window, if it has one.
    var outage = FaultWindow()

    /// How long StoreKit 1 takes to hand back a finished transaction.
    static var finishedComesBackAfterMs: SimTime { 2_000 }
    /// When StoreKit redelivers unfinished transactions after a launch.
    static var redeliveryAfterLaunchMs: SimTime { 500 }
    /// How long after the launch's hand-over `Transaction.updates` repeats it, when it does
    /// (guess: forum thread 816320 sees the repeats "after about 10-20 seconds").
    static var repeatedUpdateAfterMs: SimTime { 10_000 }
    /// Apple's retry schedule for a failed V2 notification in production: hours after the
    /// previous attempt ("five times, at 1, 12, 24, 48, and 72 hours").
    static var notificationRetryHours: [SimTime] { [1, 12, 24, 48, 72] }

    init(scenario: Scenario, design: Design, traits: WorldTraits) {
        parameters = scenario.apple
        storeKit = scenario.storeKit
        storeKitAPI = design.storeKitAPI
        productType = scenario.catalog.productType
        transactionHistory = scenario.platform.transactionHistory
        sendsNotifications = traits.hearsNotifications
        listenerAfterSetup = design.listenerTiming == .afterSetup
    }

    @inline(__always)
    mutating func reset(shared: Bool) {
        transactions.removeAll(shared: shared)
        outage.close()
    }

    @inline(__always)
    subscript(transaction: Int32) -> AppleTransaction { transactions[Int(transaction)] }

    // MARK: Outages

    /// Starts the run's outage window, if the fault fires.
    @inline(__always)
    mutating func startOutage(_ draws: FaultWindow.Draws, _ kernel: inout Kernel) {
        guard kernel.fault(.appleOutage, parameters.outageProbability, deferred: draws.occurs) else { return }
        outage.open(start: parameters.outageStart, length: parameters.outageDuration, draws, tail: .appleOutageDuration, &kernel)
    }

    @inline(__always)
    func isOutage(_ time: SimTime) -> Bool { outage.contains(time) }

    // MARK: Charging

    /// Apple takes the money: a new transaction carrying what the app put in the payment, or,
    /// bought outside the app (`inApp` false), nothing.
    @inline(__always)
    mutating func charge(intent: Int32, product: Int32, inApp: Bool, payloadUid: Int32, payloadItem: Int32,
                         payloadOrder: Int32) -> Int32 {
        let transaction = transactions.count32
        transactions.append(inApp
            ? AppleTransaction(intent: intent, product: product, payloadUid: payloadUid, payloadItem: payloadItem,
                               payloadOrder: payloadOrder)
            : AppleTransaction(intent: intent, product: product, boughtInApp: false, payloadUid: 0, payloadItem: -1,
                               payloadOrder: -1))
        return transaction
    }

    // MARK: What Apple's data lists

    /// Whether the app receipt lists the transaction now (for StoreKit 2: whether
    /// `Transaction.unfinished` or the current entitlements still hand it out).
    @inline(__always)
    func receiptLists(_ transaction: Int) -> Bool {
        !transactions[transaction].finished || productType != .consumable
    }

    /// Whether Get Notification History with `onlyFailures` lists the transaction's post: an
    /// attempt failed and none succeeded since (Apple is retrying it, or has given up).
    @inline(__always)
    func notificationHistoryLists(_ transaction: Int) -> Bool { transactions[transaction].postFailed }

    /// Whether Get Transaction History lists the transaction now: v2 lists every transaction,
    /// v1 all but finished consumables.
    @inline(__always)
    func historyLists(_ transaction: Int) -> Bool {
        transactionHistory == .v2 || receiptLists(transaction)
    }

    /// An unfinished transaction for `product` waits in the payment queue.
    @inline(__always)
    func hasUnfinished(product: Int32) -> Bool {
        // By index: a for-in over the run array retains and releases its storage.
        for index in transactions.indices where transactions[index].product == product && !transactions[index].finished {
            return true
        }
        return false
    }

    /// A transaction will reach the app at its next launch: unfinished, or finished and
    /// coming back.
    @inline(__always)
    func hasTransactionsForNextLaunch() -> Bool {
        for index in transactions.indices where !transactions[index].finished || transactions[index].comesBackAtLaunch {
            return true
        }
        return false
    }
}
