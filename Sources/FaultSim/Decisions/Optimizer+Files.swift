import Policies

/// `simrun optimize --out` (CSV) and `--json`. The CSV has one row per front design, per design
/// parked behind one (identical in every run compared), per design that survived behind the
/// front, and per scenario design: objectives with 95%
/// intervals, the status, the front design it is measured against and the paired difference
/// (this design − that one: positive is worse), then every axis. The JSON's `customDesigns` array pastes into a
/// scenario as it is.
extension OptimizerText {
    /// Six decimals; an infinite log p (a difference in every run, with no spread) is `-inf`
    /// in the CSV and `null` in the JSON, which has no infinity.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return value < 0 ? "-inf" : "inf" }
        return (value < 0 ? "-" : "") + FixedPoint.format(abs(value), places: 6)
    }

    public static func csv(_ result: Optimizer.Result, scenario: Scenario) -> String {
        let objectives = result.objectives
        var header = ["scenario", "platform", "seed", "runs", "kind", "design", "status", "versus"]
        for o in objectives.map(\.name) {
            header += [o, "\(o)_low", "\(o)_high", "\(o)_versus_difference", "\(o)_versus_low", "\(o)_versus_high", "\(o)_versus_p"]
        }
        header += DesignAxis.table.map(\.name)
        var lines = [header.joined(separator: ",")]
        func row(kind: String, name: String, status: String, versus: String, estimates: [Optimizer.Estimate],
                 differences: [PairedDifference], design: Design) {
            var cells = [scenario.name, scenario.platform.name, String(scenario.seed), String(result.runs), kind, name, status, versus]
            for (k, e) in estimates.enumerated() {
                cells += [number(e.value), number(e.low), number(e.high)]
                if differences.isEmpty {
                    cells += ["", "", "", ""]
                } else {
                    let d = differences[k]
                    cells += [number(d.difference), number(d.low), number(d.high), d.isIdentical ? "identical" : d.pText]
                }
            }
            cells += design.axisJSON.map { $0.value.label }
            lines.append(cells.map(CSV.field).joined(separator: ","))
        }
        for design in result.front {
            let status = design.tiedWith.isEmpty ? "front" : "front_tied"
            row(kind: "front", name: design.design.name, status: status,
                versus: design.tiedWith.map { result.front[$0].design.name }.joined(separator: " "), estimates: design.estimates,
                differences: [], design: design.design)
        }
        for design in result.front {
            for (index, point) in design.equivalents.enumerated() {
                let twin = result.space.design(at: point, name: "\(design.design.name)-identical-\(index + 1)")
                row(kind: "identical", name: twin.name, status: "identical_to_front", versus: design.design.name,
                    estimates: design.estimates, differences: [], design: twin)
            }
        }
        for tie in result.ties {
            row(kind: "tie", name: tie.design.name, status: "not_significantly_behind", versus: result.front[tie.behind].design.name,
                estimates: tie.estimates, differences: tie.differences, design: tie.design)
        }
        for verdict in result.designs {
            let (status, versus) = statusWords(verdict.status, result)
            row(kind: "design", name: verdict.name, status: status, versus: versus, estimates: verdict.estimates,
                differences: verdict.differences, design: verdict.design)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func statusWords(_ status: Optimizer.DesignVerdict.Status, _ result: Optimizer.Result) -> (String, String) {
        switch status {
        case .onFront(let index): ("on_front", result.front[index].design.name)
        case .dominated(let by): ("dominated", result.front[by].design.name)
        case .notSignificantlyDominated(let by): ("not_significantly_behind", result.front[by].design.name)
        case .notDominated: ("not_dominated", "")
        }
    }

    /// The result as JSON, one front design or scenario design per line.
    public static func json(_ result: Optimizer.Result, scenario: Scenario) -> String {
        func string(_ text: String) -> String { JSONWriter.quote(text) }
        func estimates(_ list: [Optimizer.Estimate]) -> String {
            zip(result.objectives, list).map { o, e in
                "\(string(o.name)): {\"value\": \(number(e.value)), \"low\": \(number(e.low)), \"high\": \(number(e.high))}"
            }.joined(separator: ", ")
        }
        func differences(_ list: [PairedDifference]) -> String {
            "{" + zip(result.objectives, list).map { o, d in
                "\(string(o.name)): {\"difference\": \(number(d.difference)), \"low\": \(number(d.low)), \"high\": \(number(d.high)), "
                    + "\"identical\": \(d.isIdentical), \"logP\": \(d.logP.isFinite ? number(d.logP) : "null")}"
            }.joined(separator: ", ") + "}"
        }
        let s = result.statistics
        var lines = ["{"]
        lines.append("  \"scenario\": \(string(scenario.name)), \"platform\": \(string(scenario.platform.name)), \"seed\": \(scenario.seed), "
            + "\"runs\": \(result.runs), \"alpha\": \(number(result.alpha)), \"racingLevel\": \(number(result.racingLevel)),")
        lines.append("  \"objectives\": [" + result.objectives.map { string($0.name) }.joined(separator: ", ") + "],")
        lines.append("  \"space\": {\"from\": \(string(result.space.base.name)), \"varying\": ["
            + result.space.varyingAxes.map { string(DesignAxis.table[$0].name) }.joined(separator: ", ")
            + "], \"combinations\": \(result.combinations), \"legal\": \(result.legalCount), \"enumerated\": \(result.enumerated)},")
        lines.append("  \"customDesigns\": [")
        lines.append(result.front.map { "    " + Optimizer.customDesignEntry($0.design, name: $0.design.name).oneLine }.joined(separator: ",\n"))
        lines.append("  ],")
        lines.append("  \"front\": [")
        lines.append(result.front.map { design in
            "    {\"name\": \(string(design.design.name)), \(estimates(design.estimates)), \"tiedWith\": ["
                + design.tiedWith.map { string(result.front[$0].design.name) }.joined(separator: ", ")
                + "], \"identicalDesigns\": \(design.equivalents.count)}"
        }.joined(separator: ",\n"))
        lines.append("  ],")
        lines.append("  \"designs\": [")
        lines.append(result.designs.map { verdict in
            let (status, versus) = statusWords(verdict.status, result)
            return "    {\"name\": \(string(verdict.name)), \"status\": \(string(status)), \"versus\": \(string(versus)), "
                + "\(estimates(verdict.estimates))" + (verdict.differences.isEmpty ? "" : ", \"differences\": \(differences(verdict.differences))") + "}"
        }.joined(separator: ",\n"))
        lines.append("  ],")
        lines.append("  \"cost\": {\"designsEvaluated\": \(s.designsEvaluated), \"dominated\": \(s.dominated), \"parked\": \(s.parked), "
            + "\"leftWithParkedBehind\": \(s.leftWithLeader), \"setAside\": \(s.setAside), "
            + "\"expansions\": \(s.expansions), \"designRunsRaced\": \(s.searchRuns), \"designRunsCertified\": \(s.certificationRuns), "
            + "\"rungs\": [\(s.rungs.map(String.init).joined(separator: ", "))], \"budgetSpent\": \(s.budgetSpent)}")
        lines.append("}")
        return lines.filter { !$0.isEmpty }.joined(separator: "\n") + "\n"
    }
}
