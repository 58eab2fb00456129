import Policies

/// What each choice of a design is worth: the design against every design that differs from it
/// on exactly one axis (every other value on the axis's grid), paired over the same runs
/// (common random numbers), on every objective. A change `Design.problems` rejects is listed
/// as skipped with its reason rather than simulated.
public enum Ablation {
    /// One single-axis change of the design.
    public struct Change: Sendable {
        /// The axis, as `customDesigns` spells it.
        public let axis: String
        /// The design's value and the changed one.
        public let from: JSONValue
        public let to: JSONValue
        /// The changed design (named `base/axis=index`), or nil when it is illegal.
        public let design: Design?
        /// Why the change cannot ship (empty when it can).
        public let problems: [String]
    }

    /// Every single-axis change of `design` over the axis grids, in axis order then value
    /// order: the legal ones with their design, the others with `problems`. Only axes a team can
    /// choose on `platform` change (`DesignAxis.isChoice(on:)`).
    /// - Complexity: O(axes × values) designs built and checked.
    public static func changes(of design: Design, on platform: PlatformParameters) -> [Change] {
        var changes: [Change] = []
        for axis in DesignAxis.table where axis.isChoice(on: platform) {
            let current = axis.value(of: design)
            for (index, value) in axis.values.enumerated() where value.json != current {
                var changed = axis.setting(index, on: design)
                changed.name = "\(design.name)/\(axis.name)=\(index)"
                let problems = changed.problems
                changes.append(Change(axis: axis.name, from: current, to: value.json, design: problems.isEmpty ? changed : nil,
                                      problems: problems))
            }
        }
        return changes
    }

    /// Changes as one phrase, each axis once with the values it changes to: `receiptKind →
    /// perTransaction, appReceipt`; past three values their count, the first two and the last
    /// (`olderOSDesign → 16 values (naive, seed000-v0, …, bliap)`); axes apart by `; `.
    static func changedValues(_ changes: [Change]) -> String {
        var axes: [(axis: String, values: [String])] = []
        for change in changes {
            if let index = axes.firstIndex(where: { $0.axis == change.axis }) {
                axes[index].values.append(change.to.label)
            } else {
                axes.append((change.axis, [change.to.label]))
            }
        }
        return axes.map { axis, values in
            let listed = values.count <= 3 ? values.joined(separator: ", ")
                : "\(values.count) values (\(values[0]), \(values[1]), …, \(values[values.count - 1]))"
            return "\(axis) → \(listed)"
        }.joined(separator: "; ")
    }

    /// One simulated change: its paired difference from the design on every objective
    /// (changed − design, so a positive `lost` difference means the change loses more orders).
    public struct Row: Sendable {
        public let change: Change
        /// In `Outcome.objectives` order.
        public let differences: [PairedDifference]
        /// The changed design's rates, in `Outcome.objectives` order and units.
        public let rates: [Double]
        /// With `--importance`: the weighted comparison its lost difference and rate come from,
        /// unless the guard flags it (`isCounted`).
        public var weighted: WeightedLost? = nil

        /// With `--importance`, a comparison the guard flags keeps the counted lost figures of the
        /// plain runs (McNemar's exact test): the guard's fallback, as `robust --fallback-runs`
        /// counts a flagged setting, at no cost here since every change ran plain too.
        public var isCounted: Bool { weighted?.warning != nil }

        /// Whether the lost difference and rate are weighted (with `--importance`, unless counted).
        public var isWeightedLost: Bool { weighted?.isTrusted == true }

        public func difference(_ objective: Outcome) -> PairedDifference {
            differences[Outcome.objectives.firstIndex(of: objective)!]
        }

        /// The changed design's rate of `objective`, in its unit.
        public func rate(_ objective: Outcome) -> Double { rates[Outcome.objectives.firstIndex(of: objective)!] }
    }

    /// What `ablate` found: the job, the design's own rates, every change simulated (by effect)
    /// or skipped, and what they add up to, concluded once (`Ablation.axesThatMatter`) for every
    /// output to tell.
    public struct Result: Sendable {
        public let job: DecisionJob
        public let design: Design
        /// The design's own rates, in `Outcome.objectives` order and units.
        public let baseRates: [Double]
        /// The design's intents over the runs (every change has the same).
        public let intents: Int64
        /// Simulated changes, sorted by effect (`Ablation.byEffect`).
        public let rows: [Row]
        /// Changes that cannot ship, in axis order.
        public let skipped: [Change]
        /// For lost orders and each other objective counted per intent: the axes whose change
        /// raises it significantly (Holm), each by its most harmful change, the largest first.
        public let raising: [(outcome: Outcome, rows: [Row])]
        /// The changes that lose significantly fewer orders than the design (Holm).
        public let helping: [Row]
        /// With `--importance`: the runs each change's weighted comparison used (0 without), and
        /// the design's own weighted lost orders (from the comparison with the largest effective size).
        public var weightedRuns = 0
        public var weightedBase: WeightedRate? = nil

        init(job: DecisionJob, design: Design, baseRates: [Double], intents: Int64, rows: [Row], skipped: [Change]) {
            self.job = job
            self.design = design
            self.baseRates = baseRates
            self.intents = intents
            self.rows = rows
            self.skipped = skipped
            raising = Outcome.blemishes.map { ($0, Ablation.axesThatMatter(rows, on: $0)) }
            helping = Ablation.significantChanges(rows, on: .lost).filter { $0.difference(.lost).difference < 0 }
        }

        /// The axes that matter for lost orders, most first.
        public var axesThatMatter: [Row] { raising[0].rows }
    }

    /// Simulates `design` and every legal single-axis change over `runs`, paired against the
    /// design, and sorts the rows by effect. `source` names the scenario in the outputs.
    /// - Complexity: O(|runs| · changes · events per run).
    public static func run(scenario: Scenario, design: Design, runs: Range<UInt64>, jobs: Int, source: String? = nil,
                           progress: ProgressCounter? = nil) -> Result {
        let all = changes(of: design, on: scenario.platform)
        let legal = all.filter { $0.design != nil }
        let panel = Runner.panel(scenario: scenario, designs: [design] + legal.map { $0.design! }, pairs: .against(0), runs: runs,
                                 jobs: jobs, progress: progress)
        let rows = legal.enumerated().map { offset, change in
            Row(change: change, differences: Outcome.objectives.map { panel.difference($0, offset + 1, 0) },
                rates: Outcome.objectives.map { panel.rate($0, of: offset + 1) })
        }
        return Result(job: DecisionJob(scenario, source: source, runs: runs.count), design: design,
                      baseRates: Outcome.objectives.map { panel.rate($0, of: 0) }, intents: panel.tallies[0].intents,
                      rows: byEffect(rows), skipped: all.filter { $0.design == nil })
    }

    /// The objectives the rows are sorted by, in turn: a change's effect on lost orders first,
    /// then lost sales, mis-deliveries and requests.
    static let sortKeys: [Outcome] = [.lost, .lostSales, .misdelivered, .serverRequests]

    /// Largest change in lost orders first (either sign), then the other `sortKeys`; ties keep
    /// axis order, so the order never depends on anything but the counts.
    static func byEffect(_ rows: [Row]) -> [Row] {
        rows.enumerated().sorted { left, right in
            for objective in sortKeys {
                let l = abs(left.element.difference(objective).difference), r = abs(right.element.difference(objective).difference)
                if l != r { return l > r }
            }
            return left.offset < right.offset
        }.map(\.element)
    }

    /// The rows whose change in `objective` is significant at `alpha` after Holm's correction
    /// over all the rows (about one change in 20 would pass an uncorrected 5% test by chance).
    static func significantChanges(_ rows: [Row], on objective: Outcome, alpha: Double = Significance.level) -> [Row] {
        let significant = Holm.rejects(rows.map { $0.difference(objective).logP }, alpha: alpha)
        return rows.indices.filter { significant[$0] }.map { rows[$0] }
    }

    /// The axes whose change costs orders (or whatever `objective` counts): for each axis, its
    /// most harmful change among those that raise the objective significantly
    /// (`significantChanges`), the largest first.
    static func axesThatMatter(_ rows: [Row], on objective: Outcome, alpha: Double = Significance.level) -> [Row] {
        var worst: [Row] = []
        for row in significantChanges(rows, on: objective, alpha: alpha) {
            let change = row.difference(objective)
            guard change.difference > 0 else { continue }
            if let index = worst.firstIndex(where: { $0.change.axis == row.change.axis }) {
                if change.difference > worst[index].difference(objective).difference { worst[index] = row }
            } else {
                worst.append(row)
            }
        }
        return worst.sorted { $0.difference(objective).difference > $1.difference(objective).difference }
    }
}
