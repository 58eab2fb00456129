/// A sweep's outputs: the long CSV, a chart of one metric and its table.
extension SweepResult {
    /// The long CSV: `param,value`, then the run CSV's columns, one row per value and design.
    /// Each record through `CSV.record`, cells and all: splitting the run CSV's text at line
    /// breaks would cut a quoted cell that holds one.
    public var csv: String {
        var text = CSV.record(["param", "value"] + ResultCSV.columns)
        for (index, valueRows) in rows.enumerated() {
            for cells in ResultCSV.records(valueRows).rows { text += CSV.record([key, axis.labels[index]] + cells) }
        }
        return text
    }

    /// The chart: the parameter on x, `metric` on y, a line and 95% band per design.
    public func chart(_ metric: Outcome, logY: Bool) -> String {
        let tallies = self.tallies
        let series = designs.indices.map { index in
            SweepChart.Series(name: designs[index], points: tallies.indices.map { value in
                let point = metric.value(tallies[value][index])
                return (value, point.y, point.low, point.high)
            })
        }
        return SweepChart.render(title: "\(metric.row.axisTitle) \(title)", xTitle: axis.title(key: key), xLabels: axis.labels,
                                 xScale: axis.scale, yLabel: metric.row.axisTitle, series: series, logY: logY, percent: metric.row.measure == .intents)
    }

    /// Designs down, values across, `metric` in each cell.
    public func table(_ metric: Outcome) -> String {
        var rows = [["design"] + axis.labels]
        for (index, design) in designs.enumerated() {
            rows.append([design] + tallies.map { perValue in
                let y = metric.value(perValue[index]).y
                return metric.row.measure == .intents ? FixedPoint.format(y * 100, places: 3) + "%" : FixedPoint.format(y, places: 2)
            })
        }
        var widths = [Int](repeating: 0, count: rows[0].count)
        for row in rows { for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) } }
        return "\(metric.row.axisTitle):\n" + rows.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}

/// The chart's titles: text for the reader, beside the other renderers.
extension SweepResult {
    /// What the chart is drawn against: "against KEY, NAME scenario (N runs per value)".
    public var title: String {
        "against \(key), \(scenario) scenario (\(Grouped.format(runsPerValue)) runs per value)"
    }
}

extension SweepAxis {
    /// The swept key with its unit, for the chart's x axis: the parameter table's unit
    /// (`simrun keys`); a key that is no row of it is labelled from its name and values.
    public func title(key: String) -> String {
        // The parameter table's unit, when the key is one of its rows.
        if let row = ScenarioParameter.row(key) { return "\(key) (\(row.unit))" }
        let last = key.split(separator: ".").last.map(String.init) ?? key
        if last.lowercased().contains("probability") { return "\(key) (probability, 0 to 1)" }
        if labels.allSatisfy({ Double($0) == nil }), numbers != nil { return "\(key) (duration)" }
        if labels.allSatisfy({ Int($0) != nil }) { return "\(key) (count)" }
        return key
    }
}
