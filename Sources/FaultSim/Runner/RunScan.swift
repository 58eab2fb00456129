import Policies

/// The first runs of one design that ended a given way, in run order: what `simrun find` lists
/// and what the report's example diagrams are chosen from (`DiagramSearch`). One scan for both,
/// so the run the report draws for a cause is one `find` lists for it.
public enum RunScan {
    /// A run with an intent that ended the way asked.
    public struct Match: Sendable, Equatable {
        public let run: UInt64
        /// The run's first intent that ended that way.
        public let intent: Int
        public let cause: Cause
        /// The run's events, what `shortest` ranks by.
        public let events: Int
        /// The user's segment (an index into `Scenario.segmentNames`).
        public let segment: Int
        /// The run's importance weight under the scan's bias; nil without one.
        public let weight: Double?
    }

    /// Runs 0, 1, ... of `design` one at a time, in order, until `limit` runs had an intent that
    /// ended `outcome` (one counted per intent, `Outcome.paired`), with `cause` when given, or
    /// the scenario's runs ran out. With `bias`, the runs are drawn as importance sampling draws
    /// them, where rare endings are common. `progress` counts every run of the scenario, scanned
    /// or not, by 4,096 as the scan goes and the rest at its end.
    /// - Returns: the matches, in run order, and the runs scanned ([0, scanned)).
    /// - Complexity: O(scanned · events per run).
    public static func first(_ limit: Int, of design: Design, in scenario: Scenario, ending outcome: Outcome, cause: Cause? = nil,
                             bias: FaultBias? = nil, progress: ProgressCounter? = nil) -> (matches: [Match], scanned: UInt64) {
        precondition(limit > 0 && Outcome.paired.contains(outcome), "a scan looks for at least one run of an outcome counted per intent")
        let total = UInt64(scenario.runs)
        var world = DesignWorlds(scenario: scenario, design: design)
        world.recordsVerdicts = true
        if let bias { world.bias = bias }
        var matches: [Match] = []
        var run: UInt64 = 0
        while run < total && matches.count < limit {
            world.run(run)
            let mask = world.outcomeMasks[outcome]
            for (intent, verdict) in world.lastRunVerdicts.enumerated()
            where mask & (1 << UInt64(intent)) != 0 && (cause == nil || verdict.cause == cause) {
                matches.append(Match(run: run, intent: intent, cause: verdict.cause, events: world.lastRunEvents,
                                     segment: world.lastRunSegment, weight: world.lastRunImportance?.weight))
                break
            }
            run += 1
            if run % 4_096 == 0 { progress?.add(4_096) }
        }
        progress?.add(Int(total - run + run % 4_096))
        invariant(matches.count <= limit && (matches.last?.run ?? 0) < max(run, 1), "the matches are among the runs scanned")
        return (matches, run)
    }

    /// The match with the fewest events, the earliest run on a tie; nil when there is none.
    /// - Complexity: O(matches).
    public static func shortest(_ matches: [Match]) -> Match? {
        matches.min { $0.events != $1.events ? $0.events < $1.events : $0.run < $1.run }
    }
}
