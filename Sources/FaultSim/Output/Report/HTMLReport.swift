import Policies

/// `simrun report`'s page: one self-contained HTML file (inline CSS and SVG, no script, no
/// network) a team can open, read and print.
///
/// It answers first: which design to build, with the paired evidence, or which designs tie and
/// how many runs would separate them (`HTMLReport+Answer.swift`). Then the evidence: the
/// parameters that differ from the defaults; the result table; lost, mis-delivered, duplicated,
/// double-charged and not-charged orders per design on one shared axis
/// (`HTMLReport+Outcomes.swift`); each design's lost causes as stacked bars; how often each
/// fault fired; the pairwise matrix of which design loses significantly fewer orders than
/// which; any sweep charts; and for each losing design the sequence diagram of its shortest run
/// with its most common lost cause, the faults that changed its ending marked. The same input
/// always gives the same bytes.
public enum HTMLReport {
    /// A losing design's example run.
    public struct Diagram: Sendable {
        public let design: String
        public let cause: Cause
        public let run: UInt64
        public let svg: String
        public let command: String
        /// Faults that fired in the run, and which of them changed its ending.
        public let faults: Int
        public let judged: DecisiveFaults

        public init(design: String, cause: Cause, run: UInt64, svg: String, command: String, faults: Int = 0,
                    judged: DecisiveFaults = DecisiveFaults()) {
            self.design = design
            self.cause = cause
            self.run = run
            self.svg = svg
            self.command = command
            self.faults = faults
            self.judged = judged
        }
    }

    /// Everything the page shows, already computed.
    public struct Input: Sendable {
        public let scenario: Scenario
        public let source: String
        public let rows: [ResultRow]
        public let pairs: PairedLosses
        public let diagrams: [Diagram]
        /// (title, SVG) of each sweep asked for.
        public let sweeps: [(title: String, svg: String)]
        /// The command that made the page.
        public let command: String
        /// The outcome charts' shared axis.
        public let outcomeScale: OutcomeScale
        /// The decision tools the report ran for its answer (the recommended design's ablation,
        /// the robustness of the designs that lost fewest), each with the note that says how to
        /// see the whole of it.
        public var decisions: [Decision] = []
        /// The row of the team's own design (`report --ours`), which the answer then speaks to.
        public var ours: Int?
        /// The calibration to the team's figures (`report --observed`), whose answer leads the page.
        public var calibrated: CalibrationResult?

        public init(scenario: Scenario, source: String, rows: [ResultRow], pairs: PairedLosses, diagrams: [Diagram],
                    sweeps: [(title: String, svg: String)], command: String, outcomeScale: OutcomeScale = .log) {
            self.scenario = scenario
            self.source = source
            self.rows = rows
            self.pairs = pairs
            self.diagrams = diagrams
            self.sweeps = sweeps
            self.command = command
            self.outcomeScale = outcomeScale
        }
    }

    /// A decision tool's section of the answer: its result, and a note (HTML) after it.
    public struct Decision: Sendable {
        public let report: any DecisionReport
        public let note: String

        public init(report: any DecisionReport, note: String) {
            self.report = report
            self.note = note
        }

        var html: String { "<h3>\(report.htmlTitle)</h3>\n" + report.html + note }
    }

    /// The calibrated answer for the team's design when the page has the team's figures; else
    /// what the page's numbers rest on, and how to give the figures.
    static func yourAnswer(_ input: Input) -> String {
        if let answer = input.calibrated?.answerText {
            return "<pre class=\"answer\">\(e(answer))</pre>\n<p class=\"note\">Medians over the settings of the guesses that "
                + "reproduce your figures (the calibration section below has the search, the spreads and the fit).</p>\n"
        }
        if let calibrated = input.calibrated {
            return "<p class=\"answer\">No setting of the guesses reproduced your figures (\(e(calibrated.searchText))); "
                + "the sections below rest on the default guesses.</p>\n"
        }
        return "<p class=\"answer\">Every number on this page rests on the model's default guesses (docs/model.md gives each with "
            + "its plausible range). Give your own figures with <code>--observed FILE</code> and your design with <code>--ours</code> "
            + "for a calibrated answer: what your flow loses given what you have seen, why, and the first change.</p>\n"
    }

    public static func render(_ input: Input) -> String {
        let scenario = input.scenario
        var html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>FaultSim report: \(e(scenario.label))</title>
        <style>\(css)</style>
        </head>
        <body>
        <header>
        <h1>FaultSim report: <code>\(e(scenario.label))</code></h1>
        <p class="description">\(e(scenario.description.isEmpty ? "(no description)" : scenario.description))</p>
        <p class="facts">\(Grouped.format(scenario.runs)) runs per design, seed \(scenario.seed), horizon \(DurationText.format(scenario.horizonMs)), \
        platform <b>\(e(scenario.platform.name))</b> (one-time-charge notifications \(scenario.platform.oneTimeChargeNotifications.rawValue), \
        transaction history \(scenario.platform.transactionHistory.rawValue), verification \(scenario.platform.verification.rawValue)); \
        every design saw the same runs.</p>
        <p class="facts">Made by <code>\(e(input.command))</code> (simrun \(FaultSimVersion.tool), model \(FaultSimVersion.model)) from <code>\(e(input.source))</code>.</p>
        </header>

        """
        html += Markup.section("Your answer", yourAnswer(input))
        html += Markup.section("Which design to build", answer(input.rows, pairs: input.pairs, runs: scenario.runs)
            + (input.ours.map { oursAnswer(input.rows, ours: $0, pairs: input.pairs) } ?? "")
            + input.decisions.map(\.html).joined())
        html += Markup.section("Parameters that differ from the defaults", parameters(scenario))
        html += Markup.section("Results", table(input.rows, pairs: input.pairs)
            + "<p class=\"note\">Lost rate with its 95% Wilson interval; <i>vs best</i>: the difference in percentage points from the design that lost fewest, paired over the same intents (McNemar); <i>same</i>: not significant at 5%.</p>")
        html += Markup.section("Outcomes per design", outcomeCharts(input.rows, scale: input.outcomeScale))
        html += Markup.section("Why orders were lost", causeChart(input.rows))
        html += Markup.section("How often each fault fired", faults(input.rows))
        html += Markup.section("Which design loses fewer orders than which", matrix(input.rows, pairs: input.pairs))
        if !input.sweeps.isEmpty {
            html += Markup.section("Sweeps", input.sweeps.map { "<figure class=\"chart\">\($0.svg)<figcaption>\(e($0.title))</figcaption></figure>" }.joined())
        }
        html += Markup.section("How each losing design loses an order", diagrams(input.diagrams))
        html += "<footer>FaultSim \(FaultSimVersion.tool). The same scenario, seed and runs always give this page, byte for byte.</footer>\n</body>\n</html>\n"
        return html
    }

    static let css = """
    body{font-family:Helvetica,Arial,sans-serif;font-size:14px;color:#222;max-width:1180px;margin:24px auto;padding:0 16px;line-height:1.4}
    h1{font-size:24px;margin:0 0 8px}h2{font-size:19px;margin:32px 0 10px;border-bottom:1px solid #ccc;padding-bottom:4px}
    code{font-family:Menlo,Consolas,monospace;font-size:12.5px;background:#f4f4f4;padding:1px 3px}
    .facts,.note{color:#555}.note{font-size:12.5px}p.answer{font-size:15px;margin:8px 0}ul.answer{font-size:14px}p.none{color:#555;margin:4px 0}
    .wide{overflow-x:auto}table{border-collapse:collapse;font-size:12.5px;margin:6px 0}th,td{padding:3px 7px;border-bottom:1px solid #e4e4e4;text-align:right}
    td{white-space:nowrap}td.text{white-space:normal;text-align:left}
    th{background:#f2f2f2;font-weight:600}td.name,th.name{text-align:left;white-space:nowrap}
    .charts{display:flex;flex-wrap:wrap;gap:18px}.chart svg{max-width:100%;height:auto}
    figure{margin:10px 0}figcaption{font-size:12.5px;color:#555}
    .matrix td{text-align:center;min-width:18px;font-size:12px}.matrix th.col{writing-mode:vertical-rl;transform:rotate(180deg);height:150px;text-align:left;font-weight:normal}
    .fewer{background:#cdebd0}.more{background:#f6cfcf}.tie{background:#f2f2f2;color:#999}.self{background:#fff}
    .diagram{overflow-x:auto;border:1px solid #ddd;margin:8px 0 20px}
    ul.legend{list-style:none;padding:0;margin:4px 0;font-size:12.5px}ul.legend li{margin:3px 0}
    .swatch{display:inline-block;width:11px;height:11px;margin-right:6px;vertical-align:-1px;print-color-adjust:exact;-webkit-print-color-adjust:exact}
    footer{margin-top:40px;font-size:12px;color:#777}
    @page{margin:12mm}
    @media print{*{print-color-adjust:exact;-webkit-print-color-adjust:exact}body{max-width:none;margin:0;font-size:11px}table{font-size:9px}th,td{padding:1px 3px}code{font-size:9px}
    figure,tr,.matrix{break-inside:avoid}h2,h3{break-after:avoid}.wide,.diagram{overflow:visible}
    .diagram svg,.chart svg{max-width:100%;height:auto}a{color:inherit}}
    """


    // MARK: Sections

    static func parameters(_ scenario: Scenario) -> String {
        let differences = scenario.differencesFromDefaults()
        guard !differences.isEmpty else { return "<p>None: every parameter has its default (docs/model.md gives each with its source).</p>" }
        var html = "<div class=\"wide\"><table><tr><th class=\"name\">key</th><th class=\"name\">this scenario</th><th class=\"name\">default</th></tr>\n"
        for difference in differences {
            html += "<tr><td class=\"name\"><code>\(e(difference.key))</code></td><td class=\"text\">\(e(difference.value))</td>"
                + "<td class=\"text\">\(e(difference.defaultValue))</td></tr>\n"
        }
        return html + "</table></div>"
    }

    static func table(_ rows: [ResultRow], pairs: PairedLosses) -> String {
        let minimum = rows.map(\.tally.lost).min()
        let best = rows.indices.filter { rows[$0].tally.lost == minimum }
        var html = "<div class=\"wide\"><table><tr><th class=\"name\">design</th><th>lost</th><th>lost rate [95% CI]</th><th>mis-delivered</th><th>duplicated</th>"
            + "<th>double-charged</th><th>lost sales</th><th>p99 delay</th><th>support</th><th>req/intent</th><th>vs best</th><th class=\"name\">top lost cause</th></tr>\n"
        for (index, row) in rows.enumerated() {
            let t = row.tally
            let lost = t.lostRate
            let cells = [Grouped.format(Int(t.lost)),
                         "\(ResultTable.percent(lost.rate)) [\(ResultTable.percent(lost.low)), \(ResultTable.percent(lost.high))]",
                         Grouped.format(Int(t.misdelivered)), Grouped.format(Int(t.duplicated)), Grouped.format(Int(t.doubleCharged)),
                         Grouped.format(Int(t.lostSales)), t.deliveryDelay.quantile(0.99).map(DurationText.human) ?? "-",
                         Grouped.format(Int(t.supportContacts)), FixedPoint.format(row.perIntent(t.serverRequests), places: 2),
                         ResultTable.versusBest(index, best: best, pairs: pairs, intents: t.intents)]
            html += "<tr><td class=\"name\">\(e(row.design))</td>" + cells.map { "<td>\(e($0))</td>" }.joined()
                + "<td class=\"name\">\(e(ResultTable.topCause(t)))</td></tr>\n"
        }
        return html + "</table></div>"
    }

    /// Each losing design's lost causes as one 100% stacked bar, a colour per cause.
    static func causeChart(_ rows: [ResultRow]) -> String {
        let losing = rows.filter { $0.tally.lost > 0 }
        guard !losing.isEmpty else { return "<p>No design lost an order.</p>" }
        let causes = Cause.allCases.filter { cause in losing.contains { $0.tally.count(of: .lost, cause: cause) > 0 } }
        let palette = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#6A3D9A", "#999999", "#8C6D1F",
                       "#1B9E77", "#E7298A", "#66A61E", "#A6761D", "#333333"]
        func colour(_ cause: Cause) -> String { palette[(causes.firstIndex(of: cause) ?? 0) % palette.count] }
        let labelWidth = 190.0, barWidth = 520.0, rowHeight = 20.0, top = 8.0
        let height = top + Double(losing.count) * rowHeight + 8
        let width = labelWidth + barWidth + 10
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Markup.number(width))\" height=\"\(Markup.number(height))\" viewBox=\"0 0 \(Markup.number(width)) \(Markup.number(height))\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\">\n"
        for (index, row) in losing.enumerated() {
            let y = top + Double(index) * rowHeight
            svg += "<text x=\"\(Markup.number(labelWidth - 6))\" y=\"\(Markup.number(y + 13))\" text-anchor=\"end\">\(e(row.design))</text>\n"
            var x = labelWidth
            for (cause, count) in row.tally.causes(of: .lost) {
                let share = Double(count) / Double(row.tally.lost)
                svg += "<rect x=\"\(Markup.number(x))\" y=\"\(Markup.number(y + 3))\" width=\"\(Markup.number(share * barWidth))\" height=\"14\" fill=\"\(colour(cause))\">"
                    + "<title>\(e(row.design)): \(e(cause.name)) \(FixedPoint.format(share * 100, places: 1))% (\(count))</title></rect>\n"
                x += share * barWidth
            }
        }
        // The legend is HTML, so each cause's explanation wraps like text.
        let legend = causes.map { cause in
            "<li><span class=\"swatch\" style=\"background:\(colour(cause))\"></span><code>\(e(cause.name))</code>: \(e(cause.explanation))</li>"
        }.joined(separator: "\n")
        return "<figure class=\"chart\">" + svg + "</svg><figcaption>Share of each design's lost orders by cause (hover a segment for its count).</figcaption></figure>\n"
            + "<ul class=\"legend\">\n\(legend)\n</ul>"
    }

    static func faults(_ rows: [ResultRow]) -> String {
        var html = "<div class=\"wide\"><table><tr><th class=\"name\">fault</th><th class=\"name\">scenario key</th><th>fired per 1,000 runs (fewest design)</th><th>(most)</th><th class=\"name\">meaning</th></tr>\n"
        for fault in FaultKind.allCases {
            let perRun = rows.map { Double($0.tally.faultCounts[fault.rawValue]) / Double(max($0.tally.runs, 1)) * 1_000 }
            guard let low = perRun.min(), let high = perRun.max() else { continue }
            let row = fault.row  // name, key and meaning: the fault table's
            html += "<tr><td class=\"name\"><code>\(e(row.name))</code></td><td class=\"name\"><code>\(e(row.key))</code></td>"
                + "<td>\(FixedPoint.format(low, places: 2))</td><td>\(FixedPoint.format(high, places: 2))</td><td class=\"text\">\(e(row.firing))</td></tr>\n"
        }
        return html + "</table></div><p class=\"note\">A fault fires at a fault point when its draw falls below its probability; designs reach different fault points, so their counts differ.</p>"
    }


    /// Row design against column design: green when the row loses significantly fewer orders
    /// (McNemar's exact test, p < 0.05, as `simrun compare` uses), red when more, grey when the
    /// difference is noise.
    static func matrix(_ rows: [ResultRow], pairs: PairedLosses) -> String {
        var html = "<div class=\"wide\"><table class=\"matrix\"><tr><th class=\"name\">row vs column</th>"
            + rows.map { "<th class=\"col\">\(e($0.design))</th>" }.joined() + "</tr>\n"
        for a in rows.indices {
            html += "<tr><td class=\"name\">\(e(rows[a].design))</td>"
            for b in rows.indices {
                guard a != b else {
                    html += "<td class=\"self\"></td>"
                    continue
                }
                let onlyA = pairs.lostOnlyBy(a, notBy: b), onlyB = pairs.lostOnlyBy(b, notBy: a)
                let logP = pairs.mcNemarLogPValue(a, b)
                let (kind, mark) = logP >= Significance.logLevel || onlyA == onlyB ? ("tie", "=") : onlyA < onlyB ? ("fewer", "◀") : ("more", "▲")
                let p = PValue.text(logP: logP)
                html += "<td class=\"\(kind)\" title=\"\(e(rows[a].design)) lost \(onlyA) intents \(e(rows[b].design)) did not, "
                    + "\(e(rows[b].design)) \(onlyB); exact McNemar p \(e(p.hasPrefix("<") ? p : "= " + p))\">\(mark)</td>"
            }
            html += "</tr>\n"
        }
        return html + "</table></div><p class=\"note\"><span class=\"fewer\">&nbsp;◀&nbsp;</span> the row design loses significantly fewer orders than the column design; "
            + "<span class=\"more\">&nbsp;▲&nbsp;</span> significantly more; <span class=\"tie\">&nbsp;=&nbsp;</span> no significant difference (McNemar's exact test, p ≥ 0.05). Hover a cell for the counts.</p>"
    }

    static func diagrams(_ diagrams: [Diagram]) -> String {
        guard !diagrams.isEmpty else { return "<p>No design lost an order.</p>" }
        let legend = "<p class=\"note\">Which faults mattered is found by replaying each run without them. A fault in "
            + "<b style=\"color:#c00\">red</b> changed how the run ended: replayed with that one fault not fired (the same run and "
            + "draws; later faults fire by their own draws), some intent ends differently, with another outcome or another cause. "
            + (diagrams.contains { !$0.judged.jointly.isEmpty }
                ? "One in <b style=\"color:#d55e00\">orange</b> recurs and mattered only with the others like it: without any one of "
                    + "them the run ends the same, without all of them it does not. " : "")
            + "One in <span style=\"color:#999\">grey</span>, marked <i>no effect</i>, changed nothing: without it every intent ends "
            + "the same way.</p>\n"
        return legend + diagrams.map { diagram in
            "<h3>\(e(diagram.design)): <code>\(e(diagram.cause.name))</code></h3>\n<p class=\"note\">\(e(diagram.cause.explanation)). "
                + "The shortest of the first runs lost this way is run \(diagram.run); replay it with <code>\(e(diagram.command))</code>. "
                + faultSummary(diagram) + "</p>\n"
                + "<div class=\"diagram\">\(diagram.svg)</div>\n"
        }.joined()
    }

    /// "2 of its 3 faults changed how it ended." or "No fault fired in this run.".
    static func faultSummary(_ diagram: Diagram) -> String {
        let decisive = diagram.judged.decisive.count, jointly = diagram.judged.jointly.count
        if diagram.faults == 0 { return "No fault fired in this run." }
        var text = diagram.faults == 1 ? (decisive == 1 ? "Its one fault changed how it ended." : "Its one fault changed nothing.")
            : "\(decisive) of its \(diagram.faults) faults changed how it ended"
        if diagram.faults > 1 { text += jointly > 0 ? "; \(jointly) more did only together with the others of their kind." : "." }
        if decisive + jointly == 0 { text += " The design loses this order whichever fault is taken away." }
        return text
    }

    static func e(_ text: String) -> String { Markup.escaped(text) }
}

extension Scenario {
    /// Every scenario key whose value differs from the default, by key path, with both values
    /// as the scenario file writes them. Name, description, runs, seed and designs are left out
    /// (the report states them).
    public func differencesFromDefaults() -> [(key: String, value: String, defaultValue: String)] {
        var defaults = Scenario()
        defaults.name = name
        var result: [(key: String, value: String, defaultValue: String)] = []
        func walk(_ value: JSONValue, _ reference: JSONValue, _ path: String) {
            if case .object(let fields) = value, case .object(let referenceFields) = reference {
                for field in fields {
                    let other = referenceFields.first { $0.key == field.key }?.value ?? .null
                    walk(field.value, other, path.isEmpty ? field.key : path + "." + field.key)
                }
            } else if value != reference {
                result.append((path, JSONWriter.write(value), JSONWriter.write(reference)))
            }
        }
        walk(jsonValue, defaults.jsonValue, "")
        return result.filter { !["description", "runs", "seed", "designs"].contains($0.key) }
    }
}
