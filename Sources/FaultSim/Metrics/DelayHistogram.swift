/// Counts of durations in log-linear buckets: exact below 64 ms, then 64 buckets per power
/// of two (relative width 1/64 ≈ 1.6%). Raw counts merge by addition, so shards and threads
/// combine into exactly the single-machine histogram.
public struct DelayHistogram: Sendable, Equatable {
    static let subBuckets = 64
    static let bucketCount = 64 + 58 * 64  // covers every non-negative Int64

    public private(set) var counts: [Int64]
    public private(set) var total: Int64 = 0

    public init() { counts = Array(repeating: 0, count: DelayHistogram.bucketCount) }

    /// - Complexity: O(1).
    public mutating func record(_ valueMs: SimTime) {
        counts[DelayHistogram.bucket(of: max(valueMs, 0))] += 1
        total += 1
    }

    /// Adds `count` durations to `bucket`, as a partial result file lists them.
    mutating func add(_ count: Int64, toBucket bucket: Int) {
        counts[bucket] += count
        total += count
    }

    public mutating func merge(_ other: DelayHistogram) {
        for index in counts.indices { counts[index] += other.counts[index] }
        total += other.total
    }

    static func bucket(of value: SimTime) -> Int {
        if value < 64 { return Int(value) }
        let magnitude = 63 - value.leadingZeroBitCount  // ≥ 6
        let sub = Int((value >> (magnitude - 6)) & 63)
        return 64 + (magnitude - 6) * 64 + sub
    }

    /// The smallest value that falls in `bucket`.
    static func lowerBound(of bucket: Int) -> SimTime {
        if bucket < 64 { return SimTime(bucket) }
        let magnitude = (bucket - 64) / 64 + 6
        let sub = SimTime((bucket - 64) % 64)
        return (64 + sub) << (magnitude - 6)
    }

    /// The q-quantile (nearest rank), reported as its bucket's lower bound: within 1.6% of
    /// the true value. Nil when nothing was recorded.
    public func quantile(_ q: Double) -> SimTime? {
        guard total > 0 else { return nil }
        let rank = max(1, Int64((q * Double(total)).rounded(.up)))
        var seen: Int64 = 0
        for (bucket, count) in counts.enumerated() where count > 0 {
            seen += count
            if seen >= rank { return DelayHistogram.lowerBound(of: bucket) }
        }
        return nil
    }
}
