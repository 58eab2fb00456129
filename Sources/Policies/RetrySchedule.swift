/// How the client retries a failed verification within one app session (domain.md §5).
/// Times are virtual milliseconds.
public enum RetrySchedule: Sendable, Equatable {
    /// Never retry in session.
    case none
    /// Retry every `intervalMs`, for as long as the session lasts (seed 001).
    case fixedInterval(intervalMs: Int64)
    /// Wait failures × `stepMs`, at most `capMs`, forever (BLIAP: 10 s steps, 60 s cap).
    case linearBackoff(stepMs: Int64, capMs: Int64)
    /// Up to `tries` attempts in all, `spacingMs` apart, then stop until a trigger
    /// (RevenueCat: 3 retries 5 s apart).
    case tries(count: Int, spacingMs: Int64)
    /// Up to `tries` attempts back to back, then close the modal and offer a
    /// "recover order" page, which the user may open for one more round (seed 000).
    case triesThenRecoverPage(count: Int)
}

/// Events outside the in-session schedule that restart verification of every pending
/// record and unfinished transaction (domain.md §5, "retry trigger").
///
/// The model treats every return to the app as a cold launch (the process is assumed
/// gone while the user is away), so `launch` and `foreground` fire together.
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

/// Which records a launch-time retry may pick up (seed 004 retries the logged-in user's only).
public enum RetryScope: String, Sendable, CaseIterable {
    case allRecords
    case loggedInUserOnly
}
