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
        /// The changed design's and the design's lost orders per intent on those runs.
        public let changed: WeightedRate
        public let base: WeightedRate

        /// The panel's difference on lost orders (changed − design, per 10^6 intents), with the
        /// guard's warning on either estimate.
        public let lostDifference: PairedDifference

        /// The guard's warning on either estimate, or nil.
        public var warning: String? { lostDifference.warning }
        /// The guard trusts both estimates: the lost figures are these, not the counts.
        public var isTrusted: Bool { warning == nil }

        /// `differences` and `rates` (in `Outcome.objectives` order) with the lost figures
        /// replaced by these weighted ones, unless the guard flags them (then counted stays).
        func replacingLost(_ differences: [PairedDifference], _ rates: [Double]) -> ([PairedDifference], [Double]) {
            guard isTrusted else { return (differences, rates) }
            let lost = Outcome.objectives.firstIndex(of: .lost)!
            var (differences, rates) = (differences, rates)
            differences[lost] = lostDifference
            rates[lost] = changed.rate * Outcome.lost.scale
            return (differences, rates)
        }

        /// Design 1 (changed) against design 0 (the design) in a weighted panel of the two.
        init(_ panel: PanelResult) {
            lostDifference = panel.difference(.lost, 1, 0)
            changed = panel.estimate(.lost, of: 1).weighted!
            base = panel.estimate(.lost, of: 0).weighted!
        }
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

        /// The worlds a pilot tunes for `design`'s lost orders at `scenario`.
        func bias(for design: Design, at scenario: Scenario) -> FaultBias {
            BiasPilot.tune(scenario: scenario, designs: [design], runsPerStep: pilotRunsPerStep, jobs: jobs).bias
        }

        /// `changed` against `base` on lost orders over `runs`, drawn from both pilots' worlds
        /// joined (`biases`: `base`'s, then `changed`'s).
        func compare(_ changed: Design, with base: Design, biases: (base: FaultBias, changed: FaultBias), at scenario: Scenario,
                     progress: ProgressCounter?) -> WeightedLost {
            // Both pilots' whole mixtures. Only their first worlds were joined before the pilot gave a
            // design a world per loss mechanism and a broad one: then 23 of the recommended design's 78
            // comparisons on `default` were flagged, 19 for one run of its own holding 6% of its estimate.
            let bias = BiasPilot.joined([biases.base, biases.changed])
            return WeightedLost(Runner.panel(scenario: scenario, designs: [base, changed], pairs: .all, runs: runs, jobs: jobs,
                                             progress: progress, bias: bias))
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
        let baseBias = weighing.bias(for: base, at: scenario)
        var baseRate: WeightedRate?
        let rows = result.rows.map { row -> Row in
            let changed = row.change.design!
            let weighted = weighing.compare(changed, with: base, biases: (baseBias, weighing.bias(for: changed, at: scenario)), at: scenario,
                                            progress: progress)
            if baseRate.map({ weighted.base.effectiveSize > $0.effectiveSize }) ?? true { baseRate = weighted.base }
            let (differences, rates) = weighted.replacingLost(row.differences, row.rates)
            return Row(change: row.change, differences: differences, rates: rates, weighted: weighted)
        }
        var baseRates = result.baseRates
        if let baseRate { baseRates[Outcome.objectives.firstIndex(of: .lost)!] = baseRate.rate * Outcome.lost.scale }
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
