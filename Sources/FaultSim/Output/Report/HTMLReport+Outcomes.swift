/// The report's outcome charts: one panel per outcome the outcome table charts (lost,
/// mis-delivered, duplicated, double-charged, not charged: `Outcome.charted`), a bar per design with its 95% Wilson interval.
///
/// Every panel is drawn on one shared axis with its ticks, so a bar in one panel can be held
/// against a bar in another: 0.005% mis-delivered is visibly a sliver of 3% lost. A panel in
/// which no design had that outcome is one line of text instead: a chart of zeros would show
/// only the whiskers of the upper bounds, which read as results.
extension HTMLReport {
    /// How the outcome charts' shared axis is scaled.
    ///
    /// Logarithmic by default: the rates the report compares run from about one in a million
    /// (the best designs' lost orders and mis-deliveries) to a few percent (the worst designs'
    /// lost orders) and beyond (intents not charged, mostly users who cancel). On a shared
    /// linear axis everything below 0.1% is a sliver too thin to see, and those small rates are
    /// the ones the answer rests on; a log axis gives every decade the same width. Linear is
    /// there for comparing magnitudes directly (`simrun report --outcome-scale linear`).
    public enum OutcomeScale: String, Sendable, CaseIterable {
        case log, linear
    }

    /// One panel's numbers: per design, the count and its rate with the interval.
    struct OutcomeBar {
        let name: String
        let count: Int64
        let rate: Double
        let low: Double
        let high: Double
    }

    static func outcomeCharts(_ rows: [ResultRow], scale: OutcomeScale) -> String {
        let panels = Outcome.charted.map { outcome in
            (outcome.row.panelTitle!, rows.map { row -> OutcomeBar in
                let count = outcome.total(row.tally), interval = Wilson.interval(successes: count, trials: row.tally.intents)
                return OutcomeBar(name: row.design, count: count, rate: rate(count, row.tally.intents), low: interval.low, high: interval.high)
            })
        }
        let drawn = panels.filter { $0.1.contains { $0.count > 0 } }
        // The axis is shared by every drawn panel: its range covers every value any of them shows.
        let values = drawn.flatMap { $0.1.flatMap { [$0.rate, $0.high] } }
        let axis = SweepChart.YAxis(values: scale == .log ? values.filter { $0 > 0 } : values, log: scale == .log)
        var html = drawn.isEmpty ? "" : "<div class=\"charts\">\n"
        for (title, bars) in drawn {
            html += "<figure class=\"chart\">" + barChart(title: title, bars: bars, axis: axis) + "</figure>\n"
        }
        html += drawn.isEmpty ? "" : "</div>\n"
        for (title, bars) in panels where !bars.contains(where: { $0.count > 0 }) {
            let intents = rows.map { $0.tally.intents }.max() ?? 0
            let bound = bars.map(\.high).max() ?? 0
            html += "<p class=\"none\">No design had any \(e(title)) intent"
                + " (\(Grouped.format(Int(intents))) intents each; every rate is below \(e(ResultTable.percent(bound))), the 95% upper bound).</p>\n"
        }
        let scaleNote = scale == .log
            ? "one logarithmic axis shared by every panel (each decade the same width; rates run from about one in a million to several percent), "
                + "bars from its left edge; a zero has no bar, and a whisker that reaches below the axis is cut at its left edge"
            : "one linear axis from 0 shared by every panel"
        return html + "<p class=\"note\">Bars: share of purchase intents; whiskers: 95% Wilson intervals; \(scaleNote).</p>"
    }

    static func barChart(title: String, bars: [OutcomeBar], axis: SweepChart.YAxis) -> String {
        let labelWidth = 190.0, barWidth = 300.0, valueWidth = 70.0, rowHeight = 18.0, top = 26.0, axisHeight = 30.0
        let width = labelWidth + barWidth + valueWidth
        let plotBottom = top + Double(bars.count) * rowHeight + 4
        let height = plotBottom + axisHeight
        func x(_ value: Double) -> Double { labelWidth + min(max(axis.fraction(value), 0), 1) * barWidth }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Markup.number(width))\" height=\"\(Markup.number(height))\" viewBox=\"0 0 \(Markup.number(width)) \(Markup.number(height))\" "
            + "font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\" class=\"outcome-chart\">\n"
        svg += "<text x=\"0\" y=\"16\" font-size=\"13\" font-weight=\"bold\">\(e(title)) (% of intents)</text>\n"
        // Grid and ticks first, so bars sit on them; a tick label that would overlap the one
        // before it is left out (its grid line stays).
        svg += "<g class=\"axis\" stroke=\"#dddddd\">\n"
        for tick in axis.ticks {
            svg += "<line x1=\"\(Markup.number(x(tick)))\" y1=\"\(Markup.number(top))\" x2=\"\(Markup.number(x(tick)))\" y2=\"\(Markup.number(plotBottom))\"/>\n"
        }
        svg += "</g>\n<line x1=\"\(Markup.number(labelWidth))\" y1=\"\(Markup.number(plotBottom))\" x2=\"\(Markup.number(labelWidth + barWidth))\" y2=\"\(Markup.number(plotBottom))\" stroke=\"#666666\"/>\n"
        svg += "<g class=\"tick-labels\" font-size=\"9\" fill=\"#555555\" text-anchor=\"middle\">\n"
        var lastRight = -Double.infinity
        for tick in axis.ticks {
            let label = axis.label(tick, percent: true), centre = x(tick)
            let half = Double(label.count) * 2.6
            guard centre - half >= lastRight + 4 else { continue }
            lastRight = centre + half
            svg += "<line x1=\"\(Markup.number(centre))\" y1=\"\(Markup.number(plotBottom))\" x2=\"\(Markup.number(centre))\" y2=\"\(Markup.number(plotBottom + 4))\" stroke=\"#666666\"/>"
                + "<text x=\"\(Markup.number(centre))\" y=\"\(Markup.number(plotBottom + 15))\">\(e(label))</text>\n"
        }
        svg += "</g>\n"
        for (index, bar) in bars.enumerated() {
            let y = top + Double(index) * rowHeight
            svg += "<text x=\"\(Markup.number(labelWidth - 6))\" y=\"\(Markup.number(y + 12))\" text-anchor=\"end\">\(e(bar.name))</text>\n"
            if bar.count > 0 {
                svg += "<rect x=\"\(Markup.number(labelWidth))\" y=\"\(Markup.number(y + 3))\" width=\"\(Markup.number(max(x(bar.rate) - labelWidth, 0.5)))\" height=\"11\" fill=\"#4a7fb5\"/>\n"
            }
            let low = x(bar.low), high = x(bar.high)
            svg += "<line x1=\"\(Markup.number(low))\" y1=\"\(Markup.number(y + 8.5))\" x2=\"\(Markup.number(high))\" y2=\"\(Markup.number(y + 8.5))\" stroke=\"#222\"/>"
                + "<line x1=\"\(Markup.number(high))\" y1=\"\(Markup.number(y + 5))\" x2=\"\(Markup.number(high))\" y2=\"\(Markup.number(y + 12))\" stroke=\"#222\"/>"
                + (bar.low > 0 && bar.low >= axis.low ? "<line x1=\"\(Markup.number(low))\" y1=\"\(Markup.number(y + 5))\" x2=\"\(Markup.number(low))\" y2=\"\(Markup.number(y + 12))\" stroke=\"#222\"/>" : "")
                + "\n"
            svg += "<text x=\"\(Markup.number(width - 2))\" y=\"\(Markup.number(y + 12))\" text-anchor=\"end\">\(e(bar.count == 0 ? "0" : ResultTable.percent(bar.rate)))</text>\n"
        }
        return svg + "</svg>"
    }

    /// `count` per intent (0 when there were none).
    static func rate(_ count: Int64, _ intents: Int64) -> Double { Double(count) / Double(max(intents, 1)) }
}
