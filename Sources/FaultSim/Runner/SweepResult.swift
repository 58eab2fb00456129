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

    /// What the chart is drawn against: "against KEY, NAME scenario (N runs per value)".
    public var title: String {
        "against \(key), \(scenario) scenario (\(Grouped.format(runsPerValue)) runs per value)"
    }

    /// The long CSV: `param,value`, then the run CSV's columns, one row per value and design.
    public var csv: String {
        var text = "param,value," + ResultCSV.columns.joined(separator: ",") + "\n"
        for (index, valueRows) in rows.enumerated() {
            for line in ResultCSV.render(valueRows).split(separator: "\n").dropFirst() {
                text += CSV.field(key) + "," + CSV.field(axis.labels[index]) + "," + line + "\n"
            }
        }
        return text
    }

    /// The chart: the parameter on x, `metric` on y, a line and 95% band per design.
    public func chart(_ metric: SweepMetric, logY: Bool) -> String {
        let tallies = self.tallies
        let series = designs.indices.map { index in
            SweepChart.Series(name: designs[index], points: tallies.indices.map { value in
                let point = metric.value(tallies[value][index])
                return (value, point.y, point.low, point.high)
            })
        }
        return SweepChart.render(title: "\(metric.title) \(title)", xTitle: axis.title(key: key), xLabels: axis.labels,
                                 xScale: axis.scale, yLabel: metric.title, series: series, logY: logY, percent: metric.isRate)
    }

    /// Designs down, values across, `metric` in each cell.
    public func table(_ metric: SweepMetric) -> String {
        var rows = [["design"] + axis.labels]
        for (index, design) in designs.enumerated() {
            rows.append([design] + tallies.map { perValue in
                let y = metric.value(perValue[index]).y
                return metric.isRate ? FixedPoint.format(y * 100, places: 3) + "%" : FixedPoint.format(y, places: 2)
            })
        }
        var widths = [Int](repeating: 0, count: rows[0].count)
        for row in rows { for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) } }
        return "\(metric.title):\n" + rows.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
