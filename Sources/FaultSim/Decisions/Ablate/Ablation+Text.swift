import Policies

/// `simrun ablate`'s text: the answer first (the axes that matter, the changes that help), then
/// every change; for a walk, every step. Outcome changes are per 10^6 intents, request changes
/// per intent; every change is the changed design minus the design it changes.
extension Ablation.Result: DecisionReport {
    public static var tool: String { "ablate" }

    public var text: String {
        let name = design.name
        var text = job.header(Self.tool) + "\n"
        text += "\(name) against each design one axis away from it: \(Grouped.count(rows.count, "change")) simulated, "
            + "\(skipped.count) skipped as illegal; paired over the same \(Grouped.format(Int(intents))) intents\n"
        text += "\(name) itself: \(Ablation.rates(baseRates))\n"
        text += weightedNote + "\n"
        text += answerText
        text += "\nEvery change, largest effect on lost orders first (changed − \(name); outcomes per 10^6 intents, requests per intent)\n"
        let weighted = weightedRuns > 0
        text += Ablation.table(rows.map { row in
            ["\(row.change.axis) → \(row.change.to.label)"] + Ablation.cells(row.difference, weightedLost: row.isWeightedLost)
                + (weighted ? [Ablation.check(row.weighted)] : [])
        }, header: ["change"] + Ablation.header + (weighted ? ["check"] : []), leftColumns: 1)
        return text + skippedText
    }

    /// With `--importance`: how the lost orders were weighed, the design's own weighted rate,
    /// and how many comparisons the guard flags.
    var weightedNote: String {
        guard weightedRuns > 0 else { return "" }
        var text = "lost orders by importance sampling (docs/model.md §14): each change against \(design.name) over "
            + "\(Grouped.count(weightedRuns, "run")) of their own mixture (each design's worlds from a pilot of its own: one per change, one for \(design.name)), "
            + "paired z-test; the other outcomes counted on the plain runs\n"
        if let base = weightedBase {
            text += "\(design.name)'s lost orders, weighted: \(FixedPoint.perMillion(base.rate)) "
                + "\(FixedPoint.perMillionInterval(base.low, base.high)) per 10^6 intents\(base.warning.map { " (WARNING: \($0))" } ?? "")\n"
        }
        let flagged = rows.filter(\.isCounted).count
        if flagged > 0 {
            text += "the guard flags \(Grouped.count(flagged, "comparison")) (column check): their lost figures are the "
                + "\(Grouped.format(Int(intents))) plain intents' counts (McNemar's exact test), not the flagged weighted ones\n"
        }
        return text
    }

    /// The changes that cannot ship, one line per reason: the changes that share their problems
    /// are one line naming each axis and its values, so a StoreKit 1 design's fifteen
    /// `olderOSDesign` changes, all refused for one reason, do not bury the others. The CSV and
    /// JSON keep a row per change.
    var skippedText: String {
        guard !skipped.isEmpty else { return "" }
        var reasons: [(problems: String, changes: [Ablation.Change])] = []
        for change in skipped {
            let problems = change.problems.joined(separator: "; ")
            if let index = reasons.firstIndex(where: { $0.problems == problems }) {
                reasons[index].changes.append(change)
            } else {
                reasons.append((problems, [change]))
            }
        }
        var text = "\nSkipped: \(Grouped.count(skipped.count, "change")) that cannot ship (Design.problems)"
        text += reasons.count < skipped.count ? ", for \(Grouped.count(reasons.count, "reason"))\n" : "\n"
        for reason in reasons {
            text += "  \(Ablation.changedValues(reason.changes)): \(reason.problems)\n"
        }
        return text
    }

    /// The axes that matter, what else they raise, and the changes that help.
    var answerText: String {
        let holm = "(p < 0.05 after Holm's correction over the \(rows.count) changes)"
        var text: String
        if axesThatMatter.isEmpty {
            text = "Axes that matter: none. No single change raises lost orders significantly at this run count \(holm).\n"
        } else {
            text = "Axes that matter, most first: on each axis, the change that raises lost orders most, where one does significantly \(holm)\n"
            text += Ablation.table(axesThatMatter.map { row in
                let d = row.difference(.lost)
                return [row.change.axis, "→ " + row.change.to.label, Ablation.lostInterval(d, weighted: row.isWeightedLost) + " per 10^6",
                        "p " + Ablation.pValue(d)]
            }, header: nil, leftColumns: 2, indent: "  ")
        }
        for (objective, raised) in raising.dropFirst() where !raised.isEmpty {
            text += "  and for \(objective.title) (Holm, p < 0.05): " + raised.map { row in
                "\(row.change.axis) → \(row.change.to.label) (\(Ablation.signed(row.difference(objective).difference, objective)))"
            }.joined(separator: ", ") + "\n"
        }
        if helping.isEmpty {
            text += "No single change loses significantly fewer orders than \(design.name).\n"
        } else {
            text += "Changes that lose significantly fewer orders than \(design.name) (Holm, p < 0.05): "
                + helping.map { "\($0.change.axis) → \($0.change.to.label) (\(Ablation.lostInterval($0.difference(.lost), weighted: $0.isWeightedLost)))" }
                    .joined(separator: ", ") + "\n"
        }
        return text
    }
}

extension Ablation.Walk: DecisionReport {
    public static var tool: String { "ablate" }

    public var text: String {
        var text = job.header(Self.tool) + "\n"
        text += "From \(from.name) to \(to.name), one axis at a time, the step that loses the fewest orders first "
            + "(\(steps.count) steps, \(Grouped.format(Int(designRuns))) design-runs)\n"
        text += "start, \(from.name): \(Ablation.rates(startRates))\n"
        let weighted = weightedRuns > 0
        if weighted {
            text += "lost orders by importance sampling (docs/model.md §14): each step, chosen by the counts, against the design "
                + "before it over \(Grouped.count(weightedRuns, "run")) of their own mixture (each design's worlds from a pilot of its own), "
                + "paired z-test; counted where the guard flags the weights (column check); the other outcomes counted\n"
        }
        text += "\nEach step against the design before it (outcomes per 10^6 intents, requests per intent)\n"
        text += Ablation.table(steps.enumerated().map { index, step in
            [String(index + 1), step.changes.map { "\($0.axis) → \($0.to.label)" }.joined(separator: " + ")]
                + Ablation.cells(step.difference, weightedLost: step.isWeightedLost)
                + [Ablation.lostFigure(step.rate(.lost), weighted: step.isWeightedLost)]
                + (weighted ? [Ablation.check(step.weighted)] : [])
        }, header: ["step", "change"] + Ablation.header + ["lost after"] + (weighted ? ["check"] : []), leftColumns: 2)
        text += "\nSteps that lose significantly fewer orders (p < 0.05): "
            + (worthwhileSteps.isEmpty ? "none"
                : worthwhileSteps.map { "\($0 + 1) (\(steps[$0].changes.map(\.axis).joined(separator: " + ")))" }.joined(separator: ", ")) + "\n"
        return text
    }

    /// The steps (by index) that lose significantly fewer orders than the design before them.
    public var worthwhileSteps: [Int] {
        steps.indices.filter { steps[$0].difference(.lost).difference < 0 && steps[$0].difference(.lost).isSignificant() }
    }
}

extension Ablation {
    /// The objectives the text tables show, in column order: every objective but duplicate
    /// deliveries, which an idempotent server makes rare, so the table fits a wide terminal
    /// (the CSV has them all).
    static let shown: [Outcome] = Outcome.objectives.filter { $0 != .duplicated }

    /// The text tables' columns after the change: lost orders with their interval, then each
    /// other objective shown, each with its p.
    static var header: [String] {
        ["lost [95% CI]", "p"] + shown.dropFirst().flatMap { [$0 == .serverRequests ? "requests" : $0.title, "p"] }
    }

    /// A weighted job's check column: "ok", or the guard's warning on a row (or step) whose lost
    /// figures are therefore counted (`Row.isCounted`).
    static func check(_ weighted: WeightedLost?) -> String {
        weighted?.warning.map { "counted: " + $0 } ?? "ok"
    }

    /// A change's cells under `header`; a weighted lost difference with three significant digits.
    static func cells(_ difference: (Outcome) -> PairedDifference, weightedLost: Bool = false) -> [String] {
        [lostInterval(difference(.lost), weighted: weightedLost), pValue(difference(.lost))]
            + shown.dropFirst().flatMap { objective in [signed(difference(objective).difference, objective), pValue(difference(objective))] }
    }

    /// A signed value in an objective's unit: `+812.0`, `-0.013`, `0.0`.
    static func signed(_ value: Double, _ objective: Outcome) -> String {
        FixedPoint.format(value, places: objective.places, sign: .alwaysUnlessZero)
    }

    static func rate(_ value: Double, _ objective: Outcome) -> String { FixedPoint.format(value, places: objective.places) }

    /// "+812.0 [+700.1, +923.9]".
    static func interval(_ d: PairedDifference, _ objective: Outcome) -> String {
        "\(signed(d.difference, objective)) [\(signed(d.low, objective)), \(signed(d.high, objective))]"
    }

    /// A lost-order difference: with one decimal as counts resolve it, or weighted with three
    /// significant digits ("+0.00213 [+0.00105, +0.00321]").
    static func lostInterval(_ d: PairedDifference, weighted: Bool) -> String {
        guard weighted else { return interval(d, .lost) }
        return "\(signedFigure(d.difference)) [\(signedFigure(d.low)), \(signedFigure(d.high))]"
    }

    /// "lost orders 2.0 per 10^6 intents, lost sales 0.0, ..., server requests 1.2340 per intent".
    static func rates(_ rates: [Double]) -> String {
        shown.map { objective in
            let value = rates[Outcome.objectives.firstIndex(of: objective)!]
            return "\(objective.title) \(rate(value, objective))" + (objective == .lost || objective == .serverRequests ? " \(objective.unit)" : "")
        }.joined(separator: ", ")
    }

    /// p, or "-" when the two designs never differed.
    static func pValue(_ d: PairedDifference) -> String {
        d.onlyA + d.onlyB == 0 && d.difference == 0 && d.logP == 0 ? "-" : d.pText
    }

    /// Rows as aligned columns under an optional header; the first `leftColumns` are left-aligned.
    static func table(_ rows: [[String]], header: [String]?, leftColumns: Int, indent: String = "") -> String {
        TextColumns.aligned((header.map { [$0] } ?? []) + rows, left: Set(0..<leftColumns), indent: indent)
    }
}
