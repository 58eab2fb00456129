/// The answer's second half (issue 24): what each choice of the recommended design is worth
/// (`Ablation`, the design against every design one axis away), and which guesses of the
/// parameter table could change the answer (`simrun robust`'s section, when it was run).
extension HTMLReport {
    /// How many of the axes that matter the answer names; the rest are one command away.
    static let axesShown = 6

    static func decisions(_ ablation: Ablation.Result?, robust: String?, command: String) -> String {
        var html = ""
        if let ablation { html += axesThatMatter(ablation, command: command) }
        if let robust { html += robust }
        return html
    }

    static func axesThatMatter(_ result: Ablation.Result, command: String) -> String {
        let name = code(result.design.name)
        let matter = Ablation.axesThatMatter(result)
        let significant = Ablation.significantChanges(result)
        var html = "<h3>What each choice of \(name) is worth</h3>\n"
        html += "<p class=\"answer\">Each of its axes was changed alone, to every other value the axis takes "
            + "(\(result.rows.count) designs that can ship, \(result.skipped.count) that cannot were skipped), "
            + "and each change compared with \(name) over the same \(Grouped.format(Int(result.intents))) intents "
            + "(McNemar's exact test, Holm's correction over the \(result.rows.count) changes). "
        if matter.isEmpty {
            html += "No single change loses significantly more orders at this run count: no axis has shown it matters yet.</p>\n"
        } else {
            let shown = matter.prefix(axesShown).map { row in
                let d = row.difference(.lost)
                return "<li><code>\(e(row.change.axis))</code>: changing it to <code>\(e(row.change.to.label))</code> loses "
                    + "\(AblationText.rate(d.difference, .lost)) more orders per million intents "
                    + "(95% CI \(AblationText.rate(d.low, .lost)) to \(AblationText.rate(d.high, .lost)), p \(e(AblationText.pValue(d))))</li>"
            }
            html += "The axes that matter most, each by its most costly change:</p>\n<ul class=\"answer\">\n" + shown.joined(separator: "\n") + "\n</ul>\n"
            if matter.count > axesShown { html += "<p class=\"note\">\(matter.count - axesShown) more axes matter less.</p>\n" }
        }
        let better = significant.filter { $0.difference(.lost).difference < 0 }
        if !better.isEmpty {
            html += "<p class=\"answer\"><b>A change would lose fewer orders:</b> "
                + better.map { "<code>\(e($0.change.axis))</code> → <code>\(e($0.change.to.label))</code> (\(AblationText.signed($0.difference(.lost).difference, .lost)) per million)" }
                    .joined(separator: ", ") + ".</p>\n"
        }
        html += "<p class=\"note\">Every change with its effect on lost sales, mis-deliveries and requests: <code>\(e(command))</code></p>\n"
        return html
    }
}
