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
    static let observed = OptionSpec(name: "--observed", valueName: "observations.json",
                                     help: "Also calibrate the guesses to the team's observed figures (as simrun calibrate) and show the designs over the settings that reproduce them.")
    static let robustRuns = OptionSpec(name: "--robust-runs", valueName: "n",
                                       help: "Runs per setting for the answer's \"which guesses could change it\": the \(ReportJob.robustDesigns == 5 ? "five" : String(ReportJob.robustDesigns)) designs that lost fewest, with every guessed parameter at its plausible low and high and at \(Robustness.defaultPoints) Latin-hypercube points (as simrun robust); 0 leaves it out.",
                                       defaultValue: "--runs")
    static let ours = OptionSpec(name: "--ours", valueName: "design",
                                 help: "Your design: the page centres on it (what it loses and why, the single changes that help it most, the walk from it to the leader); added to the designs when not among them.")
    static let importance = OptionSpec(
        name: "--importance", valueName: nil,
        help: "Weigh the decision sections' lost orders by importance sampling (docs/model.md §14): the ablation as simrun ablate --importance, the robustness analysis as simrun robust --importance.")
    static let sweepOnly = [SweepCommand.values, SweepCommand.range, metrics, sweepRuns, SweepCommand.log, SweepCommand.logY]

    static let spec = CommandSpec.readingScenario(
        name: "report", abstract: "Write one self-contained HTML page: which design to build and why, then parameters, table, outcome and cause charts, fault counts, the pairwise matrix, a sequence diagram per losing design, and sweeps.",
        summary: "One self-contained HTML page: the answer, table, charts, matrix, diagrams, sweeps.",
        options: [out, CommonOptions.runs, CommonOptions.seed, CommonOptions.jobs, CommonOptions.designs, outcomeScale, param, SweepCommand.values,
                  SweepCommand.range, SweepCommand.log, metrics, SweepCommand.logY, sweepRuns, ablateRuns, robustRuns, ours, observed, CommonOptions.plusServer, CommonOptions.quiet, CommonOptions.set,
                  importance, ImportanceJob.pilotRuns, AblateCommand.weightedRuns],
        usageNote: "open the page in any browser; print it to PDF for paper")

    static func execute(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        _ = try context.required(out)
        let sweepRunCount = try context.integer(sweepRuns, in: 1...ScenarioInput.maxRuns)
        let ablateRunCount = try context.integer(ablateRuns, in: 0...ScenarioInput.maxRuns)
        let robustRunCount = try context.integer(robustRuns, in: 0...ScenarioInput.maxRuns)
        let source = try context.scenario()
        var job = ReportJob(scenario: source.scenario, source: source.shownPath, replayPath: source.replayPath, command: context.commandLine)
        if let text = context.value(outcomeScale) {
            guard let named = HTMLReport.OutcomeScale(rawValue: text) else {
                throw context.invalid(text, for: outcomeScale, because: "expected 'log' or 'linear'")
            }
            job.outcomeScale = named
        }
        if context.given(CommonOptions.plusServer) { job.scenario = job.scenario.addingFullServerRecoveryVariants() }
        job.overrides = context.overrides
        if let name = context.value(ours) {
            guard job.scenario.availableDesigns.contains(where: { $0.name == name }) else {
                throw context.invalid(name, for: ours, because: "no such design; simrun designs lists them")
            }
            if !job.scenario.designs.contains(name) { job.scenario.designs.append(name) }
            job.ours = name
        }
        if context.given(importance) {
            job.importance = ReportJob.Importance(pilotRunsPerStep: try context.integerOrDefault(ImportanceJob.pilotRuns, in: 1_000...ScenarioInput.maxRuns),
                                                  weightedRuns: try context.integerOrDefault(AblateCommand.weightedRuns, in: 1...ScenarioInput.maxRuns))
        } else {
            for option in [ImportanceJob.pilotRuns, AblateCommand.weightedRuns] where context.given(option) {
                throw context.error("'\(option.name)' needs '--importance'.")
            }
        }
        job.ablateRuns = ablateRunCount ?? job.scenario.runs
        job.robustRuns = robustRunCount ?? job.scenario.runs
        if let path = context.value(observed) {
            do throws(ScenarioError) {
                job.observations = try Observations.load(path, scenario: job.scenario)
            } catch {
                throw ScenarioInput.reported(error)
            }
        }
        ScenarioInput.warnAboutUnlistedCustomDesigns(job.scenario, context)
        let chosen = job.scenario.selectedDesigns
        if let key = context.value(param) {
            let axis = try SweepCommand.axis(context)
            job.sweep = try SweepCommand.sweep(key, axis: axis, base: source, runs: sweepRunCount ?? job.scenario.runs, context)
            for name in (context.value(metrics) ?? Outcome.lost.name).split(separator: ",", omittingEmptySubsequences: false) {
                let metric = try SweepCommand.metric(named: String(name), context)
                guard !job.sweepMetrics.contains(metric) else { throw context.invalid(String(name), for: metrics, because: "given twice") }
                job.sweepMetrics.append(metric)
            }
            job.sweepLogY = context.given(SweepCommand.logY)
        } else {
            for option in sweepOnly where context.given(option) {
                throw context.error("'\(option.name)' goes with '--param <key.path>'.")
            }
        }
        let targets = try context.outputs([out], inputs: source.inputs)
        ScenarioInput.warnAboutEventCap(source, designs: chosen)
        ScenarioInput.announceLongJob(job.scenario, designs: chosen, jobs: context.jobs)

        let progress = ProgressPhases(prefix: "simrun report", quiet: context.given(CommonOptions.quiet))
        let input = job.run(jobs: context.jobs, reporter: progress)
        progress.finish()
        try ScenarioInput.write([(targets[0], HTMLReport.render(input))])
        let losing = input.rows.filter { $0.tally.lost > 0 }.count
        printOutput("simrun report: \(source.shownPath), \(Grouped.count(job.scenario.runs, "run")) x \(Grouped.count(chosen.count, "design")); "
            + "\(Grouped.count(losing, "losing design")) drawn, \(Grouped.count(input.sweeps.count, "sweep chart"))")
        printOutput("wrote \(context.value(out) ?? "")")
        return ExitCode.success
    }
}
