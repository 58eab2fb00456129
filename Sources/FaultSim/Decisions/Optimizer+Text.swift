import Policies

/// `simrun optimize`'s text: the space's size, how it was searched, the front (each design with
/// its objectives and 95% intervals, then as a `customDesigns` entry), the scenario's designs
/// against the front, and what the search cost. Outcomes are per 10^6 intents, requests per
/// intent.
public enum OptimizerText {
    public static func text(_ result: Optimizer.Result, spaceFile: String?) -> String {
        var text = spaceText(result.space, file: spaceFile, combinations: result.combinations, legal: result.legalCount) + "\n"
        text += methodText(result) + "\n\n"
        text += frontText(result)
        text += "\nAs customDesigns entries, ready to paste into a scenario's \"customDesigns\":\n"
        for design in result.front {
            text += "  " + Optimizer.customDesignEntry(design.design, name: design.design.name).oneLine + ",\n"
        }
        text += "\n" + designsText(result)
        text += "\n" + costText(result)
        return text
    }

    /// "space: every axis on its grid: 27 axes, 1.2e10 combinations, 3,045,120 legal designs".
    static func spaceText(_ space: DesignSpace, file: String?, combinations: UInt64, legal: UInt64) -> String {
        let varying = space.varyingAxes.map { DesignAxis.table[$0].name }
        var text = "space: "
        if let file {
            text += "\(file), from \(space.base.name), varying \(varying.count) axes (\(varying.joined(separator: ", "))): "
        } else {
            text += "every axis on its grid (\(varying.count) axes): "
        }
        text += "\(count(combinations)) combinations, \(count(legal)) legal designs"
        let held = space.allowed.indices.filter { space.allowed[$0] == [DesignSpace.baseValue] }
        if !held.isEmpty {
            text += "\n  held at \(space.base.name)'s own value, off the grid: "
                + held.map { "\(DesignAxis.table[$0].name) \(DesignAxis.table[$0].value(of: space.base).label)" }.joined(separator: ", ")
        }
        return text
    }

    /// 12345 → "12,345"; above 10^9 also "(1.2e10)".
    static func count(_ value: UInt64) -> String {
        let grouped = value > UInt64(Int.max) ? String(value) : Grouped.format(Int(value))
        guard value >= 1_000_000_000 else { return grouped }
        var exponent = 0
        var mantissa = Double(value)
        while mantissa >= 10 { mantissa /= 10; exponent += 1 }
        return "\(grouped) (\(FixedPoint.format(mantissa, places: 1))e\(exponent))"
    }

    static func methodText(_ result: Optimizer.Result) -> String {
        let s = result.statistics
        let rungs = s.rungs.map { Grouped.format($0) }.joined(separator: ", ")
        var text = result.enumerated
            ? "method: every legal design raced (at most the --enumerate-up-to limit)"
            : "method: too many to enumerate; a Pareto local search from the scenario's designs and random legal designs, one axis at a time"
        text += "\nracing on common random numbers over rungs of \(rungs) runs: a design leaves when another dominates it "
            + "(on every objective better with paired p < \(pLevel(result.racingLevel)) = α/\(s.rungs.count), or identical in every run; "
            + "better on at least one)"
        return text
    }

    static func pLevel(_ level: Double) -> String {
        let text = FixedPoint.format(level, places: 6)
        var trimmed = Substring(text)
        while trimmed.last == "0" { trimmed.removeLast() }
        return String(trimmed)
    }

    static func value(_ value: Double, _ objective: Objective) -> String {
        FixedPoint.format(value, places: objective == .serverRequests ? 4 : 1)
    }

    static func estimate(_ e: Optimizer.Estimate, _ objective: Objective) -> String {
        "\(value(e.value, objective)) [\(value(e.low, objective)), \(value(e.high, objective))]"
    }

    static func signed(_ d: Double, _ objective: Objective) -> String {
        let rounded = value(abs(d), objective)
        return rounded == value(0, objective) ? rounded : (d < 0 ? "-" : "+") + rounded
    }

    static func header(_ objectives: [Objective]) -> [String] {
        objectives.map { "\($0.rawValue) \($0 == .serverRequests ? "/intent" : "/10^6") [95% CI]" }
    }

    static func frontText(_ result: Optimizer.Result) -> String {
        let objectives = result.objectives
        var text = "front found (the best found, not proven optimal): \(result.front.count) design\(result.front.count == 1 ? "" : "s"), "
            + "certified on \(Grouped.format(result.runs)) runs; ties: no paired test at α = \(pLevel(result.alpha)) separates them\n"
        let rows = result.front.enumerated().map { index, design in
            [design.design.name] + design.estimates.enumerated().map { estimate($1, objectives[$0]) }
                + [design.tiedWith.isEmpty ? "-" : design.tiedWith.map { "\($0 + 1)" }.joined(separator: ","), describe(design.design)]
        }
        text += table(rows, header: ["design"] + header(objectives) + ["ties", "axes"], left: [0, objectives.count + 2])
        let equivalents = result.front.filter { !$0.equivalents.isEmpty }
        if !equivalents.isEmpty {
            text += "  identical on every objective in every run (their other axes made no difference): "
                + equivalents.map { "\($0.design.name) and \($0.equivalents.count) more" }.joined(separator: ", ") + "\n"
        }
        if !result.ties.isEmpty {
            text += "  \(result.ties.count) more design\(result.ties.count == 1 ? "" : "s") survived the race behind the front in point estimate, "
                + "not significantly (listed in the CSV)\n"
        }
        return text
    }

    /// "= bliap" or "bliap + localStore=keychain, finishMoment=afterDelivery".
    static func describe(_ design: Design) -> String {
        let (preset, changes) = Optimizer.nearestPreset(to: design)
        guard !changes.isEmpty else { return "= \(preset.name)" }
        return "\(preset.name) + " + changes.map { "\($0.axis)=\($0.value.label)" }.joined(separator: ", ")
    }

    static func designsText(_ result: Optimizer.Result) -> String {
        let objectives = result.objectives
        var text = "The scenario's designs, as they are, on the same runs:\n"
        let rows = result.designs.map { verdict in
            [verdict.name] + verdict.estimates.enumerated().map { estimate($1, objectives[$0]) } + [status(verdict, result)]
        }
        text += table(rows, header: ["design"] + header(objectives) + ["against the front"], left: [0, objectives.count + 1])
        let dominated = result.designs.filter { if case .dominated = $0.status { true } else { false } }.count
        let on = result.designs.filter { if case .onFront = $0.status { true } else { false } }.count
        text += "  \(on) on the front, \(dominated) dominated (paired tests at α = \(pLevel(result.alpha)))\n"
        let moved = result.designs.filter { ($0.start.moves ?? []).isEmpty == false }
        if !result.enumerated && !moved.isEmpty {
            text += "  off the space, the search started from the nearest point: "
                + moved.map { v in "\(v.name) (\(v.start.moves!.map { "\($0.axis) \($0.from.label) → \($0.to.label)" }.joined(separator: ", ")))" }
                    .joined(separator: "; ") + "\n"
        }
        return text
    }

    /// "on the front (front-2)", "dominated by front-3: lost -3390.0 p<1e-300, lost_sales 0 (identical), ...".
    static func status(_ verdict: Optimizer.DesignVerdict, _ result: Optimizer.Result) -> String {
        let evidence = verdict.differences.enumerated().map { k, d in
            let objective = result.objectives[k]
            return d.isIdentical ? "\(objective.rawValue) same" : "\(objective.rawValue) \(signed(d.difference, objective)) p \(d.pText)"
        }.joined(separator: ", ")
        switch verdict.status {
        case .onFront(let index): return "on the front: \(result.front[index].design.name)"
        case .dominated(let by): return "dominated by \(result.front[by].design.name): \(evidence)"
        case .notSignificantlyDominated(let by): return "not significantly behind \(result.front[by].design.name): \(evidence)"
        case .notDominated: return "not dominated by any front design"
        }
    }

    static func costText(_ result: Optimizer.Result) -> String {
        let s = result.statistics
        var text = "cost: \(Grouped.format(s.designsEvaluated)) designs evaluated (\(Grouped.format(s.dominated)) left dominated)"
        if !result.enumerated { text += ", \(Grouped.format(s.expansions)) expanded, \(s.restarts) restart\(s.restarts == 1 ? "" : "s")" }
        text += "; \(Grouped.format(Int(s.searchRuns))) design-runs raced, \(Grouped.format(Int(s.certificationRuns))) certified\n"
        if !result.enumerated {
            text += s.budgetSpent
                ? "the budget stopped the search (\(Grouped.format(s.unexpanded)) pool designs unexpanded): the front is the best found with this budget\n"
                : "the search ended with every pool design expanded and no new random design to start from\n"
        }
        return text
    }
}

extension OptimizerText {
    /// Rows as aligned columns, indented by two spaces: the columns in `left` left-aligned, the
    /// others right-aligned; no trailing spaces.
    static func table(_ rows: [[String]], header: [String], left: Set<Int>) -> String {
        let all = [header] + rows
        var widths = [Int](repeating: 0, count: header.count)
        for row in all { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        return all.map { row in
            "  " + row.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return left.contains(index) ? cell + pad : pad + cell
            }.joined(separator: "  ").trimmingTrailingSpaces + "\n"
        }.joined()
    }
}
