/// Which StoreKit API the app buys through (docs/model.md §5, "StoreKit 1 and StoreKit 2"). The two differ in what
/// can go wrong between Apple's charge and the app, and in what the app can prove afterwards.
public enum StoreKitAPI: String, Sendable, CaseIterable {
    /// The original API (`SKPaymentQueue`, `SKPaymentTransactionObserver`), deprecated since
    /// iOS 18. Unfinished transactions are redelivered to the observer at every launch. Its odd
    /// callbacks: cancelled or failed then purchased, a nil `transactionIdentifier`, a lost
    /// `applicationUsername`, `purchased` only at the next launch, a finished transaction coming
    /// back. The server proves a purchase with the app receipt (or a per-transaction receipt).
    case sk1
    /// StoreKit 2 (iOS 15+): `Product.purchase()` returns the signed transaction (JWS), or
    /// `.pending` (Ask to Buy, an interrupted purchase) with the transaction arriving later
    /// through `Transaction.updates`; unfinished transactions are delivered once through
    /// `Transaction.updates` right after launch and can be read at any time from
    /// `Transaction.unfinished`. A transaction id is never nil, and `appAccountToken` is inside
    /// the signed transaction, so it cannot be lost.
    case sk2
}
