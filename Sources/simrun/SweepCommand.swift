import Dispatch
import FaultSim
import Policies

/// `simrun sweep [scenario.json] --param KEY.PATH (--values v1,v2,... | --range FROM:TO:STEPS
/// [--log])`: every design at every value of one scenario parameter, on the same runs, as a
/// long CSV, an SVG chart and a table; `--crossover A,B` also finds where A stops losing fewer
/// orders than B. The work is the library's `Sweep`; this reads the command line and prints.
enum SweepCommand: Command {
    static let param = OptionSpec(name: "--param", valueName: "key.path", help: "The scenario key to sweep, as in the file: a probability, a duration, a distribution, platform, a custom design's axis (customDesigns[0].localStore).", required: true)
    static let values = OptionSpec(name: "--values", valueName: "v1,v2,...", help: "The values, as --set takes them (JSON or text); a comma inside {} or [] does not split.")
    static let range = OptionSpec(name: "--range", valueName: "from:to:steps", help: "Instead of --values: steps numbers from 'from' to 'to', both included (2 to 1000).")
    static let log = OptionSpec(name: "--log", valueName: nil, help: "With --range: space the values geometrically (from > 0); the chart's x axis is logarithmic.")
    static let metric = OptionSpec(name: "--metric", valueName: "name", help: "What the chart and table show: \(Outcome.allCases.map(\.name).joined(separator: ", ")).",
                                   defaultValue: Outcome.lost.name)
    static let logY = OptionSpec(name: "--log-y", valueName: nil, help: "A logarithmic y axis (zeros are drawn at its floor).")
    static let crossover = OptionSpec(name: "--crossover", valueName: "a,b", help: "Also find, by bisection on paired runs between the smallest and largest value, where a stops losing fewer orders than b.")
    static let out = CommonOptions.out("Write the long CSV: param,value, then the run CSV's columns, one row per value and design.")
    static let svg = CommonOptions.svg("Write the chart: the parameter on x, the metric on y, a line and 95% band per design.")

    static let spec = CommandSpec.readingScenario(
        name: "sweep", abstract: "Every design at every value of one scenario parameter, on the same runs (--runs at every value): a long CSV, an SVG chart, and optionally a crossover.",
        summary: "Every design at every value of one parameter, on the same runs: CSV and chart.",
        options: [param, values, range, log, metric, logY, crossover, CommonOptions.designs, CommonOptions.runs, CommonOptions.seed,
                  CommonOptions.jobs, out, svg, CommonOptions.quiet, CommonOptions.set] + ShardOptions.options,
        usageNote: "give --values or --range")

    static func execute(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let key = try context.required(param)
        let axis = try axis(context)
        let chosenMetric = try metric(named: context.value(metric) ?? Outcome.lost.name, context)
        let base = try context.scenario(applying: .designs)
        let sweep = try self.sweep(key, axis: axis, base: base, context)
        var pair: (Design, Design)?
        if let text = context.value(crossover) {
            guard axis.numbers != nil else { throw context.invalid(text, for: crossover, because: "a crossover needs numeric values") }
            pair = try context.designPair(text, option: crossover, in: base.scenario)
        }
        let shardRequest = try ShardOptions.request(context, exclusive: [out, svg, crossover])
        let targets = try context.outputs([out, svg, ShardOptions.partialOut], inputs: base.inputs)
        ScenarioInput.warnAboutUnlistedCustomDesigns(base.scenario, context)
        let chosen = base.scenario.selectedDesigns
        let runsPerValue = sweep.runsPerValue
        let slice = shardRequest?.shard.slice(of: UInt64(runsPerValue)) ?? 0..<UInt64(runsPerValue)
        ScenarioInput.warnAboutEventCap(base, designs: chosen)

        let started = DispatchTime.now().uptimeNanoseconds
        let progress = ProgressLine(total: slice.count * sweep.scenarios.count, label: "simrun sweep", quiet: context.given(CommonOptions.quiet))
        let result = sweep.run(chosen, runs: slice, jobs: context.jobs, progress: progress.counter)
        progress.finish()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let partial = shardRequest.map { request in
            PartialResult(kind: sweep.kind, scenarios: sweep.scenarios, designs: chosen, totalRuns: UInt64(runsPerValue), shard: request.shard,
                          runs: slice, results: Array(zip(result.tallies, result.pairs)))
        }

        try ScenarioInput.write([(targets[0], result.csv), (targets[1], result.chart(chosenMetric, logY: context.given(logY))),
                                 (targets[2], partial.map(\.fileText) ?? "")])
        if let shardRequest, shardRequest.sharded {
            printOutput(ShardOptions.summary("sweep", shardRequest, runs: slice, total: runsPerValue, designs: chosen.count, seconds: seconds,
                                             file: context.value(ShardOptions.partialOut) ?? "") + " (\(sweep.scenarios.count) values)")
            return ExitCode.success
        }
        printOutput("simrun sweep: \(base.shownPath) (\(base.scenario.platform.name) platform), \(key) at \(axis.labels.count) values, "
            + "\(Grouped.count(runsPerValue, "run")) per value (the same runs at every value), seed \(sweep.scenarios[0].seed)\n")
        printOutput(result.table(chosenMetric), terminator: "")
        if let (a, b) = pair, let found = sweep.crossover(a, b, jobs: context.jobs) {
            printOutput("\nwhere \(a.name) stops losing fewer orders than \(b.name) (or starts), by bisection on paired runs:")
            printOutput(found.text(key: key), terminator: "")
        }
        return ExitCode.success
    }

    /// The sweep of `key` over `axis` on the base scenario, with its designs and `--runs` (or
    /// its runs) at every value, and `--seed` (shared with `report`).
    static func sweep(_ key: String, axis: SweepAxis, base: ScenarioInput.Source, runs: Int? = nil,
                      _ context: CommandContext) throws(CommandFailure) -> Sweep {
        var origin = base.origin
        origin.seed = context.seed
        do {
            return try Sweep(key: key, axis: axis, source: origin, runs: runs ?? context.runs ?? base.scenario.runs,
                             designs: base.scenario.designs)
        } catch {
            throw context.failure(error, option: param)
        }
    }

    /// The values, from `--values` or `--range` (shared with `report`).
    static func axis(_ context: CommandContext) throws(CommandFailure) -> SweepAxis {
        if let text = context.value(range) {
            guard context.value(values) == nil else { throw context.error("Give --values or --range, not both.") }
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 3, let from = Double(parts[0]), let to = Double(parts[1]), let steps = Int(parts[2]),
                  from.isFinite, to.isFinite, from < to, (2...1_000).contains(steps) else {
                throw context.invalid(text, for: range, because: "expected from:to:steps with from < to and 2 to 1000 steps, such as 0:0.2:9")
            }
            let logarithmic = context.given(log)
            if logarithmic && from <= 0 { throw context.invalid(text, for: range, because: "--log needs from > 0") }
            return SweepAxis.evenlySpaced(from: from, to: to, steps: steps, logarithmic: logarithmic)
        }
        guard let text = context.value(values) else {
            throw context.error("Missing expected option '--values <v1,v2,...>' or '--range <from:to:steps>'.")
        }
        let labels = SweepAxis.values(text)
        guard labels.count >= 2, labels.count <= 1_000, !labels.contains(where: \.isEmpty) else {
            throw context.invalid(text, for: values, because: "expected 2 to 1000 comma-separated values, none empty")
        }
        if context.given(log) { throw context.error("--log goes with --range.") }
        return SweepAxis(labels: labels, logScale: false)
    }

    /// The `--metric` called `name`.
    static func metric(named name: String, _ context: CommandContext) throws(CommandFailure) -> Outcome {
        guard let chosen = Outcome.named(name) else {
            var reason = "expected one of: \(Outcome.allCases.map(\.name).joined(separator: ", "))"
            if let hint = Suggestion.nearest(to: name, in: Outcome.allCases.map(\.name)) { reason += "; did you mean '\(hint)'?" }
            throw context.invalid(name, for: metric, because: reason)
        }
        return chosen
    }
}
