import Dispatch
import FaultSim
import Policies

/// `simrun report [scenario.json] --out report.html [--param KEY --values ...]`: the whole
/// comparison as one self-contained HTML page (inline CSS and SVG, no script, no network).
enum ReportCommand: Command {
    static let out = CommonOptions.out("The page to write.", valueName: "report.html").asRequired
    static let param = OptionSpec(name: "--param", valueName: "key.path", help: "Also chart a sweep of this scenario key (with --values or --range, as simrun sweep takes them).")
    static let metrics = OptionSpec(name: "--metrics", valueName: "m1,m2", help: "The sweep's charts, one per metric: \(Outcome.allCases.map(\.name).joined(separator: ", ")).",
                                    defaultValue: Outcome.lost.name)
    static let outcomeScale = OptionSpec(name: "--outcome-scale", valueName: "log|linear",
                                         help: "The outcome charts' shared axis: log shows one in a million beside several percent; linear compares magnitudes.",
                                         defaultValue: HTMLReport.OutcomeScale.log.rawValue)
    static let sweepRuns = OptionSpec(name: "--sweep-runs", valueName: "n", help: "Runs per sweep value, 1 to 10^12.", defaultValue: "--runs")
    /// The sweep's options that mean nothing without `--param`.
    static let ablateRuns = OptionSpec(name: "--ablate-runs", valueName: "n",
                                       help: "Runs for the answer's \"what each choice is worth\": the recommended design against every design one axis away (as simrun ablate); 0 leaves it out.",
                                       defaultValue: "--runs")
    static let robustRuns = OptionSpec(name: "--robust-runs", valueName: "n",
                                       help: "Runs per setting for the answer's \"which guesses could change it\": the five designs that lost fewest, with every guessed parameter at its plausible low and high and at 20 Latin-hypercube points (as simrun robust); 0 leaves it out.",
                                       defaultValue: "--runs")
    /// How many of the designs that lost fewest the robustness section compares.
    static let robustDesigns = 5
    static let sweepOnly = [SweepCommand.values, SweepCommand.range, metrics, sweepRuns, SweepCommand.log, SweepCommand.logY]

    static let spec = CommandSpec.readingScenario(
        name: "report", abstract: "Write one self-contained HTML page: which design to build and why, then parameters, table, outcome and cause charts, fault counts, the pairwise matrix, a sequence diagram per losing design, and sweeps.",
        summary: "One self-contained HTML page: the answer, table, charts, matrix, diagrams, sweeps.",
        options: [out, CommonOptions.runs, CommonOptions.seed, CommonOptions.jobs, CommonOptions.designs, outcomeScale, param, SweepCommand.values,
                  SweepCommand.range, SweepCommand.log, metrics, SweepCommand.logY, sweepRuns, ablateRuns, robustRuns, CommonOptions.plusServer, CommonOptions.quiet, CommonOptions.set],
        usageNote: "open the page in any browser; print it to PDF for paper")

    /// How many of a design's first runs lost with its most common cause the report looks at
    /// for the shortest one to draw.
    static let diagramCandidates = 10

    static func execute(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        _ = try context.required(out)
        let sweepRunCount = try context.integer(sweepRuns, in: 1...ScenarioInput.maxRuns)
        let ablateRunCount = try context.integer(ablateRuns, in: 0...ScenarioInput.maxRuns)
        let robustRunCount = try context.integer(robustRuns, in: 0...ScenarioInput.maxRuns)
        var scale = HTMLReport.OutcomeScale.log
        if let text = context.value(outcomeScale) {
            guard let named = HTMLReport.OutcomeScale(rawValue: text) else {
                throw context.invalid(text, for: outcomeScale, because: "expected 'log' or 'linear'")
            }
            scale = named
        }
        let source = try context.scenario()
        var scenario = source.scenario
        if context.given(CommonOptions.plusServer) { scenario = scenario.addingFullServerRecoveryVariants() }
        ScenarioInput.warnAboutUnlistedCustomDesigns(scenario, context)
        let chosen = scenario.selectedDesigns

        var sweep: Sweep?
        var chartMetrics: [Outcome] = []
        if let key = context.value(param) {
            let axis = try SweepCommand.axis(context)
            sweep = try SweepCommand.sweep(key, axis: axis, base: source, runs: sweepRunCount ?? scenario.runs, context)
            for name in (context.value(metrics) ?? Outcome.lost.name).split(separator: ",", omittingEmptySubsequences: false) {
                let metric = try SweepCommand.metric(named: String(name), context)
                guard !chartMetrics.contains(metric) else { throw context.invalid(String(name), for: metrics, because: "given twice") }
                chartMetrics.append(metric)
            }
        } else {
            for option in sweepOnly where context.given(option) {
                throw context.error("'\(option.name)' goes with '--param <key.path>'.")
            }
        }
        let targets = try context.outputs([out], inputs: source.inputs)
        ScenarioInput.warnAboutEventCap(source, designs: chosen)
        ScenarioInput.announceLongJob(scenario, designs: chosen, jobs: context.jobs)

        // Progress covers all three parts: the comparison, every design's diagram search (at
        // most all its runs; a search that stops early adds the rest), and the sweep.
        let sweepTotal = sweep.map { $0.runsPerValue * $0.scenarios.count } ?? 0
        let ablationRuns = ablateRunCount ?? scenario.runs
        let progress = ProgressLine(total: scenario.runs * (1 + chosen.count) + sweepTotal + ablationRuns, label: "simrun report",
                                    quiet: context.given(CommonOptions.quiet))
        let (tallies, pairs) = Runner.compare(scenario: scenario, designs: chosen, runs: 0..<UInt64(scenario.runs),
                                              jobs: context.jobs, progress: progress.counter)
        let rows = zip(chosen, tallies).map { ResultRow(scenario: scenario, design: $0.name, tally: $1) }
        let diagrams = examples(scenario, source: source, designs: chosen, tallies: tallies, overrides: context.overrides,
                                jobs: context.jobs, progress: progress.counter)
        var sweeps: [(title: String, svg: String)] = []
        if let sweep {
            let result = sweep.run(chosen, jobs: context.jobs, progress: progress.counter)
            for metric in chartMetrics {
                sweeps.append(("\(metric.row.axisTitle) \(result.title); one line per design, the band its 95% interval.",
                               result.chart(metric, logY: context.given(SweepCommand.logY))))
            }
        }
        let robust = robustRunCount ?? scenario.runs
        let robustSection = robustness(scenario, rows: rows, designs: chosen, runs: robust, jobs: context.jobs, quiet: context.given(CommonOptions.quiet))
        var ablation: Ablation.Result?
        var ablationCommand = ""
        if ablationRuns > 0, let leader = HTMLReport.leader(rows) {
            ablation = Ablation.run(scenario: scenario, design: chosen[leader], runs: 0..<UInt64(ablationRuns), jobs: context.jobs,
                                    progress: progress.counter)
            ablationCommand = (["simrun", "ablate", source.shownPath, "--design", chosen[leader].name, "--runs", String(ablationRuns),
                                "--seed", String(scenario.seed)] + context.overrides.flatMap { ["--set", $0.text] })
                .map(ShellWord.quoted).joined(separator: " ")
        }
        progress.finish()

        let command = (["simrun", "report"] + reproducing(context.arguments)).map(ShellWord.quoted).joined(separator: " ")
        var input = HTMLReport.Input(scenario: scenario, source: source.shownPath, rows: rows, pairs: pairs,
                                     diagrams: diagrams, sweeps: sweeps, command: command, outcomeScale: scale)
        input.ablation = ablation
        input.ablationCommand = ablationCommand
        input.robust = robustSection
        let page = HTMLReport.render(input)
        try ScenarioInput.write([(targets[0], page)])
        let losing = rows.filter { $0.tally.lost > 0 }.count
        printOutput("simrun report: \(source.shownPath), \(Grouped.format(scenario.runs)) runs x \(chosen.count) designs; "
            + "\(losing) losing design\(losing == 1 ? "" : "s") drawn, \(sweeps.count) sweep chart\(sweeps.count == 1 ? "" : "s")")
        printOutput("wrote \(context.value(out) ?? "")")
        return ExitCode.success
    }

    /// The robustness section: the answer's leader and the designs that lost fewest after it (at
    /// most `robustDesigns`, ties in table order), every guess at its low and high and at Latin-hypercube points, as `simrun
    /// robust` with its defaults; nil when `runs` is 0 or fewer than two designs were simulated.
    static func robustness(_ scenario: Scenario, rows: [ResultRow], designs: [Design], runs: Int, jobs: Int, quiet: Bool) -> String? {
        guard runs > 0, designs.count >= 2 else { return nil }
        // The answer's leader first: on a tie, robust keeps the first design ahead, so both sections name the same leader.
        let leader = HTMLReport.leader(rows) ?? 0
        let best = ([leader] + rows.indices.filter { $0 != leader }.sorted {
            rows[$0].tally.lost != rows[$1].tally.lost ? rows[$0].tally.lost < rows[$1].tally.lost : $0 < $1
        }).prefix(robustDesigns).map { designs[$0] }
        let plan = Robustness(scenario: scenario, designs: best, points: RobustCommand.defaultPoints, runs: runs,
                              crossoverSteps: RobustCommand.defaultSteps)
        let all = Shard(index: 0, count: 1)
        var result = plan.emptyResult(shard: all)
        let indices = plan.indices(of: all)
        let simulated = indices.filter { $0 == 0 || !plan.settings[$0].sameAsBaseline }.count
        let progress = ProgressLine(total: simulated * runs, label: "simrun report: robustness, \(simulated) settings", quiet: quiet)
        plan.measure(indices, into: &result, jobs: jobs, progress: progress.counter)
        progress.finish()
        plan.searchCrossovers(into: &result, jobs: jobs)
        return "<h3>Which guesses could change the answer</h3>\n" + result.htmlBody
            + "<p class=\"note\">The whole analysis, with every setting's ranking: <code>simrun robust --designs "
            + Markup.escaped(best.map(\.name).joined(separator: ",")) + " --runs \(runs)</code> on the same scenario.</p>\n"
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
            if argument == CommonOptions.quiet.name || argument.hasPrefix(CommonOptions.jobs.name + "=") { continue }
            if argument == CommonOptions.jobs.name {
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
        // A `+server` variant exists only under --plus-server, which a replayed trace command
        // does not carry: its losing runs are drawn for the design itself.
        guard !design.name.hasSuffix(Design.serverRecoverySuffix), let cause = tally.causes(of: .lost).first?.cause else {
            progress.add(scenario.runs)
            return nil
        }
        var world = DesignWorlds(scenario: scenario, design: design)
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
        // Each fault is replayed away, one at a time: the diagram marks only those that changed
        // how the run ended (a few runs per diagram).
        let judged = DecisiveFaults.judge(scenario: scenario, design: design, run: best.run, trace: world.trace,
                                          verdicts: world.lastRunVerdicts)
        let svg = SequenceDiagram.render(world.trace, verdicts: world.lastRunVerdicts, title: title,
                                         idPrefix: "d\(design.name.utf8.count)-\(stableTag(design.name))-", standalone: false,
                                         judged: judged)
        let command = ScenarioInput.traceCommand(path: source.replayPath, design: design.name, run: best.run,
                                                 seed: scenario.seed, overrides: overrides)
        return HTMLReport.Diagram(design: design.name, cause: cause, run: best.run, svg: svg, command: command,
                                  faults: world.trace.filter { $0.fault != nil }.count, judged: judged)
    }

    /// A design name as an id fragment: letters and digits kept, anything else as '_'.
    static func stableTag(_ name: String) -> String {
        String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }
}
