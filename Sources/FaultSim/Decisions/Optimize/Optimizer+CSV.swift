import Policies

/// `simrun optimize --out`: one row per front design, per design parked behind one (identical in
/// every run compared), per design that survived behind the front, and per scenario design:
/// objectives with 95% intervals, the status, the front design it is measured against and the
/// paired difference (this design − that one: positive is worse), then every axis.
extension Optimizer.Result {
    public var csv: String {
        let result = self
        let objectives = result.objectives
        /// Six decimals; an infinite log p (a difference in every run, with no spread) is `-inf`.
        func number(_ value: Double) -> String { FixedPoint.format(value, places: 6, sign: .minusIfNegative) }
        var header = ["scenario", "platform", "seed", "runs", "kind", "design", "status", "versus"]
        for o in objectives.map(\.name) {
            header += [o, "\(o)_low", "\(o)_high", "\(o)_versus_difference", "\(o)_versus_low", "\(o)_versus_high", "\(o)_versus_p"]
        }
        header += DesignAxis.table.map(\.name)
        var text = CSV.record(header)
        func row(kind: String, name: String, status: String, versus: String, estimates: [Optimizer.Estimate],
                 differences: [PairedDifference], design: Design) {
            var cells = [job.scenario, job.platform, String(job.seed), String(result.runs), kind, name, status, versus]
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
            text += CSV.record(cells)
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
            let (status, versus) = Optimizer.statusWords(verdict.status, result)
            row(kind: "design", name: verdict.name, status: status, versus: versus, estimates: verdict.estimates,
                differences: verdict.differences, design: verdict.design)
        }
        if let weighted = result.weighted, let lost = objectives.firstIndex(of: .lost) {
            text += weightedRows(weighted, lostColumn: lost, objectives: objectives.count).joined()
        }
        return text
    }
}

extension Optimizer.Result {
    /// With `--importance`: one row of kind `weighted` per design estimated, its lost orders
    /// weighted (per 10^6, six decimals) against the best's, status `ok` or the guard's warning;
    /// the other objectives' and the axes' cells empty (the rows above hold them). Then a row of
    /// kind `weighted_again` for each design whose estimate was made again (`WeightedFront.again`).
    func weightedRows(_ weighted: Optimizer.WeightedFront, lostColumn: Int, objectives: Int) -> [String] {
        func number(_ value: Double) -> String { FixedPoint.format(value, places: 6, sign: .minusIfNegative) }
        let best = weighted.best
        func row(_ kind: String, _ index: Int, _ rate: WeightedRate, _ d: WeightedDifference) -> String {
            var cells = [job.scenario, job.platform, String(job.seed), String(runs), kind, weighted.names[index],
                         rate.warning ?? "ok", index == best ? "" : weighted.names[best]]
            for objective in 0..<objectives {
                guard objective == lostColumn else { cells += Array(repeating: "", count: 7); continue }
                cells += [number(rate.rate * 1e6), number(rate.low * 1e6), number(rate.high * 1e6)]
                cells += index == best ? ["", "", "", ""] : [number(d.difference * 1e6), number(d.low * 1e6), number(d.high * 1e6), PValue.text(logP: d.logP)]
            }
            cells += Array(repeating: "", count: DesignAxis.table.count)
            return CSV.record(cells)
        }
        return weighted.names.indices.map { row("weighted", $0, weighted.rates[$0], weighted.difference($0, best)) }
            + weighted.madeAgain.map { row("weighted_again", $0, weighted.answerRate($0), weighted.answerDifference($0)) }
    }
}

extension Optimizer {
    static func statusWords(_ status: Optimizer.DesignVerdict.Status, _ result: Optimizer.Result) -> (String, String) {
        switch status {
        case .onFront(let index): ("on_front", result.front[index].design.name)
        case .dominated(let by): ("dominated", result.front[by].design.name)
        case .notSignificantlyDominated(let by): ("not_significantly_behind", result.front[by].design.name)
        case .notDominated: ("not_dominated", "")
        }
    }
}
