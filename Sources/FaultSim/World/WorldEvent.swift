/// What can happen in a run, each kind with its named payload. An event is a plain value
/// (16 bytes, no references), stored in the event queue's payload table as it is.
///
/// The actor that handles each kind is named on it; `World.handle` routes it there.
enum WorldEvent: Sendable {
    /// User → device: the user opens the app to buy.
    case intentStart(intent: Int32)
    /// User → device: a Buy tap; payment 0 is the real one, 1 the accidental second tap.
    case buyTap(intent: Int32, epoch: Int32, payment: Int32)
    /// StoreKit 1 → device: the `purchasing` callback for a record.
    case purchasing(record: Int32, epoch: Int32)
    /// User → Apple: the user answers Apple's payment sheet.
    case paymentSheet(intent: Int32, payment: Int32, order: Int32)
    /// StoreKit 2 → device: `purchase()` returns `.pending`; releases the user from the sheet.
    case purchasePending(intent: Int32, epoch: Int32)
    /// Apple: a pending purchase goes through and Apple charges.
    case pendingCompletes(intent: Int32, order: Int32)
    /// StoreKit → device: `cancelled` or `failed` for a payment. The payment's first callback
    /// releases the user from the sheet.
    case failedCallback(intent: Int32, epoch: Int32, cancelled: Bool, firstCallback: Bool)
    /// StoreKit → device: `purchased`. The payment's first callback releases the user from the
    /// sheet.
    case purchasedCallback(transaction: Int32, delivery: PurchasedDelivery, firstCallback: Bool)
    /// Network → app server: a request arrives.
    case requestArrives(request: Int32)
    /// Apple → app server: the answer to one call; `triesLeft` counts this call.
    case appleAnswer(request: Int32, valid: Bool, triesLeft: Int32)
    /// Network → device: a response arrives.
    case responseArrives(request: Int32)
    /// Device: the client stops waiting for a request.
    case requestTimeout(request: Int32)
    /// Device: an in-session retry is due.
    case retryDue(transaction: Int32, epoch: Int32, token: Int32)
    /// User → device: the user's patience behind the modal runs out.
    case patienceExpired(intent: Int32, epoch: Int32)
    /// User → device: the user leaves the app.
    case sessionEnd(epoch: Int32)
    /// Device: the app process crashes.
    case appCrash(epoch: Int32)
    /// User → device: the user opens the app again, after reinstalling it or not.
    case userReturns(reinstalled: Bool)
    /// Device: the launch-time retry of records.
    case launchRetry(epoch: Int32)
    /// User → device: the user switches app account.
    case accountSwitch
    /// Network → device: a weak-network episode ends.
    case networkRegained
    /// User → device: the user opens the recover-order page.
    case recoverPageOpen(transaction: Int32, epoch: Int32)
    /// Apple → app server: one delivery attempt of a server notification.
    case notificationAttempt(transaction: Int32, attempt: Int32)
    /// App server: the transaction-history reconciliation job runs.
    case reconcileTick
    /// App server: the job that asks Get Notification History for failed posts runs.
    case notificationHistoryTick
    /// Device: an order-first design's next create-order request for a Buy tap is due.
    case orderRetryDue(record: Int32, epoch: Int32, payment: Int32)
    /// User → Apple: the user buys the intent's product outside the app (an offer code redeemed
    /// in the App Store, a product bought on the App Store page), and Apple charges.
    case outsideAppPurchase(intent: Int32)

    /// The event's kind without its payload: for coverage marks (`simrun check`).
    enum Kind: UInt8, Sendable, CaseIterable {
        case intentStart, buyTap, purchasing, paymentSheet, purchasePending, pendingCompletes, failedCallback
        case purchasedCallback, requestArrives, appleAnswer, responseArrives, requestTimeout, retryDue
        case patienceExpired, sessionEnd, appCrash, userReturns, launchRetry, accountSwitch, networkRegained
        case recoverPageOpen, notificationAttempt, reconcileTick, orderRetryDue, outsideAppPurchase, notificationHistoryTick
    }

    var kind: Kind {
        switch self {
        case .intentStart: .intentStart
        case .buyTap: .buyTap
        case .purchasing: .purchasing
        case .paymentSheet: .paymentSheet
        case .purchasePending: .purchasePending
        case .pendingCompletes: .pendingCompletes
        case .failedCallback: .failedCallback
        case .purchasedCallback: .purchasedCallback
        case .requestArrives: .requestArrives
        case .appleAnswer: .appleAnswer
        case .responseArrives: .responseArrives
        case .requestTimeout: .requestTimeout
        case .retryDue: .retryDue
        case .patienceExpired: .patienceExpired
        case .sessionEnd: .sessionEnd
        case .appCrash: .appCrash
        case .userReturns: .userReturns
        case .launchRetry: .launchRetry
        case .accountSwitch: .accountSwitch
        case .networkRegained: .networkRegained
        case .recoverPageOpen: .recoverPageOpen
        case .notificationAttempt: .notificationAttempt
        case .reconcileTick: .reconcileTick
        case .notificationHistoryTick: .notificationHistoryTick
        case .orderRetryDue: .orderRetryDue
        case .outsideAppPurchase: .outsideAppPurchase
        }
    }
}

/// How a `purchased` callback came about.
enum PurchasedDelivery: UInt8, Sendable {
    /// StoreKit 1's callback for a new payment, or StoreKit 2's `purchase()` result or
    /// `Transaction.updates` for a pending purchase or a purchase made outside the app.
    case fresh
    /// StoreKit 1's observer at launch, or StoreKit 2's `Transaction.updates` once after launch.
    case redeliveredAtLaunch
    /// A resume from the background: StoreKit 1's observer called again with an unfinished
    /// transaction (the same object), or StoreKit 2's `Transaction.updates` handing over one it
    /// had not handed to this process.
    case redeliveredOnResume
    /// StoreKit 1 only: a finished transaction coming back (seed 002, SwiftyStoreKit #275).
    case finishedComingBack
    /// StoreKit 2's `Transaction.unfinished`, read when a trigger fires.
    case unfinishedSweep
    /// StoreKit 2's `Transaction.updates`, after `purchase()` threw or said `.userCancelled`
    /// for a payment Apple charged.
    case lateUpdate
    /// StoreKit 2's `Transaction.updates` repeating a launch's hand-over (finished or not).
    case repeatedUpdate

    /// StoreKit hands back what is still unfinished: a transaction finished in the meantime
    /// is not handed back.
    /// How a trace names the delivery after "purchased: transaction N".
    var traceNote: String {
        switch self {
        case .fresh: ""
        case .redeliveredAtLaunch: " (redelivered at launch)"
        case .redeliveredOnResume: " (redelivered at resume)"
        case .finishedComingBack: " (finished, coming back)"
        case .unfinishedSweep: " (unfinished, swept by the app)"
        case .lateUpdate: " (Transaction.updates, after the false error or cancel)"
        case .repeatedUpdate: " (Transaction.updates again)"
        }
    }

    @inline(__always)
    var handsBackUnfinished: Bool {
        self == .redeliveredAtLaunch || self == .redeliveredOnResume || self == .unfinishedSweep || self == .lateUpdate
    }
}
