/// When the client calls `finishTransaction` on a `purchased` transaction (docs/model.md §6).
/// A finished transaction leaves StoreKit's queue; a finished consumable also leaves the
/// app receipt.
public enum FinishMoment: String, Sendable, CaseIterable {
    /// At the callback, before anything reached the server (SwiftyStoreKit's atomic default).
    case atCallback
    /// After any answer from the verifier, including errors (RMStore).
    case afterAnyAnswer
    /// After the server says valid or invalid; kept on 5xx and network errors
    /// (BLIAP, RevenueCat).
    case afterVerdict
    /// Only after the server confirms delivery (seed 000, seed 001).
    case afterDelivery
}
