import Policies

extension Runner {
    /// The pilot's runs (`BiasPilot`): `runs` of `scenario` for each design in the world biased
    /// by `bias`, through the one run loop (`simulate`), with the pilot's sums (`tunes`, and
    /// `levels` for a multilevel step) that a panel does not keep. Every other weighted job is a
    /// panel with a bias (`Runner.panel(…, bias:)`), whose estimates come from the same sums.
    /// - Complexity: O(|runs| · |designs| · (events per run + fault kinds)).
    public static func weighted(
        scenario: Scenario, designs: [Design], runs: Range<UInt64>, bias: FaultBias, jobs: Int, tunes: Bool = false, levels: [SimTime]? = nil,
        chunkSize: Int = defaultChunkSize, progress: ProgressCounter? = nil
    ) -> (tallies: [DesignTally], panel: WeightedPanel) {
        let count = designs.count
        let result = simulate(scenario: scenario, designs: designs, runs: runs, jobs: jobs, chunkSize: chunkSize, progress: progress,
                              bias: bias) {
            WeightedPanel(bias: bias, designCount: count, tunes: tunes, levels: levels, keepsMechanisms: false)
        }
        return (result.tallies, result.accumulated)
    }
}
