/// A tornado chart as SVG: one row per parameter, a bar from the baseline's value to the value
/// with the parameter at its low (upper half of the row) and at its high (lower half), the rows
/// sorted by how far they move it, largest first. A dashed red line marks zero, where the
/// quantity changes sign (for `simrun robust`: where another design takes the lead). Each row's
/// ends are written out in two text columns beside the plot, never on the bars, so no label can
/// cover another. Built as text with fixed-point numbers: the same input gives the same bytes.
public enum TornadoChart {
    /// One parameter's row.
    public struct Bar: Sendable {
        public let label: String
        /// The parameter's low end as text, and the quantity there.
        public let lowText: String
        public let low: Double
        public let highText: String
        public let high: Double
        /// Drawn in bold red: an end of this parameter changes the answer.
        public let flagged: Bool

        public init(label: String, lowText: String, low: Double, highText: String, high: Double, flagged: Bool) {
            self.label = label
            self.lowText = lowText
            self.low = low
            self.highText = highText
            self.high = high
            self.flagged = flagged
        }
    }

    static let lowColour = "#0072B2", highColour = "#D55E00", flagColour = "#B00000"
    static let labelWidth = 340.0, plotWidth = 440.0, columnWidth = 200.0, rowHeight = 24.0, top = 84.0, bottom = 58.0

    /// The chart: `baseline` is the quantity with every parameter at its scenario value;
    /// `zeroNote` says what zero means, `flagNote` what a flagged (bold red) row means (empty: no row is);
    /// `valueText` writes a quantity for the text columns and the axis.
    public static func render(title: String, xTitle: String, baseline: Double, bars: [Bar], zeroNote: String, flagNote: String,
                              valueText: (Double) -> String) -> String {
        let plotLeft = labelWidth, plotRight = labelWidth + plotWidth
        let width = plotRight + 16 + 2 * columnWidth
        let height = top + Double(max(bars.count, 1)) * rowHeight + bottom
        let axis = Axis(values: bars.flatMap { [$0.low, $0.high] } + [baseline, 0])
        func x(_ value: Double) -> Double { plotLeft + axis.fraction(value) * plotWidth }

        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Markup.number(width))" height="\(Markup.number(height))" viewBox="0 0 \(Markup.number(width)) \(Markup.number(height))" \
        font-family="Helvetica, Arial, sans-serif" font-size="11" class="tornado-chart">
        <title>\(Markup.escaped(title))</title>
        <rect width="100%" height="100%" fill="#ffffff"/>
        <text x="8" y="22" font-size="15" font-weight="bold">\(Markup.escaped(title))</text>

        """
        // The legend, one line above the plot.
        svg += "<g class=\"legend\">\n"
        svg += "<rect x=\"8\" y=\"36\" width=\"14\" height=\"8\" fill=\"\(lowColour)\"/><text x=\"28\" y=\"44\">at the plausible low</text>\n"
        svg += "<rect x=\"152\" y=\"36\" width=\"14\" height=\"8\" fill=\"\(highColour)\"/><text x=\"172\" y=\"44\">at the plausible high</text>\n"
        svg += "<line x1=\"306\" y1=\"40\" x2=\"324\" y2=\"40\" stroke=\"#333333\" stroke-width=\"1.5\"/>"
            + "<text x=\"330\" y=\"44\">scenario's values (\(Markup.escaped(valueText(baseline))))</text>\n"
        svg += "<line x1=\"500\" y1=\"40\" x2=\"518\" y2=\"40\" stroke=\"\(flagColour)\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>"
            + "<text x=\"524\" y=\"44\">\(Markup.escaped(zeroNote))</text>\n"
        if !flagNote.isEmpty {
            svg += "<text x=\"690\" y=\"44\" fill=\"\(flagColour)\" font-weight=\"bold\">\(Markup.escaped(flagNote))</text>\n"
        }
        svg += "</g>\n"
        // Column headers.
        svg += "<g class=\"headers\" font-weight=\"bold\">\n"
        svg += "<text x=\"\(Markup.number(plotLeft - 8))\" y=\"\(Markup.number(top - 10))\" text-anchor=\"end\">parameter</text>\n"
        svg += "<text x=\"\(Markup.number(plotRight + 16))\" y=\"\(Markup.number(top - 10))\">at its low</text>\n"
        svg += "<text x=\"\(Markup.number(plotRight + 16 + columnWidth))\" y=\"\(Markup.number(top - 10))\">at its high</text>\n</g>\n"

        let plotBottom = top + Double(max(bars.count, 1)) * rowHeight
        svg += "<g class=\"grid\" stroke=\"#e0e0e0\" stroke-width=\"1\">\n"
        for tick in axis.ticks { svg += "<line x1=\"\(Markup.number(x(tick)))\" y1=\"\(Markup.number(top))\" x2=\"\(Markup.number(x(tick)))\" y2=\"\(Markup.number(plotBottom))\"/>\n" }
        svg += "</g>\n<g class=\"tick-labels\" fill=\"#333333\" text-anchor=\"middle\">\n"
        for tick in axis.ticks { svg += "<text x=\"\(Markup.number(x(tick)))\" y=\"\(Markup.number(plotBottom + 16))\">\(Markup.escaped(valueText(tick)))</text>\n" }
        svg += "</g>\n"
        svg += "<text class=\"axis-title\" x=\"\(Markup.number(plotLeft + plotWidth / 2))\" y=\"\(Markup.number(plotBottom + 40))\" text-anchor=\"middle\">\(Markup.escaped(xTitle))</text>\n"
        if bars.isEmpty {
            svg += "<text x=\"\(Markup.number(plotLeft + 8))\" y=\"\(Markup.number(top + 16))\" fill=\"#555555\">No parameter to show.</text>\n"
        }

        for (index, bar) in bars.enumerated() {
            let y = top + Double(index) * rowHeight
            let weight = bar.flagged ? " font-weight=\"bold\" fill=\"\(flagColour)\"" : ""
            svg += "<g class=\"bar\"><title>\(Markup.escaped("\(bar.label): \(valueText(bar.low)) at \(bar.lowText), \(valueText(bar.high)) at \(bar.highText)"))</title>\n"
            svg += "<text x=\"\(Markup.number(plotLeft - 8))\" y=\"\(Markup.number(y + 16))\" text-anchor=\"end\"\(weight)>\(Markup.escaped(bar.label))</text>\n"
            svg += rect(from: x(baseline), to: x(bar.low), y: y + 4, height: 8, colour: lowColour)
            svg += rect(from: x(baseline), to: x(bar.high), y: y + 12, height: 8, colour: highColour)
            svg += "<text x=\"\(Markup.number(plotRight + 16))\" y=\"\(Markup.number(y + 16))\" fill=\"\(lowColour)\">\(Markup.escaped(clipped(bar.lowText) + ": " + valueText(bar.low)))</text>\n"
            svg += "<text x=\"\(Markup.number(plotRight + 16 + columnWidth))\" y=\"\(Markup.number(y + 16))\" fill=\"\(highColour)\">\(Markup.escaped(clipped(bar.highText) + ": " + valueText(bar.high)))</text>\n"
            svg += "</g>\n"
        }
        svg += "<line class=\"baseline\" x1=\"\(Markup.number(x(baseline)))\" y1=\"\(Markup.number(top - 4))\" x2=\"\(Markup.number(x(baseline)))\" y2=\"\(Markup.number(plotBottom))\" stroke=\"#333333\" stroke-width=\"1.5\"/>\n"
        svg += "<line class=\"zero\" x1=\"\(Markup.number(x(0)))\" y1=\"\(Markup.number(top - 4))\" x2=\"\(Markup.number(x(0)))\" y2=\"\(Markup.number(plotBottom))\" stroke=\"\(flagColour)\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>\n"
        svg += "<rect x=\"\(Markup.number(plotLeft))\" y=\"\(Markup.number(top))\" width=\"\(Markup.number(plotWidth))\" height=\"\(Markup.number(plotBottom - top))\" fill=\"none\" stroke=\"#666666\"/>\n"
        return svg + "</svg>\n"
    }

    /// A bar between two x positions, at least a hairline wide so a zero-length move still shows.
    static func rect(from a: Double, to b: Double, y: Double, height: Double, colour: String) -> String {
        let left = min(a, b), width = max(abs(b - a), 1)
        return "<rect x=\"\(Markup.number(left))\" y=\"\(Markup.number(y))\" width=\"\(Markup.number(width))\" height=\"\(Markup.number(height))\" fill=\"\(colour)\"/>\n"
    }

    /// A value's text cut to fit its column (about 6 px a character at 11 px).
    static func clipped(_ text: String) -> String {
        let room = Int(columnWidth / 6.2) - 10
        return text.count <= room ? text : String(text.prefix(room - 1)) + "…"
    }

    /// A linear axis over the values, zero included, on a step of 1, 2 or 5 times a power of ten.
    struct Axis {
        let low: Double
        let high: Double
        let ticks: [Double]

        init(values: [Double]) {
            let finite = values.filter { $0.isFinite }
            let smallest = min(finite.min() ?? 0, 0), largest = max(finite.max() ?? 1, 0)
            let step = AxisTicks.niceStep(max(largest - smallest, 1e-9) / 6)
            let first = (smallest / step).rounded(.down), last = (largest / step).rounded(.up)
            low = first * step
            high = max(last, first + 1) * step
            let count = Int(max(last, first + 1) - first)
            ticks = (0...min(count, 40)).map { (first + Double($0)) * step }
        }

        func fraction(_ value: Double) -> Double { high > low ? (value - low) / (high - low) : 0.5 }
    }

}
