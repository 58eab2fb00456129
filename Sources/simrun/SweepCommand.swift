import Dispatch
import FaultSim
import Policies

/// `simrun sweep [scenario.json] --param KEY.PATH (--values v1,v2,... | --range FROM:TO:STEPS
/// [--log])`: every design at every value of one scenario parameter, on the same runs, as a
/// long CSV, an SVG chart and a table; `--crossover A,B` also finds where A stops losing fewer
/// orders than B.
enum SweepCommand {
    static let param = OptionSpec(name: "--param", valueName: "key.path", help: "The scenario key to sweep, as in the file: a probability, a duration, a distribution, platform, a custom design's axis (customDesigns[0].localStore) (required).", required: true)
    static let values = OptionSpec(name: "--values", valueName: "v1,v2,...", help: "The values, as --set takes them (JSON or text); a comma inside {} or [] does not split.")
    static let range = OptionSpec(name: "--range", valueName: "from:to:steps", help: "Instead of --values: steps numbers from 'from' to 'to', both included (2 to 1000).")
    static let log = OptionSpec(name: "--log", valueName: nil, help: "With --range: space the values geometrically (from > 0); the chart's x axis is logarithmic.")
    static let metric = OptionSpec(name: "--metric", valueName: "name", help: "What the chart and table show: \(SweepMetric.allCases.map(\.rawValue).joined(separator: ", ")) (default: lost).")
    static let logY = OptionSpec(name: "--log-y", valueName: nil, help: "A logarithmic y axis (zeros are drawn at its floor).")
    static let crossover = OptionSpec(name: "--crossover", valueName: "a,b", help: "Also find, by bisection on paired runs between the smallest and largest value, where a stops losing fewer orders than b.")
    static let designs = RunCommand.designs
    static let runs = OptionSpec(name: "--runs", valueName: "n", help: "Runs per value, 1 to 10^12 (default: the scenario's \"runs\"). The same runs at every value.")
    static let seed = RunCommand.seed
    static let jobs = RunCommand.jobs
    static let out = OptionSpec(name: "--out", valueName: "file.csv", help: "Write the long CSV: param,value, then the run CSV's columns, one row per value and design.")
    static let svg = OptionSpec(name: "--svg", valueName: "file.svg", help: "Write the chart: the parameter on x, the metric on y, a line and 95% band per design.")

    static let spec = CommandSpec(
        name: "sweep", abstract: "Every design at every value of one scenario parameter, on the same runs: a long CSV, an SVG chart, and optionally a crossover.",
        positional: "<scenario.json>", positionalOptional: true,
        options: [param, values, range, log, metric, logY, crossover, designs, runs, seed, jobs, out, svg, ProgressLine.quietOption,
                  ScenarioInput.set] + ShardOptions.options,
        usageNote: "give --values or --range")

    /// A sweep's values, as written, and how its x axis places them.
    struct Axis {
        let labels: [String]
        let scale: SweepChart.XScale
        /// The numeric values (ms for durations), when every value is a number or a duration.
        let numbers: [Double]?
        /// The values were spaced geometrically (`--range ... --log`).
        let logScale: Bool

        init(labels: [String], scale: SweepChart.XScale, numbers: [Double]?, logScale: Bool = false) {
            self.labels = labels
            self.scale = scale
            self.numbers = numbers
            self.logScale = logScale
        }

        /// The axis of `labels` as written: numeric when every one is a number or a duration.
        init(labels: [String], logScale: Bool) {
            let parsed = labels.map { label -> Double? in
                if let number = Double(label) { return number }
                if case .success(let ms) = DurationText.parse(label) { return Double(ms) }
                return nil
            }
            let numbers = parsed.allSatisfy { $0 != nil } ? parsed.map { $0! } : nil
            self.init(labels: labels, scale: numbers.map { .numeric($0, log: logScale) } ?? .categorical, numbers: numbers,
                      logScale: logScale)
        }
    }

    /// What `sweep` and `report` share: the values, from `--values` or `--range`.
    static func axis(_ parsed: ParsedArguments, _ command: CommandSpec) throws(CommandFailure) -> Axis {
        var labels: [String]
        var logScale = false
        if let text = parsed.value(range.name) {
            guard parsed.value(values.name) == nil else { throw command.error("Give --values or --range, not both.") }
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 3, let from = Double(parts[0]), let to = Double(parts[1]), let steps = Int(parts[2]),
                  from.isFinite, to.isFinite, from < to, (2...1_000).contains(steps) else {
                throw command.invalid(text, for: range, because: "expected from:to:steps with from < to and 2 to 1000 steps, such as 0:0.2:9")
            }
            logScale = parsed.flags.contains(log.name)
            if logScale && from <= 0 { throw command.invalid(text, for: range, because: "--log needs from > 0") }
            labels = (0..<steps).map { index in
                let t = Double(index) / Double(steps - 1)
                let value = logScale
                    ? DeterministicMath.exp(DeterministicMath.log(from) + t * (DeterministicMath.log(to) - DeterministicMath.log(from)))
                    : from + t * (to - from)
                return CrossoverCommand.format(index == steps - 1 ? to : value)
            }
        } else if let text = parsed.value(values.name) {
            labels = ScenarioInput.topLevelItems(text)
            guard labels.count >= 2, labels.count <= 1_000, !labels.contains(where: \.isEmpty) else {
                throw command.invalid(text, for: values, because: "expected 2 to 1000 comma-separated values, none empty")
            }
            if parsed.flags.contains(log.name) { throw command.error("--log goes with --range.") }
        } else {
            throw command.error("Missing expected option '--values <v1,v2,...>' or '--range <from:to:steps>'.")
        }
        return Axis(labels: labels, logScale: logScale)
    }

    /// The `--metric` called `name`.
    static func metric(named name: String, _ command: CommandSpec) throws(CommandFailure) -> SweepMetric {
        guard let chosen = SweepMetric(rawValue: name) else {
            var reason = "expected one of: \(SweepMetric.allCases.map(\.rawValue).joined(separator: ", "))"
            if let hint = Suggestion.nearest(to: name, in: SweepMetric.allCases.map(\.rawValue)) { reason += "; did you mean '\(hint)'?" }
            throw command.invalid(name, for: metric, because: reason)
        }
        return chosen
    }

    /// A sweep ready to simulate: the base scenario with the key set to each value in turn,
    /// every one with the base's designs and runs, all loaded before anything is simulated.
    struct Plan {
        let key: String
        let axis: Axis
        let base: Scenario
        let scenarios: [Scenario]

        init(key: String, axis: Axis, path: String?, overrides: [ScenarioOverride], base: Scenario, seed: UInt64?, runs: Int?,
             option: OptionSpec, _ command: CommandSpec) throws(CommandFailure) {
            var scenarios: [Scenario] = []
            for label in axis.labels {
                var scenario = try ScenarioInput.scenario(path, overrides: overrides, key: key, value: label, seed: seed, option: option, command)
                scenario.designs = base.designs
                scenario.runs = runs ?? base.runs
                scenarios.append(scenario)
            }
            self.key = key
            self.axis = axis
            self.base = base
            self.scenarios = scenarios
        }

        var runsPerValue: Int { scenarios[0].runs }

        /// Every design at every value, on the same runs (`runs`, default all of them), with
        /// the paired counts a partial result keeps.
        func simulate(_ designs: [Design], runs: Range<UInt64>? = nil, jobs: Int,
                      progress: ProgressCounter?) -> [(tallies: [DesignTally], pairs: PairedLosses)] {
            scenarios.map { Runner.compare(scenario: $0, designs: designs, runs: runs ?? 0..<UInt64(runsPerValue), jobs: jobs, progress: progress) }
        }

        var kind: PartialResult.Kind { .sweep(key: key, labels: axis.labels, logX: axis.logScale) }

        var title: String { SweepCommand.title(key: key, scenario: base.name, runsPerValue: runsPerValue) }

        func chart(designs: [Design], tallies: [[DesignTally]], metric: SweepMetric, logY: Bool) -> String {
            SweepCommand.chart(key: key, axis: axis, title: title, designs: designs.map(\.name), tallies: tallies, metric: metric, logY: logY)
        }
    }

    static func title(key: String, scenario: String, runsPerValue: Int) -> String {
        "against \(key), \(scenario) scenario (\(Grouped.format(runsPerValue)) runs per value)"
    }

    /// The key with its unit: a probability, a duration (labelled as written), a count.
    static func xTitle(key: String, axis: Axis) -> String {
        let last = key.split(separator: ".").last.map(String.init) ?? key
        if last.lowercased().contains("probability") { return "\(key) (probability, 0 to 1)" }
        if axis.labels.allSatisfy({ Double($0) == nil }), axis.numbers != nil { return "\(key) (duration)" }
        if axis.labels.allSatisfy({ Int($0) != nil }) { return "\(key) (count)" }
        return key
    }

    static func chart(key: String, axis: Axis, title: String, designs: [String], tallies: [[DesignTally]], metric: SweepMetric,
                      logY: Bool) -> String {
        SweepChart.render(title: "\(metric.title) \(title)", xTitle: xTitle(key: key, axis: axis), xLabels: axis.labels,
                          xScale: axis.scale, yLabel: metric.title, series: series(designs, tallies, metric: metric), logY: logY,
                          percent: metric.isRate)
    }

    static func execute(_ arguments: [String]) throws(CommandFailure) -> Int32 {
        guard let (parsed, path) = try ScenarioInput.arguments(arguments, command: spec) else { return ExitCode.success }
        let key = try ScenarioInput.required(parsed, param, spec)
        let axis = try axis(parsed, spec)
        let chosenMetric = try SweepCommand.metric(named: parsed.value(metric.name) ?? SweepMetric.lost.rawValue, spec)
        let runCount = try ScenarioInput.integer(parsed, runs, in: 1...ScenarioInput.maxRuns, spec)
        let seedValue = try ScenarioInput.seed(parsed, seed, spec)
        let jobCount = try ScenarioInput.jobs(parsed, jobs, spec)
        let overrides = try ScenarioInput.overrides(parsed, spec)
        var base = try ScenarioInput.source(path, overrides: overrides)
        try ScenarioInput.selectDesigns(parsed, designs, in: &base.scenario, spec)
        let plan = try Plan(key: key, axis: axis, path: path, overrides: overrides, base: base.scenario, seed: seedValue,
                            runs: runCount, option: param, spec)
        let scenarios = plan.scenarios
        var pair: (Design, Design)?
        if let text = parsed.value(crossover.name) {
            guard axis.numbers != nil else { throw spec.invalid(text, for: crossover, because: "a crossover needs numeric values") }
            pair = try ScenarioInput.designPair(text, option: crossover, in: base.scenario, spec)
        }
        let shardRequest = try ShardOptions.request(parsed, exclusive: [out, svg, crossover], spec)
        let targets = try ScenarioInput.outputs(parsed, [out, svg, ShardOptions.partialOut], inputs: base.inputs, spec)
        let chosen = base.scenario.selectedDesigns
        let runsPerValue = scenarios[0].runs
        let slice = shardRequest?.shard.slice(of: UInt64(runsPerValue)) ?? 0..<UInt64(runsPerValue)
        ScenarioInput.warnAboutEventCap(base, designs: chosen)

        let started = DispatchTime.now().uptimeNanoseconds
        let progress = ProgressLine(total: slice.count * scenarios.count, label: "simrun sweep",
                                    quiet: parsed.flags.contains(ProgressLine.quietOption.name))
        let results = plan.simulate(chosen, runs: slice, jobs: jobCount, progress: progress.counter)
        progress.finish()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let tallies = results.map(\.tallies)
        let partial = shardRequest.map { request in
            PartialResult(kind: plan.kind, scenarios: scenarios, designs: chosen, totalRuns: UInt64(runsPerValue), shard: request.shard,
                          runs: slice, results: results)
        }

        let chart = plan.chart(designs: chosen, tallies: tallies, metric: chosenMetric, logY: parsed.flags.contains(logY.name))
        let rows = zip(scenarios, tallies).map { scenario, perDesign in
            zip(chosen, perDesign).map { ResultRow(scenario: scenario, design: $0.name, tally: $1) }
        }
        try ScenarioInput.write([(targets[0], csv(key: key, labels: axis.labels, rows: rows)), (targets[1], chart),
                                 (targets[2], partial.map(\.fileText) ?? "")])
        if let shardRequest, shardRequest.sharded {
            print(ShardOptions.summary("sweep", shardRequest, runs: slice, total: runsPerValue, designs: chosen.count, seconds: seconds,
                                       file: parsed.value(ShardOptions.partialOut.name) ?? "") + " (\(scenarios.count) values)")
            return ExitCode.success
        }
        print("simrun sweep: \(base.shownPath) (\(base.scenario.platform.name) platform), \(key) at \(axis.labels.count) values, "
            + "\(Grouped.format(runsPerValue)) runs per value (the same runs at every value), seed \(scenarios[0].seed)\n")
        print(table(chosen.map(\.name), labels: axis.labels, tallies: tallies, metric: chosenMetric), terminator: "")
        if let (a, b) = pair, let numbers = axis.numbers {
            let bounds = (numbers.min() ?? 0)...(numbers.max() ?? 1)
            let result = CrossoverCommand.pairSearch(a, b, over: bounds, steps: 7, runs: 0..<UInt64(runsPerValue), jobs: jobCount) { value in
                var scenario = (try? ScenarioInput.scenario(path, overrides: overrides, key: key, value: CrossoverCommand.format(value),
                                                            seed: seedValue, option: param, spec)) ?? scenarios[0]
                scenario.runs = runsPerValue
                return scenario
            }
            print("\nwhere \(a.name) stops losing fewer orders than \(b.name) (or starts), by bisection on paired runs:")
            print(CrossoverCommand.render(result, key: key), terminator: "")
        }
        return ExitCode.success
    }

    static func series(_ designs: [String], _ tallies: [[DesignTally]], metric: SweepMetric) -> [SweepChart.Series] {
        designs.indices.map { index in
            SweepChart.Series(name: designs[index], points: tallies.indices.map { value in
                let point = metric.value(tallies[value][index])
                return (value, point.y, point.low, point.high)
            })
        }
    }

    /// param,value, then the run CSV's columns, one row per value and design.
    static func csv(key: String, labels: [String], rows: [[ResultRow]]) -> String {
        var text = "param,value," + ResultCSV.columns.joined(separator: ",") + "\n"
        for (index, valueRows) in rows.enumerated() {
            for line in ResultCSV.render(valueRows).split(separator: "\n").dropFirst() {
                text += ResultCSV.csvField(key) + "," + ResultCSV.csvField(labels[index]) + "," + line + "\n"
            }
        }
        return text
    }

    /// Designs down, values across, the metric in each cell.
    static func table(_ designs: [String], labels: [String], tallies: [[DesignTally]], metric: SweepMetric) -> String {
        var rows = [["design"] + labels]
        for (index, design) in designs.enumerated() {
            rows.append([design] + tallies.map { perValue in
                let y = metric.value(perValue[index]).y
                return metric.isRate ? FixedPoint.format(y * 100, places: 3) + "%" : FixedPoint.format(y, places: 2)
            })
        }
        var widths = [Int](repeating: 0, count: rows[0].count)
        for row in rows { for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) } }
        return "\(metric.title):\n" + rows.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
