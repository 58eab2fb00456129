/// What the user sees while the purchase is verified (docs/model.md §6, "blocking UI").
public enum BlockingUI: String, Sendable, CaseIterable {
    /// A modal spinner until the server answers: users with less patience kill the app.
    case modal
    /// The purchase runs in the background; the user keeps using the app.
    case nonBlocking
}

/// What the client does with a `purchased` transaction it cannot match to a purchase it
/// knows about (StoreKit redelivery at launch, a late callback after the record was cleared).
public enum UnmatchedTransactionPolicy: String, Sendable, CaseIterable {
    /// Verify anyway, crediting the current user with the product's default item
    /// (SwiftyStoreKit's `completeTransactions`).
    case verifyWithFallback
    /// Leave it unfinished and do nothing: it comes back at every launch (seed 000).
    case leaveUnfinished
    /// Finish it without delivering: the order is gone for good.
    case finishAndDrop
}

/// Which receipt the client sends (docs/model.md §6, "receipt kind").
public enum ReceiptKind: String, Sendable, CaseIterable {
    /// The legacy per-transaction receipt, saved with the record: verifiable even after
    /// the transaction was finished, but it covers that one transaction only.
    case perTransaction
    /// The app receipt read at send time: it lists every unfinished transaction (so a later
    /// purchase carries an earlier lost one), but a finished consumable is no longer in it.
    case appReceipt
    /// StoreKit 2's signed transaction (JWS) of the one purchase: the only kind a StoreKit 2
    /// client has, and the only kind a StoreKit 1 client lacks.
    case signedTransaction
}

/// When the app starts listening for transactions at a launch (docs/model.md §6, "listener
/// timing"). StoreKit hands unfinished transactions over "immediately after the app launches"
/// (Apple, *Transaction.updates*), so a listener registered after the app's own setup can miss
/// them (`storeKit.lateListenerMissProbability`).
public enum ListenerTiming: String, Sendable, CaseIterable {
    /// The listener is the first thing the app starts (Apple: "Create a Task to iterate through
    /// the transactions from the listener as soon as your app launches").
    case firstAtLaunch
    /// The listener comes after the app's setup (a cross-platform layer's bridge, a login):
    /// cordova-plugin-purchase #1714, flutter #83018, react-native-iap PR #2264.
    case afterSetup
}
