/// The app's own server.
public struct AppServerParameters: Sendable, Equatable {
    /// A 5xx answer on any endpoint, without acting.
    public var errorProbability = 0.005
    /// The server dies after Apple said valid and before delivering (no answer).
    public var crashBeforeDeliveryProbability = 0.00005
    /// The server dies after delivering and before answering.
    public var crashAfterDeliveryProbability = 0.00005
    /// Time the server spends on a request besides waiting for Apple.
    public var processingTime = DurationDistribution.fixed(20)
    /// The server gives up on a verify call to Apple after this long (seed 001).
    public var appleTimeoutMs: SimTime = 10 * Scenario.second
    /// Period of the transaction-history reconciliation job (designs that run one).
    public var reconcileIntervalMs: SimTime = Scenario.hour
    /// How long after the latest charge the job keeps running (while a transaction is
    /// undelivered); a later charge starts it again.
    public var reconcileWindowMs: SimTime = 2 * Scenario.day
    /// How often the server's job calls Get Notification History with `onlyFailures`
    /// (`ServerRecovery.notificationHistory`): a posting that failed is found at the job's next
    /// run (guess).
    public var notificationHistoryIntervalMs: SimTime = Scenario.hour
    /// A run meets an outage of the whole server: every request in the window fails, the
    /// client's, Apple's notification posts and the recover page's alike (guess).
    public var outageProbability = 0.001
    /// When the outage starts, from the start of the run.
    public var outageStart = DurationDistribution.uniform(minMs: 0, maxMs: 2 * Scenario.minute)
    /// How long the outage lasts (guess).
    public var outageDuration = DurationDistribution.logNormal(medianMs: 30 * Scenario.minute, p99Ms: 12 * Scenario.hour)
    /// The notification endpoint is broken when the run starts (guess).
    public var notificationEndpointBrokenProbability = 0.002
    /// How long it stays broken from the start of the run; at least the horizon is the whole run
    /// (guess).
    public var notificationEndpointBrokenDuration = DurationDistribution.logNormal(medianMs: Scenario.day, p99Ms: 30 * Scenario.day)
    /// What the broken endpoint does with Apple's posts.
    public var notificationEndpointBehaviour = BrokenEndpointBehaviour.answers5xx
    /// The server's check of Apple's signatures fails when the run starts (certificate chain or
    /// OCSP errors; guess).
    public var signatureCheckFailureProbability = 0.0005
    /// How long the check keeps failing from the start of the run.
    public var signatureCheckFailureDuration = DurationDistribution.logNormal(medianMs: 4 * Scenario.hour, p99Ms: Scenario.day)
    /// What the server answers when it cannot check a signature.
    public var verificationErrorAnswer = VerificationErrorAnswer.tryLater
    /// Time the notification handler takes before it answers Apple (guess).
    public var notificationHandlingTime = DurationDistribution.logNormal(medianMs: 50, p99Ms: 2 * Scenario.second)
}
