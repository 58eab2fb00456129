/// One design's result in one scenario: what a CSV row and a table line are made of.
public struct ResultRow: Sendable {
    public let scenario: String
    /// The Apple platform the scenario ran against (`PlatformParameters.name`).
    public let platform: String
    public let design: String
    public let seed: UInt64
    public let tally: DesignTally

    public init(scenario: Scenario, design: String, tally: DesignTally) {
        self.init(scenario: scenario.label, platform: scenario.platform.name, design: design, seed: scenario.seed, tally: tally)
    }

    public init(scenario: String, platform: String, design: String, seed: UInt64, tally: DesignTally) {
        self.scenario = scenario
        self.platform = platform
        self.design = design
        self.seed = seed
        self.tally = tally
    }

    func perIntent(_ count: Int64) -> Double { tally.intents > 0 ? Double(count) / Double(tally.intents) : 0 }
}
