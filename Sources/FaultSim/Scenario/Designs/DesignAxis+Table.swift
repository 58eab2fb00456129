import Policies

/// The design-axis table: every axis, in the order `simrun designs NAME` prints them and a
/// `customDesigns` entry is read. Meanings are docs/model.md §6's and §7's (the doc's axis
/// table is `simrun keys --axes --markdown`, kept equal by a test); sources name the seed
/// articles and libraries whose designs differ on the axis (§11, §15).
extension DesignAxis {
    public static let table: [DesignAxis] = [
        cases("storeKitAPI", \.storeKitAPI, "which purchase API the app uses: its callbacks, what it can prove, what can go wrong (§5)",
              source: "Apple: StoreKit 2 since iOS 15, the original API deprecated since iOS 18; seed 003 runs both"),
        cases("orderTiming", \.orderTiming,
              "order-first asks the server for an order before the sheet; when every try fails, a lost sale",
              source: "seed 000 (schemes A and B), seeds 003 and 004"),
        count("orderCreationTries", \.orderCreationTries, range: 1...10, grid: [1, 2, 3, 5],
              "order-first: create-order requests per Buy tap; 1 (the default) gives up at the first failure", source: "guess"),
        duration("orderCreationSpacing", \.orderCreationSpacingMs, grid: [0, 1_000, 5_000],
                 "order-first: the wait after a failed create-order request before the next", source: "guess"),
        cases("itemMapping", \.itemMapping,
              "where the app learns a transaction's item (and order): the record bound to it, else the newest unbound record of the "
                  + "product; whatever fails falls back to the product's first item",
              source: "seeds 000, 002, 003"),
        cases("userMapping", \.userMapping,
              "which account the verify request names; a failing source falls back to the account logged in now",
              source: "seeds 000, 003"),
        flag("applicationUsernameIsUUID", \.applicationUsernameIsUUID,
             "StoreKit 1: the `applicationUsername` set is a UUID, which Apple keeps as the appAccountToken, so the server credits "
                 + "from notifications and history (needs an `applicationUsername` mapping)",
             source: "Apple: SKMutablePayment.applicationUsername; no preset's source sets a UUID"),
        cases("localStore", \.localStore, "where the purchase record lives, and what it survives (§3)", source: "seeds 000, 002, 004"),
        cases("persistMoment", \.persistMoment,
              "when the record reaches the store; a `purchased` design that verifies unmatched transactions records any it gets",
              source: "seed 000 (positions 4, 2, 1), RMStore"),
        cases("recordClearing", \.recordClearing,
              "which false callback deletes an unbound record; a confirmed delivery always deletes it", source: "seed 000 v1.0 to v1.2, seed 002"),
        flag("guardsDoubleTap", \.guardsDoubleTap, "a guarded app ignores a second Buy tap while a purchase is in flight", source: "seed 000"),
        cases("blockingUI", \.blockingUI,
              "a modal spinner stays until the server confirms, the round ends, or `.pending`; patience runs behind it", source: "seed 000"),
        cases("finishMoment", \.finishMoment,
              "when `finishTransaction` is called; `afterVerdict` finishes on success or invalid, keeps on 5xx and network errors",
              source: "seeds 000, 001; SwiftyStoreKit (atomic), RMStore, BLIAP, RevenueCat"),
        retrySchedules(retryScheduleGrid, "how a round of verify tries goes on after a failure (rounds and tries, below)",
                       source: "seed 000 (3 tries), seed 001 (fixed interval), BLIAP (linear backoff), RevenueCat (3 tries 5 s apart)"),
        subsets("retryTriggers", \.retryTriggers, RetryTriggers.named, emptyText: "none",
                "what starts a fresh round of tries outside the schedule (triggers, below)", source: "seeds 000, 001, BLIAP"),
        cases("retryScheduleRounds", \.retryScheduleRounds, "which rounds follow `retrySchedule` (rounds and tries, below)",
              source: "seed 004"),
        cases("retriedFailures", \.retriedFailures,
              "which failed tries the schedule retries: every failure, or only those without an answer (a 5xx answer ends the round)",
              source: "issue 54 (a team's flow: \"retries on network errors, not on 5xx\"); every source retries both"),
        flag("failureCountPersists", \.failureCountPersists,
             "the failure count survives the process with the durable record (needs `linearBackoff` and a durable store)",
             source: "BLIAP (`modelVerifyCount` in the keychain)"),
        cases("retryScope", \.retryScope, "whether a record of another account is worked on or held for it (held records, below)",
              source: "seed 000 v1.x, seed 004"),
        cases("recoverPage", \.recoverPage, "a page where the user recovers a paid order (recover pages, below)", source: "seeds 000, 003"),
        cases("unmatchedTransactions", \.unmatchedTransactions, "what to do with a transaction the item mapping cannot match",
              source: "seed 000, SwiftyStoreKit (`completeTransactions`)"),
        flag("foregroundSweep", \.foregroundSweep,
             "at every launch and resume the app reads the unfinished transactions itself (`Transaction.unfinished`, the SK1 queue)",
             source: "BLIAP (`checkUnfinishedTransactionInSandbox`); Apple DTS, forums thread 787431; TodoCalendar #812"),
        cases("listenerTiming", \.listenerTiming,
              "whether the transaction listener starts first at a launch or after the app's setup (late: the hand-over can be missed)",
              source: "cordova-plugin-purchase #1714, flutter #83018, react-native-iap PR #2264"),
        flag("completesPurchaseIntents", \.completesPurchaseIntents,
             "StoreKit 2: a promoted purchase comes in as a `PurchaseIntent` the app buys through its own flow, token and record "
                 + "included; without, the App Store charges it with no token",
             source: "Apple: PurchaseIntent (iOS 16.4), required for promoted purchases under StoreKit 2"),
        cases("transactionsWithoutId", \.transactionsWithoutId,
              "what to do with a StoreKit 1 `purchased` transaction whose id is nil (handling `purchased`, below)",
              source: "seed 002 (iOS 13.3.1), BLIAP"),
        cases("receiptKind", \.receiptKind, "the proof the client sends; StoreKit 2 has only `signedTransaction`, StoreKit 1 only the others (§5)",
              source: "seed 001"),
        cases("serverVerification", \.serverVerification, "whether the server calls Apple or checks the signed transaction itself (§7)",
              source: "Apple: verifyReceipt deprecated since June 2023, `SignedDataVerifier`"),
        cases("serverIdempotency", \.serverIdempotency, "a non-idempotent server delivers again on every valid request (§7)",
              source: "seed 000 (double delivery)"),
        count("serverAppleTries", \.serverAppleTries, range: 1...10, grid: [1, 2, 3, 5],
              "calls to Apple per verify request before the server answers \"try later\" (§7)", source: "guess"),
        flag("deliversWholeReceipt", \.deliversWholeReceipt,
             "the server also delivers every other transaction the app receipt lists (§7)", source: "seed 001 (\"部分发货成功\")"),
        subsets("serverRecovery", \.serverRecovery, ServerRecovery.named, emptyText: "none (the client only)",
                "how the server finds purchases the client never reported (§7)", source: "seed 003; Apple's notifications and history API"),
        flag("revokesOnRefund", \.revokesOnRefund,
             "the server revokes a transaction Apple refunded (`REFUND` notification), so goods delivered after it are taken back; "
                 + "without `serverRecovery: notifications` it hears of no refund",
             source: "Apple: App Store Server Notifications REFUND"),
        olderOSDesigns("StoreKit 2 designs only: the design whose run a user below iOS 15 gets (§1); none: that user cannot buy",
                       source: "seed 003 (\"如果大于15就调用新的验证接口，否则调用老的验证接口\")"),
    ]

    /// The retry schedules on the grid: none; every 5 s, 30 s or 2 min; BLIAP's backoff (10 s
    /// steps to 1 min) and two slower ones; 3 tries back to back (seed 000), 3 tries 5 s apart
    /// (RevenueCat) and 5 tries 30 s apart.
    public static let retryScheduleGrid: [RetrySchedule] = [
        .none,
        .fixedInterval(intervalMs: 5_000), .fixedInterval(intervalMs: 30_000), .fixedInterval(intervalMs: 120_000),
        .linearBackoff(stepMs: 10_000, capMs: 60_000), .linearBackoff(stepMs: 5_000, capMs: 300_000),
        .linearBackoff(stepMs: 30_000, capMs: 600_000),
        .tries(count: 3, spacingMs: 0), .tries(count: 3, spacingMs: 5_000), .tries(count: 5, spacingMs: 30_000),
    ]

    /// What a `customDesigns` entry brings along when it changes one axis and does not name
    /// another that must follow it, since each API and store has only its own values:
    /// switching `storeKitAPI` brings the receipt along (StoreKit 2 sends the signed
    /// transaction, StoreKit 1 the app receipt); a design that sets no `applicationUsername`
    /// cannot make it a UUID; a StoreKit 1 design names no `olderOSDesign`
    /// (it runs on every iOS) and drops the `appTransactionId` link and `PurchaseIntent` (they need StoreKit 2); an
    /// item a pay-first token can no longer carry (StoreKit 1, or the account no longer in the token) goes to the record; leaving `linearBackoff` or a durable store turns
    /// `failureCountPersists` off, since only those can keep a count. An axis the entry names is
    /// never changed.
    static let companions: [(axis: String, follow: @Sendable (_ base: Design, inout Design) -> Void)] = [
        ("applicationUsernameIsUUID", { _, design in
            if !(design.storeKitAPI == .sk1 && design.setsApplicationUsername) { design.applicationUsernameIsUUID = false }
        }),
        ("receiptKind", { base, design in
            if design.storeKitAPI != base.storeKitAPI { design.receiptKind = design.storeKitAPI == .sk2 ? .signedTransaction : .appReceipt }
        }),
        ("olderOSDesign", { _, design in if design.storeKitAPI == .sk1 { design.olderOSDesign = nil } }),
        ("serverRecovery", { _, design in if design.storeKitAPI == .sk1 { design.serverRecovery.remove(.appTransactionIdMapping) } }),
        ("completesPurchaseIntents", { _, design in if design.storeKitAPI == .sk1 { design.completesPurchaseIntents = false } }),
        ("itemMapping", { _, design in
            let tokenNamesItem = design.storeKitAPI == .sk2 && (design.orderTiming == .orderFirst || design.userMapping == .appAccountToken)
            if design.itemMapping == .appAccountToken && !tokenNamesItem { design.itemMapping = .record }
        }),
        ("failureCountPersists", { _, design in
            if case .linearBackoff = design.retrySchedule, design.localStore.survivesProcessDeath {} else { design.failureCountPersists = false }
        }),
    ]
}
