import Policies

/// A panel per segment (`Scenario.segments`): each run is recorded in the panel of its user's
/// segment, which the accumulator draws itself from the run's index (`SegmentPlan`, the same
/// draw `DesignWorlds.run` makes), so the run loop is the one every simulation uses. The
/// segments' panels add up to the panel of all the runs, count by count.
///
/// Only the segments some run reached hold a panel of their own (`recorded`, in the order
/// their first runs came): with 10,000 segments and 20 runs, a full panel per segment and
/// worker was almost all of the memory, and every unreached segment's panel is the empty one.
public struct SegmentPanels: RunAccumulator {
    public let plan: SegmentPlan
    /// The panel of a segment no run has reached.
    let empty: PanelResult
    /// `slots[s]`: the index in `recorded` of segment s's panel; -1 while no run of it is recorded.
    private(set) var slots: [Int]
    /// The panels of the segments reached, in the order each was first reached.
    private(set) var recorded: [PanelResult] = []

    public init(plan: SegmentPlan, empty: PanelResult) {
        self.plan = plan
        self.empty = empty
        slots = Array(repeating: -1, count: plan.count)
    }

    /// One panel per segment, in `Scenario.segmentNames` order; a segment no run reached gets
    /// the empty panel (which every such segment shares until it is changed).
    public var panels: [PanelResult] { slots.map { $0 >= 0 ? recorded[$0] : empty } }

    public mutating func record(run: UInt64, masks: [OutcomeMasks], requests: [Int64]) {
        recorded[slot(of: plan.segment(of: run))].record(run: run, masks: masks, requests: requests)
    }

    /// Segment `segment`'s index in `recorded`, an empty panel added for it when it has none.
    private mutating func slot(of segment: Int) -> Int {
        if slots[segment] < 0 {
            slots[segment] = recorded.count
            recorded.append(empty)
        }
        return slots[segment]
    }

    /// Adds another worker's panels, segment by segment. Merging into an empty panel gives the
    /// other panel's counts, and merging an empty one changes nothing, so the result is the
    /// same as when every segment held a panel.
    public mutating func merge(_ other: SegmentPanels) {
        precondition(other.plan == plan, "panels of the same segments")
        for (segment, index) in other.slots.enumerated() where index >= 0 {
            recorded[slot(of: segment)].merge(other.recorded[index])
        }
        invariant(recorded.count == slots.count(where: { $0 >= 0 }), "one recorded panel per segment reached")
    }

    /// The panel of every run: the segments' panels added up.
    public var overall: PanelResult {
        let panels = panels
        var total = panels[0]
        for panel in panels.dropFirst() { total.merge(panel) }
        return total
    }
}

extension Runner {
    /// `panel`, and the same panel for each segment's runs alone (in `Scenario.segmentNames`
    /// order): the overall panel is their sum, so its figures are the segments' mixture.
    public static func panelBySegment(
        scenario: Scenario, designs: [Design], pairs: PanelPairs, outcomes: [Outcome] = Outcome.blemishes, pairsRequests: Bool = true,
        runs: Range<UInt64>, jobs: Int, chunkSize: Int = defaultChunkSize, progress: ProgressCounter? = nil
    ) -> (overall: PanelResult, segments: [PanelResult]) {
        let plan = scenario.segmentPlan
        let empty = PanelResult(designs: designs.count, pairs: pairs, outcomes: outcomes, pairsRequests: pairsRequests)
        let (_, accumulated, tallies) = simulate(scenario: scenario, designs: designs, runs: runs, jobs: jobs, chunkSize: chunkSize,
                                                 progress: progress) { SegmentPanels(plan: plan, empty: empty) }
        var segments = accumulated.panels
        for index in segments.indices {
            segments[index].tallies = tallies.map { $0[index] }
            segments[index].segmentTallies = tallies.map { [$0[index]] }
            segments[index]._checkInvariants()
        }
        var overall = segments[0]
        for panel in segments.dropFirst() { overall.merge(panel) }
        overall.segmentTallies = tallies
        overall._checkInvariants()
        return (overall, segments)
    }
}
