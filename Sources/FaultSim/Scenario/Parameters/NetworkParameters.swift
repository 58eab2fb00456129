/// The mobile network between the app and the app server.
public struct NetworkParameters: Sendable, Equatable {
    /// The request never reaches the server.
    public var requestLossProbability = 0.02
    /// The server acted, but its response never reaches the client.
    public var responseLossProbability = 0.01
    /// Round-trip latency, split evenly between the two legs.
    public var latency = DurationDistribution.logNormal(medianMs: 300, p99Ms: 5 * Scenario.second)
    /// The client gives up waiting for a response after this long.
    public var requestTimeoutMs: SimTime = 15 * Scenario.second
    /// A run has a weak-network episode in which every request fails.
    public var weakNetworkProbability = 0.01
    /// When the episode starts, from the start of the run.
    public var weakNetworkStart = DurationDistribution.uniform(minMs: 0, maxMs: 2 * Scenario.minute)
    /// How long the episode lasts.
    public var weakNetworkDuration = DurationDistribution.logNormal(medianMs: 10 * Scenario.minute, p99Ms: 2 * Scenario.hour)
}
