/// StoreKit's callbacks and their known oddities (docs/model.md §5 and §9).
public struct StoreKitParameters: Sendable, Equatable {
    /// Time from an event in StoreKit to the app's observer callback.
    public var callbackDelay = DurationDistribution.fixed(200)
    /// `cancelled` is reported, then `purchased` for the same payment.
    public var cancelThenPurchasedProbability = 0.005
    /// `failed` is reported, then `purchased` for the same payment.
    public var failThenPurchasedProbability = 0.002
    /// Time from the false cancel/fail to the real `purchased`.
    public var anomalyDelay = DurationDistribution.uniform(minMs: 5 * Scenario.second, maxMs: Scenario.minute)
    /// `purchased` arrives with a nil `transactionIdentifier`.
    public var missingTransactionIdProbability = 0.001
    /// A transaction that came without an id still has none when StoreKit gives it back at
    /// the next launch. Guess: seed 002 saw the nil only in the purchase callback, so 0; a
    /// return to the same, suspended process (which the model counts as a launch, §13) would
    /// still show it nil.
    public var missingTransactionIdAfterRelaunchProbability = 0.0
    /// The `applicationUsername` set on the payment comes back nil in a fresh callback.
    public var applicationUsernameLostProbability = 0.01
    /// The same, for a transaction redelivered at launch. Apple: "If you don't assign a UUID
    /// string value to applicationUsername, the App Store server doesn't persist the value";
    /// seed 003 describes the value as gone when a transaction is verified again. So always.
    public var applicationUsernameLostAfterRelaunchProbability = 1.0
    /// The `purchased` callback does not come in this session, only at the next launch.
    public var purchasedCallbackMissingProbability = 0.005
    /// A transaction the app finished comes back as `purchased`.
    public var finishedRedeliveredProbability = 0.0005
    /// StoreKit 2's `purchase()` returns `.pending` (Ask to Buy, an interrupted purchase); the
    /// transaction comes later through `Transaction.updates`. Guess: the share of interrupted
    /// purchases StoreKit 1 reports as cancelled or failed then purchased (0.5% + 0.2%).
    public var pendingProbability = 0.007
    /// Time from `.pending` to the charge (guess); past `pendingExpiryMs` the request has lapsed.
    public var pendingDelay = DurationDistribution.logNormal(medianMs: 5 * Scenario.minute, p99Ms: Scenario.day)
    /// An Ask to Buy request not approved within this long lapses: never charged, like a
    /// declined one. Apple Developer Forums thread 706277 (accepted answer): "Any duplicate Ask
    /// to Buy requests are consolidated and only resets the 24-hour timer".
    public var pendingExpiryMs: SimTime = Scenario.day
    /// StoreKit 2's `purchase()` throws (`StoreKitError.unknown`, `.notEntitled`) although Apple
    /// charged; the transaction comes later through `Transaction.updates` (Apple developer forums
    /// thread 801031: "StoreKit seems to recover by later sending an update through
    /// Transactions.updates"). Guess.
    public var errorAfterChargeProbability = 0.001
    /// StoreKit 2's `purchase()` returns `.userCancelled` although Apple charged; the transaction
    /// comes later through `Transaction.updates` (RevenueCat purchases-ios #4903: "About 20% of
    /// successful purchase transactions receive `userCancelled = true`", one app on iOS 18.3 and
    /// 18.4). Guess.
    public var cancelledAfterChargeProbability = 0.001
    /// Time from StoreKit 2's false error or `.userCancelled` to the transaction in
    /// `Transaction.updates` (guess).
    public var lateUpdateDelay = DurationDistribution.logNormal(medianMs: Scenario.minute, p99Ms: Scenario.hour)
    /// At a launch with unfinished transactions, StoreKit 2's `Transaction.updates` hands none of
    /// them over; they wait for the next launch or a `Transaction.unfinished` sweep (guess).
    public var updatesMissedAtLaunchProbability = 0.001
    /// At a launch with unfinished transactions, `Transaction.updates` hands each one over twice
    /// (forum thread 816320: the same transaction "2-3" times, "after about 10-20 seconds").
    /// Guess.
    public var updatesRepeatedAtLaunchProbability = 0.005
    /// StoreKit 1 does not hand the unfinished transactions to the observer again when the app
    /// resumes from the background. Apple, *finishTransaction(_:)*: "StoreKit calls your
    /// observer's paymentQueue(_:updatedTransactions:) method every time your app launches or
    /// resumes from background"; the 2013 programming guide and TN2387 say launches and changes
    /// only. The default, 0, follows Apple's current page; 1 is the older texts' reading.
    public var resumeWithoutRedeliveryProbability = 0.0
    /// A design whose listener is registered after the app's own setup (`listenerTiming:
    /// afterSetup`) misses the launch's hand-over: the transactions were emitted before anyone
    /// listened (cordova-plugin-purchase #1714, flutter #165358/#83018, react-native-iap PR
    /// #2264). Guess.
    public var lateListenerMissProbability = 0.3
    /// The app's `finish` never returns, per call: after finishing the transaction (flutter
    /// #160148: "the transaction was finished", only `completePurchase()` never returned), or,
    /// for a transaction already finished, finishing nothing (flutter #192400: the wrapper's
    /// look-up does not find it and the completion is never called). The steps the design takes
    /// after the call do not run (`Device.finish`). A wrapper's bug, not StoreKit's. Guess.
    public var finishNotCompletedProbability = 0.0005
    /// A StoreKit 2 purchase that `purchase()` returned is handed to `Transaction.updates` too,
    /// about 10 s later, finished or not (openiap #152, forums thread 816320: "2-3 new
    /// transactions in my Transaction.updates, even though I already handled and finished the
    /// Purchase result"). Guess.
    public var purchaseAlsoInUpdatesProbability = 0.01
    /// A `.pending` purchase (Ask to Buy, a bank's confirmation) is declined or abandoned and
    /// never charges; nothing arrives, and any record written at the Buy tap stays behind.
    /// Apple documents a success only ("If a pending purchase succeeds, StoreKit delivers the
    /// resulting Transaction"); forums thread 685183: a declined request stays `.pending`. Guess.
    public var pendingDeclinedProbability = 0.3
}
