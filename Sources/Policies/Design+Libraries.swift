/// The open-source libraries' flows, as their code runs them (repository and file named in
/// each comment). A library has no UI, server or catalog of its own: where one of those axes
/// matters, the value is the app's most likely use of the library and says so.
extension Design {
    /// SwiftyStoreKit (bizz84/SwiftyStoreKit) with its defaults. The library has two
    /// presets, as RMStore has: its default (`swiftystorekit-atomic`) and the documented setup
    /// that finishes after delivery (`swiftystorekit-nonatomic`).
    /// - finishMoment atCallback: `purchaseProduct(_:quantity:atomically: Bool = true, …)` and
    ///   `completeTransactions(atomically: Bool = true, …)`; `PaymentsController` calls
    ///   `payment.callback(.purchased(…))` then "if payment.atomically {
    ///   paymentQueue.finishTransaction(transaction) }", so the transaction is finished before
    ///   the app's request can reach its server; `CompleteTransactionsController`:
    ///   `let willFinishTransaction = completeTransactions.atomically || transactionState == .failed`.
    /// - recordClearing onCancelOrFail: `PaymentsController.processTransaction` on `.failed`
    ///   calls `payment.callback(.failed(…))`, finishes and "payments.remove(at: paymentIndex)";
    ///   a user's cancel is a `.failed` transaction with `SKError.paymentCancelled` in StoreKit 1,
    ///   so a false cancel or fail removes the pending payment, and the later `purchased` finds
    ///   none and goes to `completeTransactions` with the product's item.
    /// - itemMapping record matched by product id: `PaymentsController` takes the first pending
    ///   payment "where payment.product.productIdentifier == identifier"; anything else goes to
    ///   `completeTransactions` (unmatchedTransactions verifyWithFallback).
    /// - localStore memory, retrySchedule none: the library keeps no record and never retries.
    /// - Not stated (the app's part): the current user, a modal, an unguarded tap, the app
    ///   receipt, the baseline server.
    public static let swiftyStoreKitAtomic: Design = {
        var design = naive
        design.name = "swiftystorekit-atomic"
        design.summary = "library default: finish in the purchase callback, payment dropped on cancel/fail, no store, no retry"
        design.source = "SwiftyStoreKit, atomically: true (its default)"
        design.recordClearing = .onCancelOrFail
        return design
    }()

    /// SwiftyStoreKit set up as its README documents for a server that delivers ("Non-Atomic: to
    /// be used when the content is delivered by the server", with "// fetch content from your
    /// server, then: … SwiftyStoreKit.finishTransaction(product.transaction)"): `atomically:
    /// false` in both `purchaseProduct` and `completeTransactions`, so an unfinished transaction
    /// comes back at launch ("unfinished transactions come back through completeTransactions()
    /// on the next launch", the maintainer in issue #146).
    /// Everything else as `swiftystorekit-atomic`, the payment dropped on cancel and fail included.
    public static let swiftyStoreKitNonAtomic: Design = {
        var design = swiftyStoreKitAtomic
        design.name = "swiftystorekit-nonatomic"
        design.summary = "documented setup: finish after delivery; payment dropped on cancel/fail; unfinished transactions retried at launch"
        design.source = "SwiftyStoreKit, atomically: false"
        design.finishMoment = .afterDelivery
        return design
    }()

    /// RMStore (robotmedia/RMStore, `RMStore.m`) with its defaults: no receipt verifier ("RMStore
    /// doesn't perform receipt verification by default", the README), no content downloader, no
    /// transaction persistor. As for SwiftyStoreKit, the library has two presets: this default
    /// and the documented setup with a verifier (`rmstore-verifier`).
    /// - finishMoment atCallback: `didPurchaseTransaction:queue:` with `self.receiptVerifier ==
    ///   nil` logs "WARNING: no receipt verification" and calls `didVerifyTransaction:queue:`,
    ///   which without downloads calls `finishTransaction:queue:`: `[queue
    ///   finishTransaction:transaction]`, then the app's success block, which is where the app
    ///   sends the receipt to its server.
    /// - recordClearing onCancelOrFail: `didFailTransaction:queue:error:` (StoreKit's `failed`, a
    ///   user's cancel included) calls `popAddPaymentParametersForIdentifier:`, which does
    ///   "[_addPaymentParameters removeObjectForKey:identifier]".
    /// - itemMapping record by product id: pending blocks are kept in
    ///   `_addPaymentParameters[productIdentifier]`; localStore memory: no persistor is set.
    /// - retrySchedule none, retryTriggers none: RMStore has no retry.
    /// - Not stated (the app's part): the current user, a modal, an unguarded tap, the app
    ///   receipt, the baseline server.
    public static let rmStoreNoVerifier = Design(
        name: "rmstore-noverifier",
        summary: "library default (no verifier): finish at the callback, blocks dropped on cancel/fail, no retry",
        source: "RMStore (robotmedia/RMStore), no receiptVerifier (its default)",
        storeKitAPI: .sk1, orderTiming: .payFirst, itemMapping: .record, userMapping: .currentUser,
        localStore: .memory, persistMoment: .buyTap, recordClearing: .onCancelOrFail,
        guardsDoubleTap: false, blockingUI: .modal,
        finishMoment: .atCallback, retrySchedule: .none, retryTriggers: [], retryScope: .allRecords,
        recoverPage: .none, unmatchedTransactions: .verifyWithFallback, receiptKind: .appReceipt,
        serverVerification: .apple, serverIdempotency: .oncePerTransaction, serverAppleTries: 1,
        deliversWholeReceipt: false, serverRecovery: [])

    /// RMStore set up as its README documents: a custom `receiptVerifier` that asks the app's
    /// server, and the keychain persistor (`RMStoreKeychainPersistence`).
    /// - finishMoment afterVerdict: `didFailTransaction:queue:error:` finishes unless
    ///   `error.code == RMStoreErrorCodeUnableToCompleteVerification` ("If we were unable to complete
    ///   the verification we want StoreKit to keep reminding us of the transaction"); the README:
    ///   "If verification could not be completed (e.g., due to connection issues), then `error` must
    ///   be of code `RMStoreErrorCodeUnableToCompleteVerification` to prevent RMStore to finish the
    ///   transaction." A network failure, a timeout or a 5xx is such a case; a server's "invalid"
    ///   is a verdict.
    /// - recordClearing onCancelOrFail: as `rmstore-noverifier`, `didFailTransaction:queue:error:`
    ///   pops `_addPaymentParameters` on StoreKit's `failed` (a cancel included).
    /// - retrySchedule none, retryTriggers none: RMStore has no retry; the observer, added in
    ///   `init`, gets the unfinished transaction again when StoreKit redelivers it at launch.
    /// - persistMoment afterFinish: `finishTransaction:queue:` calls `[queue finishTransaction:transaction];
    ///   [self.transactionPersistor persistTransaction:transaction];` (keychain or UserDefaults),
    ///   bookkeeping that comes too late to help delivery.
    /// - itemMapping record by product id: pending blocks are kept in
    ///   `_addPaymentParameters[productIdentifier]`.
    /// - Not stated (the app's part): the current user, a modal, an unguarded tap, the app
    ///   receipt, the baseline server.
    public static let rmStoreVerifier: Design = {
        var design = rmStoreNoVerifier
        design.name = "rmstore-verifier"
        design.summary = "documented setup (verifier): finish on a verdict, keep when it could not complete; blocks dropped on cancel/fail; no retry"
        design.source = "RMStore (robotmedia/RMStore) with a receiptVerifier and the keychain persistor"
        design.localStore = .keychain
        design.persistMoment = .afterFinish
        design.finishMoment = .afterVerdict
        return design
    }()

    /// RevenueCat's SDK (RevenueCat/purchases-ios, StoreKit 2, its default since v5).
    /// - finishMoment afterVerdict: `NetworkError.finishable` is "!statusCode.isServerError" when
    ///   there is a status code and false otherwise; `TransactionPoster` finishes on success or a
    ///   finishable error, so a 4xx finishes and a 5xx or a network error keeps the transaction.
    /// - retrySchedule none: `HTTPClient` retries only `.tooManyRequests` (429), 0, 0.75 and 3 s
    ///   apart; a 5xx or a lost connection is not retried in the session.
    /// - retryTriggers launch, foreground, and foregroundSweep: `applicationWillEnterForeground`
    ///   calls `transactionMetadataSyncHelper.syncIfNeeded`, and `CustomerInfoManager` posts
    ///   `Transaction.unfinished`.
    /// - localStore sandbox: `LocalTransactionMetadataStore` keeps metadata in Application
    ///   Support; when it is written is not stated, chosen at `purchased`.
    /// - userMapping record: the app user id stored with the metadata; `appAccountToken` is set
    ///   only "if let uuid = UUID(uuidString: self.appUserID)", which most apps' ids are not.
    /// - guardsDoubleTap true: the SDK's `operationAlreadyInProgressForProductError` ("This error
    ///   is used when a purchase is initiated for a product, but there's already a purchase for
    ///   the same product in progress", `ErrorUtils.operationAlreadyInProgressError`), raised by
    ///   `PurchasesOrchestrator.addPurchaseCompletedCallback` when "callbacks[productIdentifier]"
    ///   is already set. That guard is on StoreKit 1's path (`purchase(sk1Product:…)` and promoted
    ///   purchases); StoreKit 2's `purchase(sk2Product:…)` keeps an in-flight task per product and
    ///   lets a second one through ("Only remove if it's still ours, so a newer concurrent
    ///   purchase isn't evicted"). What guards a StoreKit 2 app is RevenueCatUI's paywall, which
    ///   is `.disabled(self.purchaseHandler.actionInProgress)` while a purchase runs; an app with
    ///   its own Buy button must guard it itself (not stated, chosen guarded).
    /// - serverRecovery none: RevenueCat's backend is the app server here, and "By default,
    ///   RevenueCat ignores any Apple App Store Server Notifications for purchases that have not
    ///   yet been posted to the RevenueCat API by one of our SDKs or from your own backend"
    ///   (RevenueCat, *Apple App Store Server Notifications*). Its relay to the customer's own
    ///   server by webhook ("up to 5 times" on a non-200) is not modelled (docs/model.md §13).
    /// - Not stated (the app's part): no modal (the SDK returns through a completion the app
    ///   need not block on), the backend as one call to Apple per receipt.
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
        design.foregroundSweep = true
        return design
    }()

    /// BLIAP (贝聊, beiliao-mobile/BLIAP; the series 《[iOS]贝聊 IAP 实战之满地是坑》 by NewPan, 2017).
    /// - localStore keychain, persistMoment purchased, userMapping record: every
    ///   `SKPaymentTransactionStatePurchased` the observer receives ("这里的事务包含之前没有完成的")
    ///   is written first ("首先持久化到 keychain") under the logged-in user
    ///   (`bl_savePaymentTransactionModels:forUser:self.userid`), redelivered ones included.
    /// - retrySchedule linearBackoff(10 s, 60 s), forever: `modelVerifyCount *
    ///   BLPaymentVerifyUploadReceiptDataIntervalDelta` (10) capped at `…MaxIntervalDelta` (60),
    ///   with no limit on attempts: `kBLPaymentTransactionModelVerifyWarningCount = 20; //
    ///   最多验证次数，如果超过这个值就报警。` only reports ("报警", raise an alarm) from
    ///   `setModelVerifyCount:`; nothing stops at it.
    /// - failureCountPersists: the count lives in the keychain model
    ///   (`bl_updatePaymentModelVerifyCountWithTransactionIdentifier:modelVerifyCount:
    ///   task.transactionModel.modelVerifyCount + 1`, on each failed upload) and is read back
    ///   whenever the queue starts (`startFirstTaskInOperationQueueIfNeed`: "if
    ///   (self.currentVerifingTask.transactionModel.modelVerifyCount > 0) { // 说明是重新验证", then
    ///   `dispatch_after(intervalDelta)`), so after a relaunch the first try of a transaction that
    ///   failed before waits count × 10 s, at most 60 s. It does not cap tries across launches.
    /// - transactionsWithoutId skipThenFinishAtLaunch: `BLPaymentTransactionModel`'s
    ///   `initWithProductIdentifier:transactionIdentifier:transactionDate:` reports "致命错误…中有数据为空"
    ///   and "return nil" when the id (or the date) is empty, so `appendPaymentTransactionModel:`
    ///   gets nil and stores nothing: a `purchased` transaction without an id is neither recorded
    ///   nor verified. `checkUnfinishedTransactionInSandbox`, run at start-up and on
    ///   `UIApplicationWillEnterForegroundNotification`, finishes every queued transaction with no
    ///   id or no date: "if (!transaction.transactionIdentifier || !transaction.transactionDate)
    ///   { [self finishATransation:transaction]; continue; }" under "购买没有交易标识和购买日期的,
    ///   是没有成功付款的, 直接 finish 掉" (no id and no date means not paid: finish it). StoreKit's
    ///   dates are not modelled; a transaction given back at a launch without its id
    ///   (`storeKit.missingTransactionIdAfterRelaunchProbability`) is finished undelivered.
    /// - retryTriggers launch, foreground, networkRegained, and foregroundSweep:
    ///   `UIApplicationWillEnterForegroundNotification` → `checkUnfinishedTransactionInSandbox`,
    ///   which reads `[[SKPaymentQueue defaultQueue] transactions]`, and AFNetworkReachability →
    ///   `networkEnable` → `startNextTaskIfNeed`.
    /// - finishMoment afterVerdict: `finishATransationWithIndentifier:` on valid and on invalid;
    ///   on a request failure only the receipt is refreshed.
    /// - blockingUI nonBlocking: seed 000: "整个重试流程应该是不阻断用户操作界面的".
    /// - Not stated: a guarded tap, the item by product id (perfect mapping, seed 000), the
    ///   app receipt, the baseline server. One verification at a time is not modelled.
    public static let bliap: Design = {
        var design = Design(
            name: "bliap",
            summary: "keychain at purchased (any transaction with an id), backoff 10 s..60 s forever, count kept across launches, finish on verdict",
            source: "BLIAP (贝聊, NewPan)",
            storeKitAPI: .sk1, orderTiming: .payFirst, itemMapping: .record, userMapping: .record,
            localStore: .keychain, persistMoment: .purchased, recordClearing: .never,
            guardsDoubleTap: true, blockingUI: .nonBlocking,
            finishMoment: .afterVerdict, retrySchedule: .linearBackoff(stepMs: 10_000, capMs: 60_000),
            retryTriggers: [.launch, .foreground, .networkRegained], retryScope: .allRecords,
            recoverPage: .none, unmatchedTransactions: .verifyWithFallback, receiptKind: .appReceipt,
            serverVerification: .apple, serverIdempotency: .oncePerTransaction, serverAppleTries: 1,
            deliversWholeReceipt: false, serverRecovery: [])
        design.failureCountPersists = true
        design.transactionsWithoutId = .skipThenFinishAtLaunch
        design.foregroundSweep = true
        return design
    }()
}
