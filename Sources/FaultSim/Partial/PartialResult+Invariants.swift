/// What holds of a run or sweep's counts, a shard's or a merged job's.
extension PartialResult {
    /// Every part has one tally and one pairs row per design, and its runs lie within the job's
    /// (all of them for a whole job, as a merge makes);
    /// in debug builds, every tally counted exactly the part's runs, adds up (`bookkeepingProblem`,
    /// no count negative), and no design is counted as losing an intent its pair partner kept
    /// more often than it lost one.
    public func _checkInvariants() {
        invariant(runs.upperBound <= totalRuns && (shard.count > 1 || runs == 0..<totalRuns),
                  "a part's runs lie within its job's, and a whole job's (shard 1/1) are all of them")
        invariant(parts.allSatisfy { $0.tallies.count == designs.count && $0.pairs.designs == designs.count },
                  "one tally and one pairs row per design in every scenario")
        #if DEBUG
        for part in parts {
            for tally in part.tallies {
                invariant(tally.runs == Int64(runs.count), "a tally counted \(tally.runs) runs of the part's \(runs.count)")
                tally._checkInvariants()
            }
            for a in designs.indices {
                for b in designs.indices {
                    let only = part.pairs.lostOnlyBy(a, notBy: b)
                    invariant(only >= 0 && only <= part.tallies[a].lost && (a != b || only == 0), "a bad paired count")
                }
            }
        }
        #endif
    }
}

extension DesignTally {
    /// Every count by name, in a fixed order: the scalars, the delay buckets, faults and causes.
    var namedCounts: [(String, Int64)] {
        Self.scalarFields.map { ($0.0, self[keyPath: $0.1]) }
            + deliveryDelay.counts.enumerated().map { ("deliveryDelay[\($0.offset)]", $0.element) }
            + faultCounts.enumerated().map { ("faults[\($0.offset)]", $0.element) }
            + causeCounts.enumerated().map { ("causes[\($0.offset)]", $0.element) }
    }
}

extension PairedLosses {
    /// Row `design` of the paired counts by name: intents it lost and each other design did not.
    func namedCounts(of design: Int) -> [(String, Int64)] {
        (0..<designs).map { ("pairs[\(design)][\($0)]", lostOnlyBy(design, notBy: $0)) }
    }
}
