import Policies

/// The phone.
public struct DeviceParameters: Sendable, Equatable {
    /// The app crashes once in a session (99.95% crash-free sessions, Instabug 2024).
    public var crashProbabilityPerSession = 0.0005
    /// When the crash comes, from the start of the session.
    public var crashTime = DurationDistribution.uniform(minMs: 0, maxMs: Scenario.minute)
    /// The user's device runs iOS 14 or older, where StoreKit 2 does not exist: a run of a
    /// StoreKit 2 design is its `olderOSDesign`'s run (docs/model.md §1). Guess: Apple counted
    /// 10% of all iPhones that transacted on the App Store on 12 February 2026 on iOS 17 or
    /// earlier (7% on 7 June 2026), an upper bound since iOS 15 to 17 are in it; TelemetryDeck
    /// counted iOS 14 at 0.1% of its iPhones in June 2023.
    public var belowIOS15Probability = 0.005
}
