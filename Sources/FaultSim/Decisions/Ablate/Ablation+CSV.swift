/// `simrun ablate --out`: one row per change (simulated ones by effect, then the skipped ones
/// with their reason) or per step of a walk, with every objective's rate, change, interval,
/// discordant intents and p, every record through `CSV.record`. Numbers have fixed places, so
/// the same job gives the same bytes.
extension Ablation.Result {
    /// With `--importance`, three columns more: the runs each weighted comparison used, the
    /// changed design's effective size on lost orders, and the guard's check. The lost columns
    /// then hold the weighted figures (their discordant counts 0: weighted runs have none), or
    /// where the check says "counted", the plain runs' counts.
    public var csv: String {
        let weighted = weightedRuns > 0
        var text = CSV.record(["scenario", "platform", "design", "axis", "from", "to", "status", "reason", "intents"] + Ablation.objectiveHeader
            + (weighted ? Ablation.weightedHeader : []))
        let prefix = [job.scenario, job.platform, design.name]
        for row in rows {
            text += CSV.record(prefix + [row.change.axis, row.change.from.label, row.change.to.label, "simulated", "", String(intents)]
                + Ablation.objectiveCells(row.differences, rates: row.rates) + Ablation.weightedCells(row.weighted, runs: weightedRuns))
        }
        let empty = Array(repeating: "", count: Outcome.objectives.count * 8 + (weighted ? 3 : 0))
        for change in skipped {
            text += CSV.record(prefix + [change.axis, change.from.label, change.to.label, "skipped", change.problems.joined(separator: "; "), ""]
                + empty)
        }
        return text
    }
}

extension Ablation.Walk {
    public var csv: String {
        var text = CSV.record(["scenario", "platform", "from_design", "to_design", "step", "axes", "to_values"] + Ablation.objectiveHeader
            + (weightedRuns > 0 ? Ablation.weightedHeader : []))
        for (index, step) in steps.enumerated() {
            text += CSV.record([job.scenario, job.platform, from.name, to.name, String(index + 1),
                                step.changes.map(\.axis).joined(separator: " + "), step.changes.map(\.to.label).joined(separator: " + ")]
                + Ablation.objectiveCells(step.differences, rates: step.rates) + Ablation.weightedCells(step.weighted, runs: weightedRuns))
        }
        return text
    }
}

extension Ablation {
    /// With `--importance`, a change's (or step's) three columns more: the runs its weighted
    /// comparison used, the changed design's effective size on lost orders, the guard's check.
    static let weightedHeader = ["lost_weighted_runs", "lost_effective_size", "lost_check"]

    static func weightedCells(_ weighted: WeightedLost?, runs: Int) -> [String] {
        weighted.map { [String(runs), FixedPoint.format($0.changed.effectiveSize, places: 1), check($0)] } ?? []
    }

    /// Eight columns per objective, in `Outcome.objectives` order.
    static var objectiveHeader: [String] {
        Outcome.objectives.flatMap { o in
            let unit = o.row.measure == .intents ? "per_million" : "per_intent"
            return ["\(o.name)_\(unit)", "\(o.name)_change_\(unit)", "\(o.name)_change_low", "\(o.name)_change_high",
                    "\(o.name)_only_changed", "\(o.name)_only_design", "\(o.name)_log_p", "\(o.name)_p"]
        }
    }

    static func objectiveCells(_ differences: [PairedDifference], rates: [Double]) -> [String] {
        func number(_ value: Double) -> String { FixedPoint.format(value, places: 6, sign: .minusIfNegative) }
        return Outcome.objectives.indices.flatMap { index in
            let d = differences[index]
            return [FixedPoint.format(rates[index], places: 6), number(d.difference), number(d.low), number(d.high),
                    String(d.onlyA), String(d.onlyB), number(d.logP), d.pText]
        }
    }
}
