import Policies

/// The phone.
public struct DeviceParameters: Sendable, Equatable {
    /// The app crashes once in a session (99.95% crash-free sessions, Instabug 2024).
    public var crashProbabilityPerSession = 0.0005
    /// When the crash comes, from the start of the session.
    public var crashTime = DurationDistribution.uniform(minMs: 0, maxMs: Scenario.minute)
    /// The user's device runs iOS 14 or older, where StoreKit 2 does not exist. On a platform
    /// whose new builds stop at iOS 15 (`platform.newBuildFloor`, today's), every design's run is
    /// the scenario's `legacyBuild`'s; on one without (pre-2025), a StoreKit 2 design's run is its
    /// `olderOSDesign`'s (docs/model.md §1). Guess: Apple counted
    /// 10% of all iPhones that transacted on the App Store on 12 February 2026 on iOS 17 or
    /// earlier (7% on 7 June 2026), an upper bound since iOS 15 to 17 are in it; TelemetryDeck
    /// counted iOS 14 at 0.1% of its iPhones in June 2023.
    public var belowIOS15Probability = 0.005
    /// The user's device runs iOS 15.x: StoreKit 2 works, but `AppTransaction` (iOS 16) does not,
    /// so the app cannot send the server its `appTransactionID` at login; the server learns the
    /// Apple Account's id only from a transaction the app sends it (docs/model.md §1). Drawn from
    /// the same uniform as `belowIOS15Probability`, just above it. Guess: see the parameter table.
    public var iOS15Probability = 0.015
}
