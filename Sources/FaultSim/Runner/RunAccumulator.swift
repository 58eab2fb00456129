/// What the run loop (`Runner.simulate`) hands over after each run of every design of a panel:
/// an accumulator reads each design's intent masks and its requests to the app server in the
/// run, and keeps what its view needs (paired counts, a design's run profile). Accumulators of
/// different workers merge into exactly the single-pass result, in worker order, so nothing
/// depends on the thread count.
///
/// Importance sampling's accumulator (`WeightedPanel`) also reads each design's likelihood
/// ratio for the run from its worlds (`record(run:masks:requests:worlds:)`).
public protocol RunAccumulator: Sendable {
    /// Adds run `run`: `masks[d]` and `requests[d]` are design d's. The arrays are the loop's
    /// own buffers, reused from run to run: read them, do not keep them.
    mutating func record(run: UInt64, masks: [OutcomeMasks], requests: [Int64])
    /// The same, with the designs' worlds as the run left them (what an importance-sampled
    /// run's weight is read from). By default, `record(run:masks:requests:)`.
    mutating func record(run: UInt64, masks: [OutcomeMasks], requests: [Int64], worlds: [DesignWorlds])
    /// Adds what another worker accumulated over other runs of the same designs.
    mutating func merge(_ other: Self)
}

extension RunAccumulator {
    @inline(__always)
    public mutating func record(run: UInt64, masks: [OutcomeMasks], requests: [Int64], worlds: [DesignWorlds]) {
        record(run: run, masks: masks, requests: requests)
    }
}

/// The accumulator of a simulation that needs only the designs' tallies (`Runner.run`).
public struct TalliesOnly: RunAccumulator {
    public init() {}
    @inline(__always) public mutating func record(run: UInt64, masks: [OutcomeMasks], requests: [Int64]) {}
    public mutating func merge(_ other: TalliesOnly) {}
}
