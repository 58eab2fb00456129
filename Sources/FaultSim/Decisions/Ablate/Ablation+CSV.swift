/// `simrun ablate --out`: one row per change (simulated ones by effect, then the skipped ones
/// with their reason) or per step of a walk, with every objective's rate, change, interval,
/// discordant intents and p. Numbers have fixed places, so the same job gives the same bytes.
extension Ablation.Result {
    /// With `--importance`, three columns more: the runs each weighted comparison used, the
    /// changed design's effective size on lost orders, and the guard's check. The lost columns
    /// then hold the weighted figures (their discordant counts 0: weighted runs have none), or
    /// where the check says "counted", the plain runs' counts.
    public var csv: String {
        let weighted = weightedRuns > 0
        var text = "scenario,platform,design,axis,from,to,status,reason,intents," + Ablation.objectiveHeader
            + (weighted ? "," + Ablation.weightedHeader : "") + "\n"
        let prefix = [job.scenario, job.platform, design.name].map(CSV.field).joined(separator: ",")
        for row in rows {
            let extra = Ablation.weightedCells(row.weighted, runs: weightedRuns)
            text += ([prefix, CSV.field(row.change.axis), CSV.field(row.change.from.label), CSV.field(row.change.to.label),
                      "simulated", "", String(intents), Ablation.objectiveCells(row.differences, rates: row.rates)] + extra).joined(separator: ",") + "\n"
        }
        let empty = Array(repeating: "", count: Outcome.objectives.count * 8 + (weighted ? 3 : 0)).joined(separator: ",")
        for change in skipped {
            text += [prefix, CSV.field(change.axis), CSV.field(change.from.label), CSV.field(change.to.label),
                     "skipped", CSV.field(change.problems.joined(separator: "; ")), "", empty].joined(separator: ",") + "\n"
        }
        return text
    }
}

extension Ablation.Walk {
    public var csv: String {
        var text = "scenario,platform,from_design,to_design,step,axes,to_values," + Ablation.objectiveHeader
            + (weightedRuns > 0 ? "," + Ablation.weightedHeader : "") + "\n"
        for (index, step) in steps.enumerated() {
            text += ([job.scenario, job.platform, from.name, to.name].map(CSV.field).joined(separator: ",") + ","
                + [String(index + 1), CSV.field(step.changes.map(\.axis).joined(separator: " + ")),
                   CSV.field(step.changes.map(\.to.label).joined(separator: " + ")),
                   Ablation.objectiveCells(step.differences, rates: step.rates)].joined(separator: ","))
                + Ablation.weightedCells(step.weighted, runs: weightedRuns).map { "," + $0 }.joined() + "\n"
        }
        return text
    }
}

extension Ablation {
    /// With `--importance`, a change's (or step's) three columns more: the runs its weighted
    /// comparison used, the changed design's effective size on lost orders, the guard's check.
    static let weightedHeader = "lost_weighted_runs,lost_effective_size,lost_check"

    static func weightedCells(_ weighted: WeightedLost?, runs: Int) -> [String] {
        weighted.map { [String(runs), FixedPoint.format($0.changed.effectiveSize, places: 1), CSV.field(check($0))] } ?? []
    }

    /// Eight columns per objective, in `Outcome.objectives` order.
    static var objectiveHeader: String {
        Outcome.objectives.map { o in
            let unit = o.row.measure == .intents ? "per_million" : "per_intent"
            return ["\(o.name)_\(unit)", "\(o.name)_change_\(unit)", "\(o.name)_change_low", "\(o.name)_change_high",
                    "\(o.name)_only_changed", "\(o.name)_only_design", "\(o.name)_log_p", "\(o.name)_p"].joined(separator: ",")
        }.joined(separator: ",")
    }

    static func objectiveCells(_ differences: [PairedDifference], rates: [Double]) -> String {
        func number(_ value: Double) -> String { FixedPoint.format(value, places: 6, sign: .minusIfNegative) }
        return Outcome.objectives.indices.map { index in
            let d = differences[index]
            return [FixedPoint.format(rates[index], places: 6), number(d.difference), number(d.low), number(d.high),
                    String(d.onlyA), String(d.onlyB), number(d.logP), d.pText].joined(separator: ",")
        }.joined(separator: ",")
    }
}
