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
/// Each delivers only what it can map without the client: a transaction whose
/// `appAccountToken` names an order (its account and item), or names an account when its
/// product sells a single item (a StoreKit 1 transaction has one when its `applicationUsername`
/// was a UUID), and with `appTransactionIdMapping` a token-less one, to the account last linked
/// to the Apple Account.
public struct ServerRecovery: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// App Store Server Notifications V2 `ONE_TIME_CHARGE`, when the platform sends them
    /// (production since 27 May 2025), retried by Apple 1, 12, 24, 48 and 72 h after a failure.
    public static let notifications = ServerRecovery(rawValue: 1 << 0)
    /// A periodic job that calls Get Transaction History for customers the server already
    /// knows a transaction of (v2 lists finished consumables too; v1 does not).
    public static let transactionHistory = ServerRecovery(rawValue: 1 << 1)

    /// A job that calls Get Notification History with `onlyFailures` every
    /// `appServer.notificationHistoryInterval` and credits what the failed posts carry. Apple:
    /// "you can recover missed notifications by calling Get Notification History"; the request's
    /// `onlyFailures` lists "notifications that haven't reached your server successfully", and
    /// "the notifications that the App Store server is currently retrying". A post the endpoint
    /// answered 200 and dropped is a success to Apple and is not listed. Needs `notifications`.
    /// One request per posting it recovers (a page holds 20).
    public static let notificationHistory = ServerRecovery(rawValue: 1 << 2)
    /// The client sends its `AppTransaction` (iOS 16 and later) with every login, so the server
    /// links the Apple Account's `appTransactionId` (App Store Server API 1.15, Notifications
    /// 2.15: "a single, globally unique appTransactionID for each Apple Account that downloads
    /// your app", in every signed transaction) to the app account logging in. A transaction
    /// without a token (a purchase made outside the app, a StoreKit 1 payment without a UUID) is
    /// then credited to the account linked last, with the product's item when it sells one, and
    /// the server attaches that account with Set App Account Token (one request). One Apple
    /// Account serves every app account on the device: after an account switch, the credit goes
    /// to the account switched to, a mis-delivery when the other one paid. The customer is known
    /// from the first launch, so the history job runs for every user.
    public static let appTransactionIdMapping = ServerRecovery(rawValue: 1 << 3)

    /// Names in a fixed order, for printing and parsing.
    public static let named: [(String, ServerRecovery)] = [
        ("notifications", .notifications), ("transactionHistory", .transactionHistory),
        ("notificationHistory", .notificationHistory), ("appTransactionIdMapping", .appTransactionIdMapping),
    ]
}
