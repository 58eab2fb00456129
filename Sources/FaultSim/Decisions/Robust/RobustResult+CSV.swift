/// `simrun robust --out`: one row per setting and design, readable without the text report: what
/// the setting set, each design's lost orders with its Wilson interval and rank, the leader and
/// whether it differs from the baseline's, each design's exact McNemar p against the baseline's
/// leader, the setting's verdict and the baseline leader's lead; then the points every crossover
/// search evaluated (two rows each: the baseline's leader and the challenger), then the lead
/// measured again (`--lead-runs`, kind `lead`: the leader and the runner-up), then the guesses
/// left alone. Numbers are written with fixed places, so the same job gives the same bytes.
extension RobustResult {
    public static let csvHeader = "scenario,setting,kind,param,value,design,lost,intents,lost_per_million,lost_ci_low,lost_ci_high,rank,"
        + "leader,leader_changed,p_vs_baseline_leader,verdict,lead_per_million,crossover_value,crossover_low,crossover_high"

    /// A weighted job's two columns more: each estimate's effective sample size and the guard's
    /// verdict (for a setting counted on plain runs instead, `countedCheck`).
    public static let weightedColumns = ",effective_size,check"

    public var csv: String {
        let leader = baselineLeader
        let weightedJob = isWeighted
        var text = Self.csvHeader + (weightedJob ? Self.weightedColumns : "") + "\n"
        for index in settings.indices {
            let counts = counts(index), order = ranking(index), search = crossover(of: index)
            let (kind, param, value) = settingColumns(index)
            let setting = [String(index), kind, param, value]
            let verdict = verdict(index)
            let tail = [designs[order[0]], order[0] != leader ? "true" : "false"]
            let crossoverCells = [search?.estimate?.set ?? "", search?.low?.set ?? "", search?.high?.set ?? ""]
            for design in designs.indices {
                let p = design == leader ? "" : PValue.text(logP: Self.logP(counts, design, leader))
                let rate = counts.weighted?.rates[design]
                text += row([scenarioName] + setting + measured(designs[design], counts.lost[design], counts.intents[design], weighted: rate)
                    + [String(order.firstIndex(of: design)! + 1)] + tail + [p, verdict.rawValue, Self.fixed(lead(index))] + crossoverCells
                    + (rate.map(Self.diagnostics) ?? (weightedJob ? ["", countedCheck] : [])))
            }
        }
        for search in crossovers {
            let path = guesses[guessMoved(by: search.setting)!.guess].path
            for point in search.points {
                text += pointRows([scenarioName, String(search.setting), "crossover", path, point.value.set], point,
                                  search.leader, search.challenger)
            }
        }
        if let lead {
            text += pointRows([scenarioName, "0", "lead", "", ""], lead.point, lead.leader, lead.runnerUp)
        }
        for skip in skipped {
            text += row([scenarioName, "", "skipped", skip.path, "", "", "", "", "", "", "", "", "", "", "", skip.reason, "", "", "", ""]
                + (weightedJob ? ["", ""] : []))
        }
        return text
    }

    /// A crossover point's or the lead's two rows (`front`: the scenario, setting, kind, param and
    /// value columns): the baseline's leader, then the challenger, ranked against each other.
    func pointRows(_ front: [String], _ point: CrossoverPoint, _ leader: Int, _ challenger: Int) -> String {
        // The two designs' ranking by the tie rule: fewer lost first, the baseline's leader on a tie.
        let challengerAhead = point.challengerAhead
        let logP = point.logP
        let verdict: Verdict = !challengerAhead ? .keeps : logP < Significance.logLevel ? .flips : .notSignificant
        let lead = point.weighted.map { -$0.difference(0, 1).difference * 1_000_000 }
            ?? Double(point.challengerLost - point.leaderLost) / Double(max(point.intents, 1)) * 1_000_000
        let tail = [designs[challengerAhead ? challenger : leader], challengerAhead ? "true" : "false"]
        let rates = point.weighted?.rates
        return row(front + measured(designs[leader], point.leaderLost, point.intents, weighted: rates?[0]) + [challengerAhead ? "2" : "1"]
            + tail + ["", verdict.rawValue, Self.fixed(lead), "", "", ""] + (rates.map { Self.diagnostics($0[0]) } ?? []))
            + row(front + measured(designs[challenger], point.challengerLost, point.intents, weighted: rates?[1])
                + [challengerAhead ? "1" : "2"] + tail + [PValue.text(logP: logP), verdict.rawValue, Self.fixed(lead), "", "", ""]
                + (rates.map { Self.diagnostics($0[1]) } ?? []))
    }

    /// The kind, param and value columns of a setting: the guess and its value as `--set` takes
    /// it; for a Latin-hypercube point, `KEY=VALUE` for every guess, separated by spaces.
    func settingColumns(_ index: Int) -> (String, String, String) {
        let setting = settings[index]
        switch setting.kind {
        case .baseline: return ("baseline", "", "")
        case .low(let guess): return ("low", guesses[guess].path, guesses[guess].low.set)
        case .high(let guess): return ("high", guesses[guess].path, guesses[guess].high.set)
        case .latinHypercube: return ("lhs", "all", setting.assignments.map { "\(guesses[$0.guess].path)=\($0.value.set)" }.joined(separator: " "))
        }
    }

    /// design, lost, intents, lost per 10^6 and its 95% Wilson interval; in a weighted job, the
    /// runs that lost an order under the bias, and the estimate with its z-interval (six places:
    /// the rates it resolves are far below one per 10^6).
    func measured(_ design: String, _ lost: Int64, _ intents: Int64, weighted: WeightedRate? = nil) -> [String] {
        if let weighted {
            return [design, String(lost), String(intents)] + [weighted.rate, weighted.low, weighted.high].map { FixedPoint.format($0 * 1e6, places: 6) }
        }
        let interval = Wilson.interval(successes: lost, trials: intents)
        let rate = intents > 0 ? Double(lost) / Double(intents) * 1_000_000 : 0
        return [design, String(lost), String(intents), FixedPoint.format(rate, places: 1), FixedPoint.format(interval.low * 1e6, places: 1),
                FixedPoint.format(interval.high * 1e6, places: 1)]
    }

    /// A weighted estimate's effective size and the guard's verdict ("ok" or its warning).
    static func diagnostics(_ rate: WeightedRate) -> [String] {
        [FixedPoint.format(rate.effectiveSize, places: 1), rate.warning ?? "ok"]
    }

    /// The check column of a setting a weighted job counted instead (`countedSettings`).
    var countedCheck: String { "counted on \(fallbackRuns) plain runs: the weighted estimates were flagged" }

    func row(_ cells: [String]) -> String { CSV.record(cells) }
}
