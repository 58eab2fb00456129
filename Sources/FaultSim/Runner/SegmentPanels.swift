import Policies

/// A panel per segment (`Scenario.segments`): each run is recorded in the panel of its user's
/// segment, which the accumulator draws itself from the run's index (`SegmentPlan`, the same
/// draw `DesignWorlds.run` makes), so the run loop is the one every simulation uses. The
/// segments' panels add up to the panel of all the runs, count by count.
public struct SegmentPanels: RunAccumulator {
    public let plan: SegmentPlan
    /// One panel per segment, in `Scenario.segmentNames` order.
    public internal(set) var panels: [PanelResult]

    public init(plan: SegmentPlan, empty: PanelResult) {
        self.plan = plan
        panels = Array(repeating: empty, count: plan.count)
    }

    public mutating func record(run: UInt64, masks: [OutcomeMasks], requests: [Int64]) {
        panels[plan.segment(of: run)].record(run: run, masks: masks, requests: requests)
    }

    public mutating func merge(_ other: SegmentPanels) {
        precondition(other.plan == plan, "panels of the same segments")
        for index in panels.indices { panels[index].merge(other.panels[index]) }
    }

    /// The panel of every run: the segments' panels added up.
    public var overall: PanelResult {
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
