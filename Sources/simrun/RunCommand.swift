import Dispatch
import FaultSim
import Policies

/// `simrun run [scenario.json] [options]`: simulate, print the table, write the CSVs.
enum RunCommand: Command {
    static let out = CommonOptions.out("Write the result table as CSV.")
    static let faultsOut = OptionSpec(name: "--faults-out", valueName: "file.csv", help: "Write how often each fault fired, one row per design and fault.")
    static let pairsOut = OptionSpec(name: "--pairs-out", valueName: "file.csv",
                                     help: "Write the paired lost-order comparison of every two designs (McNemar; with --importance, every "
                                         + "outcome's weighted paired difference and z-test).")
    static let causesOut = OptionSpec(name: "--causes-out", valueName: "file.csv", help: "Write why intents were lost, mis-delivered, duplicated or double-charged.")
    static let chunkSize = OptionSpec(name: "--chunk-size", valueName: "n", help: "Runs per unit of parallel work, 1 to 10^12 (default: 4096). Never changes the result.")
    static let wide = OptionSpec(name: "--wide", valueName: nil, help: "Print every column (intents, p50 delay, support, stuck, requests per intent, top lost cause); the default table fits 120 columns.")
    static let outputs = [out, faultsOut, pairsOut, causesOut]

    static let spec = CommandSpec.readingScenario(
        name: "run", abstract: "Simulate a scenario for each design and compare lost, mis-delivered and duplicated orders.",
        summary: "Simulate a scenario for each design; print the table, write CSVs.",
        options: [CommonOptions.runs, CommonOptions.seed, CommonOptions.jobs, CommonOptions.designs, out, faultsOut, pairsOut, causesOut,
                  chunkSize, wide, CommonOptions.bySegment, CommonOptions.plusServer, CommonOptions.quiet, CommonOptions.set]
            + ShardOptions.options + ImportanceJob.jobOptions,
        usageNote: "no scenario: scenarios/default.json, or its built-in copy; every output is written whole or not at all")

    static func execute(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        // Every flag is checked before the scenario is read, and every output before any work.
        let chunk = try context.integer(chunkSize, in: 1...ScenarioInput.maxRuns) ?? Runner.defaultChunkSize
        try ImportanceJob.check(context, incompatible: [faultsOut, causesOut, chunkSize, wide, CommonOptions.bySegment])
        let source = try context.scenario()
        if context.given(ImportanceJob.importance) { return try importanceRun(context, source) }
        let shardRequest = try ShardOptions.request(context, exclusive: outputs)
        let bySegment = context.given(CommonOptions.bySegment)
        if bySegment && shardRequest != nil {
            throw context.error("'--by-segment' cannot go with '--shard' or '--partial-out': a part keeps the counts of all the runs, "
                + "not each segment's. Run without shards to split the results by segment.")
        }
        let targets = try context.outputs(outputs + [ShardOptions.partialOut], inputs: source.inputs)
        var scenario = source.scenario
        if context.given(CommonOptions.plusServer) { scenario = scenario.addingFullServerRecoveryVariants() }
        ScenarioInput.warnAboutUnlistedCustomDesigns(scenario, context)
        let chosen = scenario.selectedDesigns
        let slice = shardRequest?.shard.slice(of: UInt64(scenario.runs)) ?? 0..<UInt64(scenario.runs)
        ScenarioInput.warnAboutEventCap(source, designs: chosen)
        ScenarioInput.announceLongJob(scenario, designs: chosen, jobs: context.jobs, runs: slice.count)

        let started = DispatchTime.now().uptimeNanoseconds
        let progress = ProgressLine(total: slice.count, label: "simrun run", quiet: context.given(CommonOptions.quiet))
        // `Runner.compare`'s panel, kept whole for its tallies by segment.
        let panel = Runner.panel(scenario: scenario, designs: chosen, pairs: .all, outcomes: [.lost], pairsRequests: false, runs: slice,
                                 jobs: context.jobs, chunkSize: chunk, progress: progress.counter)
        let (tallies, pairs) = (panel.tallies, panel.pairedLosses)
        progress.finish()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let rows = zip(chosen, tallies).map { ResultRow(scenario: scenario, design: $0.name, tally: $1) }
        // Split by segment, the CSVs of tallies get each design's row of all the runs and then
        // its segments'; the paired CSV and the table's comparison stay over all the runs.
        let split = bySegment
            ? ResultRow.bySegment(scenario: scenario, designs: chosen.map(\.name), tallies: tallies, segments: panel.segmentTallies) : rows
        let partial = shardRequest.map { request in
            PartialResult(kind: .run, scenarios: [scenario], designs: chosen, totalRuns: UInt64(scenario.runs), shard: request.shard,
                          runs: slice, results: [(tallies, pairs)])
        }

        // Render everything first, then write: a failure leaves every old output as it was.
        try ScenarioInput.write([(targets[0], ResultCSV.render(split)), (targets[1], ResultCSV.renderFaults(split)),
                                 (targets[2], ResultCSV.renderPairs(rows, pairs: pairs)), (targets[3], ResultCSV.renderCauses(split)),
                                 (targets[4], partial.map(\.fileText) ?? "")])
        if let shardRequest, shardRequest.sharded {
            printOutput(ShardOptions.summary("run", shardRequest, runs: slice, total: scenario.runs, designs: chosen.count, seconds: seconds,
                                             file: context.value(ShardOptions.partialOut) ?? ""))
            return ExitCode.success
        }

        let totalEvents = tallies.reduce(Int64(0)) { $0 + $1.events }
        let totalRuns = tallies.reduce(Int64(0)) { $0 + $1.runs }
        printHeader(scenario)
        printOutput("\(Grouped.count(scenario.runs, "run")) x \(Grouped.count(chosen.count, "design")), seed \(scenario.seed), "
            + "horizon \(DurationText.format(scenario.horizonMs)), \(Grouped.count(context.jobs, "job")): \(FixedPoint.format(seconds, places: 2)) s, "
            + "\(FixedPoint.format(Double(totalEvents) / Double(max(totalRuns, 1)), places: 1)) events per run\n")
        printOutput(ResultTable.render(rows, pairs: pairs, wide: context.given(wide)), terminator: "")
        if bySegment { printOutput("\n" + SegmentTable.render(split, scenario: scenario), terminator: "") }
        return ExitCode.success
    }

    /// `run --importance`: every chosen design weighted, each paired with the one that loses least.
    static func importanceRun(_ context: CommandContext, _ source: ScenarioInput.Source) throws(CommandFailure) -> Int32 {
        var adjusted = source
        if context.given(CommonOptions.plusServer) { adjusted.scenario = source.scenario.addingFullServerRecoveryVariants() }
        let chosen = adjusted.scenario.selectedDesigns
        let pairs = chosen.count > 1 ? (1..<chosen.count).map { (0, $0) } : []
        let shardRequest = try ShardOptions.request(context, exclusive: [out, pairsOut, ImportanceJob.biasOut])
        if shardRequest != nil && !context.given(ImportanceJob.bias) {
            throw context.error("'--importance' with '--shard' or '--partial-out' needs '--bias': every shard must weigh its runs by the same "
                + "biased worlds. Tune them once with '--bias-out', then give that file to every shard.")
        }
        return try ImportanceJob.execute(context, command: "run", source: adjusted, designs: chosen, pairs: pairs, out: out, pairsOut: pairsOut,
                                         shard: shardRequest)
    }

    /// The scenario's description and platform, above a result table (shared with `merge`).
    static func printHeader(_ scenario: Scenario) {
        printOutput(wrapped("scenario \(scenario.label): \(scenario.description.isEmpty ? "(no description)" : scenario.description)",
                            width: ResultTable.narrowWidth))
        let platform = scenario.platform
        printOutput("platform \(platform.name): one-time-charge notifications \(platform.oneTimeChargeNotifications.rawValue), "
            + "transaction history \(platform.transactionHistory.rawValue), verification \(platform.verification.rawValue)")
    }

    /// `text` broken between words into lines of at most `width` characters (a longer word
    /// stays whole), continuation lines indented by two spaces.
    static func wrapped(_ text: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = "  "
            }
            line += (line.isEmpty || line == "  " ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }
}
