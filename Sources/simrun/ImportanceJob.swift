import FaultSim
import Policies

/// `run` and `compare` with `--importance`: a pilot tunes a bias for the designs' lost orders
/// (or `--bias` reuses one), the runs draw from the biased world, and the weighted estimates,
/// their diagnostics and the paired differences are printed (docs/model.md §14).
enum ImportanceJob {
    static let importance = OptionSpec(
        name: "--importance", valueName: nil,
        help: "Estimate the rare outcomes by importance sampling: a pilot tunes a bias for the designs' lost orders, the runs draw from "
            + "the biased world and are weighted back; rates, intervals, effective sizes, paired differences (docs/model.md §14).")
    static let bias = OptionSpec(name: "--bias", valueName: "bias.json",
                                 help: "With --importance: reuse the bias in this file (written by --bias-out) instead of a pilot.")
    static let biasOut = OptionSpec(name: "--bias-out", valueName: "bias.json", help: "With --importance: write the tuned bias, for --bias.")
    static let pilotRuns = OptionSpec.integer("--pilot-runs", help: "With --importance: runs per pilot step (a plain step, then the tuning steps).",
                                              default: 100_000, grouped: true)
    static let mechanismsOut = OptionSpec(
        name: "--mechanisms-out", valueName: "file.csv",
        help: "With --importance: write each design's weighted lost orders by mechanism (the rare draws its lost runs had): its share of "
            + "the estimate and of the variance, and how much too rarely the bias draws it (docs/model.md §14).")
    /// The options every weighted command takes; `run` and `compare` also take `jobOptions`.
    static let options = [importance, bias, biasOut, pilotRuns]
    static let jobOptions = options + [mechanismsOut]

    /// The bias file at `path` and its text (for a weighted part's digest); a broken file exits
    /// 65 (66 unreadable) naming the file, the key and the value. Shared by `run`, `compare`,
    /// `find` and `trace`.
    static func loadBias(_ path: String) throws(CommandFailure) -> (bias: FaultBias, text: String) {
        do throws(ScenarioError) { return try FaultBias.loadWithText(path) } catch { throw ScenarioInput.reported(error) }
    }

    /// `simrun merge` of weighted parts: their sums added, the table printed, `--out` the CSV.
    static func merge(_ files: [PartFile], _ context: CommandContext, out: OptionSpec, pairsOut: OptionSpec, partialOut: OptionSpec,
                      refused: [OptionSpec]) throws(CommandFailure) -> Int32 {
        for option in refused where context.given(option) {
            throw context.error("'\(option.name)' goes with the parts of a plain run; these are the parts of a weighted run (--importance).")
        }
        let (parts, merged) = try MergeCommand.merged(files, parse: WeightedPart.parse, merge: WeightedPart.merge)
        let targets = try context.outputs([out, pairsOut, partialOut], inputs: files.map(\.path))
        let table = ImportanceTable(scenarioName: merged.scenarioName, platform: merged.platform, designs: merged.designs,
                                    intents: merged.intents, panel: merged.panel)
        try ScenarioInput.write([(targets[0], table.csv), (targets[1], table.pairsCSV(table.everyPair)), (targets[2], merged.fileText)])
        printOutput("simrun merge: \(Grouped.count(parts.count, "weighted part")) of \(merged.scenarioName) (\(merged.platform) platform), "
            + "\(Grouped.count(Int(merged.totalRuns), "run")) x \(Grouped.count(merged.designs.count, "design")), seed \(merged.seed)")
        printOutput(table.estimatesText(pairs: merged.designs.indices.dropFirst().map { (0, $0) }), terminator: "")
        return ExitCode.success
    }

    /// Refuses the options that need `--importance` without it, and those that cannot go with it.
    static func check(_ context: CommandContext, incompatible: [OptionSpec]) throws(CommandFailure) {
        guard context.given(importance) else {
            for option in [bias, biasOut, pilotRuns, mechanismsOut] where context.given(option) {
                throw context.error("'\(option.name)' needs '--importance'.")
            }
            return
        }
        for option in incompatible where context.given(option) {
            throw context.error("'\(option.name)' cannot go with '--importance': its figures are plain counts, and a weighted run's counts "
                + "are the biased world's. Run without '--importance' for them.")
        }
        if context.given(mechanismsOut) && context.given(ShardOptions.shard) {
            throw context.error("'--mechanisms-out' cannot go with '--shard': a part keeps no mechanisms. Run the job unsharded for them.")
        }
        if context.given(bias) && context.given(pilotRuns) {
            throw context.error("'--pilot-runs' cannot go with '--bias': a bias read from a file needs no pilot.")
        }
    }

    /// The job's bias: read from `--bias`, or tuned by a pilot for `designs` at `scenario`; with
    /// its file text (what `--bias-out` writes and a part's digest covers) and the lines that say
    /// where it came from and what it biases (printed before the estimates). `runsPerStep`, when
    /// the caller sizes the pilot's steps itself; a design in `reusing` keeps the bias an earlier
    /// pilot tuned for it (`BiasPilot.tune`).
    static func chosenBias(_ context: CommandContext, scenario: Scenario, designs: [Design], tunedWhere: String = "",
                           runsPerStep: Int? = nil, reusing: [String: FaultBias] = [:]) throws(CommandFailure)
        -> (bias: FaultBias, text: String, description: String, steps: [BiasPilot.Step]) {
        let perStep: Int
        if let runsPerStep { perStep = runsPerStep } else { perStep = try context.integerOrDefault(pilotRuns, in: 1_000...ScenarioInput.maxRuns) }
        var description: String
        let bias: FaultBias, text: String
        var steps: [BiasPilot.Step] = []
        if let path = context.value(self.bias) {
            (bias, text) = try loadBias(path)
            description = "bias: read from \(path)\n"
        } else {
            let tuned = BiasPilot.tune(scenario: scenario, designs: designs, runsPerStep: perStep, jobs: context.jobs, reusing: reusing)
            (bias, text, steps) = (tuned.bias, tuned.bias.fileText(scenario: scenario.name, steps: tuned.steps), tuned.steps)
            let reused = designs.map(\.name).filter { reusing[$0] != nil }
            description = "bias: per design, worlds tuned for its lost orders by multilevel cross-entropy\(tunedWhere), then one world per "
                + "loss mechanism where that is worth more, \(Grouped.format(perStep)) pilot runs per step from run 2^62 (disjoint from the runs "
                + "estimated)"
                + (reused.isEmpty ? "" : "; \(reused.joined(separator: ", ")) kept the worlds this command's earlier pilot tuned for it") + "\n\n"
                + ImportanceTable.pilotText(tuned.steps)
        }
        description += "sampled from a mixture: the nominal world in \(FixedPoint.format(bias.nominalShare * 100, places: 0))% of the runs, "
            + "else one of \(Grouped.count(bias.components.count, "biased world")) (weights by the balance heuristic):\n"
            + ImportanceTable.biasText(bias) + "\n"
        return (bias, text, description, steps)
    }

    /// Runs the job for `designs` and prints it; `pairs` are the differences to show.
    /// `pairsOut`: the option that writes every pair's weighted differences (`run`'s `--pairs-out`).
    static func execute(_ context: CommandContext, command: String, source: ScenarioInput.Source, designs: [Design],
                        pairs: [(Int, Int)], out: OptionSpec, pairsOut: OptionSpec? = nil,
                        shard: ShardOptions.Request? = nil) throws(CommandFailure) -> Int32 {
        let scenario = source.scenario
        let biasPath = context.value(bias)
        let targets = try context.outputs([out, biasOut, ShardOptions.partialOut, mechanismsOut] + (pairsOut.map { [$0] } ?? []),
                                          inputs: source.inputs + (biasPath.map { [$0] } ?? []))
        let chosen = try chosenBias(context, scenario: scenario, designs: designs)
        let slice = shard?.shard.slice(of: UInt64(scenario.runs)) ?? 0..<UInt64(scenario.runs)
        let progress = ProgressLine(total: slice.count, label: "simrun \(command) --importance", quiet: context.given(CommonOptions.quiet))
        let panel = Runner.panel(scenario: scenario, designs: designs, pairs: .all, runs: slice, jobs: context.jobs, progress: progress.counter,
                                 bias: chosen.bias, mechanisms: context.given(mechanismsOut))
        progress.finish()
        let table = ImportanceTable(scenario: scenario, designs: designs, panel: panel)
        let biasText = chosen.bias.fileText(scenario: scenario.name, steps: chosen.steps)
        let part = shard.map { request in
            WeightedPart(scenario: scenario, designs: designs, biasText: biasPath == nil ? "" : chosen.text, shard: request.shard, runs: slice,
                         intents: panel.tallies.map(\.intents), panel: panel.weighted!)
        }
        try ScenarioInput.write([(targets[0], table.csv), (targets[1], biasText), (targets[2], part?.fileText ?? ""),
                                 (targets[3], table.mechanismsCSV), (pairsOut == nil ? nil : targets[4], table.pairsCSV(table.everyPair))])
        if let shard, shard.sharded {
            printOutput("simrun \(command) --importance: shard \(shard.shard) of \(source.shownPath), runs \(slice.lowerBound)..<\(slice.upperBound) "
                + "x \(Grouped.count(designs.count, "design")): wrote \(context.value(ShardOptions.partialOut) ?? "")")
            return ExitCode.success
        }

        printOutput("simrun \(command) --importance: \(source.shownPath) (\(scenario.platform.name) platform), "
            + "\(Grouped.count(scenario.runs, "run")) x \(Grouped.count(designs.count, "design")), seed \(scenario.seed)")
        printOutput(chosen.description)
        printOutput(table.estimatesText(pairs: pairs), terminator: "")
        return ExitCode.success
    }
}
