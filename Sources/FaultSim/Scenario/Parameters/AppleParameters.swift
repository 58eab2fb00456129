/// Apple's servers.
public struct AppleParameters: Sendable, Equatable {
    /// verifyReceipt latency as the app server sees it (seed 001: 200 ms min, > 7 s seen).
    public var verifyLatency = DurationDistribution.logNormal(medianMs: 600, p99Ms: 7 * Scenario.second)
    /// A verify call answers "try again" (21005/21002/21009, HTTP 503).
    public var tryAgainProbability = 0.01
    /// A run has an outage window in which every verify call answers "try again" (guess).
    public var outageProbability = 0.001
    /// When the outage starts, from the start of the run.
    public var outageStart = DurationDistribution.uniform(minMs: 0, maxMs: 2 * Scenario.minute)
    /// How long the outage lasts (guess).
    public var outageDuration = DurationDistribution.logNormal(medianMs: 30 * Scenario.minute, p99Ms: 6 * Scenario.hour)
    /// One delivery attempt of a server-to-server notification is lost.
    public var notificationLossProbability = 0.02
    /// Time from the charge to the first notification attempt (guess; FB15330451 reports 66 minutes).
    public var notificationDelay = DurationDistribution.logNormal(medianMs: 5 * Scenario.second, p99Ms: Scenario.hour)
    /// Time from a refund request to Apple's decision. Apple, *Request a refund*: "Allow up to
    /// 48 hours"; StoreKit's refund sheet: "Wait 24 to 48 hours". Apple refunds a purchase the
    /// developer has not delivered by then and declines one it has (the consumption information,
    /// `CONSUMPTION_REQUEST`, shows it used).
    public var refundDecisionDelay = DurationDistribution.logNormal(medianMs: Scenario.day, p99Ms: 2 * Scenario.day)
    /// Apple stops waiting for the server's answer to a notification post after this long and
    /// counts the attempt as failed (guess: Apple documents none).
    public var notificationTimeoutMs: SimTime = 5 * Scenario.second
    /// Whether Apple retries a notification answered with a 4xx.
    public var notificationRetriesOn4xx = ClientErrorRetry.notRetried
    /// Apple posts a notification the server accepted once more (guess).
    public var notificationResentProbability = 0.01
}
