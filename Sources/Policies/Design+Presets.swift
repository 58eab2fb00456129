/// The named designs of domain.md §6. Each preset's comment says where it comes from and
/// why each axis value is what it is.
extension Design {
    /// Every preset, in catalog order (the order `simrun designs` prints).
    public static let presets: [Design] = [naive, seed000V1_2, bliap, seed004]

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
}
