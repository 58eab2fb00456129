/// The open-source libraries' flows, as their code runs them (repository and file named in
/// each comment). A library has no UI, server or catalog of its own: where one of those axes
/// matters, the value is the app's most likely use of the library and says so.
extension Design {
    /// SwiftyStoreKit (bizz84/SwiftyStoreKit) with its defaults: on every axis the same design as
    /// `naive`, which is why the two lose the same orders.
    /// - finishMoment atCallback: `purchaseProduct(_:quantity:atomically: Bool = true, …)` and
    ///   `completeTransactions(atomically: Bool = true, …)`; `CompleteTransactionsController`:
    ///   `let willFinishTransaction = completeTransactions.atomically || transactionState == .failed`.
    /// - itemMapping record matched by product id: `PaymentsController` takes the first pending
    ///   payment "where payment.product.productIdentifier == identifier"; anything else goes to
    ///   `completeTransactions` (unmatchedTransactions verifyWithFallback).
    /// - localStore memory, retrySchedule none: the library keeps no record and never retries.
    /// - Not stated (the app's part): the current user, a modal, an unguarded tap, the app
    ///   receipt, the baseline server.
    public static let swiftyStoreKitAtomic: Design = {
        var design = naive
        design.name = "swiftystorekit-atomic"
        design.summary = "finish in the purchase callback (library default), no store, no retry"
        design.source = "SwiftyStoreKit, atomically: true"
        return design
    }()

    /// SwiftyStoreKit with `atomically: false` in both `purchaseProduct` and
    /// `completeTransactions`: the app finishes after its server delivered, so an unfinished
    /// transaction comes back at launch ("unfinished transactions come back through
    /// completeTransactions() on the next launch", the maintainer in issue #146).
    public static let swiftyStoreKitNonAtomic: Design = {
        var design = swiftyStoreKitAtomic
        design.name = "swiftystorekit-nonatomic"
        design.summary = "finish after delivery; unfinished transactions retried at launch"
        design.source = "SwiftyStoreKit, atomically: false"
        design.finishMoment = .afterDelivery
        return design
    }()

    /// RMStore (robotmedia/RMStore, `RMStore.m`).
    /// - finishMoment afterVerdict: `didFailTransaction:queue:error:` finishes unless
    ///   `error.code == RMStoreErrorCodeUnableToCompleteVerification` ("If we were unable to complete
    ///   the verification we want StoreKit to keep reminding us of the transaction"); the README:
    ///   "If verification could not be completed (e.g., due to connection issues), then `error` must
    ///   be of code `RMStoreErrorCodeUnableToCompleteVerification` to prevent RMStore to finish the
    ///   transaction." A network failure, a timeout or a 5xx is such a case; a server's "invalid"
    ///   is a verdict.
    /// - retrySchedule none, retryTriggers none: RMStore has no retry; the observer, added in
    ///   `init`, gets the unfinished transaction again when StoreKit redelivers it at launch.
    /// - persistMoment afterFinish: `finishTransaction:queue:` calls `[queue finishTransaction:transaction];
    ///   [self.transactionPersistor persistTransaction:transaction];` (keychain or UserDefaults),
    ///   bookkeeping that comes too late to help delivery.
    /// - itemMapping record by product id: pending blocks are kept in
    ///   `_addPaymentParameters[productIdentifier]`.
    /// - Not stated (the app's part): the current user, a modal, an unguarded tap, the app
    ///   receipt, the baseline server.
    public static let rmStore = Design(
        name: "rmstore",
        summary: "finish when the verifier gives a verdict, keep when it could not complete; no retry",
        source: "RMStore (robotmedia/RMStore)",
        storeKitAPI: .sk1, orderTiming: .payFirst, itemMapping: .record, userMapping: .currentUser,
        localStore: .keychain, persistMoment: .afterFinish, recordClearing: .never,
        guardsDoubleTap: false, blockingUI: .modal,
        finishMoment: .afterVerdict, retrySchedule: .none, retryTriggers: [], retryScope: .allRecords,
        recoverPage: .none, unmatchedTransactions: .verifyWithFallback, receiptKind: .appReceipt,
        serverVerification: .apple, serverIdempotency: .oncePerTransaction, serverAppleTries: 1,
        deliversWholeReceipt: false, serverRecovery: [])

    /// RevenueCat's SDK (RevenueCat/purchases-ios, StoreKit 2, its default since v5).
    /// - finishMoment afterVerdict: `NetworkError.finishable` is "!statusCode.isServerError" when
    ///   there is a status code and false otherwise; `TransactionPoster` finishes on success or a
    ///   finishable error, so a 4xx finishes and a 5xx or a network error keeps the transaction.
    /// - retrySchedule none: `HTTPClient` retries only `.tooManyRequests` (429), 0, 0.75 and 3 s
    ///   apart; a 5xx or a lost connection is not retried in the session.
    /// - retryTriggers launch, foreground: `applicationWillEnterForeground` calls
    ///   `transactionMetadataSyncHelper.syncIfNeeded`, and `CustomerInfoManager` posts
    ///   `Transaction.unfinished`.
    /// - localStore sandbox: `LocalTransactionMetadataStore` keeps metadata in Application
    ///   Support; when it is written is not stated, chosen at `purchased`.
    /// - userMapping record: the app user id stored with the metadata; `appAccountToken` is set
    ///   only "if let uuid = UUID(uuidString: self.appUserID)", which most apps' ids are not.
    /// - Not stated (the app's part): a guarded tap and no modal (the SDK returns through a
    ///   completion the app need not block on), the backend as one call to Apple per receipt.
    /// - olderOSDesign bliap: the SDK falls back to StoreKit 1 where StoreKit 2 is missing
    ///   (RevenueCat's `storeKitVersion` docs: "StoreKit 1 will be used for previous iOS
    ///   versions regardless of this setting"). No preset is RevenueCat's StoreKit 1 path;
    ///   `bliap` is the StoreKit 1 preset nearest on the axes (pay-first, item and account from
    ///   a record, kept at `purchased`, finish on the verdict, launch and foreground retries),
    ///   differing in three: the keychain for the sandbox, a 10 s..60 s backoff for no in-session
    ///   retry, and the networkRegained trigger. The SDK uses StoreKit 1 below iOS 16, not 15
    ///   (RevenueCat 5.0: StoreKit 2 "for users running iOS 16+"); the model has one threshold,
    ///   iOS 15, for every design.
    public static let revenueCat: Design = {
        var design = Design(
            name: "revenuecat",
            summary: "StoreKit 2; finish on the backend's verdict, keep on 5xx/network; retried on launch and foreground",
            source: "RevenueCat purchases-ios (StoreKit 2)",
            storeKitAPI: .sk2, orderTiming: .payFirst, itemMapping: .record, userMapping: .record,
            localStore: .sandbox, persistMoment: .purchased, recordClearing: .never,
            guardsDoubleTap: true, blockingUI: .nonBlocking,
            finishMoment: .afterVerdict, retrySchedule: .none,
            retryTriggers: [.launch, .foreground], retryScope: .allRecords,
            recoverPage: .none, unmatchedTransactions: .verifyWithFallback, receiptKind: .signedTransaction,
            serverVerification: .apple, serverIdempotency: .oncePerTransaction, serverAppleTries: 1,
            deliversWholeReceipt: false, serverRecovery: [])
        design.olderOSDesign = bliap.name
        return design
    }()

    /// BLIAP (贝聊, beiliao-mobile/BLIAP; the series 《[iOS]贝聊 IAP 实战之满地是坑》 by NewPan, 2017).
    /// - localStore keychain, persistMoment purchased, userMapping record: every
    ///   `SKPaymentTransactionStatePurchased` the observer receives ("这里的事务包含之前没有完成的")
    ///   is written first ("首先持久化到 keychain") under the logged-in user
    ///   (`bl_savePaymentTransactionModels:forUser:self.userid`), redelivered ones included.
    /// - retrySchedule linearBackoff(10 s, 60 s), forever: `modelVerifyCount *
    ///   BLPaymentVerifyUploadReceiptDataIntervalDelta` (10) capped at `…MaxIntervalDelta` (60),
    ///   with no limit on attempts.
    /// - retryTriggers launch, foreground, networkRegained: `UIApplicationWillEnterForegroundNotification`
    ///   → `checkUnfinishedTransactionInSandbox`, and AFNetworkReachability →
    ///   `networkEnable` → `startNextTaskIfNeed`.
    /// - finishMoment afterVerdict: `finishATransationWithIndentifier:` on valid and on invalid;
    ///   on a request failure only the receipt is refreshed.
    /// - blockingUI nonBlocking: seed 000: "整个重试流程应该是不阻断用户操作界面的".
    /// - Not stated: a guarded tap, the item by product id (perfect mapping, seed 000), the
    ///   app receipt, the baseline server. One verification at a time is not modelled.
    public static let bliap = Design(
        name: "bliap",
        summary: "keychain at purchased (any transaction), backoff 10 s..60 s forever, finish on verdict",
        source: "BLIAP (贝聊, NewPan)",
        storeKitAPI: .sk1, orderTiming: .payFirst, itemMapping: .record, userMapping: .record,
        localStore: .keychain, persistMoment: .purchased, recordClearing: .never,
        guardsDoubleTap: true, blockingUI: .nonBlocking,
        finishMoment: .afterVerdict, retrySchedule: .linearBackoff(stepMs: 10_000, capMs: 60_000),
        retryTriggers: [.launch, .foreground, .networkRegained], retryScope: .allRecords,
        recoverPage: .none, unmatchedTransactions: .verifyWithFallback, receiptKind: .appReceipt,
        serverVerification: .apple, serverIdempotency: .oncePerTransaction, serverAppleTries: 1,
        deliversWholeReceipt: false, serverRecovery: [])
}
