import Policies

/// `simrun ablate --importance`: what each choice is worth on lost orders at the margin, where a
/// design that loses a few orders in 10^8 shows every change as "0.0 [0.0, 0.0]" at any count a
/// run can afford. The plain panel stays as it was for every other objective; each change's lost
/// orders are compared with the design's again by importance sampling (docs/model.md §14): a
/// pilot tunes the change's worlds, the design's are tuned once, and the two designs run paired
/// over the same runs drawn from the two pilots' worlds joined (`BiasPilot.joined`: each design
/// half of the biased runs, with every world its pilot gave it, the broad one included). Each
/// row's comparison is thus its own weighted experiment (its runs differ from another row's),
/// each unbiased with its own paired z-test; Holm's correction and the order by effect then apply
/// to them as to counts.
extension Ablation {
    /// One change's weighted comparison on lost orders.
    public struct WeightedLost: Sendable {
        /// Changed − design, lost orders per intent, over the row's weighted runs.
        public let difference: WeightedDifference
        /// The changed design's and the design's lost orders per intent on those runs.
        public let changed: WeightedRate
        public let base: WeightedRate

        /// The guard's warning on either estimate, or nil.
        public var warning: String? { changed.warning ?? base.warning }
    }

    /// What the weighted comparisons need: the runs, the pilot's runs per step, the threads.
    public struct Weighing: Sendable {
        public let runs: Range<UInt64>
        public let pilotRunsPerStep: Int
        public let jobs: Int

        public init(runs: Range<UInt64>, pilotRunsPerStep: Int, jobs: Int) {
            self.runs = runs
            self.pilotRunsPerStep = pilotRunsPerStep
            self.jobs = jobs
        }
    }

    /// `result` with every simulated change's lost orders compared by importance sampling:
    /// the rows' lost difference and rate replaced by the weighted ones (per 10^6 intents) where
    /// the guard does not flag them (a flagged row keeps its counts, `Row.isCounted`), re-sorted by
    /// effect, Holm's correction taken on the p-values so chosen. `progress` counts
    /// weighted runs (two designs per change).
    /// - Complexity: per change, its pilot (up to `BiasPilot.attempts` climbs) and
    ///   `weighing.runs` runs of two designs.
    public static func weighLosses(_ result: Result, scenario: Scenario, weighing: Weighing, progress: ProgressCounter? = nil) -> Result {
        let base = result.design
        let baseBias = BiasPilot.tune(scenario: scenario, designs: [base], runsPerStep: weighing.pilotRunsPerStep, jobs: weighing.jobs).bias
        let lost = Outcome.objectives.firstIndex(of: .lost)!
        var baseRate: WeightedRate?
        let rows = result.rows.map { row -> Row in
            let changed = row.change.design!
            // Both pilots' whole mixtures. Only their first worlds were joined before the pilot gave a
            // design a world per loss mechanism and a broad one: then 23 of the recommended design's 78
            // comparisons on `default` were flagged, 19 for one run of its own holding 6% of its estimate.
            let changedBias = BiasPilot.tune(scenario: scenario, designs: [changed], runsPerStep: weighing.pilotRunsPerStep, jobs: weighing.jobs)
                .bias
            let bias = BiasPilot.joined([baseBias, changedBias])
            let run = Runner.weighted(scenario: scenario, designs: [base, changed], runs: weighing.runs, bias: bias, jobs: weighing.jobs,
                                      progress: progress)
            let intents = run.tallies[0].intents
            let weighted = WeightedLost(difference: run.panel.difference(1, 0, .lost, intents: intents),
                                        changed: run.panel.rate(1, .lost, intents: intents), base: run.panel.rate(0, .lost, intents: intents))
            if baseRate.map({ weighted.base.effectiveSize > $0.effectiveSize }) ?? true { baseRate = weighted.base }
            var differences = row.differences, rates = row.rates
            if weighted.warning == nil {
                let d = weighted.difference
                differences[lost] = PairedDifference(difference: d.difference * 1e6, low: d.low * 1e6, high: d.high * 1e6, logP: d.logP,
                                                     onlyA: 0, onlyB: 0)
                rates[lost] = weighted.changed.rate * 1e6
            }
            return Row(change: row.change, differences: differences, rates: rates, weighted: weighted)
        }
        var baseRates = result.baseRates
        if let baseRate { baseRates[lost] = baseRate.rate * 1e6 }
        var weighted = Result(job: result.job, design: base, baseRates: baseRates, intents: result.intents, rows: byEffect(rows),
                              skipped: result.skipped)
        weighted.weightedRuns = weighing.runs.count
        weighted.weightedBase = baseRate
        return weighted
    }

    /// A weighted figure per 10^6 intents, signed, with three significant digits.
    static func signedFigure(_ perMillion: Double) -> String {
        FixedPoint.signedPerMillion(perMillion / 1e6)
    }
}
