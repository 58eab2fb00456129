/// Whether the app server delivers at most once per Apple transaction id (docs/model.md §7, "The app server").
public enum ServerIdempotency: String, Sendable, CaseIterable {
    case oncePerTransaction
    /// Every valid verify request delivers again (seed 000's double delivery).
    case none
}

/// How the server proves a purchase the client reports.
public enum ServerVerification: String, Sendable, CaseIterable {
    /// One call to Apple per verification: verifyReceipt for a StoreKit 1 receipt; for a
    /// StoreKit 2 transaction, a look-up with the App Store Server API (seed 003's server calls
    /// Get Transaction History in its purchase flow). Subject to Apple's latency, "try again"
    /// answers and outages.
    case apple
    /// A StoreKit 2 transaction arrives signed (JWS) and the server checks Apple's signature
    /// itself, with no call to Apple. Needs `StoreKitAPI.sk2` and a platform whose verification
    /// is `jws`; otherwise the server calls Apple.
    case signedLocally
}

/// How the server finds purchases the client never reported (docs/model.md §7, "server-side
/// recovery"). The options combine; an empty set leaves recovery to the client.
///
/// Either kind delivers only what it can map without the client: a transaction whose
/// `appAccountToken` names an order (its account and item), or names an account when its
/// product sells a single item. StoreKit 1 transactions carry no token, so neither helps them.
public struct ServerRecovery: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// App Store Server Notifications V2 `ONE_TIME_CHARGE`, when the platform sends them
    /// (production since 27 May 2025), retried by Apple 1, 12, 24, 48 and 72 h after a failure.
    public static let notifications = ServerRecovery(rawValue: 1 << 0)
    /// A periodic job that calls Get Transaction History for customers the server already
    /// knows a transaction of (v2 lists finished consumables too; v1 does not).
    public static let transactionHistory = ServerRecovery(rawValue: 1 << 1)

    /// Names in a fixed order, for printing and parsing.
    public static let named: [(String, ServerRecovery)] = [
        ("notifications", .notifications), ("transactionHistory", .transactionHistory),
    ]
}
