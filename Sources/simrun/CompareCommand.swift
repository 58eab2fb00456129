import FaultSim
import Policies

/// `simrun compare [scenario.json] --designs A,B [--runs N]`: two designs over the same runs,
/// intent by intent: is one really better, or is it noise?
enum CompareCommand: Command {
    static let designs = CommonOptions.designPair.asRequired
    static let out = CommonOptions.out("Also write the comparison as CSV, one row per outcome.")
    /// Plain `--out` already holds the paired rows; a weighted job's `--out` holds each design's
    /// rates (as `run`'s does), so its paired differences need their own file, at full precision.
    static let pairsOut = OptionSpec(name: "--pairs-out", valueName: "file.csv",
                                     help: "With --importance: also write every outcome's weighted paired difference, interval and z-test "
                                         + "as CSV (--out then holds each design's weighted rates).")

    static let spec = CommandSpec.readingScenario(
        name: "compare", abstract: "Compare two designs over the same runs, intent by intent: discordant intents, the difference with its 95% interval, McNemar's exact p-value, and a verdict.",
        summary: "Two designs intent by intent: discordant intents, difference, exact p, verdict.",
        options: [designs, CommonOptions.runs, CommonOptions.seed, CommonOptions.jobs, out, pairsOut, CommonOptions.bySegment,
                  CommonOptions.quiet, CommonOptions.set] + ImportanceJob.jobOptions)

    /// What a paired comparison found, for the table, the CSV and the verdict.
    struct Line {
        let outcome: Outcome
        let countA: Int64, countB: Int64
        let counts: PairedOutcomes.Counts
        let difference: (points: Double, low: Double, high: Double)
        let logP: Double
    }

    static func execute(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let pair = try context.required(designs)
        try ImportanceJob.check(context, incompatible: [CommonOptions.bySegment])
        if context.given(pairsOut) && !context.given(ImportanceJob.importance) {
            throw context.error("'--pairs-out' needs '--importance': a plain comparison's '--out' already holds the paired rows.")
        }
        let source = try context.scenario()
        let (a, b) = try context.designPair(pair, option: designs, in: source.scenario)
        if context.given(ImportanceJob.importance) {
            return try ImportanceJob.execute(context, command: "compare", source: source, designs: [a, b], pairs: [(0, 1)], out: out,
                                             pairsOut: pairsOut)
        }
        let targets = try context.outputs([out], inputs: source.inputs)
        let scenario = source.scenario
        ScenarioInput.warnAboutEventCap(source, designs: [a, b])
        ScenarioInput.announceLongJob(scenario, designs: [a, b], jobs: context.jobs)

        let progress = ProgressLine(total: scenario.runs, label: "simrun compare", quiet: context.given(CommonOptions.quiet))
        let bySegment = context.given(CommonOptions.bySegment)
        // `Runner.pair`'s panel, or with --by-segment one per segment, which add up to it.
        let (overall, segments) = bySegment
            ? Runner.panelBySegment(scenario: scenario, designs: [a, b], pairs: .all, outcomes: Outcome.paired, pairsRequests: false,
                                    runs: 0..<UInt64(scenario.runs), jobs: context.jobs, progress: progress.counter)
            : (Runner.panel(scenario: scenario, designs: [a, b], pairs: .all, outcomes: Outcome.paired, pairsRequests: false,
                            runs: 0..<UInt64(scenario.runs), jobs: context.jobs, progress: progress.counter), [])
        progress.finish()
        let result = (paired: overall.pairedOutcomes(0, 1), ())
        let lines = self.lines(result.paired)
        let split = zip(scenario.segmentNames, segments).map { (name: $0, paired: $1.pairedOutcomes(0, 1)) }
        var text = csv(lines, scenario: scenario, a: a.name, b: b.name, intents: result.paired.intents,
                       segment: bySegment ? ResultRow.allSegments : nil)
        for segment in split {
            text += csv(self.lines(segment.paired), scenario: scenario, a: a.name, b: b.name, intents: segment.paired.intents,
                        segment: segment.name, header: false)
        }
        try ScenarioInput.write([(targets[0], text)])

        printOutput("simrun compare: \(source.shownPath) (\(scenario.platform.name) platform), \(Grouped.count(scenario.runs, "run")), seed \(scenario.seed)")
        printOutput("\(a.name) (A) against \(b.name) (B), paired over the same \(Grouped.format(Int(result.paired.intents))) intents\n")
        printOutput(table(lines, a: a.name, b: b.name), terminator: "")
        printOutput("")
        for line in lines { printOutput(verdict(line, a: a.name, b: b.name)) }
        if let tradeOff = tradeOff(lines, a: a.name, b: b.name) { printOutput("\n" + tradeOff) }
        if bySegment { printOutput(segmentTables(split, scenario: scenario, a: a.name, b: b.name), terminator: "") }
        return ExitCode.success
    }

    /// Each outcome's line of a paired comparison.
    static func lines(_ paired: PairedOutcomes) -> [Line] {
        Outcome.paired.map { outcome in
            let counts = paired[outcome]
            return Line(outcome: outcome, countA: counts.onlyA + counts.both, countB: counts.onlyB + counts.both, counts: counts,
                        difference: counts.difference(intents: paired.intents), logP: counts.exactLogPValue)
        }
    }

    /// With `--by-segment`: the table and the lost-orders verdict of each segment's runs alone.
    static func segmentTables(_ segments: [(name: String, paired: PairedOutcomes)], scenario: Scenario, a: String, b: String) -> String {
        var text = ""
        for (segment, share) in zip(segments, scenario.segmentShares) {
            let lines = lines(segment.paired)
            text += "\nsegment \(segment.name) (\(FixedPoint.format(share * 100, places: 1))% of the users): "
                + "\(Grouped.format(Int(segment.paired.intents))) intents\n"
            text += table(lines, a: a, b: b)
            if let lost = lines.first(where: { $0.outcome == .lost }) { text += verdict(lost, a: a, b: b) + "\n" }
        }
        return text
    }

    static func table(_ lines: [Line], a: String, b: String) -> String {
        let header = ["outcome", "A", "B", "only A", "only B", "both", "A − B, pts [95% CI]", "exact McNemar p"]
        var rows = [header]
        for line in lines {
            let d = line.difference
            rows.append([line.outcome.name, Grouped.format(Int(line.countA)), Grouped.format(Int(line.countB)),
                         Grouped.format(Int(line.counts.onlyA)), Grouped.format(Int(line.counts.onlyB)), Grouped.format(Int(line.counts.both)),
                         "\(signed(d.points)) [\(signed(d.low)), \(signed(d.high))]", PValue.text(logP: line.logP)])
        }
        var widths = [Int](repeating: 0, count: header.count)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        return rows.map { row in
            row.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return index == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// One sentence: "seed000-v1.2 loses fewer orders than seed000-v1.0: 412 vs 9 discordant
    /// intents, p < 1e-300." or "No significant difference in mis-delivered orders: ...".
    static func verdict(_ line: Line, a: String, b: String) -> String {
        let what = line.outcome.row.counted
        let onlyA = line.counts.onlyA, onlyB = line.counts.onlyB
        let evidence = "\(Grouped.format(Int(onlyA))) vs \(Grouped.format(Int(onlyB))) discordant intents, p " + PValue.phrase(logP: line.logP)
        if onlyA + onlyB == 0 { return "\(what): the same intents under both designs (\(Grouped.format(Int(line.counts.both))))." }
        guard line.logP < Significance.logLevel else { return "\(what): no significant difference (\(evidence))." }
        let fewer = onlyA < onlyB ? a : b, more = onlyA < onlyB ? b : a
        let verb = line.outcome.row.fewerVerb
        return "\(what): \(fewer) \(verb) \(more) (\(evidence))."
    }

    /// When the design that loses significantly fewer orders is significantly worse on another
    /// harm (`Outcome.blemishes`: lost sales, mis-deliveries, duplicates, double charges), a
    /// sentence that says so: fewer lost orders alone is not the whole answer.
    static func tradeOff(_ lines: [Line], a: String, b: String) -> String? {
        guard let lost = lines.first(where: { $0.outcome == .lost }), lost.logP < Significance.logLevel,
              lost.counts.onlyA != lost.counts.onlyB else { return nil }
        let aLosesFewer = lost.counts.onlyA < lost.counts.onlyB
        let worse = lines.filter { line in
            line.outcome != .lost && Outcome.blemishes.contains(line.outcome) && line.logP < Significance.logLevel
                && (aLosesFewer ? line.counts.onlyA > line.counts.onlyB : line.counts.onlyB > line.counts.onlyA)
        }
        guard !worse.isEmpty else { return nil }
        let harms = worse.map { line in
            let (mine, theirs) = aLosesFewer ? (line.countA, line.countB) : (line.countB, line.countA)
            return "\(line.outcome.row.counted) (\(Grouped.format(Int(mine))) vs \(Grouped.format(Int(theirs))))"
        }
        return "Trade-off: \(aLosesFewer ? a : b) loses fewer orders but is worse on " + harms.joined(separator: ", ")
            + ": weigh them before choosing."
    }

    /// The CSV's rows of one comparison; with `segment` (`--by-segment`), a `segment` column
    /// after `design_b` says whose runs they count (`all`, or a segment's name). Every record
    /// goes through `CSV.record`: the scenario's label carries `--set` text, whose commas and
    /// quotes would otherwise split one field into several.
    static func csv(_ lines: [Line], scenario: Scenario, a: String, b: String, intents: Int64, segment: String? = nil,
                    header: Bool = true) -> String {
        let label = segment.map { [$0] } ?? []
        var text = header
            ? CSV.record(["scenario", "platform", "design_a", "design_b"] + (segment == nil ? [] : ["segment"])
                + ["outcome", "intents", "count_a", "count_b", "only_a", "only_b", "both", "difference_pts", "ci_low_pts", "ci_high_pts",
                   "log_p_exact", "p_exact"]) : ""
        for line in lines {
            let d = line.difference
            let names: [String] = [scenario.label, scenario.platform.name, a, b] + label
            let counts: [String] = [line.outcome.name, String(intents), String(line.countA), String(line.countB),
                                    String(line.counts.onlyA), String(line.counts.onlyB), String(line.counts.both)]
            let figures: [String] = [signed(d.points, places: 6), signed(d.low, places: 6), signed(d.high, places: 6),
                                     signed(line.logP, places: 6), PValue.text(logP: line.logP)]
            text += CSV.record(names + counts + figures)
        }
        return text
    }

    static func signed(_ value: Double, places: Int = 3) -> String {
        (value < 0 ? "-" : "+") + FixedPoint.format(abs(value), places: places)
    }
}
