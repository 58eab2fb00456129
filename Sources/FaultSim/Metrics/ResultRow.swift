/// One design's result in one scenario: what a CSV row and a table line are made of.
public struct ResultRow: Sendable {
    public let scenario: String
    /// The Apple platform the scenario ran against (`PlatformParameters.name`).
    public let platform: String
    public let design: String
    public let seed: UInt64
    public let tally: DesignTally
    /// With `--by-segment`: the segment the row counts (`Scenario.segmentNames`), or
    /// `ResultRow.allSegments` for the row of every run; nil in an output not split by segment.
    public let segment: String?

    /// How a split output names the row of all the runs, the segments' mixture.
    public static let allSegments = Scenario.allSegmentsName

    public init(scenario: Scenario, design: String, tally: DesignTally, segment: String? = nil) {
        self.init(scenario: scenario.label, platform: scenario.platform.name, design: design, seed: scenario.seed, tally: tally,
                  segment: segment)
    }

    public init(scenario: String, platform: String, design: String, seed: UInt64, tally: DesignTally, segment: String? = nil) {
        self.scenario = scenario
        self.platform = platform
        self.design = design
        self.seed = seed
        self.tally = tally
        self.segment = segment
    }

    /// Each design's row of all the runs (segment `all`), then its row per segment, in
    /// `Scenario.segmentNames` order: what `--by-segment` writes. `segments[d][s]` are design
    /// d's tallies by segment, which add up to `tallies[d]`.
    public static func bySegment(scenario: Scenario, designs: [String], tallies: [DesignTally],
                                 segments: [[DesignTally]]) -> [ResultRow] {
        let names = scenario.segmentNames
        return designs.indices.flatMap { d in
            [ResultRow(scenario: scenario, design: designs[d], tally: tallies[d], segment: allSegments)]
                + names.indices.map { ResultRow(scenario: scenario, design: designs[d], tally: segments[d][$0], segment: names[$0]) }
        }
    }

    func perIntent(_ count: Int64) -> Double { tally.intents > 0 ? Double(count) / Double(tally.intents) : 0 }
}
