import Policies

extension Runner {
    /// Runs `runs` of `scenario` for each design in the world biased by `bias`, through the one
    /// run loop (`simulate`), and returns the weighted sums (`WeightedPanel`) with the tallies of
    /// the biased runs (their counts are what happened under the bias: only their intents, which
    /// no bias changes, are an estimate of anything). The same bytes on any thread count.
    /// `mechanisms`: also keep each design's lost runs by mechanism (`WeightedMechanisms`).
    /// - Complexity: O(|runs| · |designs| · (events per run + fault kinds)).
    public static func weighted(
        scenario: Scenario, designs: [Design], runs: Range<UInt64>, bias: FaultBias, jobs: Int, tunes: Bool = false, levels: [SimTime]? = nil,
        chunkSize: Int = defaultChunkSize, progress: ProgressCounter? = nil, mechanisms: Bool = false
    ) -> (tallies: [DesignTally], panel: WeightedPanel) {
        let count = designs.count
        let result = simulate(scenario: scenario, designs: designs, runs: runs, jobs: jobs, chunkSize: chunkSize, progress: progress,
                              bias: bias) {
            WeightedPanel(bias: bias, designCount: count, tunes: tunes, levels: levels, keepsMechanisms: mechanisms)
        }
        return (result.tallies, result.accumulated)
    }
}
