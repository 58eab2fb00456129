import FaultSim
import Policies

/// `simrun robust [scenario.json] --designs A,B,...`: does the answer rest on a guess? Every
/// parameter the table marks as a guess goes to its plausible low and high one at a time, then
/// `--lhs` Latin-hypercube points move all of them at once; each setting ranks the designs on
/// the same runs, says whether the leader changes (McNemar's exact test), and where one end flips
/// it, bisects for the value at which it does. The work is the library's `Robustness`; this
/// reads the command line, prints the report and writes the CSV and the tornado chart.
enum RobustCommand: Command {
    static let lhs = OptionSpec(name: "--lhs", valueName: "n", help: "Latin-hypercube points of all guesses at once, 1 to 1000.",
                                defaultValue: String(Robustness.defaultPoints))
    static let params = OptionSpec(name: "--params", valueName: "k1,k2", help: "Move only these guessed keys; simrun keys marks the guesses.",
                                   defaultValue: "every guess")
    static let steps = OptionSpec(name: "--steps", valueName: "k", help: "Halvings of each crossover search after its two ends, 0 to 20.",
                                  defaultValue: String(Robustness.defaultCrossoverSteps))
    static let leadRuns = OptionSpec(name: "--lead-runs", valueName: "n",
                                     help: "Compare the leader and the runner-up again on n more runs, after the settings' (weighted: under the bias's worlds for the two): the lead's interval narrowed where the decision lives.",
                                     defaultValue: "0, none")
    static let fallbackRuns = OptionSpec(name: "--fallback-runs", valueName: "n",
                                         help: "With --importance: count a setting whose verdict rests on an estimate the guard flags again on plain runs 0 to n-1, as a plain job of --runs n would, and judge it on those counts.",
                                         defaultValue: "0, the warning only")
    static let out = CommonOptions.out("Write one row per setting and design (lost orders, rank, leader, exact McNemar p against the baseline's leader, verdict, crossover), then every crossover point and the lead (--lead-runs).")
    static let svg = CommonOptions.svg("Write the tornado chart: how far each guess, at its low and high, moves the leader's lead.")
    /// `--shard` splits the settings, not the runs: its own help, the common option's name.
    static let shard = OptionSpec(name: "--shard", valueName: "K/N|auto",
                                  help: "Compute only the K-th of N shares of the settings (the baseline, then every N-th setting from the K-th, with their crossovers) and write them to --partial-out; 'auto' reads K and N from a Slurm job array or a Kubernetes Indexed Job. simrun merge joins the parts.")

    static let spec = CommandSpec.readingScenario(
        name: "robust", abstract: "Does the answer rest on a guess? Every guessed parameter at its plausible low and high, one at a time, then Latin-hypercube points of all at once: each setting ranks the designs on the same runs (paired, exact McNemar), says whether the leader flips, and where, by bisection.",
        summary: "Which guessed parameters can flip the best design, and where (paired).",
        options: [CommonOptions.designs, CommonOptions.runs, CommonOptions.seed, CommonOptions.jobs, lhs, params, steps, leadRuns, fallbackRuns, out, svg,
                  DecisionOutputs.json, DecisionOutputs.html, CommonOptions.set, CommonOptions.quiet, shard, ShardOptions.shardCount,
                  ShardOptions.partialOut] + ImportanceJob.options)

    static func execute(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let points = try context.integer(lhs, in: 1...1_000) ?? Robustness.defaultPoints
        let stepCount = try context.integer(steps, in: 0...20) ?? Robustness.defaultCrossoverSteps
        let extraRuns = try context.integer(leadRuns, in: 0...Scenario.maxRuns) ?? 0
        let countedRuns = try context.integer(fallbackRuns, in: 0...Scenario.maxRuns) ?? 0
        let only = try chosenGuesses(context)
        let base = try context.scenario(applying: .all)
        let designs = try twoOrMoreDesigns(base, context)
        try ImportanceJob.check(context, incompatible: [])
        let weighted = context.given(ImportanceJob.importance)
        if context.given(fallbackRuns) && !weighted {
            throw context.error("'--fallback-runs' goes with '--importance': a plain job's settings are counted already.")
        }
        let shardRequest = try ShardOptions.request(context, exclusive: [out, svg, DecisionOutputs.json, DecisionOutputs.html, ImportanceJob.biasOut])
        if weighted && shardRequest != nil && !context.given(ImportanceJob.bias) {
            throw context.error("'--importance' with '--shard' or '--partial-out' needs '--bias': every shard must weigh its runs by the same "
                + "bias (write one with --bias-out).")
        }
        let biasInputs = context.value(ImportanceJob.bias).map { [$0] } ?? []
        let outputs = try DecisionOutputs(context, out: out, extra: [svg, ShardOptions.partialOut, ImportanceJob.biasOut],
                                          inputs: base.inputs + biasInputs)
        ScenarioInput.warnAboutUnlistedCustomDesigns(base.scenario, context)
        ScenarioInput.warnAboutEventCap(base, designs: designs)

        var plan = Robustness(scenario: base.scenario, designs: designs, only: only, points: points, runs: base.scenario.runs,
                              crossoverSteps: stepCount)
        plan.leadRuns = extraRuns
        plan.fallbackRuns = countedRuns
        var biasLines = ""
        if weighted {
            let chosen = try ImportanceJob.chosenBias(context, scenario: base.scenario, designs: designs, tunedWhere: " at the scenario as given")
            (plan.bias, plan.biasText, biasLines) = (chosen.bias, chosen.text, chosen.description)
        }
        let shardOfJob = shardRequest?.shard ?? Shard(index: 0, count: 1)
        let progress = ProgressPhases(prefix: "simrun robust: ", quiet: context.given(CommonOptions.quiet))
        let result = plan.run(shard: shardOfJob, source: base.shownPath, jobs: context.jobs, reporter: progress)
        progress.finish()

        if let shardRequest, shardRequest.sharded {
            try outputs.write(result, extra: ["", result.partialFileText, ""], context: context)
            printOutput("simrun robust: shard \(shardOfJob) measured \(plan.indices(of: shardOfJob).count) of \(plan.settings.count) settings (the baseline "
                + "included) x \(designs.count) designs x \(Grouped.count(plan.runs, "run")), "
                + "\(Grouped.count(result.crossovers.count, "crossover search", "crossover searches"))"
                + (result.lead.map { ", the lead on \(Grouped.count($0.runs, "more run"))" } ?? "") + "; wrote \(context.value(ShardOptions.partialOut) ?? ""). simrun merge joins the parts.")
            return ExitCode.success
        }
        try outputs.write(result, extra: [result.tornadoSVG, result.partialFileText, weighted ? plan.biasText : ""], context: context)
        if weighted { printOutput(biasLines) }
        printOutput(result.text, terminator: "")
        printOutput(written([out, svg, DecisionOutputs.json, DecisionOutputs.html, ShardOptions.partialOut, ImportanceJob.biasOut], context))
        return ExitCode.success
    }

    /// The scenario's designs, when there are two or more to rank. Too few is the fault of
    /// whatever chose them: `--designs` (a usage error), or else the file's `designs` key (bad
    /// data, exit 65, naming the file), so the message never names an option the user did not type.
    static func twoOrMoreDesigns(_ source: ScenarioInput.Source, _ context: CommandContext) throws(CommandFailure) -> [Design] {
        let designs = source.scenario.selectedDesigns
        guard designs.count < 2 else { return designs }
        let need = "robust compares two designs or more"
        if context.given(CommonOptions.designs) {
            throw context.invalid(designs.map(\.name).joined(separator: ","), for: CommonOptions.designs, because: need)
        }
        let listed = JSONValue.array(designs.map { .string($0.name) }).oneLine
        throw ScenarioInput.reported(ScenarioError(file: source.shownPath, keyPath: "designs", value: listed,
                                                   message: need + ": list two or more there, or choose them with --designs"))
    }

    /// `--params`: guesses of the table, each once; nil for every guess.
    static func chosenGuesses(_ context: CommandContext, option params: OptionSpec = params) throws(CommandFailure) -> [String]? {
        guard let text = context.value(params) else { return nil }
        let keys = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let guesses = Guess.tableKeys
        for (index, key) in keys.enumerated() {
            if let row = ScenarioParameter.row(key), !guesses.contains(key) {
                throw context.invalid(text, for: params, because: "'\(key)' is not a guess (its source: \(row.sourceText)); simrun keys marks the guesses")
            }
            guard guesses.contains(key) else {
                var reason = "'\(key)' is not a scenario key"
                if let hint = Suggestion.nearest(to: key, in: guesses) { reason += "; did you mean '\(hint)'?" }
                throw context.invalid(text, for: params, because: reason + " (simrun keys lists them)")
            }
            if keys[..<index].contains(key) { throw context.invalid(text, for: params, because: "'\(key)' is named twice") }
        }
        return keys
    }

    /// "wrote robust.csv, tornado.svg" for the files given (standard output left out).
    static func written(_ options: [OptionSpec], _ context: CommandContext) -> String {
        let files = options.compactMap { context.value($0) }.filter { $0 != OutputFiles.stdoutPath }
        return files.isEmpty ? "(no file written: --out and --svg write the CSV and the tornado chart)" : "wrote " + files.joined(separator: ", ")
    }

    /// `simrun merge` of robustness shards: the parts read, merged and written as the unsharded
    /// job writes them (`--out`, `--svg`, `--partial-out`).
    static func merge(_ files: [PartFile], _ context: CommandContext, runOptions: [OptionSpec],
                      sweepOptions: [OptionSpec]) throws(CommandFailure) -> Int32 {
        for option in runOptions + sweepOptions where context.given(option) {
            throw context.error("'\(option.name)' goes with the parts of a run or sweep; these are the parts of a robust job.")
        }
        let (read, merged) = try MergeCommand.merged(files, parse: RobustResult.parsePartial) { parts in
            RobustResult.merge(parts.map { (file: $0.file, tool: $0.part.tool, model: $0.part.model, result: $0.part.result) })
        }
        let parts = read.map(\.part)
        let targets = try context.outputs([MergeCommand.out, SweepCommand.svg, MergeCommand.partialOut], inputs: files.map(\.path))
        try ScenarioInput.write([(targets[0], merged.csv), (targets[1], merged.tornadoSVG), (targets[2], merged.partialFileText)])
        printOutput("simrun merge: \(Grouped.count(parts.count, "part")) of a robust job, simrun \(parts[0].tool) (model \(parts[0].model))")
        printOutput(merged.text, terminator: "")
        printOutput(written([MergeCommand.out, SweepCommand.svg, MergeCommand.partialOut], context))
        return ExitCode.success
    }
}
