/// Where the client keeps its purchase record (docs/model.md §3, "State and where it survives", and §6, "local store").
///
/// Survival: memory dies with the process; sandbox survives kills but not reinstalls;
/// keychain survives both.
public enum LocalStore: String, Sendable, CaseIterable {
    case memory
    case sandbox
    case keychain

    /// Whether a record in this store survives the app process dying.
    public var survivesProcessDeath: Bool { self != .memory }
    /// Whether a record in this store survives deleting and reinstalling the app.
    public var survivesReinstall: Bool { self == .keychain }
}

/// When the record is written to the durable store (seed 000's "positions 4, 2, 1").
/// The app always holds the tapped item in memory from the Buy tap; this decides when
/// that knowledge reaches `LocalStore`.
public enum PersistMoment: String, Sendable, CaseIterable {
    /// At the Buy tap, before the payment sheet ("position 4").
    case buyTap
    /// At StoreKit's `purchasing` callback ("position 2").
    case purchasing
    /// At the `purchased` callback ("position 1").
    case purchased
    /// Only after the transaction was finished (RMStore's persistor): too late to help.
    case afterFinish
}

/// Whether a `failed` or `cancelled` callback deletes the purchase record
/// (seed 000 v1.0 → v1.1 → v1.2; seed 002). A record is always deleted after the server confirms.
public enum RecordClearing: String, Sendable, CaseIterable {
    /// Seed 000 v1.0: delete on `cancelled` and on `failed`.
    case onCancelOrFail
    /// Seed 000 v1.1: delete on `failed` only.
    case onFail
    /// Seed 002's fix: delete on `cancelled` only ("假如用户取消支付，则在取消支付的回调中将keychain值删除").
    case onCancel
    /// Seed 000 v1.2: never delete before the server confirms.
    case never
}
