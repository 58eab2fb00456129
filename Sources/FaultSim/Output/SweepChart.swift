/// A sweep as an SVG line chart: the parameter on x, a metric on y, one line per design with
/// its 95% interval as a band, the legend outside the plot so it covers no line.
///
/// Designs are told apart by colour, dash and marker together (9 colours × 2 dashes × 3
/// markers), so 17 designs stay readable in print too. Built as text with fixed-point numbers:
/// the same sweep always gives the same bytes.
public enum SweepChart {
    /// One design's line.
    public struct Series: Sendable {
        public let name: String
        /// (x index, value, low, high); nil low/high: no band.
        public let points: [(x: Int, y: Double, low: Double?, high: Double?)]

        public init(name: String, points: [(x: Int, y: Double, low: Double?, high: Double?)]) {
            self.name = name
            self.points = points
        }
    }

    /// Where the x values sit.
    /// Colours from the Okabe–Ito palette (readable by colour-blind readers), its yellow replaced by a dark purple that shows on white.
    static let colours = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#6A3D9A", "#999999"]
    static let dashes = ["", "6 3"]
    static let markers = ["circle", "square", "triangle"]

    static let plotWidth = 640.0, plotHeight = 400.0
    static let left = 84.0, top = 56.0, legendWidth = 250.0, bottom = 112.0

    /// The chart. `xLabels` are the values as written; `yLabel` names the metric and its unit;
    /// `percent` shows y as percentages.
    public static func render(title: String, xTitle: String, xLabels: [String], xScale: SweepAxis.Scale, yLabel: String,
                              series: [Series], logY: Bool, percent: Bool) -> String {
        let width = left + plotWidth + 24 + legendWidth
        let height = top + plotHeight + bottom + max(0, Double(series.count) * 18 - plotHeight)
        let xPositions = positions(xLabels.count, scale: xScale)
        let values = series.flatMap { $0.points.flatMap { [$0.y, $0.low ?? $0.y, $0.high ?? $0.y] } }
        let axis = YAxis(values: values, log: logY)

        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Markup.number(width))" height="\(Markup.number(height))" viewBox="0 0 \(Markup.number(width)) \(Markup.number(height))" \
        font-family="Helvetica, Arial, sans-serif" font-size="12" class="sweep-chart">
        <title>\(Markup.escaped(title))</title>
        <rect width="100%" height="100%" fill="#ffffff"/>

        """
        // A title too long for one line breaks at the comma nearest its middle (bold 15 px
        // Helvetica averages about 8.5 px a character).
        let lines = titleLines(title, maxCharacters: Int((width - left) / 8.5))
        for (index, line) in lines.enumerated() {
            svg += "<text x=\"\(Markup.number(left))\" y=\"\(Markup.number(lines.count == 1 ? 24 : 18 + Double(index) * 18))\" font-size=\"15\" "
                + "font-weight=\"bold\">\(Markup.escaped(line))</text>\n"
        }
        svg += axesSVG(axis, xLabels: xLabels, xPositions: xPositions, xTitle: xTitle, yLabel: yLabel, zeroOnLog: logY && values.contains { $0 <= 0 },
                       percent: percent)
        svg += seriesSVG(series, xPositions: xPositions, axis: axis)
        svg += legendSVG(series)
        return svg + "</svg>\n"
    }

    /// The grid, the tick labels, the frame and the axis titles.
    static func axesSVG(_ axis: YAxis, xLabels: [String], xPositions: [Double], xTitle: String, yLabel: String, zeroOnLog: Bool,
                        percent: Bool) -> String {
        var svg = ""
        // Axes and grid.
        svg += "<g class=\"axes\" stroke=\"#cccccc\" stroke-width=\"1\">\n"
        for tick in axis.ticks {
            let y = top + plotHeight - axis.fraction(tick) * plotHeight
            svg += "<line x1=\"\(Markup.number(left))\" y1=\"\(Markup.number(y))\" x2=\"\(Markup.number(left + plotWidth))\" y2=\"\(Markup.number(y))\"/>\n"
        }
        svg += "</g>\n<g class=\"tick-labels\" fill=\"#333333\">\n"
        for tick in axis.ticks {
            let y = top + plotHeight - axis.fraction(tick) * plotHeight
            svg += "<text x=\"\(Markup.number(left - 8))\" y=\"\(Markup.number(y + 4))\" text-anchor=\"end\">\(Markup.escaped(axis.label(tick, percent: percent)))</text>\n"
        }
        let rotate = xLabels.count > 8 || (xLabels.map(\.count).max() ?? 0) > 8
        // A label that would overlap the last one shown is left out (its point stays).
        var lastRight = -Double.infinity
        for (index, label) in xLabels.enumerated() {
            let x = left + xPositions[index] * plotWidth
            let width = Double(label.count) * 7 * (rotate ? 0.35 : 1)
            guard x - width / 2 >= lastRight + 6 else { continue }
            lastRight = x + width / 2
            svg += rotate
                ? "<text x=\"\(Markup.number(x))\" y=\"\(Markup.number(top + plotHeight + 14))\" text-anchor=\"end\" transform=\"rotate(-40 \(Markup.number(x)) \(Markup.number(top + plotHeight + 14)))\">\(Markup.escaped(label))</text>\n"
                : "<text x=\"\(Markup.number(x))\" y=\"\(Markup.number(top + plotHeight + 18))\" text-anchor=\"middle\">\(Markup.escaped(label))</text>\n"
        }
        svg += "</g>\n"
        svg += "<rect x=\"\(Markup.number(left))\" y=\"\(Markup.number(top))\" width=\"\(Markup.number(plotWidth))\" height=\"\(Markup.number(plotHeight))\" fill=\"none\" stroke=\"#666666\"/>\n"
        svg += "<text class=\"axis-title\" x=\"\(Markup.number(left + plotWidth / 2))\" y=\"\(Markup.number(top + plotHeight + (rotate ? 84 : 44)))\" text-anchor=\"middle\">\(Markup.escaped(xTitle))</text>\n"
        if zeroOnLog {
            svg += "<text class=\"axis-note\" x=\"\(Markup.number(left + plotWidth))\" y=\"\(Markup.number(top + plotHeight + (rotate ? 84 : 44) + 18))\" text-anchor=\"end\" font-size=\"10\" fill=\"#666666\">"
                + "Log scale: a zero is drawn on the bottom line.</text>\n"
        }
        svg += "<text class=\"axis-title\" x=\"18\" y=\"\(Markup.number(top + plotHeight / 2))\" text-anchor=\"middle\" transform=\"rotate(-90 18 \(Markup.number(top + plotHeight / 2)))\">\(Markup.escaped(yLabel))</text>\n"

        return svg
    }

    /// Each series' 95% band, then its line and markers, so no band hides a line.
    static func seriesSVG(_ series: [Series], xPositions: [Double], axis: YAxis) -> String {
        var svg = ""
        for (index, line) in series.enumerated() {
            let style = Style(index)
            let band = line.points.compactMap { point -> (Double, Double, Double)? in
                guard let low = point.low, let high = point.high else { return nil }
                return (left + xPositions[point.x] * plotWidth, top + plotHeight - axis.fraction(high) * plotHeight,
                        top + plotHeight - axis.fraction(low) * plotHeight)
            }
            guard band.count > 1 else { continue }
            let upper = band.map { "\(Markup.number($0.0)),\(Markup.number($0.1))" }
            let lower = band.reversed().map { "\(Markup.number($0.0)),\(Markup.number($0.2))" }
            svg += "<polygon class=\"band\" points=\"\((upper + lower).joined(separator: " "))\" fill=\"\(style.colour)\" fill-opacity=\"0.10\" stroke=\"none\"/>\n"
        }
        for (index, line) in series.enumerated() {
            let style = Style(index)
            let points = line.points.map { (left + xPositions[$0.x] * plotWidth, top + plotHeight - axis.fraction($0.y) * plotHeight) }
            svg += "<g class=\"series\"><title>\(Markup.escaped(line.name))</title>\n"
            svg += "<polyline points=\"\(points.map { "\(Markup.number($0.0)),\(Markup.number($0.1))" }.joined(separator: " "))\" fill=\"none\" "
                + "stroke=\"\(style.colour)\" stroke-width=\"1.8\"\(style.dash.isEmpty ? "" : " stroke-dasharray=\"\(style.dash)\"")/>\n"
            for point in points { svg += style.marker(at: point.0, point.1) }
            svg += "</g>\n"
        }

        return svg
    }

    /// The legend, outside the plot.
    static func legendSVG(_ series: [Series]) -> String {
        var svg = ""
        let legendX = left + plotWidth + 24
        svg += "<g class=\"legend\">\n"
        for (index, line) in series.enumerated() {
            let style = Style(index)
            let y = top + 8 + Double(index) * 18
            svg += "<line x1=\"\(Markup.number(legendX))\" y1=\"\(Markup.number(y))\" x2=\"\(Markup.number(legendX + 28))\" y2=\"\(Markup.number(y))\" stroke=\"\(style.colour)\" "
                + "stroke-width=\"1.8\"\(style.dash.isEmpty ? "" : " stroke-dasharray=\"\(style.dash)\"")/>\n"
            svg += style.marker(at: legendX + 14, y)
            svg += "<text x=\"\(Markup.number(legendX + 36))\" y=\"\(Markup.number(y + 4))\">\(Markup.escaped(line.name))</text>\n"
        }
        return svg + "</g>\n"
    }

    /// `title` as one line, or two split at the ", " nearest the middle when it is longer than
    /// `maxCharacters` (at a space when it has no comma).
    static func titleLines(_ title: String, maxCharacters: Int) -> [String] {
        let characters = Array(title)
        guard characters.count > maxCharacters else { return [title] }
        let middle = characters.count / 2
        var best: Int?
        for index in characters.indices.dropLast() where characters[index] == "," && characters[index + 1] == " " {
            if best == nil || abs(index - middle) < abs(best! - middle) { best = index }
        }
        if best == nil {
            for index in characters.indices where characters[index] == " " {
                if best == nil || abs(index - middle) < abs(best! - middle) { best = index }
            }
        }
        guard let split = best else { return [title] }
        let first = String(characters[...split])
        let second = String(characters[(split + 1)...].drop { $0 == " " })
        return [first, second]
    }

    /// Each x value's place along the axis, from 0.04 to 0.96.
    static func positions(_ count: Int, scale: SweepAxis.Scale) -> [Double] {
        guard count > 1 else { return [0.5] }
        switch scale {
        case .categorical:
            return (0..<count).map { 0.04 + 0.92 * Double($0) / Double(count - 1) }
        case .numeric(let values, let log):
            let mapped = values.map { log ? DeterministicMath.log(max($0, 1e-300)) : $0 }
            let low = mapped.min() ?? 0, high = mapped.max() ?? 1
            let span = high > low ? high - low : 1
            return mapped.map { 0.04 + 0.92 * ($0 - low) / span }
        }
    }

    struct Style {
        let colour: String
        let dash: String
        let shape: String

        init(_ index: Int) {
            colour = SweepChart.colours[index % SweepChart.colours.count]
            dash = SweepChart.dashes[(index / SweepChart.colours.count) % SweepChart.dashes.count]
            shape = SweepChart.markers[index % SweepChart.markers.count]
        }

        func marker(at x: Double, _ y: Double) -> String {
            switch shape {
            case "square":
                return "<rect x=\"\(Markup.number(x - 3))\" y=\"\(Markup.number(y - 3))\" width=\"6\" height=\"6\" fill=\"\(colour)\"/>\n"
            case "triangle":
                return "<polygon points=\"\(Markup.number(x)),\(Markup.number(y - 4)) \(Markup.number(x - 4)),\(Markup.number(y + 3)) \(Markup.number(x + 4)),\(Markup.number(y + 3))\" fill=\"\(colour)\"/>\n"
            default:
                return "<circle cx=\"\(Markup.number(x))\" cy=\"\(Markup.number(y))\" r=\"3\" fill=\"\(colour)\"/>\n"
            }
        }
    }

    /// The y axis: linear from 0, or log over the positive values' decades (zeros drawn at the
    /// axis floor).
    struct YAxis {
        let log: Bool
        let low: Double
        let high: Double
        let ticks: [Double]

        init(values: [Double], log: Bool) {
            self.log = log
            let finite = values.filter { $0.isFinite }
            if log {
                let positive = finite.filter { $0 > 0 }
                let smallest = positive.min() ?? 1e-6, largest = max(positive.max() ?? 1, smallest * 10)
                let lowExponent = AxisTicks.floorLog10(smallest), highExponent = AxisTicks.floorLog10(largest) + 1
                low = AxisTicks.power(lowExponent)
                high = AxisTicks.power(highExponent)
                ticks = (lowExponent...highExponent).map { AxisTicks.power($0) }
            } else {
                let largest = max(finite.max() ?? 1, 1e-12)
                let step = AxisTicks.niceStep(largest / 5)
                let count = Int((largest / step).rounded(.up))
                low = 0
                high = step * Double(max(count, 1))
                ticks = (0...max(count, 1)).map { Double($0) * step }
            }
        }

        /// Where `value` sits, 0 at the bottom, 1 at the top.
        func fraction(_ value: Double) -> Double {
            if log {
                let v = max(value, low)
                let span = DeterministicMath.log(high) - DeterministicMath.log(low)
                return (DeterministicMath.log(v) - DeterministicMath.log(low)) / span
            }
            return high > low ? (value - low) / (high - low) : 0
        }

        func label(_ value: Double, percent: Bool) -> String {
            let shown = percent ? value * 100 : value
            let suffix = percent ? "%" : ""
            if shown == 0 { return "0" + suffix }
            if shown >= 100 || shown == shown.rounded() { return Grouped.format(shown) + suffix }
            // As few places as show the tick exactly: 0.1%, 0.25, 0.001%.
            var places = 1
            while places < 8 {
                let scaled = shown * AxisTicks.power(places)
                if abs(scaled - scaled.rounded()) < 1e-6 * max(abs(scaled), 1) { break }
                places += 1
            }
            return FixedPoint.format(shown, places: places) + suffix
        }

    }

}
