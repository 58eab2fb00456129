/// How the client retries a failed verification within one app session (docs/model.md §6, "The client's design axes").
/// Times are virtual milliseconds.
///
/// A *round* of tries starts when the app handles a `purchased` transaction, at a retry
/// trigger (`RetryTriggers`) and when the user opens a recover page; its failure count starts
/// at 0 (unless `Design.failureCountPersists`). A try is one verify request; it fails on an
/// error answer or when the client's request timeout (`network.requestTimeout`) passes without
/// an answer. `Design.retryScheduleRounds` says which rounds follow the schedule.
public enum RetrySchedule: Sendable, Equatable {
    /// One try per round.
    case none
    /// Retry every `intervalMs`, for as long as the session lasts (seed 001).
    case fixedInterval(intervalMs: Int64)
    /// Wait failures × `stepMs`, at most `capMs`, forever (BLIAP: 10 s steps, 60 s cap).
    case linearBackoff(stepMs: Int64, capMs: Int64)
    /// Up to `count` tries in the round, the next one `spacingMs` after a failure; then the
    /// round ends (RevenueCat: 3 tries 5 s apart; seed 000: 3 tries back to back, `spacingMs`
    /// 0, each bounded by the 15 s request timeout).
    case tries(count: Int, spacingMs: Int64)
}

/// Which failed tries the in-session schedule retries (docs/model.md §6, "Rounds and tries").
/// The world tells an error answer from the app server (a 5xx: the server or Apple failed)
/// from no answer (the request or its response lost, no network, a server that died
/// mid-request: the client's timeout or the OS's error).
public enum RetriedFailures: String, Sendable, CaseIterable {
    /// Every failure, answered or not (every source's retry loop).
    case anyFailure
    /// Only failures without an answer: a 5xx answer ends the round, as when the app shows the
    /// server's error and lets the user or a trigger go on (a team's flow in issue 54: "retries
    /// happen on network errors but not on 5xx"). A trigger or a launch starts the next round.
    case networkErrorsOnly
}

/// Events outside the in-session schedule that start a fresh round of tries (docs/model.md §6,
/// "retry trigger"). What each resumes:
///
/// - `launch` and `foreground` (the model treats every return to the app as a cold launch, so
///   the two fire together), 1 s after the launch: every durable record (sandbox or keychain)
///   bound to a transaction the server has not confirmed, within `RetryScope`. Unfinished
///   transactions come back at every launch through StoreKit whether or not the design has
///   this trigger (StoreKit 1's observer, StoreKit 2's `Transaction.updates`).
/// - `networkRegained`, when an offline episode ends while the app runs: the same records, every
///   transaction this process has worked on and not seen confirmed (including one whose tries
///   ran out; its memory record is still alive in this process), and with StoreKit 2 every
///   unfinished transaction (`Transaction.unfinished`).
///
/// A transaction the design gave up on for good (the server answered invalid, or it was
/// dropped or left unmatched) is never resumed.
public struct RetryTriggers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let launch = RetryTriggers(rawValue: 1 << 0)
    public static let foreground = RetryTriggers(rawValue: 1 << 1)
    public static let networkRegained = RetryTriggers(rawValue: 1 << 2)

    /// Names in a fixed order, for printing and parsing.
    public static let named: [(String, RetryTriggers)] = [
        ("launch", .launch), ("foreground", .foreground), ("networkRegained", .networkRegained),
    ]
}

/// Which records and transactions the app may work on: seed 000 v1.x and seed 004 verify a
/// record only when its user is the one logged in ("一致则发起验证，否则忽略"), and hold it
/// for when that user logs in again.
public enum RetryScope: String, Sendable, CaseIterable {
    case allRecords
    case loggedInUserOnly
}

/// Which rounds of tries follow `RetrySchedule` (docs/model.md §6, "Rounds and tries").
public enum RetryScheduleRounds: String, Sendable, CaseIterable {
    /// Every round.
    case everyRound
    /// Only rounds started at a launch (StoreKit's give-back or the `launch`/`foreground`
    /// trigger), by `networkRegained` or by a recover page. The round a fresh `purchased`
    /// callback starts, in the purchase's own session, makes one try; after it fails nothing is
    /// tried until a trigger fires (seed 004 retries "每次…重启", at each restart).
    case triggeredRoundsOnly
}

/// What the client does with a `purchased` transaction whose `transactionIdentifier` is nil
/// (StoreKit 1; docs/model.md §6).
public enum TransactionWithoutIdPolicy: String, Sendable, CaseIterable {
    /// Verify it like any other: the app receipt lists it; a per-transaction receipt cannot be
    /// checked without the id (§7).
    case verify
    /// BLIAP: no record and no verification while the id is missing (its transaction model
    /// refuses a nil id), so it stays unfinished; when StoreKit gives it back at a launch,
    /// BLIAP's `checkUnfinishedTransactionInSandbox` finishes it undelivered if it still has no
    /// id, and handles it as usual if it has one.
    case skipThenFinishAtLaunch
}
