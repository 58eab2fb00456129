import Policies

/// `simrun optimize`'s text: the space's size, how it was searched, the front (each design with
/// its objectives and 95% intervals, then as a `customDesigns` entry), the scenario's designs
/// against the front with the paired evidence, and what the search cost. Outcomes are per 10^6
/// intents, requests per intent; a difference is the scenario's design minus the front design,
/// so positive is worse.
extension Optimizer.Result: DecisionReport {
    public static var tool: String { "optimize" }

    /// The whole story: the header and the space's size (`Optimizer.preamble`), then `body`.
    public var text: String {
        Optimizer.preamble(job: job, objectives: objectives, space: space, file: spaceFile, combinations: combinations, legal: legalCount)
            + "\n" + body
    }

    /// Everything after the space's size, which the command prints before the search starts.
    public var body: String {
        let result = self
        typealias OptimizerText = Optimizer
        var text = OptimizerText.methodText(result) + "\n\n"
        text += OptimizerText.frontText(result)
        if let weighted = result.weighted { text += "\n" + OptimizerText.weightedFrontText(weighted, alpha: result.alpha) }
        text += "\nThe front as customDesigns entries, ready to paste into a scenario's \"customDesigns\":\n"
        text += result.front.map { "  " + Optimizer.customDesignEntry($0.design, name: $0.design.name).oneLine }.joined(separator: ",\n") + "\n"
        text += "\n" + OptimizerText.designsText(result)
        text += "\n" + OptimizerText.costText(result)
        return text
    }
}

extension Optimizer {
    /// What the command prints before the search: the job and the objectives, then the space's
    /// size (counting its legal designs takes seconds, the search minutes).
    public static func preamble(job: DecisionJob, objectives: [Outcome], space: DesignSpace, file: String?, combinations: UInt64,
                                legal: UInt64) -> String {
        "simrun optimize: \(job.source) (\(job.platform) platform), seed \(job.seed), objectives \(objectives.map(\.name).joined(separator: ", "))\n"
            + spaceText(space, file: file, combinations: combinations, legal: legal) + "\n"
    }

    /// "space: every axis on its grid (27 axes): 41,747,082,117,120 (4.2e13) combinations, ...".
    public static func spaceText(_ space: DesignSpace, file: String?, combinations: UInt64, legal: UInt64) -> String {
        let varying = space.varyingAxes.map { DesignAxis.table[$0].name }
        var text = "space: "
        if let file {
            text += "\(file), from \(space.base.name), varying \(varying.isEmpty ? "no axis" : varying.joined(separator: ", "))\n  "
        } else {
            text += "every axis on its grid (\(varying.count) axes): "
        }
        text += "\(count(combinations)) combination\(combinations == 1 ? "" : "s"), \(count(legal)) legal design\(legal == 1 ? "" : "s")"
        let held = space.allowed.indices.filter { space.allowed[$0] == [DesignSpace.baseValue] }
        if !held.isEmpty {
            text += "\n  held at \(space.base.name)'s own value, off the grid: "
                + held.map { "\(DesignAxis.table[$0].name) \(DesignAxis.table[$0].value(of: space.base).label)" }.joined(separator: ", ")
        }
        return text
    }

    /// 12345 → "12,345"; from 10^9 also "(1.2e10)".
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
            ? "method: every legal design raced (at most --enumerate-up-to)\n"
            : "method: too many to enumerate: a Pareto local search, one axis at a time, from the scenario's designs and random legal ones\n"
        let trusted = result.trustedRuns == s.rungs.last! ? "on the last rung" : "from \(Grouped.format(result.trustedRuns)) runs"
        text += "racing: rungs of \(rungs) runs, on common random numbers; a design leaves when another dominates it:\n"
            + "  on every objective better with paired p < \(pLevel(result.racingLevel)) (α/\(s.rungs.count)) or identical in every run "
            + "(\(trusted): resolution \(pLevel(result.resolution))),\n  and better on at least one"
        if let bias = s.raceBias {
            text += "\nlost orders raced weighted (docs/model.md §14): each design also runs the first 1/\(s.weightedShare) of each rung's runs "
                + "under one bias, \(bias);\n  lost orders are then tested by the weighted paired z-test (and compared in point estimate "
                + "by the weighted rates) wherever the guard trusts both designs' estimates, else by the counts;\n  identical means "
                + "identical in the weighted runs too; the other objectives stay on the counts"
        }
        return text
    }

    static func pLevel(_ level: Double) -> String {
        let text = FixedPoint.format(level, places: 6)
        var trimmed = Substring(text)
        while trimmed.last == "0" { trimmed.removeLast() }
        return String(trimmed)
    }

    /// Per 10^6 intents without decimals (one intent in 100,000 runs is 10), requests per
    /// intent with four.
    static func value(_ value: Double, _ objective: Outcome) -> String {
        FixedPoint.format(value, places: objective == .serverRequests ? 4 : 0)
    }

    static func estimate(_ e: Optimizer.Estimate, _ objective: Outcome) -> String {
        "\(value(e.value, objective)) [\(value(e.low, objective)), \(value(e.high, objective))]"
    }

    static func signed(_ d: Double, _ objective: Outcome) -> String {
        FixedPoint.format(d, places: objective == .serverRequests ? 4 : 0, sign: .alwaysUnlessZero)
    }

    static func header(_ objectives: [Outcome]) -> [String] {
        objectives.map { "\($0.name) \($0 == .serverRequests ? "/intent" : "/10^6") [95% CI]" }
    }

    static func frontText(_ result: Optimizer.Result) -> String {
        let objectives = result.objectives
        var text = "front found: \(Grouped.count(result.front.count, "design")), the best found (not proven optimal), "
            + "certified on \(Grouped.count(result.runs, "run"))\n"
        let rows = result.front.map { design in
            [design.design.name] + design.estimates.enumerated().map { estimate($1, objectives[$0]) }
                + [design.tiedWith.isEmpty ? "-" : design.tiedWith.map { result.front[$0].design.name }.joined(separator: ", ")]
        }
        text += table(rows, header: ["design"] + header(objectives) + ["tied with"], left: [0, objectives.count + 1])
        if result.front.contains(where: { !$0.tiedWith.isEmpty }) {
            text += "  tied: no paired test at α = \(pLevel(result.alpha)) tells the two apart on any objective\n"
        }
        let equivalents = result.front.filter { !$0.equivalents.isEmpty }
        if !equivalents.isEmpty {
            text += "  identical to a front design on every objective in every run (in the CSV): " + equivalents.map { design in
                let runs = design.equivalentsRuns == result.runs ? "" : " in the first \(Grouped.count(design.equivalentsRuns, "run"))"
                return "\(design.equivalents.count) to \(design.design.name)\(runs)"
            }.joined(separator: ", ") + "\n"
        }
        if !result.ties.isEmpty {
            text += "  behind the front in point estimate but not significantly (in the CSV): \(result.ties.count) more design"
                + (result.ties.count == 1 ? "\n" : "s\n")
        }
        return text
    }

    static func designsText(_ result: Optimizer.Result) -> String {
        let objectives = result.objectives
        var text = "The scenario's designs against the front, as they are, on the same runs:\n"
        let rows = result.designs.map { verdict in
            [verdict.name] + verdict.estimates.enumerated().map { estimate($1, objectives[$0]) } + [status(verdict.status, result)]
        }
        text += table(rows, header: ["design"] + header(objectives) + ["verdict"], left: [0, objectives.count + 1])
        var counts = [0, 0, 0, 0]
        for verdict in result.designs {
            switch verdict.status {
            case .onFront: counts[0] += 1
            case .dominated: counts[1] += 1
            case .notSignificantlyDominated: counts[2] += 1
            case .notDominated: counts[3] += 1
            }
        }
        text += "  \(counts[0]) on the front, \(counts[1]) dominated, \(counts[2]) behind it but not significantly, "
            + "\(counts[3]) not dominated by any front design (paired tests at α = \(pLevel(result.alpha)))\n"
        let evidence = result.designs.filter { !$0.differences.isEmpty }
        if !evidence.isEmpty {
            text += "\nThe evidence, design − front design (p of the paired test; same: identical in every run):\n"
            for verdict in evidence {
                let by: Int
                switch verdict.status {
                case .dominated(let front), .notSignificantlyDominated(let front): by = front
                case .onFront, .notDominated: continue
                }
                text += "  \(verdict.name) − \(result.front[by].design.name): \(differences(verdict.differences, result))\n"
            }
        }
        let moved = result.designs.filter { ($0.start.moves ?? []).isEmpty == false }
        if !result.enumerated && !moved.isEmpty {
            text += "\nOff the space, so the search started from the nearest point of it (each is compared as it is):\n"
                + moved.map { v in "  \(v.name): \(v.start.moves!.map { "\($0.axis) \($0.from.label) → \($0.to.label)" }.joined(separator: ", "))\n" }
                    .joined()
        }
        return text
    }

    /// "lost +36125 p 2.0e-87, lost_sales same, server_requests +0.0064 p 2.8e-11".
    static func differences(_ list: [PairedDifference], _ result: Optimizer.Result) -> String {
        list.enumerated().map { k, d in
            let objective = result.objectives[k]
            return d.isIdentical ? "\(objective.name) same" : "\(objective.name) \(signed(d.difference, objective)) p \(d.pText)"
        }.joined(separator: ", ")
    }

    static func status(_ status: Optimizer.DesignVerdict.Status, _ result: Optimizer.Result) -> String {
        switch status {
        case .onFront(let index): "on the front: \(result.front[index].design.name)"
        case .dominated(let by): "dominated by \(result.front[by].design.name)"
        case .notSignificantlyDominated(let by): "behind \(result.front[by].design.name), not significantly"
        case .notDominated: "not dominated"
        }
    }

    static func costText(_ result: Optimizer.Result) -> String {
        let s = result.statistics
        var text = "cost: \(Grouped.count(s.designsEvaluated, "design")) evaluated (\(Grouped.format(s.dominated)) left dominated, "
            + "\(Grouped.format(s.parked + s.leftWithLeader)) parked behind an identical design"
            + (result.enumerated ? ")" : ", \(Grouped.format(s.setAside)) set aside as identical to the design they neighbour)")
        if !result.enumerated { text += ", \(Grouped.format(s.expansions)) expanded, \(Grouped.count(s.restarts, "restart"))" }
        text += ";\n  \(Grouped.format(Int(s.searchRuns))) design-runs raced, \(Grouped.format(Int(s.certificationRuns))) certified\n"
        if s.raceBias != nil {
            text += "  weighted race: \(Grouped.format(Int(s.weightedRuns))) design-runs under the bias (each charged \(s.weightedCost) to the "
                + "budget); lost orders tested \(Grouped.count(s.weightedTests, "time")) by the weights (\(Grouped.count(s.weightedDrops, "design")) "
                + "left on such a test), \(Grouped.count(s.flaggedTests, "time")) by the counts because the guard flagged a "
                + "design's weighted estimate (\(Grouped.format(s.flaggedDrops)) left on such a test)\n"
        }
        if !result.enumerated {
            text += s.budgetSpent
                ? "  the budget stopped the search (\(Grouped.format(s.unexpanded)) pool designs unexpanded): the best found with this budget\n"
                : "  the search ended with every pool design expanded and no new random design to start from\n"
        }
        return text
    }
}

extension Optimizer {
    /// Rows as aligned columns, indented by two spaces: the columns in `left` left-aligned, the
    /// others right-aligned; no trailing spaces.
    static func table(_ rows: [[String]], header: [String], left: Set<Int>) -> String {
        TextColumns.aligned([header] + rows, left: left, indent: "  ")
    }
}

extension Optimizer {
    /// `simrun optimize --help`'s last section: each grid axis's values as a space file writes them.
    public static var grids: String {
        var text = "GRIDS: a space file's values, as written in it, for the axes that are not an enumeration, a flag or an option set\n"
            + "(those take every value they have; simrun designs NAME prints them):\n"
        for axis in DesignAxis.table where axis.isGrid {
            let name = axis.name
            let values = axis.values.map(\.json.oneLine)
            text += name == "retrySchedule"
                ? "  \(name):\n" + values.map { "    \($0)\n" }.joined()
                : "  \(name): \(values.joined(separator: ", "))\n"
        }
        return text
    }
}
