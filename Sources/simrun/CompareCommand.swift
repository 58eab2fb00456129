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
        let comparison = Comparison(scenario: scenario, a: a.name, b: b.name, overall: overall, segments: bySegment ? segments : nil)
        try ScenarioInput.write([(targets[0], comparison.csv)])
        printOutput(comparison.text(shownPath: source.shownPath), terminator: "")
        return ExitCode.success
    }
}
