import FaultSim
import Policies

/// `simrun ablate [scenario.json] --design D`: what each choice of D is worth. D against every
/// design one axis away from it, paired over the same runs; or, with `--from A --to B`, the
/// walk from A to B one axis at a time, most valuable step first.
enum AblateCommand: Command {
    static let design = OptionSpec(name: "--design", valueName: "name",
                                   help: "The design whose axes are changed one at a time: a preset or a custom design of the scenario.")
    static let from = OptionSpec(name: "--from", valueName: "a", help: "With --to: walk from design a to design b one axis at a time.")
    static let to = OptionSpec(name: "--to", valueName: "b", help: "With --from: the design the walk ends at.")
    /// 400,000: on `default` at 200,000 the guard flagged 22 of the recommended design's 78
    /// comparisons (20 for one run holding 5 or 6% of an estimate), at 400,000 two; the pilots,
    /// one per change, still take most of the job's time.
    static let weightedRuns = OptionSpec.integer("--weighted-runs", help: "With --importance: runs of each change's weighted comparison.",
                                                 default: 400_000, grouped: true)
    static let out = CommonOptions.out("Also write the table as CSV: one row per change (or step), every objective's change with its 95% interval and p.")

    static let spec = CommandSpec.readingScenario(
        name: "ablate",
        abstract: "What each choice of a design is worth: the design against every design that differs from it on one axis (every other value on the axis's grid), paired over the same runs, on lost orders, lost sales, mis-deliveries and server requests, with 95% intervals and exact p. With --from a --to b, walk from a to b one axis at a time, the most valuable step first.",
        summary: "What each axis of a design is worth, or the walk from one design to another.",
        options: [design, from, to, CommonOptions.runs, CommonOptions.seed, CommonOptions.jobs, out, DecisionOutputs.json, DecisionOutputs.html,
                  CommonOptions.quiet, CommonOptions.set, ImportanceJob.importance, ImportanceJob.pilotRuns, weightedRuns],
        usageNote: "give --design d, or --from a --to b")

    static func execute(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        try ImportanceJob.check(context, incompatible: [])
        if !context.given(ImportanceJob.importance) && context.given(weightedRuns) {
            throw context.error("'--weighted-runs' needs '--importance'.")
        }
        let source = try context.scenario()
        let scenario = source.scenario
        let outputs = try DecisionOutputs(context, out: out, inputs: source.inputs)
        let runs = UInt64(0)..<UInt64(scenario.runs)
        let quiet = context.given(CommonOptions.quiet)
        let weighing = context.given(ImportanceJob.importance)
            ? Ablation.Weighing(runs: 0..<UInt64(try context.integerOrDefault(weightedRuns, in: 1...ScenarioInput.maxRuns)),
                                pilotRunsPerStep: try context.integerOrDefault(ImportanceJob.pilotRuns, in: 1_000...ScenarioInput.maxRuns),
                                jobs: context.jobs)
            : nil
        switch (context.value(design), context.value(from), context.value(to)) {
        case (let name?, nil, nil):
            let chosen = try context.design(name, in: scenario, option: design)
            let changes = Ablation.changes(of: chosen, on: scenario.platform).filter { $0.design != nil }
            ScenarioInput.warnAboutEventCap(source, designs: [chosen])
            ScenarioInput.announceLongJob(scenario, designs: [chosen] + changes.map { $0.design! }, jobs: context.jobs)
            let progress = ProgressLine(total: scenario.runs, label: "simrun ablate", quiet: quiet)
            var result = Ablation.run(scenario: scenario, design: chosen, runs: runs, jobs: context.jobs, source: source.shownPath,
                                      progress: progress.counter)
            progress.finish()
            if let weighing {
                let weighting = ProgressLine(total: 2 * weighing.runs.count * result.rows.count, label: "simrun ablate --importance (design-runs)",
                                             quiet: quiet)
                result = Ablation.weighLosses(result, scenario: scenario, weighing: weighing, progress: weighting.counter)
                weighting.finish()
            }
            try outputs.write(result, context: context)
            printOutput(result.text, terminator: "")
        case (nil, let a?, let b?):
            let start = try context.design(a, in: scenario, option: from)
            let end = try context.design(b, in: scenario, option: to)
            let axes = Ablation.differingAxes(start, end, on: scenario.platform).count
            guard axes > 0 else { throw context.error("'\(a)' and '\(b)' have the same value on every axis: there is nothing to walk.") }
            ScenarioInput.warnAboutEventCap(source, designs: [start, end])
            // One line counts both: the steps' plain runs, and with --importance each step's weighted design-runs.
            let progress = ProgressLine(total: (scenario.runs + 2 * (weighing?.runs.count ?? 0)) * axes, label: "simrun ablate", quiet: quiet)
            let walk = Ablation.walk(scenario: scenario, from: start, to: end, runs: runs, jobs: context.jobs, source: source.shownPath,
                                     progress: progress.counter, weighing: weighing)
            progress.finish()
            try outputs.write(walk, context: context)
            printOutput(walk.text, terminator: "")
        case (_?, _, _):
            throw context.error("Give either '--design <name>' or '--from <a> --to <b>', not both.")
        case (nil, _?, nil), (nil, nil, _?):
            throw context.error("'--from' and '--to' go together: the walk needs both ends.")
        case (nil, nil, nil):
            throw context.error("Missing '--design <name>' (or '--from <a> --to <b>').")
        }
        return ExitCode.success
    }
}
