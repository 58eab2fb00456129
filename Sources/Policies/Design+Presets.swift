/// The named designs of domain.md §6. Each preset's comment says where it comes from and
/// why each axis value is what it is.
extension Design {
    /// Every preset, in catalog order (the order `simrun designs` prints).
    public static let presets: [Design] = [
        naive, seed000V0, seed000V1_0, seed000V1_1, seed000V1_2, seed001Weiai, seed002Before, seed002After,
        seed003SK1, seed003SK2, seed004, swiftyStoreKitAtomic, swiftyStoreKitNonAtomic, rmStore, revenueCat, bliap,
        faultSimRecommended,
    ]

    /// The preset with this name, if any.
    public static func preset(named name: String) -> Design? {
        presets.first { $0.name == name }
    }

    /// The baseline every article starts from: pay first, keep nothing but memory, finish at
    /// once, never retry. Any failure after the callback loses the order, because the
    /// transaction is gone from StoreKit's queue the moment it arrives.
    public static let naive = Design(
        name: "naive",
        summary: "pay-first, memory only, finish at the callback, no retry",
        source: "domain.md §6 (the baseline of seeds 000-004)",
        orderTiming: .payFirst, itemMapping: .record, userMapping: .currentUser,
        localStore: .memory, persistMoment: .buyTap, recordClearing: .never,
        guardsDoubleTap: false, blockingUI: .modal,
        finishMoment: .atCallback, retrySchedule: .none, retryTriggers: [], retryScope: .allRecords,
        unmatchedTransactions: .verifyWithFallback, receiptKind: .appReceipt,
        serverIdempotency: .oncePerTransaction, serverAppleTries: 1, serverRecovery: .none)

    /// Seed 000's inherited code (v0): a modal until verified and finish after verification,
    /// but the retry queue was never initialised (a nil array), so no retry ever ran. The
    /// purchase context lived in memory only; a transaction redelivered at launch could not be
    /// mapped to its series (many-to-one products) and was left in the queue.
    public static let seed000V0 = Design(
        name: "seed000-v0",
        summary: "modal until verified, finish after verify, retry queue never initialised",
        source: "seed 000, the inherited v0",
        orderTiming: .payFirst, itemMapping: .record, userMapping: .currentUser,
        localStore: .memory, persistMoment: .buyTap, recordClearing: .never,
        guardsDoubleTap: true, blockingUI: .modal,
        finishMoment: .afterDelivery, retrySchedule: .none, retryTriggers: [], retryScope: .allRecords,
        unmatchedTransactions: .leaveUnfinished, receiptKind: .appReceipt,
        serverIdempotency: .oncePerTransaction, serverAppleTries: 1, serverRecovery: .none)

    /// Seed 000 v1.0: v1.2's keychain record, tries and recover page, but the record is cleared
    /// on `cancelled` and on `failed`, so a cancel-then-purchased callback finds no record.
    public static let seed000V1_0: Design = {
        var design = seed000V1_2
        design.name = "seed000-v1.0"
        design.summary = "as v1.2, but the keychain record is cleared on cancel and on fail"
        design.source = "seed 000, v1.0"
        design.recordClearing = .onCancelOrFail
        return design
    }()

    /// Seed 000 v1.1: fixed the cancel case; the record is still cleared on `failed`.
    public static let seed000V1_1: Design = {
        var design = seed000V1_2
        design.name = "seed000-v1.1"
        design.summary = "as v1.2, but the keychain record is cleared on fail"
        design.source = "seed 000, v1.1"
        design.recordClearing = .onFail
        return design
    }()

    /// Seed 000's final client: the keychain record (user id, item id) is written at the Buy
    /// tap so a crash at any later point can still map the purchase; 3 blocking tries of 15 s,
    /// then a "recover order" page; finish only after the server delivered; the record is no
    /// longer cleared on cancel (v1.0's bug) nor on fail (v1.1's bug). Unmatched transactions
    /// are left unfinished, as in the article, so they come back at every launch.
    public static let seed000V1_2 = Design(
        name: "seed000-v1.2",
        summary: "keychain at Buy tap, 3 blocking tries then a recover page, never clears on cancel/fail",
        source: "seed 000 (iOS项目技术还债之路《二》IAP掉单优化), v1.2",
        orderTiming: .payFirst, itemMapping: .record, userMapping: .record,
        localStore: .keychain, persistMoment: .buyTap, recordClearing: .never,
        guardsDoubleTap: true, blockingUI: .modal,
        finishMoment: .afterDelivery, retrySchedule: .triesThenRecoverPage(count: 3),
        retryTriggers: [.launch], retryScope: .allRecords,
        unmatchedTransactions: .leaveUnfinished, receiptKind: .appReceipt,
        serverIdempotency: .oncePerTransaction, serverAppleTries: 1, serverRecovery: .none)

    /// Seed 001 (微爱): a delivery task started at `purchased` is persisted on the client (its
    /// own store, not the keychain) and retried at a fixed interval until the server delivers,
    /// restarted from that store at launch rather than relying on StoreKit's redelivery; it sends
    /// the app receipt, which also carries earlier unfinished purchases; finish after delivery.
    public static let seed001Weiai = Design(
        name: "seed001-weiai",
        summary: "persistent delivery task retried every 30 s forever, app receipt, finish after delivery",
        source: "seed 001 (微爱)",
        orderTiming: .payFirst, itemMapping: .record, userMapping: .record,
        localStore: .sandbox, persistMoment: .purchased, recordClearing: .never,
        guardsDoubleTap: true, blockingUI: .nonBlocking,
        finishMoment: .afterDelivery, retrySchedule: .fixedInterval(intervalMs: 30_000),
        retryTriggers: [.launch], retryScope: .allRecords,
        unmatchedTransactions: .verifyWithFallback, receiptKind: .appReceipt,
        serverIdempotency: .oncePerTransaction, serverAppleTries: 1, serverRecovery: .none)

    /// Seed 002 before the fix: order first, the order id carried only in
    /// `applicationUsername`; when StoreKit returned it nil the client had nothing to send and
    /// the transaction was finished as an error ("漏单"). No retry beyond StoreKit's redelivery.
    public static let seed002Before = Design(
        name: "seed002-before",
        summary: "order-first, order id only in applicationUsername, dropped when it comes back nil",
        source: "seed 002 (first IAP version)",
        orderTiming: .orderFirst, itemMapping: .applicationUsername, userMapping: .applicationUsername,
        localStore: .memory, persistMoment: .buyTap, recordClearing: .never,
        guardsDoubleTap: true, blockingUI: .modal,
        finishMoment: .afterDelivery, retrySchedule: .none, retryTriggers: [], retryScope: .allRecords,
        unmatchedTransactions: .finishAndDrop, receiptKind: .appReceipt,
        serverIdempotency: .oncePerTransaction, serverAppleTries: 1, serverRecovery: .none)

    /// Seed 002 after the fix: the order id goes to the keychain at the Buy tap (and is deleted
    /// on cancel, as the article's step 2 says); the client takes `applicationUsername`, else the
    /// keychain; a persistent queue re-verifies every unfinished order at an interval until it
    /// succeeds, and again at launch. The article: lost rate "from 30% to almost 0".
    public static let seed002After = Design(
        name: "seed002-after",
        summary: "order id in keychain at Buy tap, applicationUsername then keychain, queue polled until success",
        source: "seed 002 (the fix)",
        orderTiming: .orderFirst, itemMapping: .applicationUsernameThenRecord, userMapping: .record,
        localStore: .keychain, persistMoment: .buyTap, recordClearing: .onCancelOrFail,
        guardsDoubleTap: true, blockingUI: .nonBlocking,
        finishMoment: .afterDelivery, retrySchedule: .fixedInterval(intervalMs: 20_000),
        retryTriggers: [.launch], retryScope: .allRecords,
        unmatchedTransactions: .verifyWithFallback, receiptKind: .appReceipt,
        serverIdempotency: .oncePerTransaction, serverAppleTries: 1, serverRecovery: .none)

    /// Seed 003 with StoreKit 1: order first, `applicationUsername` = user id + order id. When
    /// StoreKit loses it, the server cannot find the order and makes a new one for the user
    /// logged in now, so after an account switch A's purchase goes to B. Unfinished
    /// transactions are re-verified at launch (StoreKit redelivery).
    public static let seed003SK1 = Design(
        name: "seed003-sk1",
        summary: "order-first, user+order in applicationUsername; lost value credits the current user",
        source: "seed 003 (StoreKit 1)",
        orderTiming: .orderFirst, itemMapping: .applicationUsername, userMapping: .applicationUsername,
        localStore: .memory, persistMoment: .buyTap, recordClearing: .never,
        guardsDoubleTap: true, blockingUI: .modal,
        finishMoment: .afterDelivery, retrySchedule: .tries(count: 3, spacingMs: 5_000),
        retryTriggers: [.launch], retryScope: .allRecords,
        unmatchedTransactions: .verifyWithFallback, receiptKind: .appReceipt,
        serverIdempotency: .oncePerTransaction, serverAppleTries: 1, serverRecovery: .none)

    /// Seed 003 with StoreKit 2: the order's UUID rides as `appAccountToken`, signed into the
    /// transaction, so the owner is never lost; the server also reconciles with Get Transaction
    /// History, which finds purchases the client never reported.
    public static let seed003SK2: Design = {
        var design = seed003SK1
        design.name = "seed003-sk2"
        design.summary = "order-first, appAccountToken, server reconciles with transaction history"
        design.source = "seed 003 (StoreKit 2)"
        design.itemMapping = .appAccountToken
        design.userMapping = .appAccountToken
        design.serverRecovery = .transactionHistory
        return design
    }()

    /// SwiftyStoreKit with its default `atomically: true`: the transaction is finished right in
    /// the purchase callback, before the receipt reaches any server; nothing is stored; no retry.
    /// Launch-time transactions go to `completeTransactions`, matched by product id only.
    public static let swiftyStoreKitAtomic = Design(
        name: "swiftystorekit-atomic",
        summary: "finish in the purchase callback (library default), no store, no retry",
        source: "SwiftyStoreKit, atomically: true",
        orderTiming: .payFirst, itemMapping: .record, userMapping: .currentUser,
        localStore: .memory, persistMoment: .buyTap, recordClearing: .never,
        guardsDoubleTap: false, blockingUI: .modal,
        finishMoment: .atCallback, retrySchedule: .none, retryTriggers: [], retryScope: .allRecords,
        unmatchedTransactions: .verifyWithFallback, receiptKind: .appReceipt,
        serverIdempotency: .oncePerTransaction, serverAppleTries: 1, serverRecovery: .none)

    /// SwiftyStoreKit with `atomically: false`: the app finishes after its server delivered, so
    /// an unfinished transaction comes back at launch through `completeTransactions`.
    public static let swiftyStoreKitNonAtomic: Design = {
        var design = swiftyStoreKitAtomic
        design.name = "swiftystorekit-nonatomic"
        design.summary = "finish after delivery; unfinished transactions retried at launch"
        design.source = "SwiftyStoreKit, atomically: false"
        design.finishMoment = .afterDelivery
        return design
    }()

    /// RMStore: the transaction is finished after the receipt verifier succeeds, and also when
    /// it fails (network errors included); the purchase is persisted (keychain or
    /// UserDefaults) only after finishing, which helps the app's own bookkeeping, not delivery.
    public static let rmStore = Design(
        name: "rmstore",
        summary: "finish after the verifier answers, even on failure; record only after finish",
        source: "RMStore",
        orderTiming: .payFirst, itemMapping: .record, userMapping: .currentUser,
        localStore: .keychain, persistMoment: .afterFinish, recordClearing: .never,
        guardsDoubleTap: false, blockingUI: .modal,
        finishMoment: .afterAnyAnswer, retrySchedule: .none, retryTriggers: [], retryScope: .allRecords,
        unmatchedTransactions: .verifyWithFallback, receiptKind: .appReceipt,
        serverIdempotency: .oncePerTransaction, serverAppleTries: 1, serverRecovery: .none)

    /// RevenueCat's SDK: finish once the backend accepted the receipt or answered 4xx; keep the
    /// transaction on 5xx and network errors; metadata in the sandbox; 3 tries 5 s apart, then
    /// StoreKit's redelivery at the next launch.
    public static let revenueCat = Design(
        name: "revenuecat",
        summary: "finish on backend verdict, keep on 5xx/network, 3 tries 5 s apart, then next launch",
        source: "RevenueCat purchases-ios",
        orderTiming: .payFirst, itemMapping: .record, userMapping: .record,
        localStore: .sandbox, persistMoment: .purchasing, recordClearing: .never,
        guardsDoubleTap: true, blockingUI: .nonBlocking,
        finishMoment: .afterVerdict, retrySchedule: .tries(count: 3, spacingMs: 5_000),
        retryTriggers: [.launch], retryScope: .allRecords,
        unmatchedTransactions: .verifyWithFallback, receiptKind: .appReceipt,
        serverIdempotency: .oncePerTransaction, serverAppleTries: 1, serverRecovery: .none)

    /// BLIAP (贝聊): pay first; a keychain record per user written at `purchased`, before
    /// verification; waits failures × 10 s (at most 60 s) between tries, forever, and restarts
    /// on launch, foreground and when the network comes back; finishes once the server gave a
    /// verdict (valid or invalid), keeping the transaction on network and 5xx errors.
    public static let bliap = Design(
        name: "bliap",
        summary: "keychain at purchased, backoff 10 s..60 s forever, finish on verdict",
        source: "BLIAP (贝聊 IAP library), via seed 000",
        orderTiming: .payFirst, itemMapping: .record, userMapping: .record,
        localStore: .keychain, persistMoment: .purchased, recordClearing: .never,
        guardsDoubleTap: true, blockingUI: .nonBlocking,
        finishMoment: .afterVerdict, retrySchedule: .linearBackoff(stepMs: 10_000, capMs: 60_000),
        retryTriggers: [.launch, .foreground, .networkRegained], retryScope: .allRecords,
        unmatchedTransactions: .verifyWithFallback, receiptKind: .appReceipt,
        serverIdempotency: .oncePerTransaction, serverAppleTries: 1, serverRecovery: .none)

    /// Seed 004: order first; at `purchased` the keychain gets product, order, transaction and
    /// user; the record is retried at launch, but only for the user logged in then, and deleted
    /// after the server confirms. No in-session retry: a failure waits for the next launch.
    /// At launch the app hands unfinished transactions to SwiftyStoreKit's
    /// `completeTransactions` (atomic by default) and retries only what the keychain holds,
    /// so a transaction without a keychain record is finished and dropped.
    public static let seed004 = Design(
        name: "seed004",
        summary: "order-first, keychain at purchased, retried at launch for the logged-in user",
        source: "seed 004",
        orderTiming: .orderFirst, itemMapping: .record, userMapping: .record,
        localStore: .keychain, persistMoment: .purchased, recordClearing: .never,
        guardsDoubleTap: true, blockingUI: .modal,
        finishMoment: .afterDelivery, retrySchedule: .none,
        retryTriggers: [.launch], retryScope: .loggedInUserOnly,
        unmatchedTransactions: .finishAndDrop, receiptKind: .appReceipt,
        serverIdempotency: .oncePerTransaction, serverAppleTries: 1, serverRecovery: .none)

    /// FaultSim's own recommendation, each axis chosen against a fault that costs others orders:
    /// - order first with StoreKit 2's `appAccountToken` (the order's UUID, signed into the
    ///   transaction): the owner and item can never be lost or confused, even after an account
    ///   switch (seed 003), a reinstall or a nil `applicationUsername` (seed 002);
    /// - a keychain record at the Buy tap, never cleared on cancel or fail: survives crashes and
    ///   reinstalls and StoreKit's false cancels (seed 000), and drives launch retries;
    /// - finish only after the server delivered: the transaction (and the consumable in the app
    ///   receipt) stays until the goods are out (seed 001, SwiftyStoreKit);
    /// - no modal: an impatient user has nothing to kill; a double tap is ignored;
    /// - retry with a capped backoff forever in session, and on launch, foreground and network
    ///   regained (BLIAP); unmatched transactions are verified, never dropped;
    /// - the server: idempotent per transaction id, 3 tries to Apple, and reconciliation with Get
    ///   Transaction History for whatever the client never reported.
    public static let faultSimRecommended = Design(
        name: "faultsim-recommended",
        summary: "order-first + appAccountToken, keychain at tap, finish after delivery, backoff forever, server history",
        source: "FaultSim (composed from the axes; see results/README.md)",
        orderTiming: .orderFirst, itemMapping: .appAccountToken, userMapping: .appAccountToken,
        localStore: .keychain, persistMoment: .buyTap, recordClearing: .never,
        guardsDoubleTap: true, blockingUI: .nonBlocking,
        finishMoment: .afterDelivery, retrySchedule: .linearBackoff(stepMs: 10_000, capMs: 60_000),
        retryTriggers: [.launch, .foreground, .networkRegained], retryScope: .allRecords,
        unmatchedTransactions: .verifyWithFallback, receiptKind: .appReceipt,
        serverIdempotency: .oncePerTransaction, serverAppleTries: 3, serverRecovery: .transactionHistory)
}
