import Policies

/// The text and CSV of an importance-sampled job (`run` and `compare` with `--importance`):
/// each design's weighted rates with their intervals and diagnostics, and the paired
/// differences. Rates are per 10^6 intents.
public struct ImportanceTable: Sendable {
    public let scenarioName: String
    public let platform: String
    public let designs: [String]
    /// Each design's intents over the runs (the bias never changes how many a run has).
    public let intents: [Int64]
    public let panel: WeightedPanel

    public init(scenarioName: String, platform: String, designs: [String], intents: [Int64], panel: WeightedPanel) {
        self.scenarioName = scenarioName
        self.platform = platform
        self.designs = designs
        self.intents = intents
        self.panel = panel
    }

    /// The table of a weighted panel (`Runner.panel` with a bias) of `designs` at `scenario`.
    public init(scenario: Scenario, designs: [Design], panel: PanelResult) {
        precondition(panel.isWeighted, "the table of a weighted panel")
        self.init(scenarioName: scenario.name, platform: scenario.platform.name, designs: designs.map(\.name),
                  intents: panel.tallies.map(\.intents), panel: panel.weighted!)
    }

    static let million = 1e6

    /// A figure per 10^6 intents with three significant digits ("0.0123", "4.56", "1,234").
    public static func perMillion(_ rate: Double) -> String { FixedPoint.perMillion(rate) }

    func rate(_ design: Int, _ outcome: Outcome) -> WeightedRate {
        panel.rate(design, outcome, intents: intents[design])
    }

    /// One line per design and rare outcome that happened under the bias (lost always).
    public var ratesText: String {
        var rows: [[String]] = [["design", "outcome", "per 10^6", "95% interval", "event runs", "eff. size", "var. eff. size", "largest",
                                 "mean weight", "check"]]
        for (index, design) in designs.enumerated() {
            for outcome in WeightedPanel.outcomes {
                let estimate = rate(index, outcome)
                guard outcome == .lost || estimate.eventRuns > 0 else { continue }
                rows.append([design, outcome.name, Self.perMillion(estimate.rate),
                             FixedPoint.perMillionInterval(estimate.low, estimate.high), Grouped.format(Int(estimate.eventRuns)),
                             Grouped.format(estimate.effectiveSize), Grouped.format(estimate.varianceEffectiveSize),
                             FixedPoint.format(estimate.largestShare, places: 3),
                             FixedPoint.format(estimate.meanWeight, places: 3), estimate.warning.map { "WARNING: " + $0 } ?? "ok"])
            }
        }
        return TextColumns.aligned(rows, left: [0, 1, 3, 9])
    }

    /// Everything a weighted job reports below its header (`run`/`compare --importance` and the
    /// merge of weighted parts alike): the rates, the weighted causes, the fallbacks of flagged
    /// estimates, and the paired differences of `pairs`.
    public func estimatesText(pairs: [(Int, Int)]) -> String {
        var text = "weighted estimates, per 10^6 intents, 95% intervals (z, from the runs' weighted counts):\n" + ratesText
        text += "\nwhy the weighted lost orders were lost (share of the weighted estimate; docs/model.md §12):\n" + causesText
        let fallbacks = fallbackText
        if !fallbacks.isEmpty { text += "\n" + fallbacks }
        let rateCautions = rateCautionText
        if !rateCautions.isEmpty { text += "\n" + rateCautions }
        if !pairs.isEmpty {
            text += "\npaired over the same runs and biased worlds (z-test on the runs' weighted differences; McNemar's exact "
                + "test does not hold under weights):\n" + differencesText(pairs)
            let pairCautions = differenceCautionText(pairs)
            if !pairCautions.isEmpty { text += "\n" + pairCautions }
        }
        return text + "\n" + Self.legend(pairs: !pairs.isEmpty)
    }

    /// The columns in words, once under the tables, for a reader who does not weigh runs daily.
    static func legend(pairs: Bool) -> String {
        "reading the columns: eff. size, how many equally weighted runs the estimate is worth; var. eff. size, the same for "
            + "its interval (under 100 the interval is not trusted, and the check says so); largest, the share of the estimate "
            + "one run holds; mean weight, the runs' average weight (near 1 when the bias leaves the world's odds intact)"
            + (pairs ? "; CRN share, the share of a difference's variance that pairing the designs on the same runs removed" : "")
            + "\n"
    }

    /// One line per trusted estimate (lost always, other outcomes that happened) whose interval's
    /// width rests on a few heavy runs (`WeightedRate.caution`): "seed001-weiai lost: its
    /// interval's width rests on 4.4 effective runs: …".
    var rateCautionText: String {
        var lines: [String] = []
        for (index, design) in designs.enumerated() {
            for outcome in WeightedPanel.outcomes {
                let estimate = rate(index, outcome)
                guard estimate.warning == nil, let caution = estimate.caution, outcome == .lost || estimate.eventRuns > 0 else { continue }
                lines.append("\(design) \(outcome.name): \(caution)\n")
            }
        }
        return lines.joined()
    }

    /// The same for the paired differences of `pairs` whose sides are both trusted
    /// (`WeightedDifference.caution`).
    func differenceCautionText(_ pairs: [(Int, Int)]) -> String {
        differenceRows(pairs, everyOutcome: false).filter(\.flagged.isEmpty).compactMap { row in
            row.difference.caution.map { "\(designs[row.a]) - \(designs[row.b]) \(row.outcome.name): \($0)\n" }
        }.joined()
    }

    /// Each design's weighted lost orders by cause, largest first: "faultsim-recommended:
    /// still_pending_at_horizon 81%, user_never_came_back 19%" (causes of docs/model.md §12).
    public var causesText: String {
        designs.indices.map { index in
            let sums = panel.designs[index].lostCauses.map(\.value)
            let total = sums.reduce(0, +)
            guard total > 0 else { return "\(designs[index]): none" }
            let ranked = Cause.allCases.filter { sums[$0.rawValue] > 0 }.sorted {
                sums[$0.rawValue] != sums[$1.rawValue] ? sums[$0.rawValue] > sums[$1.rawValue] : $0.rawValue < $1.rawValue
            }
            return "\(designs[index]): " + ranked.prefix(4).map { cause in
                "\(cause.name) \(FixedPoint.format(100 * sums[cause.rawValue] / total, places: 0))%"
            }.joined(separator: ", ")
        }.map { "  " + $0 + "\n" }.joined()
    }

    /// The lines of every warned estimate, with the plain estimate it falls back to.
    public var fallbackText: String {
        var lines: [String] = []
        for (index, design) in designs.enumerated() {
            for outcome in WeightedPanel.outcomes {
                let estimate = rate(index, outcome)
                guard let warning = estimate.warning, outcome == .lost || estimate.eventRuns > 0 else { continue }
                let plain = estimate.fallback
                lines.append("\(design) \(outcome.name): \(warning); falls back to the plain estimate of the "
                    + "\(Grouped.format(Int(estimate.nominalIntents))) intents of the nominal runs: \(Self.perMillion(plain.rate)) "
                    + FixedPoint.perMillionInterval(plain.low, plain.high) + " per 10^6")
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// A − B for each pair given, per rare outcome that happened for either.
    public func differencesText(_ pairs: [(Int, Int)]) -> String {
        var rows: [[String]] = [["A", "B", "outcome", "A - B per 10^6", "95% interval", "p (paired z)", "CRN share", "var. eff. size",
                                 "verdict", "check"]]
        for row in differenceRows(pairs, everyOutcome: false) {
            let d = row.difference
            rows.append([designs[row.a], designs[row.b], row.outcome.name, Self.perMillion(d.difference),
                         FixedPoint.perMillionInterval(d.low, d.high), PValue.text(logP: d.logP),
                         FixedPoint.format(d.crnShare, places: 2), Grouped.format(d.varianceEffectiveSize), row.verdict,
                         row.flagged.isEmpty ? "ok" : "WARNING: " + row.flagged.joined(separator: " and ") + " flagged above"])
        }
        return TextColumns.aligned(rows, left: [0, 1, 2, 4, 8, 9])
    }

    /// The paired differences as CSV (`run --importance --pairs-out`, and `merge` of its parts):
    /// one row per pair of designs a < b and outcome, every outcome, A − B per 10^6 intents with
    /// its 95% interval and standard error, ln p and p of the paired z-test, the share of the
    /// variance pairing removed, the runs its variance rests on, the verdict, and "ok", which
    /// side's estimate is flagged ("flagged: a and b", as `--out` says why), or the difference's
    /// caution (`WeightedDifference.caution`).
    public func pairsCSV(_ pairs: [(Int, Int)]) -> String {
        var text = "scenario,platform,design,versus,outcome,difference_per_million,low,high,standard_error,log_p,p,crn_share,"
            + "variance_effective_size,verdict,check\n"
        for row in differenceRows(pairs, everyOutcome: true) {
            let d = row.difference
            let fields = [scenarioName, platform, designs[row.a], designs[row.b], row.outcome.name, "\(d.difference * Self.million)",
                          "\(d.low * Self.million)", "\(d.high * Self.million)", "\(d.standardError * Self.million)", "\(d.logP)",
                          PValue.text(logP: d.logP), "\(d.crnShare)", "\(d.varianceEffectiveSize)", row.verdict,
                          row.flagged.isEmpty ? d.caution ?? "ok" : "flagged: " + row.flagged.joined(separator: " and ")]
            text += CSV.record(fields)
        }
        return text
    }

    /// Every two designs once, the first before the second: the pairs `pairsCSV` writes.
    public var everyPair: [(Int, Int)] {
        designs.indices.flatMap { a in designs.indices.filter { $0 > a }.map { (a, $0) } }
    }

    /// One pair's paired difference on one outcome, its verdict, and the designs whose estimate is
    /// flagged: a difference is no better than its weaker side.
    struct DifferenceRow {
        let a: Int, b: Int
        let outcome: Outcome
        let difference: WeightedDifference
        let verdict: String
        let flagged: [String]
    }

    /// The paired difference of each pair and outcome (`everyOutcome`, else those that happened
    /// for either design, and lost always).
    func differenceRows(_ pairs: [(Int, Int)], everyOutcome: Bool) -> [DifferenceRow] {
        var rows: [DifferenceRow] = []
        for (a, b) in pairs {
            for outcome in WeightedPanel.outcomes {
                let either = rate(a, outcome).eventRuns + rate(b, outcome).eventRuns
                guard everyOutcome || outcome == .lost || either > 0 else { continue }
                let difference = panel.difference(a, b, outcome, intents: intents[a])
                let verdict = difference.logP < Significance.logLevel
                    ? (difference.difference < 0 ? "\(designs[a]) better" : "\(designs[b]) better") : "no clear difference"
                rows.append(DifferenceRow(a: a, b: b, outcome: outcome, difference: difference, verdict: verdict,
                                          flagged: [a, b].filter { rate($0, outcome).warning != nil }.map { designs[$0] }))
            }
        }
        return rows
    }

    /// The pilot's steps: per design tuned, each step's level and the design's lost-order events
    /// and effective size under the step's bias.
    public static func pilotText(_ steps: [BiasPilot.Step]) -> String {
        var rows: [[String]] = [["design tuned", "pilot step", "lost runs", "eff. size"]]
        for step in steps {
            rows.append([step.design, step.label, Grouped.format(Int(step.eventRuns)), Grouped.format(step.effectiveSize)])
        }
        return TextColumns.aligned(rows, left: [0, 1])
    }

    /// Each biased world of the mixture, one line: "for faultsim-recommended: outside_app_purchase 0.9, ...".
    public static func biasText(_ bias: FaultBias) -> String {
        bias.components.enumerated().map { index, world in
            let kinds = world.biasedKinds.map { "\($0.row.name) \(Scientific.format(world.firing[$0.rawValue]))" }
            let tails = world.biasedTails.map { slot in
                "\(slot.name) tail \(Scientific.format(world.tails[2 * slot.rawValue]))/\(Scientific.format(world.tails[2 * slot.rawValue + 1]))"
            }
            let trait = world.belowIOS15 > 0 ? ["device.belowIOS15 \(Scientific.format(world.belowIOS15))"] : []
            let all = kinds + tails + trait
            let owner = world.designs.isEmpty ? "" : "for " + world.designs.joined(separator: ", ") + ": "
            let share = bias.hasUnequalShares ? "(\(FixedPoint.format(bias.shares[index] * 100, places: 1))% of runs) " : ""
            return "  " + owner + share + (all.isEmpty ? "nothing biased" : all.joined(separator: ", "))
        }.joined(separator: "\n")
    }

    /// The CSV: one row per design and rare outcome.
    public var csv: String {
        var text = "scenario,platform,design,outcome,per_million,low,high,standard_error,event_runs,effective_size,"
            + "variance_effective_size,largest_share,mean_weight,nominal_runs_count,nominal_runs_intents,warning\n"
        for (index, design) in designs.enumerated() {
            for outcome in WeightedPanel.outcomes {
                let e = rate(index, outcome)
                let fields = [scenarioName, platform, design, outcome.name, "\(e.rate * Self.million)",
                              "\(e.low * Self.million)", "\(e.high * Self.million)", "\(e.standardError * Self.million)",
                              String(e.eventRuns), "\(e.effectiveSize)", "\(e.varianceEffectiveSize)", "\(e.largestShare)", "\(e.meanWeight)",
                              String(e.nominalCount),
                              String(e.nominalIntents), e.warning ?? ""]
                text += CSV.record(fields)
            }
        }
        return text
    }
}
