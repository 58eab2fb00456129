import Policies

/// Which of a traced run's faults changed how the run ended, for the report's sequence
/// diagrams, which mark only those.
///
/// The rule is a counterfactual replay, one per fault that fired: the same run (same seed, same
/// draws) with that one fault point not fired (`FaultChooser.seeded(suppressing:)`). The fault
/// is *decisive* when some intent then ends differently: another outcome, or the same outcome
/// for another cause. Everything before the fault point happens exactly as in the traced run;
/// after it, later faults fire or not by their own seeded draws, which is the honest answer to
/// "would this run have ended otherwise without it?". Rule faults (probability 1, such as a
/// patience that ran out or a call that outlasted its timeout) are replayed away the same way.
///
/// A fault that recurs (a name lost again at every launch) can be decisive only as a kind:
/// taking one away leaves the next to do the same. So each kind that fired more than once with
/// no single firing decisive is replayed once more with every fault of that kind suppressed
/// (`FaultChooser.seeded(suppressingKinds:)`); if the ending then changes, its faults are
/// *jointly* decisive.
///
/// Each replay is one run of one design, so a diagram of k faults costs at most k + (its
/// kinds) runs.
public struct DecisiveFaults: Sendable, Equatable {
    /// Fault points (`TraceEntry.faultPoint`) whose removal alone changes some intent's ending.
    public var decisive: [Int] = []
    /// Fault points that change it only together with every other fault of their kind.
    public var jointly: [Int] = []

    public init(decisive: [Int] = [], jointly: [Int] = []) {
        self.decisive = decisive
        self.jointly = jointly
    }

    /// The judgement of `trace`, run `run` of `design`; `verdicts` are the traced run's.
    public static func judge(scenario: Scenario, design: Design, run: UInt64, trace: [TraceEntry],
                             verdicts: [IntentVerdict]) -> DecisiveFaults {
        let fired = trace.compactMap { entry in entry.faultPoint.map { (point: $0, kind: entry.fault!) } }
        var result = DecisiveFaults()
        guard !fired.isEmpty else { return result }
        var world = DesignWorlds(scenario: scenario, design: design)
        world.recordsVerdicts = true
        func endsDifferently(_ faults: FaultChooser) -> Bool {
            world.faults = faults
            world.run(run)
            return world.lastRunVerdicts != verdicts
        }
        for fault in fired where endsDifferently(.seeded(suppressing: [fault.point])) {
            result.decisive.append(fault.point)
        }
        for kind in FaultKind.allCases {
            let ofKind = fired.filter { $0.kind == kind }.map(\.point)
            guard ofKind.count > 1, !ofKind.contains(where: result.decisive.contains),
                  endsDifferently(.seeded(suppressingKinds: [kind])) else { continue }
            result.jointly += ofKind
        }
        result.jointly.sort()
        return result
    }
}
