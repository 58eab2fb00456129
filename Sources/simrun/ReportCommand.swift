import Dispatch
import FaultSim
import Policies

/// `simrun report [scenario.json] --out report.html [--param KEY --values ...]`: the whole
/// comparison as one self-contained HTML page (inline CSS and SVG, no script, no network).
enum ReportCommand {
    static let out = OptionSpec(name: "--out", valueName: "report.html", help: "The page to write (required).", required: true)
    static let runs = RunCommand.runs
    static let seed = RunCommand.seed
    static let jobs = RunCommand.jobs
    static let designs = RunCommand.designs
    static let param = OptionSpec(name: "--param", valueName: "key.path", help: "Also chart a sweep of this scenario key (with --values or --range, as simrun sweep takes them).")
    static let metrics = OptionSpec(name: "--metrics", valueName: "m1,m2", help: "The sweep's charts, one per metric: \(SweepMetric.allCases.map(\.rawValue).joined(separator: ", ")) (default: lost).")
    static let sweepRuns = OptionSpec(name: "--sweep-runs", valueName: "n", help: "Runs per sweep value, 1 to 10^12 (default: --runs).")

    static let spec = CommandSpec(
        name: "report", abstract: "Write one self-contained HTML page: parameters, table, outcome and cause charts, fault counts, the pairwise matrix, a sequence diagram per losing design, and sweeps.",
        positional: "<scenario.json>", positionalOptional: true,
        options: [out, runs, seed, jobs, designs, param, SweepCommand.values, SweepCommand.range, SweepCommand.log, metrics,
                  SweepCommand.logY, sweepRuns, ProgressLine.quietOption, ScenarioInput.set],
        usageNote: "open the page in any browser; print it to PDF for paper")

    /// How many of a design's first runs lost with its most common cause the report looks at
    /// for the shortest one to draw.
    static let diagramCandidates = 10

    static func execute(_ arguments: [String]) throws(CommandFailure) -> Int32 {
        guard let (parsed, path) = try ScenarioInput.arguments(arguments, command: spec) else { return ExitCode.success }
        _ = try ScenarioInput.required(parsed, out, spec)
        let sweepRunCount = try ScenarioInput.integer(parsed, sweepRuns, in: 1...ScenarioInput.maxRuns, spec)
        let jobCount = try ScenarioInput.jobs(parsed, jobs, spec)
        var (source, overrides, seedValue) = try ScenarioInput.source(parsed, path: path, runs: runs, seed: seed, spec)
        try ScenarioInput.selectDesigns(parsed, designs, in: &source.scenario, spec)
        let scenario = source.scenario
        let chosen = scenario.selectedDesigns

        var plan: SweepCommand.Plan?
        var chartMetrics: [SweepMetric] = []
        if let key = parsed.value(param.name) {
            let axis = try SweepCommand.axis(parsed, spec)
            plan = try SweepCommand.Plan(key: key, axis: axis, path: path, overrides: overrides, base: scenario, seed: seedValue,
                                         runs: sweepRunCount ?? scenario.runs, option: param, spec)
            for name in (parsed.value(metrics.name) ?? SweepMetric.lost.rawValue).split(separator: ",", omittingEmptySubsequences: false) {
                let metric = try SweepCommand.metric(named: String(name), spec)
                guard !chartMetrics.contains(metric) else { throw spec.invalid(String(name), for: metrics, because: "given twice") }
                chartMetrics.append(metric)
            }
        } else {
            for option in [SweepCommand.values, SweepCommand.range, metrics, sweepRuns] where parsed.value(option.name) != nil {
                throw spec.error("'\(option.name)' goes with '--param <key.path>'.")
            }
            for flag in [SweepCommand.log, SweepCommand.logY] where parsed.flags.contains(flag.name) {
                throw spec.error("'\(flag.name)' goes with '--param <key.path>'.")
            }
        }
        let targets = try ScenarioInput.outputs(parsed, [out], inputs: source.inputs, spec)
        ScenarioInput.warnAboutEventCap(source, designs: chosen)
        ScenarioInput.announceLongJob(scenario, designs: chosen, jobs: jobCount)

        // Progress covers all three parts: the comparison, every design's diagram search (at
        // most all its runs; a search that stops early adds the rest), and the sweep.
        let sweepTotal = plan.map { $0.runsPerValue * $0.scenarios.count } ?? 0
        let progress = ProgressLine(total: scenario.runs * (1 + chosen.count) + sweepTotal, label: "simrun report",
                                    quiet: parsed.flags.contains(ProgressLine.quietOption.name))
        let (tallies, pairs) = Runner.compare(scenario: scenario, designs: chosen, runs: 0..<UInt64(scenario.runs),
                                              jobs: jobCount, progress: progress.counter)
        let rows = zip(chosen, tallies).map { ResultRow(scenario: scenario, design: $0.name, tally: $1) }
        let diagrams = examples(scenario, source: source, designs: chosen, tallies: tallies, overrides: overrides,
                                jobs: jobCount, progress: progress.counter)
        var sweeps: [(title: String, svg: String)] = []
        if let plan {
            let sweepTallies = plan.simulate(chosen, jobs: jobCount, progress: progress.counter).map(\.tallies)
            for metric in chartMetrics {
                sweeps.append(("\(metric.title) \(plan.title); one line per design, the band its 95% interval.",
                               plan.chart(designs: chosen, tallies: sweepTallies, metric: metric, logY: parsed.flags.contains(SweepCommand.logY.name))))
            }
        }
        progress.finish()

        let command = (["simrun", "report"] + reproducing(arguments)).map(ScenarioInput.shellQuoted).joined(separator: " ")
        let page = HTMLReport.render(HTMLReport.Input(scenario: scenario, source: source.shownPath, rows: rows, pairs: pairs,
                                                      diagrams: diagrams, sweeps: sweeps, command: command))
        try ScenarioInput.write([(targets[0], page)])
        let losing = rows.filter { $0.tally.lost > 0 }.count
        print("simrun report: \(source.shownPath), \(Grouped.format(scenario.runs)) runs x \(chosen.count) designs; "
            + "\(losing) losing design\(losing == 1 ? "" : "s") drawn, \(sweeps.count) sweep chart\(sweeps.count == 1 ? "" : "s")")
        print("wrote \(parsed.value(out.name) ?? "")")
        return ExitCode.success
    }

    /// The arguments without those that never change the page (`--jobs`, `--quiet`), so the
    /// page names the command that makes it and stays the same bytes on any machine.
    static func reproducing(_ arguments: [String]) -> [String] {
        var kept: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                kept += arguments[(index - 1)...]
                break
            }
            if argument == ProgressLine.quietOption.name || argument.hasPrefix(jobs.name + "=") { continue }
            if argument == jobs.name {
                index += 1
                continue
            }
            kept.append(argument)
        }
        return kept
    }

    /// For each design that lost an order: among its first ``diagramCandidates`` runs that lost
    /// an intent to its most common lost cause, the one with the fewest events, traced. Designs
    /// are searched in parallel, each over its runs in order, so the choice never depends on
    /// the thread count. The table counted a loss with that cause in these runs, so the search
    /// always finds one.
    static func examples(_ scenario: Scenario, source: ScenarioInput.Source, designs: [Design], tallies: [DesignTally],
                         overrides: [ScenarioOverride], jobs: Int, progress: ProgressCounter) -> [HTMLReport.Diagram] {
        let workers = max(1, min(jobs, designs.count))
        let found = WorkerResults<HTMLReport.Diagram?>(workers: designs.count)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: designs.count, by: workers) {
                found.store(worker: index, example(scenario, source: source, design: designs[index], tally: tallies[index],
                                                   overrides: overrides, progress: progress))
            }
        }
        return found.results.compactMap { $0 }
    }

    static func example(_ scenario: Scenario, source: ScenarioInput.Source, design: Design, tally: DesignTally,
                        overrides: [ScenarioOverride], progress: ProgressCounter) -> HTMLReport.Diagram? {
        let total = UInt64(scenario.runs)
        guard let cause = tally.causes(of: .lost).first?.cause else {
            progress.add(scenario.runs)
            return nil
        }
        var world = World(scenario: scenario, design: design)
        world.recordsVerdicts = true
        var best: (run: UInt64, events: Int)?
        var matches = 0
        var run: UInt64 = 0
        while run < total && matches < diagramCandidates {
            world.run(run)
            if world.lastRunVerdicts.contains(where: { $0.outcome == .lost && $0.cause == cause }) {
                matches += 1
                if best == nil || world.lastRunEvents < best!.events { best = (run, world.lastRunEvents) }
            }
            run += 1
            if run % 4_096 == 0 { progress.add(4_096) }
        }
        progress.add(Int(total - run + run % 4_096))
        guard let best else { return nil }
        world.tracing = true
        world.run(best.run)
        let title = "\(design.name) - \(scenario.name) run \(best.run), seed \(scenario.seed): "
            + world.lastRunVerdicts.map { $0.cause == .none ? $0.outcome.rawValue : "\($0.outcome.rawValue) (\($0.cause.name))" }
            .joined(separator: ", ")
        let svg = SequenceDiagram.render(world.trace, verdicts: world.lastRunVerdicts, title: title,
                                         idPrefix: "d\(design.name.utf8.count)-\(stableTag(design.name))-", standalone: false)
        let command = ScenarioInput.traceCommand(path: source.replayPath, design: design.name, run: best.run,
                                                 seed: scenario.seed, overrides: overrides)
        return HTMLReport.Diagram(design: design.name, cause: cause, run: best.run, svg: svg, command: command)
    }

    /// A design name as an id fragment: letters and digits kept, anything else as '_'.
    static func stableTag(_ name: String) -> String {
        String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }
}
