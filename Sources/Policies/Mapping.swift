/// Where the client learns which business item (and, for order-first, which order) a
/// `purchased` transaction belongs to (docs/model.md §6, "order/item mapping").
///
/// Whatever the source, when it yields nothing the client falls back to the product's
/// default item (exact only when one item maps to one Apple product).
public enum ItemMapping: String, Sendable, CaseIterable {
    /// The local purchase record matched by Apple product id (memory, sandbox or keychain,
    /// as `LocalStore` says). With a 1:1 catalog this is the "perfect" mapping.
    case record
    /// The `applicationUsername` set on the payment. StoreKit may hand it back as nil.
    case applicationUsername
    /// `applicationUsername` when StoreKit kept it, else the local record (seed 002's fix).
    case applicationUsernameThenRecord
    /// StoreKit 2's `appAccountToken`, signed into the transaction: never lost. Order-first, the
    /// order's UUID; pay-first (with `userMapping: appAccountToken`), one UUID that packs the
    /// account, the item and a nonce (a version-8 UUID, RFC 9562 §5.8: "122 bits" laid out as
    /// the vendor likes). Apple asks only for "a UUID you provide to associate with the purchase"
    /// (*Product.PurchaseOption.appAccountToken*). Needs StoreKit 2.
    case appAccountToken
}

/// Which app account the server credits (docs/model.md §6, "user mapping").
public enum UserMapping: String, Sendable, CaseIterable {
    /// Whoever is logged in when the verify request is sent: wrong after an account switch.
    case currentUser
    /// The user id saved with the local record (falls back to the current user).
    case record
    /// The user id carried in `applicationUsername` (falls back to the current user when lost).
    case applicationUsername
    /// StoreKit 2's `appAccountToken`: the order's UUID (order-first) or the app account's UUID
    /// (pay-first), signed into the transaction. Needs StoreKit 2.
    case appAccountToken
}
