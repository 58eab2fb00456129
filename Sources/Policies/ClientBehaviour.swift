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
