/// Which segment run `i`'s user is in: one uniform of (seed, run `i`) alone
/// (`RandomStreams.traitUnit`, trait `segment`), drawn outside the component streams, so no
/// other draw moves, and the same user for every design (common random numbers). Segment j
/// takes the uniforms in [s₀ + … + sⱼ₋₁, s₀ + … + sⱼ); the base segment (the last index) the
/// rest. Without segments there is nothing to draw: every run is the base segment's, and a
/// scenario without segments simulates exactly what it did before segments existed.
public struct SegmentPlan: Sendable, Equatable {
    /// The upper ends of the declared segments' intervals, in order; empty without segments.
    /// The last is 1 when the shares add up to 1, so the base segment then gets no run.
    public let bounds: [Double]
    let seedKey: UInt64

    public init(shares: [Double], seed: UInt64) {
        var bounds: [Double] = []
        var sum = 0.0
        for share in shares {
            sum += share
            bounds.append(sum)
        }
        if let last = bounds.indices.last, bounds[last] >= 1 - Scenario.shareTolerance { bounds[last] = 1 }
        invariant(zip(bounds, bounds.dropFirst()).allSatisfy { $0 <= $1 }, "segment bounds out of order: a share is negative")
        self.bounds = bounds
        seedKey = RandomStreams.seedKey(seed)
    }

    /// The number of segments, the base segment included.
    public var count: Int { bounds.count + 1 }

    /// The segment of run `run`: an index into `Scenario.segmentNames`.
    /// - Complexity: O(log segments), a binary search of `bounds` (non-decreasing), which finds
    ///   the first bound above the uniform, as a scan from the first would; one trait draw (two
    ///   mixes) when there are segments, none without.
    @inline(__always)
    public func segment(of run: UInt64) -> Int {
        guard !bounds.isEmpty else { return 0 }
        let unit = RandomStreams.traitUnit(seedKey: seedKey, run: run, .segment)
        var low = 0, high = bounds.count
        // Invariant: every bound below `low` is ≤ unit, and `high` is the end or a bound > unit.
        while low < high {
            let middle = (low + high) / 2
            if unit < bounds[middle] { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
