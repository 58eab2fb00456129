/// What can happen in a run. Arguments ride in the event's `a`, `b`, `c` fields, as noted.
enum WorldEvent: UInt8, Sendable {
    /// The user opens the app to buy (a: intent).
    case intentStart
    /// The user taps Buy (a: intent, b: epoch, c: payment number 0 or 1).
    case buyTap
    /// StoreKit's `purchasing` callback (a: record, b: epoch).
    case purchasing
    /// The user answers Apple's payment sheet (a: intent, b: payment number, c: order).
    case paymentSheet
    /// StoreKit 2's `purchase()` returns `.pending` (a: intent, b: epoch); releases the user
    /// from the sheet.
    case purchasePending
    /// A pending purchase goes through: Apple charges (a: intent, c: order).
    case pendingCompletes
    /// StoreKit reports `cancelled` (c bit 0 set) or `failed` for a payment (a: intent, b: epoch);
    /// c bit 1: the payment's first callback, which releases the user from the sheet.
    case failedCallback
    /// StoreKit reports `purchased` (a: transaction, b: `PurchasedDelivery`); c = 1: the
    /// payment's first callback, which releases the user from the sheet.
    case purchasedCallback
    /// A request reaches the app server (a: request).
    case requestArrives
    /// Apple answers the app server (a: request, b: 1 valid, 0 try again).
    case appleAnswer
    /// A response reaches the client (a: request).
    case responseArrives
    /// The client stops waiting for a request (a: request).
    case requestTimeout
    /// An in-session retry is due (a: transaction, b: epoch, c: retry token).
    case retryDue
    /// The user's patience behind the modal runs out (a: intent, b: epoch).
    case patienceExpired
    /// The user leaves the app (b: epoch).
    case sessionEnd
    /// The app process crashes (b: epoch).
    case appCrash
    /// The user opens the app again (a: 1 if reinstalled first).
    case userReturns
    /// Launch-time retry of records (b: epoch).
    case launchRetry
    /// The user switches app account.
    case accountSwitch
    /// A weak-network episode ends.
    case networkRegained
    /// The user opens the recover-order page (a: transaction, b: epoch).
    case recoverPageOpen
    /// Apple tries to deliver a server notification (a: transaction, b: attempt).
    case notificationAttempt
    /// The server's transaction-history reconciliation job runs.
    case reconcileTick
}

/// How a `purchased` callback came about.
enum PurchasedDelivery: Int32, Sendable {
    /// StoreKit 1's callback for a new payment, or StoreKit 2's `purchase()` result or
    /// `Transaction.updates` for a pending purchase.
    case fresh = 0
    /// StoreKit 1's observer at launch, or StoreKit 2's `Transaction.updates` once after launch.
    case redeliveredAtLaunch = 1
    /// StoreKit 1 only: a finished transaction coming back (seed 002, SwiftyStoreKit #275).
    case finishedComingBack = 2
    /// StoreKit 2's `Transaction.unfinished`, read when a trigger fires.
    case unfinishedSweep = 3

    /// StoreKit hands back what is still unfinished: a transaction finished in the meantime
    /// is not handed back.
    @inline(__always)
    var handsBackUnfinished: Bool { self == .redeliveredAtLaunch || self == .unfinishedSweep }
}

/// Where a delivered intent was delivered, for the delivery-time columns.
enum DeliveryMoment: UInt8, Sendable {
    case none, sameSession, afterRelaunch, afterReinstall
}

/// One purchase intent: the user's plan (drawn when the run starts, identical for every
/// design) and the ground truth the outcome is judged on.
struct IntentState: Sendable {
    // Plan.
    var startAt: SimTime = 0
    var product: Int32 = 0
    var item: Int32 = 0
    var sheetTime: SimTime = 0
    /// Uniforms of durations not every run uses (patience only behind a modal, the switch
    /// delay only when the account switches): drawn in the plan, turned into durations when
    /// used, so a run that never uses them skips the quantile.
    var patienceDraw = 0.0
    var switchDelayDraw = 0.0
    var cancelDraw = 0.0
    var doubleTapDraw = 0.0
    var switchDraw = 0.0
    // Truth.
    /// The app account logged in at the Buy tap: the one that should get the goods.
    var uid: Int32 = 0
    var charges: Int32 = 0
    var correctDeliveries: Int32 = 0
    var wrongDeliveries: Int32 = 0
    var firstChargeAt: SimTime = -1
    var chargedSession: Int32 = 0
    var chargedInstall: Int32 = 0
    var delivery: DeliveryMoment = .none
    var deliveredAt: SimTime = -1
    var supportContacted = false
    /// Order-first: the order request for the real payment failed, so the user never paid.
    var orderCreationFailed = false

    /// The uniform that answers an accidental second payment's sheet: the double tap's own,
    /// rescaled (it fired, so it is below `doubleTapProbability`).
    func secondSheetDraw(_ doubleTapProbability: Double) -> Double {
        World.rescaled(doubleTapDraw, doubleTapProbability)
    }
    // Cause bookkeeping (see `Cause`).
    /// The intent's latest transaction, or −1.
    var transaction: Int32 = -1
    /// Why the intent's record was cleared before its purchase was matched.
    var recordLoss: Cause = .none
    /// Why the first wrong delivery went wrong.
    var misdeliveryCause: Cause = .none
}

/// A StoreKit transaction (one per charge).
struct TransactionState: Sendable {
    var intent: Int32 = 0
    var product: Int32 = 0
    /// What the app put in `applicationUsername` (or `appAccountToken`): user, item, order.
    var payloadUid: Int32 = 0
    var payloadItem: Int32 = 0
    var payloadOrder: Int32 = -1
    var finished = false
    /// Times the server delivered goods for this transaction.
    var deliveries: Int32 = 0
    /// The client saw the server confirm it.
    var confirmed = false
    /// A finished transaction is to come back at the next launch.
    var comesBackAtLaunch = false
    /// The order the server linked to this transaction when a verify request named one.
    var serverOrder: Int32 = -1
    // Client.
    /// The process (epoch) that started working on it; in-memory knowledge of it dies with
    /// that process.
    var trackedEpoch: Int32 = -1
    /// The design gave it up for good (the server answered invalid): no trigger resumes it.
    var abandoned = false
    /// Valid only while it is the current epoch: a round of tries is under way.
    var workEpoch: Int32 = -1
    var failures: Int32 = 0
    var inFlight = false
    var retryToken: Int32 = 0
    /// The last callback had a transaction id / an intact `applicationUsername`.
    var hasTransactionId = true
    var payloadIntact = true
    /// The epoch in which the app read the receipt blob into memory.
    var receiptEpoch: Int32 = -1
    /// The first irreversible step that left it undelivered (finished, dropped, ignored).
    var irreversible: Cause = .none
    /// Why its last verification failed.
    var lastFailure: Cause = .none
}

/// A client-side purchase record (memory, and from the design's persist moment on, its store).
struct RecordState: Sendable {
    var alive = true
    /// Written to the design's `LocalStore` (otherwise memory only).
    var durable = false
    var intent: Int32 = 0
    var uid: Int32 = 0
    var item: Int32 = 0
    var product: Int32 = 0
    var order: Int32 = -1
    var transaction: Int32 = -1
    /// The record keeps the receipt blob, so it can be verified after the transaction finished.
    var holdsReceipt = false
}

/// A server-side order (order-first designs, and orders made at verification).
struct OrderState: Sendable {
    var uid: Int32
    var item: Int32
}

enum RequestKind: UInt8, Sendable {
    case createOrder, verify
    /// A recover page's look-up (`RecoverPage.orderLookup`).
    case recover
}

enum Answer: UInt8, Sendable {
    case pending
    /// Delivered (or already delivered).
    case success
    /// 4xx: the server refuses (no transaction id, transaction not in the receipt).
    case invalid
    /// 5xx, Apple "try again", timeout, offline: worth retrying.
    case failure
}

/// A client → app server request and what became of it.
struct RequestState: Sendable {
    var kind: RequestKind = .verify
    var intent: Int32 = 0
    var transaction: Int32 = -1
    /// Payment number (0 or 1) for order creation.
    var payment: Int32 = 0
    /// The client session that sent it: a dead session ignores the answer.
    var epoch: Int32 = 0
    var uid: Int32 = 0
    var item: Int32 = 0
    var order: Int32 = -1
    var hasTransactionId = true
    var receiptCovers = true
    var halfLatency: SimTime = 0
    var responseLossDraw = 0.0
    var appleTriesLeft: Int32 = 0
    /// Order creation: the client's record to update with the order id.
    var record: Int32 = -1
    /// What the server answered, once it did.
    var serverAnswer: Answer = .pending
    /// The client has its answer, or stopped waiting.
    var settled = false
    /// Offline or lost on the way: the server never saw it.
    var lostOnTheWay = false
    /// The server saw it but no answer will come (lost answer, server crash).
    var noResponseComing = false
    /// Why it failed, when it did.
    var failure: Cause = .none
}
