/// FaultSim's own recommendation: the design its numbers defend, on today's platform and on
/// the pre-2025 one (results/README.md gives the paired evidence).
extension Design {
    /// Each axis chosen against a fault that costs other designs orders, sales or accounts:
    /// - StoreKit 2: no false cancels, nil transaction ids or lost `applicationUsername`; every
    ///   unfinished transaction comes back through `Transaction.updates` at launch, and the app
    ///   sweeps `Transaction.unfinished` at every return to the foreground (`foregroundSweep`:
    ///   `updates` hands a transaction over once per process) and when the network returns; its
    ///   listener is the first thing it starts.
    /// - pay first, with an `appAccountToken` that packs the app account, the item and a nonce
    ///   into one version-8 UUID (`itemMapping` and `userMapping` `appAccountToken`): no order
    ///   request stands between the Buy tap and the sheet, so no sale is lost to order creation;
    ///   the account is signed into the transaction, so an account switch cannot misdirect it;
    ///   and so is the item, so the server credits a many-to-one purchase from Apple's data alone
    ///   (issue 53: in `many-to-one`, 6 lost per 10^6 against 235 with the item in a record only,
    ///   the same runs; identical in `default`, whose catalog is one-to-one);
    /// - promoted purchases taken as `PurchaseIntent`s and bought through the same flow, token
    ///   included (`completesPurchaseIntents`);
    /// - a keychain record of the item at the Buy tap, never cleared on cancel or fail: maps a
    ///   many-to-one purchase after a crash or reinstall, and survives StoreKit's false cancels;
    /// - finish only after delivery: the transaction stays in StoreKit until the goods are out;
    /// - no modal, double taps ignored;
    /// - capped backoff for as long as the app runs, and again on launch, foreground and network
    ///   regained (BLIAP);
    /// - the server checks the signed transaction itself (no call to Apple, so Apple's outages
    ///   cannot fail a verification), delivers once per transaction id, and recovers what the
    ///   client never reports: `ONE_TIME_CHARGE` notifications (today), Get Notification History
    ///   for the posts its endpoint missed, Get Transaction History reconciliation (v2 today, v1
    ///   before June 2024), and the `appTransactionId` link, which credits a purchase made
    ///   outside the app to the account logged in (paired runs of `default`, `server-outage`,
    ///   `storekit-anomalies`, `reinstall-heavy` and `account-switch`: fewer lost and fewer
    ///   mis-delivered orders than without it, since the server credits such a purchase minutes
    ///   after it, before most account switches; issue 30's closing note).
    /// - below iOS 15, where StoreKit 2 does not exist, on the pre-2025 platform only (today no
    ///   new build reaches those users, who run the scenario's `legacyBuild`):
    ///   `faultsim-recommended-sk1` (olderOSDesign), its StoreKit 1 flow, chosen by `simrun check` and paired runs (issue 30;
    ///   the closing notes and results/README.md give them): with it this design holds `check
    ///   --max-faults 2` on every outcome in the default and server-outage scenarios at median
    ///   timings, where with `bliap` its users below iOS 15 meet a mis-delivery (an account switch,
    ///   then a missing `purchased` callback). At `slow-short` timings they still meet one, which a
    ///   flow keeping the account in a record written at the Buy tap avoids: the next change.
    public static let faultSimRecommended: Design = {
        var design = Design(
            name: "faultsim-recommended",
            summary: "StoreKit 2, pay-first + account-and-item token, keychain at tap, finish after delivery, backoff forever, foreground sweep, JWS, "
                + "notifications + both histories + appTransactionId link",
            source: "FaultSim (composed from the axes; see results/README.md)",
            storeKitAPI: .sk2, orderTiming: .payFirst, itemMapping: .appAccountToken, userMapping: .appAccountToken,
            localStore: .keychain, persistMoment: .buyTap, recordClearing: .never,
            guardsDoubleTap: true, blockingUI: .nonBlocking,
            finishMoment: .afterDelivery, retrySchedule: .linearBackoff(stepMs: 10_000, capMs: 60_000),
            retryTriggers: [.launch, .foreground, .networkRegained], retryScope: .allRecords,
            recoverPage: .none, unmatchedTransactions: .verifyWithFallback, receiptKind: .signedTransaction,
            serverVerification: .signedLocally, serverIdempotency: .oncePerTransaction, serverAppleTries: 3,
            deliversWholeReceipt: false,
            serverRecovery: [.notifications, .transactionHistory, .notificationHistory, .appTransactionIdMapping])
        design.olderOSDesign = faultSimRecommendedSK1.name
        design.foregroundSweep = true
        design.completesPurchaseIntents = true
        design.revokesOnRefund = true
        return design
    }()

    /// The recommendation's flow for users below iOS 15 (a flow, not a preset: its users are
    /// counted in `faultsim-recommended`'s runs). `bliap`'s client (pay-first, a keychain
    /// record, no modal, a guarded tap, BLIAP's backoff on every trigger) with the app account's
    /// UUID as `applicationUsername`, which Apple keeps as the `appAccountToken` (Apple,
    /// *SKMutablePayment.applicationUsername*: "When this value is a UUID, the App Store server
    /// stores it as an appAccountToken"), and the recommendation's server recovery: so the
    /// server credits a StoreKit 1 purchase the client never reports, to the account that made
    /// it, as it does a StoreKit 2 one.
    public static let faultSimRecommendedSK1: Design = {
        var design = bliap
        design.name = "faultsim-recommended-sk1"
        design.summary = "the recommendation below iOS 15: bliap's client, account UUID as applicationUsername, notifications + both histories"
        design.source = "FaultSim (bliap's client; Apple: SKMutablePayment.applicationUsername)"
        design.userMapping = .applicationUsername
        design.applicationUsernameIsUUID = true
        design.serverRecovery = [.notifications, .transactionHistory, .notificationHistory]
        return design
    }()
}
