import Policies

/// `simrun ablate`'s tables and CSV. Outcome changes are per 10^6 intents, request changes per
/// intent; every change is the changed design minus the design it changes.
public enum AblationText {
    /// The objectives the text tables show, in column order: every objective but duplicate
    /// deliveries, which an idempotent server makes rare, so the table fits a wide terminal
    /// (the CSV has them all).
    static let shown: [Outcome] = Outcome.objectives.filter { $0 != .duplicated }

    /// A signed value in an objective's unit: `+812.0`, `-0.013`.
    static func signed(_ value: Double, _ objective: Outcome) -> String {
        let places = objective == .serverRequests ? 4 : 1
        let rounded = FixedPoint.format(abs(value), places: places)
        if rounded == FixedPoint.format(0, places: places) { return rounded }
        return (value < 0 ? "-" : "+") + rounded
    }

    static func rate(_ value: Double, _ objective: Outcome) -> String {
        FixedPoint.format(value, places: objective == .serverRequests ? 4 : 1)
    }

    /// "+812.0 [+700.1, +923.9]".
    static func interval(_ d: PairedDifference, _ objective: Outcome) -> String {
        "\(signed(d.difference, objective)) [\(signed(d.low, objective)), \(signed(d.high, objective))]"
    }

    /// "lost 2.0 per 10^6 intents, lost sales 0.0, ..., server requests 1.234 per intent".
    static func rates(_ rates: [Double]) -> String {
        shown.map { objective in
            let value = rates[Outcome.objectives.firstIndex(of: objective)!]
            return "\(objective.title) \(rate(value, objective))" + (objective == .lost || objective == .serverRequests ? " \(objective.unit)" : "")
        }.joined(separator: ", ")
    }

    public static func text(_ result: Ablation.Result) -> String {
        let design = result.design.name
        var text = "\(design) against each design one axis away from it: \(result.rows.count) changes simulated, "
            + "\(result.skipped.count) skipped as illegal; paired over the same \(Grouped.format(Int(result.intents))) intents\n"
        text += "\(design) itself: \(rates(result.baseRates))\n\n"
        let matter = Ablation.axesThatMatter(result)
        if matter.isEmpty {
            text += "Axes that matter: none. No single change raises lost orders significantly at this run count "
                + "(p < 0.05 after Holm's correction over the \(result.rows.count) changes).\n"
        } else {
            text += "Axes that matter, most first: on each axis, the change that raises lost orders most, where one does significantly "
                + "(p < 0.05 after Holm's correction over the \(result.rows.count) changes)\n"
            text += table(matter.map { row in
                let d = row.difference(.lost)
                return [row.change.axis, "→ " + row.change.to.label, interval(d, .lost) + " per 10^6", "p " + pValue(d)]
            }, header: nil, leftColumns: 2, indent: "  ")
        }
        for objective in [Outcome.lostSales, .misdelivered, .duplicated, .doubleCharged] {
            let raised = Ablation.axesThatMatter(result, on: objective)
            guard !raised.isEmpty else { continue }
            text += "  and for \(objective.title) (Holm, p < 0.05): " + raised.map { row in
                "\(row.change.axis) → \(row.change.to.label) (\(signed(row.difference(objective).difference, objective)))"
            }.joined(separator: ", ") + "\n"
        }
        let helps = Ablation.significantChanges(result).filter { $0.difference(.lost).difference < 0 }
        if helps.isEmpty {
            text += "No single change loses significantly fewer orders than \(design).\n"
        } else {
            text += "Changes that lose significantly fewer orders than \(design) (Holm, p < 0.05): "
                + helps.map { "\($0.change.axis) → \($0.change.to.label) (\(signed($0.difference(.lost).difference, .lost)))" }.joined(separator: ", ") + "\n"
        }
        text += "\nEvery change, largest effect on lost orders first (changed − \(design); outcomes per 10^6 intents, requests per intent)\n"
        let header = ["change", "lost [95% CI]", "p", "lost sales", "p", "mis-deliveries", "p", "double charges", "p", "requests", "p"]
        text += table(result.rows.map { row in
            var cells = ["\(row.change.axis) → \(row.change.to.label)", interval(row.difference(.lost), .lost), pValue(row.difference(.lost))]
            for objective in shown.dropFirst() {
                let d = row.difference(objective)
                cells += [signed(d.difference, objective), pValue(d)]
            }
            return cells
        }, header: header, leftColumns: 1, indent: "")
        if !result.skipped.isEmpty {
            text += "\nSkipped: \(result.skipped.count) changes that cannot ship (Design.problems)\n"
            for change in result.skipped {
                text += "  \(change.axis) → \(change.to.label): \(change.problems.joined(separator: "; "))\n"
            }
        }
        return text
    }

    public static func walkText(_ walk: Ablation.Walk) -> String {
        var text = "From \(walk.from.name) to \(walk.to.name), one axis at a time, the step that loses the fewest orders first "
            + "(\(walk.steps.count) steps, \(Grouped.format(Int(walk.designRuns))) design-runs)\n"
        text += "start, \(walk.from.name): \(rates(walk.startRates))\n\n"
        text += "Each step against the design before it (outcomes per 10^6 intents, requests per intent)\n"
        let header = ["step", "change", "lost [95% CI]", "p", "lost sales", "p", "mis-deliveries", "p", "double charges", "p", "requests", "p",
                      "lost after"]
        text += table(walk.steps.enumerated().map { index, step in
            var cells = [String(index + 1), step.changes.map { "\($0.axis) → \($0.to.label)" }.joined(separator: " + "),
                         interval(step.difference(.lost), .lost), pValue(step.difference(.lost))]
            for objective in shown.dropFirst() {
                let d = step.difference(objective)
                cells += [signed(d.difference, objective), pValue(d)]
            }
            cells.append(rate(step.rates[0], .lost))
            return cells
        }, header: header, leftColumns: 2, indent: "")
        let worth = walk.steps.enumerated().filter { $0.element.difference(.lost).difference < 0 && $0.element.difference(.lost).isSignificant() }
        text += "\nSteps that lose significantly fewer orders (p < 0.05): "
            + (worth.isEmpty ? "none" : worth.map { "\($0.offset + 1) (\($0.element.changes.map(\.axis).joined(separator: " + ")))" }.joined(separator: ", ")) + "\n"
        return text
    }

    static func pValue(_ d: PairedDifference) -> String {
        d.onlyA + d.onlyB == 0 && d.difference == 0 && d.logP == 0 ? "-" : d.pText
    }

    /// Rows as aligned columns under an optional header; the first `leftColumns` are left-aligned.
    static func table(_ rows: [[String]], header: [String]?, leftColumns: Int, indent: String) -> String {
        TextColumns.aligned((header.map { [$0] } ?? []) + rows, left: Set(0..<leftColumns), indent: indent)
    }

    // MARK: CSV

    static var objectiveHeader: String {
        Outcome.objectives.map { o in
            let unit = o == .serverRequests ? "per_intent" : "per_million"
            return ["\(o.name)_\(unit)", "\(o.name)_change_\(unit)", "\(o.name)_change_low", "\(o.name)_change_high",
                    "\(o.name)_only_changed", "\(o.name)_only_design", "\(o.name)_log_p", "\(o.name)_p"].joined(separator: ",")
        }.joined(separator: ",")
    }

    static func objectiveCells(_ differences: [PairedDifference], rates: [Double]) -> String {
        Outcome.objectives.enumerated().map { index, _ in
            let d = differences[index]
            return [FixedPoint.format(rates[index], places: 6), csvSigned(d.difference), csvSigned(d.low), csvSigned(d.high),
                    String(d.onlyA), String(d.onlyB), csvSigned(d.logP), d.pText].joined(separator: ",")
        }.joined(separator: ",")
    }

    static func csvSigned(_ value: Double) -> String {
        value == -.infinity ? "-inf" : (value < 0 ? "-" : "") + FixedPoint.format(abs(value), places: 6)
    }

    /// One row per change: simulated ones by effect, then the skipped ones with their reason.
    public static func csv(_ result: Ablation.Result, scenario: Scenario) -> String {
        var text = "scenario,platform,design,axis,from,to,status,reason,intents," + objectiveHeader + "\n"
        let prefix = [scenario.name, scenario.platform.name, result.design.name].map(CSV.field).joined(separator: ",")
        for row in result.rows {
            text += [prefix, CSV.field(row.change.axis), CSV.field(row.change.from.label), CSV.field(row.change.to.label),
                     "simulated", "", String(result.intents), objectiveCells(row.differences, rates: row.rates)].joined(separator: ",") + "\n"
        }
        let empty = Array(repeating: "", count: Outcome.objectives.count * 8).joined(separator: ",")
        for change in result.skipped {
            text += [prefix, CSV.field(change.axis), CSV.field(change.from.label), CSV.field(change.to.label),
                     "skipped", CSV.field(change.problems.joined(separator: "; ")), "", empty].joined(separator: ",") + "\n"
        }
        return text
    }

    /// One row per step of a walk.
    public static func walkCSV(_ walk: Ablation.Walk, scenario: Scenario) -> String {
        var text = "scenario,platform,from_design,to_design,step,axes,to_values," + objectiveHeader + "\n"
        for (index, step) in walk.steps.enumerated() {
            text += [scenario.name, scenario.platform.name, walk.from.name, walk.to.name].map(CSV.field).joined(separator: ",") + ","
                + [String(index + 1), CSV.field(step.changes.map(\.axis).joined(separator: " + ")),
                   CSV.field(step.changes.map(\.to.label).joined(separator: " + ")),
                   objectiveCells(step.differences, rates: step.rates)].joined(separator: ",") + "\n"
        }
        return text
    }
}
