/// What a sweep found, ready to print: the long CSV, a table of one metric, and a chart. Made
/// by `Sweep.run`, or from a merged partial result of a sharded sweep (`init(merged:)`), which
/// gives the same bytes.
public struct SweepResult: Sendable {
    public let key: String
    public let axis: SweepAxis
    /// The scenario's name, for the chart's title.
    public let scenario: String
    public let runsPerValue: Int
    public let designs: [String]
    /// One row per design at each value: `rows[value][design]`.
    public let rows: [[ResultRow]]
    /// The paired lost-order counts at each value.
    public let pairs: [PairedLosses]

    public init(key: String, axis: SweepAxis, scenario: String, runsPerValue: Int, designs: [String], rows: [[ResultRow]],
                pairs: [PairedLosses]) {
        self.key = key
        self.axis = axis
        self.scenario = scenario
        self.runsPerValue = runsPerValue
        self.designs = designs
        self.rows = rows
        self.pairs = pairs
    }

    /// The sweep a merged partial result holds; nil when it holds a run.
    public init?(merged: PartialResult) {
        guard case .sweep(let key, let labels, let logX) = merged.kind else { return nil }
        self.init(key: key, axis: SweepAxis(labels: labels, logScale: logX), scenario: merged.parts[0].name,
                  runsPerValue: Int(merged.totalRuns), designs: merged.designs, rows: merged.rows, pairs: merged.parts.map(\.pairs))
    }

    /// Every design's tally at each value: `tallies[value][design]`.
    public var tallies: [[DesignTally]] { rows.map { $0.map(\.tally) } }
}
