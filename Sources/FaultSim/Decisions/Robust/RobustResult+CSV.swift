/// `simrun robust --out`: one row per setting and design, readable without the text report: what
/// the setting set, each design's lost orders with its Wilson interval and rank, the leader and
/// whether it differs from the baseline's, each design's exact McNemar p against the baseline's
/// leader, the setting's verdict and the baseline leader's lead; then the points every crossover
/// search evaluated (two rows each: the baseline's leader and the challenger), then the guesses
/// left alone. Numbers are written with fixed places, so the same job gives the same bytes.
extension RobustResult {
    public static let csvHeader = "scenario,setting,kind,param,value,design,lost,intents,lost_per_million,lost_ci_low,lost_ci_high,rank,"
        + "leader,leader_changed,p_vs_baseline_leader,verdict,lead_per_million,crossover_value,crossover_low,crossover_high"

    public var csv: String {
        let leader = baselineLeader
        var text = Self.csvHeader + "\n"
        for index in settings.indices {
            let counts = counts(index), order = ranking(index), search = crossover(of: index)
            let (kind, param, value) = settingColumns(index)
            let setting = [String(index), kind, param, value]
            let verdict = verdict(index)
            let tail = [designs[order[0]], order[0] != leader ? "true" : "false"]
            let crossoverCells = [search?.estimate?.set ?? "", search?.low?.set ?? "", search?.high?.set ?? ""]
            for design in designs.indices {
                let p = design == leader ? "" : PValue.text(logP: Self.logP(counts, design, leader))
                text += row([scenarioName] + setting + measured(designs[design], counts.lost[design], counts.intents[design])
                    + [String(order.firstIndex(of: design)! + 1)] + tail + [p, verdict.rawValue, Self.fixed(lead(index))] + crossoverCells)
            }
        }
        for search in crossovers {
            let path = guesses[guessMoved(by: search.setting)!.guess].path
            for point in search.points {
                // The two designs' ranking by the tie rule: fewer lost first, the baseline's leader on a tie.
                let challengerAhead = point.challengerLost < point.leaderLost
                let logP = ExactMcNemar.logPValue(onlyA: point.onlyChallenger, onlyB: point.onlyLeader)
                let verdict: Verdict = !challengerAhead ? .keeps : logP < Significance.logLevel ? .flips : .notSignificant
                let lead = Double(point.challengerLost - point.leaderLost) / Double(max(point.intents, 1)) * 1_000_000
                let front = [scenarioName, String(search.setting), "crossover", path, point.value.set]
                let tail = [designs[challengerAhead ? search.challenger : search.leader], challengerAhead ? "true" : "false"]
                text += row(front + measured(designs[search.leader], point.leaderLost, point.intents) + [challengerAhead ? "2" : "1"] + tail
                    + ["", verdict.rawValue, Self.fixed(lead), "", "", ""])
                text += row(front + measured(designs[search.challenger], point.challengerLost, point.intents) + [challengerAhead ? "1" : "2"]
                    + tail + [PValue.text(logP: logP), verdict.rawValue, Self.fixed(lead), "", "", ""])
            }
        }
        for skip in skipped {
            text += row([scenarioName, "", "skipped", skip.path, "", "", "", "", "", "", "", "", "", "", "", skip.reason, "", "", "", ""])
        }
        return text
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

    /// design, lost, intents, lost per 10^6 and its 95% Wilson interval.
    func measured(_ design: String, _ lost: Int64, _ intents: Int64) -> [String] {
        let interval = Wilson.interval(successes: lost, trials: intents)
        let rate = intents > 0 ? Double(lost) / Double(intents) * 1_000_000 : 0
        return [design, String(lost), String(intents), FixedPoint.format(rate, places: 1), FixedPoint.format(interval.low * 1e6, places: 1),
                FixedPoint.format(interval.high * 1e6, places: 1)]
    }

    func row(_ cells: [String]) -> String { cells.map(CSV.field).joined(separator: ",") + "\n" }
}
