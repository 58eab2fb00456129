/// `ablate` as an HTML section: what each choice of the design is worth, the axes that matter
/// most (each by its most costly change) and the changes that would lose fewer orders; the
/// report places it in its answer, `--html` on a page of its own.
extension Ablation.Result {
    /// How many of the axes that matter the section names; the rest are in the text and CSV.
    static let axesShown = 6

    public var htmlTitle: String { "What each choice of \(Markup.code(design.name)) is worth" }

    public var html: String {
        let e = Markup.escaped, name = Markup.code(design.name)
        var html = "<p class=\"answer\">Each of its axes was changed alone, to every other value the axis takes "
            + "(\(rows.count) designs that can ship, \(skipped.count) that cannot were skipped), "
            + "and each change compared with \(name) over the same \(Grouped.format(Int(intents))) intents "
            + (weightedRuns > 0
                ? "(every outcome counted, McNemar's exact test; lost orders weighed by importance sampling, each change in \(Grouped.format(weightedRuns)) "
                    + "weighted runs of its own, paired z-test, or counted where the guard flags the weights; Holm's correction over the "
                    + "\(rows.count) changes). "
                : "(McNemar's exact test, Holm's correction over the \(rows.count) changes). ")
        if axesThatMatter.isEmpty {
            html += "No single change loses significantly more orders at this run count: no axis has shown it matters yet.</p>\n"
        } else {
            let shown = axesThatMatter.prefix(Self.axesShown).map { row in
                let d = row.difference(.lost)
                let figure = { Ablation.lostFigure($0, weighted: row.isWeightedLost) }
                return "<li><code>\(e(row.change.axis))</code>: changing it to <code>\(e(row.change.to.label))</code> loses "
                    + "\(figure(d.difference)) more orders per million intents "
                    + "(95% CI \(figure(d.low)) to \(figure(d.high)), p \(e(Ablation.pValue(d))))</li>"
            }
            html += "The axes that matter most, each by its most costly change:</p>\n<ul class=\"answer\">\n" + shown.joined(separator: "\n") + "\n</ul>\n"
            if axesThatMatter.count > Self.axesShown {
                html += "<p class=\"note\">\(axesThatMatter.count - Self.axesShown) more axes matter less.</p>\n"
            }
        }
        if !helping.isEmpty {
            html += "<p class=\"answer\"><b>A change would lose fewer orders:</b> "
                + helping.map { row in
                    "<code>\(e(row.change.axis))</code> → <code>\(e(row.change.to.label))</code> "
                        + "(\(row.isWeightedLost ? Ablation.signedFigure(row.difference(.lost).difference) : Ablation.signed(row.difference(.lost).difference, .lost)) per million)"
                }.joined(separator: ", ") + ".</p>\n"
        }
        return html
    }
}

extension Ablation {
    /// A lost-order figure per 10^6 (a row's or a step's): one decimal as counts give it, three
    /// significant digits when weighted.
    static func lostFigure(_ perMillion: Double, weighted: Bool) -> String {
        weighted ? FixedPoint.perMillion(perMillion / 1e6) : rate(perMillion, .lost)
    }
}

extension Ablation.Walk {
    public var htmlTitle: String { "From \(Markup.code(from.name)) to \(Markup.code(to.name)), one axis at a time" }

    public var html: String {
        let e = Markup.escaped
        var html = "<p class=\"answer\">Each step changes the axis (or the smallest group of axes that can change together) whose "
            + "change loses the fewest orders among those left, paired with the design before it over the same "
            + "\(Grouped.format(job.runs)) runs; \(steps.count) steps.</p>\n"
        html += "<div class=\"wide\"><table><tr><th>step</th><th class=\"name\">change</th><th>lost orders per million [95% CI]</th><th>p</th>"
            + "<th>lost after</th></tr>\n"
        for (index, step) in steps.enumerated() {
            let d = step.difference(.lost)
            html += "<tr><td>\(index + 1)</td><td class=\"name\">"
                + step.changes.map { "<code>\(e($0.axis))</code> → <code>\(e($0.to.label))</code>" }.joined(separator: " + ")
                + "</td><td>\(e(Ablation.interval(d, .lost)))</td><td>\(e(Ablation.pValue(d)))</td>"
                + "<td>\(Ablation.rate(step.rate(.lost), .lost))</td></tr>\n"
        }
        html += "</table></div>\n"
        let worth = worthwhileSteps.map { "\($0 + 1)" }
        html += "<p class=\"answer\">Steps that lose significantly fewer orders (p &lt; 0.05): \(worth.isEmpty ? "none" : worth.joined(separator: ", ")).</p>\n"
        return html
    }
}
