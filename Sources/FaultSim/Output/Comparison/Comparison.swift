/// What `simrun compare` found: two designs over the same runs, intent by intent, on every
/// outcome counted per intent, and with `--by-segment` the same for each segment's runs alone.
/// A value built from the runner's panels, so the text and the CSV (`Comparison+Text`,
/// `Comparison+CSV`) are rendered by the library like every other report, and the command only
/// parses, runs and writes.
public struct Comparison: Sendable {
    /// What a paired comparison found on one outcome, for the table, the CSV and the verdict.
    public struct Line: Sendable {
        public let outcome: Outcome
        public let countA: Int64, countB: Int64
        public let counts: PairedOutcomes.Counts
        /// A − B per intent, in percentage points, with its 95% interval.
        public let difference: (points: Double, low: Double, high: Double)
        /// Natural log of McNemar's exact p-value.
        public let logP: Double

        public init(outcome: Outcome, countA: Int64, countB: Int64, counts: PairedOutcomes.Counts,
                    difference: (points: Double, low: Double, high: Double), logP: Double) {
            self.outcome = outcome
            self.countA = countA
            self.countB = countB
            self.counts = counts
            self.difference = difference
            self.logP = logP
        }
    }

    /// One segment's runs alone (`Scenario.segmentNames` order), with its declared share.
    public struct Segment: Sendable {
        public let name: String
        public let share: Double
        public let intents: Int64
        public let lines: [Line]
    }

    /// The scenario's label (which carries `--set` text) and platform, as the CSV names them.
    public let scenarioLabel: String
    public let platform: String
    public let runs: Int
    public let seed: UInt64
    /// Design A's and design B's names.
    public let a: String, b: String
    /// A's intents over every run (B has as many).
    public let intents: Int64
    /// Each outcome's line over every run, in `Outcome.paired` order.
    public let lines: [Line]
    /// With `--by-segment`, each segment's comparison; nil without it (the CSV then has no
    /// `segment` column, which an empty list of segments could not tell apart).
    public let segments: [Segment]?

    /// The comparison of designs 0 (A) and 1 (B) of `overall`, and with `segments` (one panel
    /// per `Scenario.segmentNames` entry, `Runner.panelBySegment`) of each segment's runs.
    public init(scenario: Scenario, a: String, b: String, overall: PanelResult, segments: [PanelResult]?) {
        scenarioLabel = scenario.label
        platform = scenario.platform.name
        runs = scenario.runs
        seed = scenario.seed
        self.a = a
        self.b = b
        let paired = overall.pairedOutcomes(0, 1)
        intents = paired.intents
        lines = Self.lines(paired)
        self.segments = segments.map { panels in
            invariant(panels.count == scenario.segmentNames.count, "one panel per segment, the base segment included")
            return zip(zip(scenario.segmentNames, scenario.segmentShares), panels).map { segment, panel in
                let paired = panel.pairedOutcomes(0, 1)
                return Segment(name: segment.0, share: segment.1, intents: paired.intents, lines: Self.lines(paired))
            }
        }
    }

    /// Each outcome's line of a paired comparison.
    public static func lines(_ paired: PairedOutcomes) -> [Line] {
        Outcome.paired.map { outcome in
            let counts = paired[outcome]
            return Line(outcome: outcome, countA: counts.onlyA + counts.both, countB: counts.onlyB + counts.both, counts: counts,
                        difference: counts.difference(intents: paired.intents), logP: counts.exactLogPValue)
        }
    }

    /// `value` with a sign always, "+" for zero and for -0 alike, as the table and the CSV
    /// have always written differences.
    static func signed(_ value: Double, places: Int = 3) -> String {
        (value < 0 ? "-" : "+") + FixedPoint.format(abs(value), places: places)
    }
}
