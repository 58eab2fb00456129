/// Whether the app server delivers at most once per Apple transaction id (domain.md §5).
public enum ServerIdempotency: String, Sendable, CaseIterable {
    case oncePerTransaction
    /// Every valid verify request delivers again (seed 000's double delivery).
    case none
}

/// How the server finds purchases the client never reported (domain.md §5).
public enum ServerRecovery: String, Sendable, CaseIterable {
    case none
    /// App Store server notifications (none are sent for consumables in production).
    case notifications
    /// Periodic reconciliation with Get Transaction History (v2 lists finished consumables
    /// too), for customers the server already knows a transaction of.
    case transactionHistory
}
