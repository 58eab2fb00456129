/// One point in the design space of docs/model.md §6 and §7 (the client's and the server's axes): every decision an iOS purchase flow
/// makes, as plain values. The world model reads these fields with `switch`, so a design
/// costs no dynamic dispatch in the hot loop.
public struct Design: Sendable, Equatable {
    /// Name used on the command line and in result tables (`seed000-v1.2`).
    public var name: String
    /// One line: what the design does.
    public var summary: String
    /// Where the design comes from (seed article, library).
    public var source: String

    // Client, before and at the payment.
    public var storeKitAPI: StoreKitAPI
    public var orderTiming: OrderTiming
    public var itemMapping: ItemMapping
    public var userMapping: UserMapping
    public var localStore: LocalStore
    public var persistMoment: PersistMoment
    public var recordClearing: RecordClearing
    /// Whether a second Buy tap is ignored while a purchase is in flight.
    public var guardsDoubleTap: Bool
    public var blockingUI: BlockingUI

    // Client, after the payment.
    public var finishMoment: FinishMoment
    public var retrySchedule: RetrySchedule
    public var retryTriggers: RetryTriggers
    public var retryScope: RetryScope
    public var recoverPage: RecoverPage
    public var unmatchedTransactions: UnmatchedTransactionPolicy
    public var receiptKind: ReceiptKind

    // App server.
    public var serverVerification: ServerVerification
    public var serverIdempotency: ServerIdempotency
    /// Verify calls to Apple per client request before the server answers "try later" (≥ 1).
    public var serverAppleTries: Int
    /// With an app receipt, the server delivers every transaction the receipt lists that it has
    /// not delivered, not only the one the client asked about (seed 001: "部分发货成功").
    public var deliversWholeReceipt: Bool
    public var serverRecovery: ServerRecovery

    // Axes added after the memberwise initialiser: presets set them after `init` (docs/model.md §6).

    /// Which rounds run `retrySchedule`: every round, or only rounds a launch or a trigger
    /// started (seed 004).
    public var retryScheduleRounds: RetryScheduleRounds = .everyRound
    /// Which failed tries the schedule retries: every failure, or only those without an answer.
    public var retriedFailures: RetriedFailures = .anyFailure
    /// The retry schedule's failure count is kept with the durable record, so it survives the
    /// process (BLIAP keeps `modelVerifyCount` in the keychain): a round a launch or a trigger
    /// starts waits first as `linearBackoff` says for that count, instead of trying at once.
    public var failureCountPersists: Bool = false
    /// StoreKit 1: the `applicationUsername` the app sets (the account's or the order's, as
    /// `userMapping` and `itemMapping` say) is a UUID, so Apple keeps it. Apple,
    /// *SKMutablePayment.applicationUsername*: "When this value is a UUID, the App Store server
    /// stores it as an appAccountToken"; App Store Server Notifications, *appAccountToken*: "If
    /// you're using the original API for in-app purchase and provide a UUID in the
    /// applicationUsername property, then the appAccountToken field contains that value". The
    /// server then credits a StoreKit 1 transaction from Apple's data alone (notifications,
    /// history), as it does a StoreKit 2 token; the client's copy can still come back nil
    /// (`storeKit.applicationUsernameLostProbability`, seed 002, forum thread 707677), Apple's
    /// cannot. No preset's source sets a UUID (RevenueCat sends its app user id, SwiftyStoreKit
    /// an empty string, RMStore nil, BLIAP none), so every preset leaves it off.
    public var applicationUsernameIsUUID: Bool = false
    /// At every return to the foreground (a launch or a resume), 1 s in, the app reads the
    /// unfinished transactions itself (StoreKit 2's `Transaction.unfinished`, StoreKit 1's
    /// `SKPaymentQueue.default().transactions`) and handles each it is not working on. StoreKit 2
    /// hands them to `Transaction.updates` once, at launch (Apple DTS, forums thread 787431), so
    /// without a sweep a resumed app does not see them again. BLIAP sweeps on
    /// `UIApplicationWillEnterForegroundNotification`; sudopark/TodoCalendar #812 added one.
    public var foregroundSweep: Bool = false
    /// When the app's transaction listener starts at a launch.
    public var listenerTiming: ListenerTiming = .firstAtLaunch
    /// What the app does with a `purchased` transaction that has no transaction id.
    public var transactionsWithoutId: TransactionWithoutIdPolicy = .verify
    /// StoreKit 2: the app takes promoted in-app purchases through `PurchaseIntent.intents` (iOS
    /// 16.4) and completes each with its own purchase flow, `product.purchase(options:)`, so the
    /// charge happens in the app with its record and `appAccountToken`. Apple, *PurchaseIntent*:
    /// "the App Store ... takes them into your app" and the app calls `purchase` on the intent's
    /// product. Without it a promoted purchase is charged as an App Store purchase, with no token
    /// (`user.promotedPurchaseShare`, docs/model.md §4). Offer codes carry no token either way.
    public var completesPurchaseIntents: Bool = false
    /// The server acts on App Store Server Notifications' `REFUND`: a refunded transaction is
    /// revoked, so goods that come after the refund are taken back rather than kept with the
    /// money (docs/model.md §7, "Refunds"). Apple, *REFUND*: "the App Store successfully refunded
    /// a transaction". It needs the notification endpoint (`serverRecovery: notifications`);
    /// without one it hears of no refund and does nothing, so it is no rule: a design space that
    /// drops the endpoint keeps the flag's designs legal.
    public var revokesOnRefund: Bool = false
    /// Order-first: create-order requests per Buy tap (≥ 1) before the intent ends uncharged,
    /// `orderCreationSpacingMs` apart; the spinner, if any, stays up meanwhile.
    public var orderCreationTries: Int = 1
    /// Order-first: the wait after a failed create-order request before the next one.
    public var orderCreationSpacingMs: Int64 = 0

    // The platform.
    /// The StoreKit 1 design this StoreKit 2 design's users below iOS 15 get, by name (a preset
    /// or a custom design of the scenario); nil for a StoreKit 1 design, which runs on every iOS.
    /// StoreKit 2 needs iOS 15, so an app that sells to older devices keeps a StoreKit 1 flow for
    /// them (seed 003: "客户端判断 iOS 版本，如果大于15就调用新的验证接口，否则调用老的验证接口", the
    /// client checks the iOS version: above 15 it calls the new verification API, else the old
    /// one). A run whose user is below iOS 15 (`device.belowIOS15Probability`) is that design's
    /// run, tallied under this one (docs/model.md §1). A StoreKit 2 design that names none cannot
    /// sell to those users: the app needs iOS 15, so each of their intents ends not charged, a
    /// lost sale.
    public var olderOSDesign: String? = nil

    public init(
        name: String, summary: String, source: String, storeKitAPI: StoreKitAPI,
        orderTiming: OrderTiming, itemMapping: ItemMapping, userMapping: UserMapping,
        localStore: LocalStore, persistMoment: PersistMoment, recordClearing: RecordClearing,
        guardsDoubleTap: Bool, blockingUI: BlockingUI, finishMoment: FinishMoment,
        retrySchedule: RetrySchedule, retryTriggers: RetryTriggers, retryScope: RetryScope,
        recoverPage: RecoverPage, unmatchedTransactions: UnmatchedTransactionPolicy, receiptKind: ReceiptKind,
        serverVerification: ServerVerification, serverIdempotency: ServerIdempotency, serverAppleTries: Int,
        deliversWholeReceipt: Bool, serverRecovery: ServerRecovery
    ) {
        self.name = name
        self.summary = summary
        self.source = source
        self.storeKitAPI = storeKitAPI
        self.orderTiming = orderTiming
        self.itemMapping = itemMapping
        self.userMapping = userMapping
        self.localStore = localStore
        self.persistMoment = persistMoment
        self.recordClearing = recordClearing
        self.guardsDoubleTap = guardsDoubleTap
        self.blockingUI = blockingUI
        self.finishMoment = finishMoment
        self.retrySchedule = retrySchedule
        self.retryTriggers = retryTriggers
        self.retryScope = retryScope
        self.recoverPage = recoverPage
        self.unmatchedTransactions = unmatchedTransactions
        self.receiptKind = receiptKind
        self.serverVerification = serverVerification
        self.serverIdempotency = serverIdempotency
        self.serverAppleTries = serverAppleTries
        self.deliversWholeReceipt = deliversWholeReceipt
        self.serverRecovery = serverRecovery
        let problems = self.problems
        precondition(problems.isEmpty, "design \(name): \(problems.joined(separator: "; "))")
    }
}
